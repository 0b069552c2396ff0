import DesignableCore

/// What the preview shows and what the person did to it: the last good document and its
/// layout, the file's status, each view's state, the keyboard focus and the press in progress.
/// It knows nothing of X: the event loop feeds it points and keys and asks it what to redraw.
final class PreviewSession {
    /// How the style file stands, as the window title says it.
    enum FileStatus: Equatable {
        case upToDate(warnings: Int)
        case errors(Int, warnings: Int)
        /// Deleted or renamed away after it was shown.
        case removed
        /// Not there when the preview started.
        case missing
    }

    /// What a reload did.
    enum LoadOutcome: Equatable {
        /// The file is as it was last read (a spurious event, or still gone).
        case unchanged
        /// A new good document; `first` when there was none before.
        case loaded(first: Bool)
        /// The file does not read or has errors; the last good document stays.
        case failed
        case removed
    }

    /// What changed since the loop last drew, in view indices.
    struct Damage {
        /// Views whose state changed.
        var views: Set<Int> = []
        /// Views the focus ring appeared around or left.
        var rings: Set<Int> = []
        /// The inspector's subject or its state changed.
        /// What changed views covered in the states they left (canvas points), by view.
        var previousAreas: [Int: Rect] = [:]
        var inspector = false
        var isEmpty: Bool { views.isEmpty && rings.isEmpty && !inspector }
    }

    let path: String
    let fileName: String
    let renderer: Renderer

    private(set) var document: StyleDocument?
    private(set) var layout: Layout?
    private(set) var status = FileStatus.missing
    /// The findings of the last read, good or bad.
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var damage = Damage()

    private(set) var focus: Int?
    /// The ring shows once the keyboard is used; a click focuses (for the inspector) without it.
    private(set) var focusVisible = false

    /// (dev, inode, size, mtime) of the file when last read, to skip events that changed nothing.
    private var loadedIdentity: [Int]?
    /// The canvas area width (pixels) the layout was made for.
    private var layoutAreaWidth: Int?
    /// Each view's own state: selected, disabled, and a highlight stuck on with `h`.
    private var states: [ControlState] = []
    /// The view the mouse went down on, and whether the pointer is over it now.
    private var pointerPress: (index: Int, inside: Bool)?
    /// The view Space or Return went down on.
    private var keyPress: Int?
    /// Effective states before a change, reused so input does not allocate.
    private var before: [ControlState] = []
    /// What was on screen before the last reload, and which old view each new one continues,
    /// until `takeReloadDamage` compares it with the new document.
    private var shown: (document: StyleDocument, layout: Layout?, states: [ControlState], matches: [Int?], reused: [Bool])?

    init(path: String, renderer: Renderer) {
        self.path = path
        self.fileName = FileSystem.fileName(of: path)
        self.renderer = renderer
    }

    // MARK: - Status

    /// `gallery.yaml — up to date`, as Interface Builder's "Designables: Up to date".
    var title: String {
        switch status {
        case .upToDate(let warnings):
            return fileName + " — " + (warnings == 0 ? "up to date" : Self.count(warnings, "warning"))
        case .errors(let errors, let warnings):
            return fileName + " — " + Self.count(errors, "error") + (warnings > 0 ? ", " + Self.count(warnings, "warning") : "")
        case .removed:
            return fileName + " — file was removed"
        case .missing:
            return fileName + " — file not found"
        }
    }

