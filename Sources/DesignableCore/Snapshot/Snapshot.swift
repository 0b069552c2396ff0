/// One picture `designable snapshot` keeps: a view, alone, in one state, appearance, layout
/// direction and scale, in the file `<view>.<state>[.dark][.rtl]@<scale>x.png`.
public struct Snapshot: Hashable, Sendable {
    /// The view's name in file names (`Snapshot.viewNames(of:)`).
    public var view: String
    /// The view's index in the document.
    public var index: Int
    public var state: ControlState
    public var variant: Variant
    /// Device pixels per point.
    public var scale: Double

    public init(view: String, index: Int, state: ControlState, variant: Variant = .standard, scale: Double) {
        self.view = view
        self.index = index
        self.state = state
        self.variant = variant
        self.scale = scale
    }

    /// The name without `.png`: `sign-in.selected+highlighted@2x`.
    public var stem: String { "\(view).\(state)\(variant.nameSuffix)@\(formatNumber(scale))x" }
    /// The reference's file name: `sign-in.selected+highlighted@2x.png`.
    public var fileName: String { stem + ".png" }
    /// The image drawn by a run that did not match, beside the reference: `<stem>.actual.png`.
    public var actualFileName: String { stem + ".actual.png" }
    /// The changes marked over a faded copy, beside the reference: `<stem>.diff.png`.
    public var diffFileName: String { stem + ".diff.png" }

    /// The appearance and layout direction a snapshot is drawn in, each a part of its name when
    /// not the standard one (`.dark`, `.rtl`).
    public typealias Variant = DesignableCore.Variant

    // MARK: - What a document's snapshots are

    /// The states a view is kept in: normal, and for a control highlighted, selected, selected
    /// and highlighted at once (a selected button held down), and disabled, as UIKit draws them.
    public static func states(of view: StyledView) -> [ControlState] {
        view.type.isControl ? ControlState.every : [.normal]
    }

    /// Every snapshot of `document`: each view in each of its states, variants and scales, in
    /// the file's order; and a warning for each view whose name is not its own id.
    public static func all(of document: StyleDocument, scales: [Double],
                           variants: [Variant] = [.standard]) -> (snapshots: [Snapshot], findings: [Diagnostic]) {
        let (names, findings) = viewNames(of: document)
        var snapshots: [Snapshot] = []
        for (index, view) in document.views.enumerated() {
            for state in states(of: view) {
                for variant in variants {
                    for scale in scales {
                        snapshots.append(Snapshot(view: names[index], index: index, state: state, variant: variant, scale: scale))
                    }
                }
            }
        }
        return (snapshots, findings)
    }

    /// Each view's name in file names: its id, with what a file name should not hold (`/`, `.`,
    /// spaces) made `-`; else its class and place among the views of its class (`FancyButton-3`,
    /// the third FancyButton), so adding a view of another class renames nothing. A name two
    /// views would share gets `-2`, `-3` on the later ones. Every view not named by its own id
    /// is warned about, at its line, with the id that keeps its name.
    public static func viewNames(of document: StyleDocument) -> (names: [String], findings: [Diagnostic]) {
        var names: [String] = [], findings: [Diagnostic] = []
        var taken: [String: SourceLocation] = [:]
        var perClass: [String: Int] = [:]
        for view in document.views {
            let className = view.type.className
            perClass[className, default: 0] += 1
            var name: String
            if let id = view.id, !id.isEmpty {
                name = fileSafe(id)
                if name != id {
                    findings.append(.warning("id '\(id)' is written \(name) in snapshot file names, which take letters, digits, - and _ only", at: view.location))
                }
            } else {
                name = "\(className)-\(perClass[className]!)"
                findings.append(.warning("this \(className) has no id: its snapshots are named \(name), after its place among the \(className)s, and change name when one is added or removed above it; write id: \(name) to keep the name", at: view.location))
            }
            if let other = taken[name] {
                let shared = name
                var number = 2
                while taken["\(shared)-\(number)"] != nil { number += 1 }
                name = "\(shared)-\(number)"
                findings.append(.warning("the view at line \(other.line) has the snapshot name \(shared) too, so this one's snapshots are named \(name); give each view its own id", at: view.location))
            }
            taken[name] = view.location
            names.append(name)
        }
        return (names, findings)
    }

    /// `text` with every character but letters, digits, `-` and `_` made `-`.
    static func fileSafe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }
}
