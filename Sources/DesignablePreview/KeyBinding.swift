import CX11
import DesignableCore

/// What each key does, in one table, as suckless st binds its shortcuts: the loop looks a key
/// up here and acts, so the whole keyboard map is readable in one place, and `KeyHelp` writes
/// the help (`preview --help`, the README's table) from it.
struct KeyBinding {
    enum Action: Equatable {
        case focusNext, focusPrevious
        /// The focused view's parent, or its first subview.
        case focusParent, focusSubview
        /// Space or Return: press the focused control (highlight on down, toggle selected on up).
        case activate
        /// `h`, `s`, `d`: switch a state of the focused control on or off and keep it.
        case toggle(ControlState)
        case reload, quit, screenshot, inspector
        /// `o` and `u`: layout rectangles, and the accessibility audit's marks, on or off.
        case outlines, audit
        /// Escape: closes the inspector when it is open, quits otherwise.
        case dismiss
        /// Scroll by points; `page` scrolls by the window's height less a little.
        case scroll(dx: Double, dy: Double)
        case page(down: Bool)
        case edge(end: Bool)
        /// `a`, `l`: switch between light and dark appearance, left-to-right and right-to-left layout.
        case appearance, direction
        /// `g`: show every view in every state (the variants grid), or the canvas again.
        case grid
    }

    let keysym: Int32
    /// Whether Control must be held (true) or must not be (false).
    let control: Bool
    let action: Action

    static let table: [KeyBinding] = [
        KeyBinding(keysym: XK_Tab, control: false, action: .focusNext),
        KeyBinding(keysym: XK_ISO_Left_Tab, control: false, action: .focusPrevious),
        KeyBinding(keysym: XK_bracketleft, control: false, action: .focusParent),
        KeyBinding(keysym: XK_bracketright, control: false, action: .focusSubview),
        KeyBinding(keysym: XK_space, control: false, action: .activate),
        KeyBinding(keysym: XK_Return, control: false, action: .activate),
        KeyBinding(keysym: XK_KP_Enter, control: false, action: .activate),
        KeyBinding(keysym: XK_h, control: false, action: .toggle(.highlighted)),
        KeyBinding(keysym: XK_s, control: false, action: .toggle(.selected)),
        KeyBinding(keysym: XK_d, control: false, action: .toggle(.disabled)),
        KeyBinding(keysym: XK_r, control: false, action: .reload),
        KeyBinding(keysym: XK_q, control: false, action: .quit),
        KeyBinding(keysym: XK_Escape, control: false, action: .dismiss),
        KeyBinding(keysym: XK_p, control: false, action: .screenshot),
        KeyBinding(keysym: XK_s, control: true, action: .screenshot),
        KeyBinding(keysym: XK_i, control: false, action: .inspector),
        KeyBinding(keysym: XK_a, control: false, action: .appearance),
        KeyBinding(keysym: XK_l, control: false, action: .direction),
        KeyBinding(keysym: XK_g, control: false, action: .grid),
        KeyBinding(keysym: XK_o, control: false, action: .outlines),
        KeyBinding(keysym: XK_u, control: false, action: .audit),
        KeyBinding(keysym: XK_Up, control: false, action: .scroll(dx: 0, dy: -40)),
        KeyBinding(keysym: XK_Down, control: false, action: .scroll(dx: 0, dy: 40)),
        KeyBinding(keysym: XK_Left, control: false, action: .scroll(dx: -40, dy: 0)),
        KeyBinding(keysym: XK_Right, control: false, action: .scroll(dx: 40, dy: 0)),
        KeyBinding(keysym: XK_Page_Up, control: false, action: .page(down: false)),
        KeyBinding(keysym: XK_Page_Down, control: false, action: .page(down: true)),
        KeyBinding(keysym: XK_Home, control: false, action: .edge(end: false)),
        KeyBinding(keysym: XK_End, control: false, action: .edge(end: true)),
    ]

    /// The action for `keysym` with `modifiers` held (an X state mask); Caps Lock makes no difference.
    static func action(for keysym: KeySym, modifiers: UInt32) -> Action? {
        var key = Int32(truncatingIfNeeded: keysym)
        if key >= XK_A && key <= XK_Z { key += XK_a - XK_A }
        let control = modifiers & UInt32(ControlMask) != 0
        return table.first { $0.keysym == key && $0.control == control }?.action
    }

    /// Keys whose release finishes a press (Space, Return).
    static func isActivation(_ keysym: KeySym) -> Bool {
        action(for: keysym, modifiers: 0) == .activate
    }

    // MARK: - Help

    /// The key as the help names it: "Tab", "Shift+Tab", "Ctrl+S", "h".
    var name: String {
        let base: String
        switch keysym {
        case XK_ISO_Left_Tab: base = "Shift+Tab"
        case XK_space: base = "Space"
        case XK_KP_Enter: base = "keypad Enter"
        case XK_bracketleft: base = "["
        case XK_bracketright: base = "]"
        case XK_Page_Up: base = "Page Up"
        case XK_Page_Down: base = "Page Down"
        case XK_a...XK_z: base = String(UnicodeScalar(UInt8(keysym)))
        default: base = XKeysymToString(KeySym(keysym)).map { String(cString: $0) } ?? "key \(keysym)"
        }
        return control ? "Ctrl+" + base.uppercased() : base
    }
}
