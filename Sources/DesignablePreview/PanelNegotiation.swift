/// Showing and hiding the inspector: the window widens by the panel when the screen has room
/// (and narrows back after); otherwise the canvas area gives up the width. A resize is only a
/// request that the window manager answers later, or never, so the panel's new width waits
/// for the answer (the canvas is then laid out once, not twice) or for a deadline.
struct PanelNegotiation {
    /// How long to wait for the window manager to resize the window.
    static let resizeWait: UInt64 = 300_000_000

    /// What the loop must do for a toggle.
    enum Step: Equatable {
        /// Ask for this window width; show the panel at `panelWidth` when the resize comes.
        case request(panelWidth: Int, windowWidth: Int)
        /// Change the panel's width now, within the window as it is.
        case apply(panelWidth: Int)
    }

    private(set) var isVisible = false
    /// The panel width waiting for the window to be resized.
    private var pendingWidth: Int?
    /// The window width last asked for, until the server answers: `i` twice in a row counts from it.
    private var requestedWidth: Int?
    /// How much the window was widened for the panel, to narrow it back by as much.
    private var widenedBy = 0

    /// Shows the panel (`panelWidth` pixels) or hides it, for a window `windowWidth` wide on a
    /// screen `screenWidth` wide.
    mutating func toggle(panelWidth: Int, windowWidth: Int, screenWidth: Int) -> Step {
        isVisible.toggle()
        let width = requestedWidth ?? windowWidth
        if isVisible {
            let wanted = width + panelWidth
            guard wanted <= screenWidth else { return applied(panelWidth) }
            widenedBy = panelWidth
            return requested(panelWidth, windowWidth: wanted)
        }
        guard widenedBy > 0 else { return applied(0) }
        let narrower = max(120, width - widenedBy)
        widenedBy = 0
        return requested(0, windowWidth: narrower)
    }

    /// The panel width that waited for a resize, now that the window was resized or the wait
    /// is over (then the canvas area makes room instead); nil when nothing waited.
    mutating func takePendingWidth() -> Int? {
        defer { pendingWidth = nil; requestedWidth = nil }
        return pendingWidth
    }

    private mutating func requested(_ panelWidth: Int, windowWidth: Int) -> Step {
        pendingWidth = panelWidth
        requestedWidth = windowWidth
        return .request(panelWidth: panelWidth, windowWidth: windowWidth)
    }

    private mutating func applied(_ panelWidth: Int) -> Step {
        pendingWidth = nil
        requestedWidth = nil
        return .apply(panelWidth: panelWidth)
    }
}