    /// What the banner says, nil when there is nothing wrong.
    var bannerText: String? {
        switch status {
        case .upToDate:
            return nil
        case .errors(let count, _):
            let first = diagnostics.first { $0.severity == .error }?.shortDescription ?? "the file has errors"
            return count > 1 ? first + "  (and \(count - 1) more)" : first
        case .removed:
            return "File was removed; showing its last version until it is back"
        case .missing:
            return "File not found; waiting for it to appear"
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    // MARK: - Loading

    /// Reads and parses the file unless its identity is unchanged (or `force`), timing both steps
    /// into `frame`. A bad file leaves the last good document, its states and layout in place.
    func reload(force: Bool, frame: inout Tracer.Frame) -> LoadOutcome {
        reload(force: force, reuseViews: true, frame: &frame)
    }

    /// As `reload(force:frame:)`; `reuseViews` false decodes every view afresh, for when files
    /// besides the style file changed (an image appeared, so a placeholder may now be a picture).
    func reload(force: Bool, reuseViews: Bool, frame: inout Tracer.Frame) -> LoadOutcome {
        guard let identity = FileSystem.identity(path) else {
            loadedIdentity = nil
            let gone: FileStatus = document == nil ? .missing : .removed
            if status == gone { return .unchanged }
            status = gone
            diagnostics = []
            return .removed
        }
        if !force, identity == loadedIdentity { return .unchanged }
        // Taken before reading: a write during the read changes it again, and its event reloads.
        loadedIdentity = identity
        var bytes: [UInt8]
        do {
            bytes = try frame.time(\.read) { try FileSystem.read(path) }
        } catch {
            let reason = (error as? FileSystem.Failure)?.reason ?? "\(error)"
            diagnostics = [Diagnostic(.error, "cannot read the style file: \(reason)", at: SourceLocation(line: 1, column: 1), path: path)]
            status = .errors(1, warnings: 0)
            return .failed
        }
        let result = frame.time(\.parse) { StyleLoader.load(bytes: &bytes, path: path, reusing: reuseViews ? document : nil) }
        diagnostics = result.diagnostics
        guard let loaded = result.document else {
            status = .errors(result.diagnostics.errorCount, warnings: result.diagnostics.warningCount)
            return .failed
        }
        let first = document == nil
        frame.time(\.parse) { adopt(loaded) }
        status = .upToDate(warnings: result.diagnostics.warningCount)
        return .loaded(first: first)
    }

    /// The files to watch: the style file and the images its last good document uses.
    var watchedPaths: Set<String> {
        var paths = document?.dependencies ?? []
        paths.insert(path)
        return paths
    }

    /// Makes `loaded` current, carrying each view's state, the focus and any press over: by id,
    /// else by position. A start state the file changed (`isSelected: true` added) wins.
    private func adopt(_ loaded: StyleDocument) {
        let oldViews = document?.views ?? []
        var byID: [String: Int] = [:]
        for (index, view) in oldViews.enumerated() {
            if let id = view.id, byID[id] == nil { byID[id] = index }
        }
        let claimed = Set(loaded.views.compactMap { $0.id.flatMap { byID[$0] } })
        // A view the loader took over from the last document is written as it was: it keeps its
        // state and its look without building or comparing anything.
        var reused: [Bool] = []
        reused.reserveCapacity(loaded.views.count)
        var newStates: [ControlState] = []
        newStates.reserveCapacity(loaded.views.count)
        var newIndex: [Int: Int] = [:]
        var matches: [Int?] = []
        matches.reserveCapacity(loaded.views.count)
        for (index, view) in loaded.views.enumerated() {
            var old: Int?
            if let id = view.id, let match = byID[id] {
                old = match
            } else if index < oldViews.count, !claimed.contains(index) {
                old = index
            }
            var state = ControlState.normal
            var same = false
            if let old {
                newIndex[old] = index
                if view === oldViews[old] {
                    same = true
                    state = states[old]
                } else {
                    let (was, now) = (oldViews[old].initialState, view.initialState)
                    state = states[old].subtracting(was.subtracting(now)).union(now.subtracting(was))
                }
            } else {
                state = view.initialState
            }
            newStates.append(view.type.isControl ? state : .normal)
            matches.append(old)
            reused.append(same)
        }
        if let document {
            shown = (document, layout, states.indices.map(state(of:)), matches, reused)
        }
        document = loaded
        states = newStates
        layout = nil
        layoutAreaWidth = nil
        focus = focus.flatMap { newIndex[$0] }
        if focus == nil { focusVisible = false }
        pointerPress = pointerPress.flatMap { press in newIndex[press.index].map { ($0, press.inside) } }
        keyPress = keyPress.flatMap { newIndex[$0] }
        damage = Damage()
    }

    /// Whether a reload is waiting to be compared with what was shown before it.
    var hasReloadComparison: Bool { shown != nil }

    /// After a reload and its layout: the canvas rectangles (points) whose pixels may differ
    /// from what was on screen, or nil when everything must be redrawn. A view is redrawn when
    /// its frame, its drawn state or its look (class and every property) changed, over both its
    /// old and new frames; an edit to one button redraws one button.
    func takeReloadDamage() -> [Rect]? {
        guard let shown else { return nil }
        self.shown = nil
        guard let document, let layout, let oldLayout = shown.layout,
              layout.canvasSize == oldLayout.canvasSize,
              document.canvas.background == shown.document.canvas.background,
              document.dependencies == shown.document.dependencies else { return nil }
        let oldViews = shown.document.views
        var rects: [Rect] = []
        var continued = Set<Int>()
        for (index, view) in document.views.enumerated() {
            let frame = layout.frames[index]
            guard let old = shown.matches[index], old < oldViews.count else {
                rects.append(view.coverage(in: frame, state: state(of: index)))
                continue
            }
            continued.insert(old)
            let (oldFrame, was, now) = (oldLayout.frames[old], shown.states[old], state(of: index))
            if frame == oldFrame, was == now {
                if shown.reused[index] { continue }
                if view.component(in: now).hasSameLook(as: oldViews[old].component(in: was)) { continue }
            }
            let (covered, coveredBefore) = (view.coverage(in: frame, state: now), oldViews[old].coverage(in: oldFrame, state: was))
            rects.append(covered)
            if !covered.contains(coveredBefore) { rects.append(coveredBefore) }
        }
        for old in oldViews.indices where !continued.contains(old) {
            rects.append(oldViews[old].coverage(in: oldLayout.frames[old], state: shown.states[old]))
        }
        return rects
    }

    // MARK: - Layout

    /// Drops the layout so the next `layOut` measures again (an image the layout sized changed).
    func invalidateLayout() {
        layout = nil
        layoutAreaWidth = nil
        shown = nil
    }

    /// Lays the document out for a canvas area `areaWidth` pixels wide; true when it did work.
    /// The canvas keeps its own width when the area is not wider (it scrolls instead of cutting
    /// off the column's left side), and widens to the area otherwise, the column centred in it.
    @discardableResult
    func layOut(areaWidth: Int, scale: Double) -> Bool {
        guard let document, layout == nil || layoutAreaWidth != areaWidth else { return false }
        let natural = renderer.layout(document)
        if Int((natural.canvasSize.width * scale).rounded(.up)) >= areaWidth {
            layout = natural
        } else {
            layout = renderer.layout(document, availableWidth: Double(areaWidth) / scale)
        }
        layoutAreaWidth = areaWidth
        return true
    }

    // MARK: - States

    var viewCount: Int { document?.views.count ?? 0 }

    /// The state view `index` is drawn in: its own, highlighted while pressed with the pointer over it.
    func state(of index: Int) -> ControlState {
        guard index < states.count else { return .normal }
        var state = states[index]
        if let press = pointerPress, press.index == index, press.inside { state.insert(.highlighted) }
        if keyPress == index { state.insert(.highlighted) }
        return state
    }

    private func isControl(_ index: Int) -> Bool {
        document.map { index < $0.views.count && $0.views[index].type.isControl } ?? false
    }

    /// A control that takes input: a disabled one ignores the pointer and Space, as UIKit's does.
    private func isInteractive(_ index: Int) -> Bool {
        isControl(index) && !state(of: index).contains(.disabled)
    }

    /// Runs `body` and records the views whose drawn state it changed.
    private func changingStates(_ body: () -> Void) {
        before.removeAll(keepingCapacity: true)
        for index in states.indices { before.append(state(of: index)) }
        body()
        for index in states.indices where state(of: index) != before[index] {
            damage.views.insert(index)
            // A state's look may reach further than the next one's (a border, later a shadow).
            if let document, let layout, index < layout.frames.count {
                damage.previousAreas[index] = document.views[index].coverage(in: layout.frames[index], state: before[index])
            }
            if index == focus { damage.inspector = true }
        }
    }

    /// Hands over what changed since the last call, and forgets it.
    func takeDamage() -> Damage {
        defer { damage = Damage() }
        return damage
    }

    // MARK: - Pointer

    /// Mouse down at `point` (canvas points): focuses the view under it for the inspector (or
    /// nothing, on the background), and starts a press on a control that takes input.
    func pointerDown(at point: Point) {
        guard let layout, let index = layout.view(at: point) else {
            setFocus(nil, visible: false)
            return
        }
        setFocus(index, visible: false)
        guard isInteractive(index) else { return }
        changingStates { pointerPress = (index, true) }
    }

    /// While the button is held, the control is highlighted only while the pointer is over it.
    func pointerMoved(to point: Point?) {
        guard let press = pointerPress, let layout, press.index < layout.frames.count else { return }
        let inside = point.map { layout.frames[press.index].contains($0) } ?? false
        guard inside != press.inside else { return }
        changingStates { pointerPress = (press.index, inside) }
    }

    /// Release over the pressed control toggles its selected state; elsewhere it only un-highlights.
    func pointerUp(at point: Point?) {
        guard let press = pointerPress else { return }
        let inside = point.flatMap { point in layout.map { press.index < $0.frames.count && $0.frames[press.index].contains(point) } } ?? false
        changingStates {
            pointerPress = nil
            if inside && isInteractive(press.index) { states[press.index].formSymmetricDifference(.selected) }
        }
    }

    /// The keyboard went elsewhere mid-press: the key's release will never come, so un-highlight
    /// without acting. (A pointer press needs no such care: X keeps sending its events until release.)
    func cancelKeyPress() {
        guard keyPress != nil else { return }
        changingStates { keyPress = nil }
    }

    // MARK: - Keyboard

    /// Tab and Shift-Tab: the next or previous view, wrapping around.
    func moveFocus(backwards: Bool) {
        let count = viewCount
        guard count > 0 else { return }
        if keyPress != nil { changingStates { keyPress = nil } }
        let next: Int
        if let focus {
            next = backwards ? (focus + count - 1) % count : (focus + 1) % count
        } else {
            next = backwards ? count - 1 : 0
        }
        setFocus(next, visible: true)
    }

    /// Space or Return down: highlights the focused control, as a held mouse button does.
    func activateDown() {
        guard let focus else { return }
        showFocus()
        guard keyPress == nil, isInteractive(focus) else { return }
        changingStates { keyPress = focus }
    }

    /// Space or Return up: toggles the selected state of the control it went down on.
    func activateUp() {
        guard let index = keyPress else { return }
        changingStates {
            keyPress = nil
            if isInteractive(index) { states[index].formSymmetricDifference(.selected) }
        }
    }

    /// `h`, `s` and `d`: switches a state of the focused control on or off and keeps it, so it
    /// can be looked at (or screenshotted) without holding anything down.
    /// Toggles `state` on the focused control; the class name when the focused view is not a
    /// control and so has no states.
    func toggle(_ state: ControlState) -> String? {
        guard let focus else { return nil }
        showFocus()
        guard isControl(focus) else { return document?.views[focus].type.className }
        changingStates { states[focus].formSymmetricDifference(state) }
        return nil
    }

    private func showFocus() {
        if let focus, !focusVisible { setFocus(focus, visible: true) }
    }

    private func setFocus(_ index: Int?, visible: Bool) {
        let ringBefore = focusVisible ? focus : nil
        if index != focus { damage.inspector = true }
        focus = index
        focusVisible = visible && index != nil
        let ringAfter = focusVisible ? focus : nil
        if ringBefore != ringAfter {
            if let ringBefore { damage.rings.insert(ringBefore) }
            if let ringAfter { damage.rings.insert(ringAfter) }
        }
    }
}
