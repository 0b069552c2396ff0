/// The preview's keys and pointer, explained: written from `KeyBinding.table`, so the help
/// cannot name a key the window ignores or miss one it acts on. `designable preview --help`
/// prints `text`, and a test holds the README's table of the preview window to `rows`.
public enum KeyHelp {
    /// One line of help: what to press (pointer first, then keys in the table's order) and what it does.
    public struct Row: Equatable {
        /// "Tab, Shift+Tab"
        public let input: String
        /// "move the focus ring forward or back"
        public let effect: String
    }

    /// What the help explains, in the order it explains it; each binding belongs to one topic.
    enum Topic: CaseIterable {
        case press, focus, tree, activate, toggle, inspector, appearance, direction, grid, outlines, audit, screenshot, scroll, reload, quit, dismiss

        /// What the pointer does for this topic, before the keys.
        var pointer: String? {
            switch self {
            case .press: "press and hold a button"
            case .scroll: "wheel"
            default: nil
            }
        }

        var effect: String {
            switch self {
            case .press: "highlighted while the pointer is on it; release on it toggles selected"
            case .focus: "move the focus ring forward or back (each top-level view, and the controls inside it)"
            case .tree: "focus the focused view's parent, or its first subview"
            case .activate: "press the focused view, as a click does"
            case .toggle: "toggle highlighted, selected, disabled on the focused view (they stay)"
            case .inspector: "the inspector: the focused view's class, id, state, rectangles and properties"
            case .appearance: "switch light and dark appearance (the system colours take their dark values)"
            case .direction: "switch left-to-right and right-to-left layout (leading and trailing flip)"
            case .grid: "every view in every state, a grid; a click presses the view in the cell clicked"
            case .outlines: "outline each view's frame, content insets, image and title, with a legend"
            case .audit: "mark the accessibility audit's findings on the views (as check --audit)"
            case .screenshot: "save the canvas as STEM-YYYYMMDD-HHMMSS.png (see --screenshot-dir)"
            case .scroll: "scroll a canvas larger than the window (Shift+wheel and Left, Right sideways; the wheel over the inspector: its properties)"
            case .reload: "reload the style file"
            case .quit: "quit"
            case .dismiss: "close the inspector, or quit when it is closed"
            }
        }

        init(_ action: KeyBinding.Action) {
            switch action {
            case .focusNext, .focusPrevious: self = .focus
            case .focusParent, .focusSubview: self = .tree
            case .activate: self = .activate
            case .toggle: self = .toggle
            case .inspector: self = .inspector
            case .appearance: self = .appearance
            case .direction: self = .direction
            case .grid: self = .grid
            case .outlines: self = .outlines
            case .audit: self = .audit
            case .screenshot: self = .screenshot
            case .scroll, .page, .edge: self = .scroll
            case .reload: self = .reload
            case .quit: self = .quit
            case .dismiss: self = .dismiss
            }
        }
    }

    /// Every row, topic by topic.
    public static var rows: [Row] {
        Topic.allCases.compactMap { topic in
            let keys = KeyBinding.table.filter { Topic($0.action) == topic }.map(\.name)
            let inputs = (topic.pointer.map { [$0] } ?? []) + keys
            return inputs.isEmpty ? nil : Row(input: inputs.joined(separator: ", "), effect: topic.effect)
        }
    }

    /// The help as `--help` prints it: a heading, then one row a line, the effects in the
    /// options' column (after a long input, on the next line).
    public static var text: String {
        let column = 28
        var lines = ["In the window:"]
        for row in rows {
            let input = "  " + row.input
            if input.count <= column - 2 {
                lines.append(input + String(repeating: " ", count: column - input.count) + row.effect)
            } else {
                lines.append(input)
                lines.append(String(repeating: " ", count: column) + row.effect)
            }
        }
        return lines.joined(separator: "\n")
    }
}
