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
        /// The component worker crashed, ran out of time or exited: what happened.
        case workerStopped(String)
        /// The file names Swift components and the worker has not drawn it yet: compiling them.
        case loadingComponents
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
        /// The file uses Swift components: its worker reads it (`EventLoop` asks and waits).
        case needsWorker
    }

    /// What changed since the loop last drew, in view indices.
    struct Damage {
        /// Views whose state changed.
        var views: Set<Int> = []
        /// Views the focus ring appeared around or left.
        var rings: Set<Int> = []
        /// What changed views covered in the states they left (canvas points), by view.
        var previousAreas: [Int: Rect] = [:]
        /// The inspector's subject or its state changed.
        var inspector = false
        var isEmpty: Bool { views.isEmpty && rings.isEmpty && !inspector }
    }

    let path: String
    let fileName: String
    let renderer: Renderer

    private(set) var document: StyleDocument?
    /// Set once the file names Swift components: the worker loads, lays out and draws it, and
    /// the session keeps what the window needs (frames, kinds, the last good pixels).
    private(set) var remote: RemoteCanvas?
    /// `--components DIR`: every file is then read by the worker.
    let componentFolder: String?
    private(set) var layout: Layout?
    /// The canvas's size at the file's own width, as `render` draws it: what the window follows.
    var naturalCanvasSize: Size? { naturalLayout?.canvasSize }
    private(set) var status = FileStatus.missing
    /// The findings of the last read, good or bad.
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var damage = Damage()

    /// The view the inspector shows and the keyboard acts on: a top-level view, or one inside
    /// another (a click on a card's button focuses the button).
    private(set) var focus: ViewPath?
    /// The top-level view the focus is in.
    var focusedRoot: Int? { focus?.root }
    /// The ring shows once the keyboard is used; a click focuses (for the inspector) without it.
    private(set) var focusVisible = false

    /// What the last load read or looked for when it failed (an import with an error in it):
    /// watched beside the last good document's, so fixing that file redraws.
    private var failedDependencies: Set<Dependency> = []
    /// (dev, inode, size, mtime) of the file when last read, to skip events that changed nothing.
    private var loadedIdentity: [Int]?
    /// The canvas area width (pixels) the layout was made for.
    private var layoutAreaWidth: Int?
    /// Each view's own state: selected, disabled, and a highlight stuck on with `h`.
    private var states: [ControlState] = []
    /// The own states of controls inside other views that differ from their initial state.
    private var nestedStates: [ViewPath: ControlState] = [:]
    /// The control the mouse went down on, and whether the pointer is over it now.
    private var pointerPress: (path: ViewPath, inside: Bool)?
    /// The control Space or Return went down on.
    private var keyPress: ViewPath?
    /// Effective states before a change, reused so input does not allocate.
    private var before: [ControlState] = []
    /// The last reload's reconciliation, until `takeReloadDamage` asks it what to redraw.
    private var reconciler: Reconciler?
    /// The document's layout at its own canvas size, for its findings and the first `layOut`.
    private var naturalLayout: Layout?
    /// The layout's findings of each view, so a save works out only those of the views it changed.
    private let layoutFindings = LayoutFindings()

    init(path: String, renderer: Renderer, componentFolder: String? = nil) {
        self.path = path
        self.componentFolder = componentFolder
        if componentFolder != nil { remote = RemoteCanvas() }
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
        case .workerStopped:
            return fileName + " — the components' worker stopped"
        case .loadingComponents:
            return fileName + " — compiling its Swift components"
        }
    }

    /// The banner the file's status calls for: its first error, else its first warning (the
    /// window shows them, not only its title), or that it is gone; nil when all is well.
    /// What the window says of a key it cannot honour for this file (the variants grid of a
    /// components file): in the banner, until the key is pressed again or the worker loads a save.
    var notice: String?

    var banner: Banner? {
        func first(_ severity: Diagnostic.Severity, of count: Int) -> String {
            // A finding in another file (a Swift component's compile error) names that file.
            let finding = diagnostics.first { $0.severity == severity }
            let place = finding.map { $0.path.isEmpty || $0.path == path ? "" : FileSystem.fileName(of: $0.path) + ":" } ?? ""
            let first = finding.map { place + $0.shortDescription } ?? "the file has \(severity)s"
            return count > 1 ? first + "  (and \(count - 1) more)" : first
        }
        switch status {
        case .upToDate(let warnings):
            if let notice { return Banner(text: notice, kind: .warning) }
            return warnings == 0 ? nil : Banner(text: first(.warning, of: warnings), kind: .warning)
        case .errors(let count, _):
            return Banner(text: first(.error, of: count), kind: .error)
        case .removed:
            return Banner(text: "File was removed; showing its last version until it is back", kind: .absent)
        case .missing:
            return Banner(text: "File not found; waiting for it to appear", kind: .absent)
        case .workerStopped(let what):
            return Banner(text: what, kind: .error)
        case .loadingComponents:
            // The first compile takes a second or two (the compiler's caches are cold): say so.
            return Banner(text: "Compiling and loading the Swift components…", kind: .absent)
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    // MARK: - Loading

    /// Reads and parses the file unless its identity is unchanged (or `force`), timing each step
    /// into `frame`. A bad file leaves the last good document, its states and layout in place.
    /// `reuseViews` false decodes every view afresh, for when files besides the style file
    /// changed (an image appeared, so a placeholder may now be a picture).
    ///
    /// `firstScreen` (canvas points) lets a first read of a large file decode only the views that
    /// may draw there (`isPartial`); `completeRead` reads the rest once that frame is shown.
    func reload(force: Bool, reuseViews: Bool = true, frame: inout Tracer.Frame, firstScreen: Rect? = nil) -> LoadOutcome {
        guard let identity = FileSystem.identity(path) else {
            loadedIdentity = nil
            let gone: FileStatus = document == nil ? .missing : .removed
            if status == gone { return .unchanged }
            status = gone
            diagnostics = []
            return .removed
        }
        if !force, identity == loadedIdentity { return .unchanged }
        if remote != nil {
            loadedIdentity = identity
            return .needsWorker
        }
        // Taken before reading: a write during the read changes it again, and its event reloads.
        loadedIdentity = identity
        let bytes: [UInt8]
        do {
            // Opens without blocking and refuses a FIFO or a device: the loop has one thread.
            bytes = try frame.time(\.read) { try FileSystem.read(path) }
        } catch {
            diagnostics = [StyleLoader.unreadable(path, error)]
            status = .errors(1, warnings: 0)
            return .failed
        }
        // Unforced, only the style file changed: a save re-reads only the views it changed.
        let result = frame.time(\.parse) { StyleLoader.load(bytes: bytes, path: path, reusing: reuseViews ? document : nil, incremental: !force,
                                                                     firstScreen: firstScreen) }
        failedDependencies = result.document == nil ? result.dependencies : []
        if !result.componentFiles.isEmpty {
            // User code never runs in the window's process: from now on the worker reads the file.
            remote = RemoteCanvas()
            failedDependencies = result.dependencies
            if status == .missing { status = .loadingComponents }
            return .needsWorker
        }
        guard let loaded = result.document else {
            diagnostics = result.diagnostics
            status = .errors(result.diagnostics.errorCount, warnings: result.diagnostics.warningCount)
            return .failed
        }
        let natural = frame.time(\.layout) { renderer.layout(loaded) }
        diagnostics = frame.time(\.layout) { Findings.all(result, layout: natural, memo: layoutFindings) }
        // A finding of the drawing (a canvas too large to draw) stops the file as a loader's does.
        guard !diagnostics.hasErrors else {
            status = .errors(diagnostics.errorCount, warnings: diagnostics.warningCount)
            return .failed
        }
        let first = document == nil
        frame.time(\.reconcile) { adopt(loaded) }
        naturalLayout = natural
        status = .upToDate(warnings: diagnostics.warningCount)
        return .loaded(first: first)
    }

    /// Whether the document is a first read's that left out views off its first screen.
    var isPartial: Bool { (document?.viewsLeftOut ?? 0) > 0 }

    /// Reads the whole file after a first read that left views out, taking over the views it
    /// decoded. A partial document was never the file's last good version: when the whole file
    /// does not load (an error in a view left out, the file gone), it is dropped, and the file
    /// stands as a first read that failed would leave it (the window keeps its size).
    func completeRead(frame: inout Tracer.Frame) -> LoadOutcome {
        guard isPartial else { return .unchanged }
        let outcome = reload(force: true, frame: &frame)
        if isPartial {
            document = nil
            states = []
            nestedStates = [:]
            invalidateLayout()
            focus = nil
            focusVisible = false
            pointerPress = nil
            keyPress = nil
            damage = Damage()
            if status == .removed { status = .missing }
        }
        return outcome
    }

    /// The files to watch, by kind: the style file, what its last good document depends on, and
    /// what a failed load after it read.
    var dependencies: Set<Dependency> {
        var dependencies = (document?.dependencies ?? []).union(failedDependencies).union(remote?.dependencies ?? [])
        dependencies.insert(Dependency(path, kind: .style))
        return dependencies
    }

    /// What a reload must do about changed files, decided by the kind of each.
    struct Reaction: Equatable {
        /// Read the style file (unless its identity is unchanged and not `force`).
        var reread = false
        var force = false
        /// Take unchanged views over from the last document.
        var reuseViews = true
        /// Redraw the whole canvas even when the style file is unchanged.
        var redrawAll = false
    }

    /// How to react to `paths` changing (`forced` for the reload key): the style file is read
    /// again, reusing unchanged views; a changed image may be one that was missing, so every view
    /// is decoded again (a placeholder becomes the picture) and redrawn; an imported file changes
    /// what the style file means, so it is read again although it did not change, taking over
    /// only the views whose presets are unchanged (the loader checks each), and redrawing what
    /// looks different. A path the document does not depend on (any longer) asks for nothing.
    func reaction(to paths: Set<String>, forced: Bool) -> Reaction {
        var reaction = Reaction()
        if forced { reaction = Reaction(reread: true, force: true, reuseViews: false, redrawAll: true) }
        guard !paths.isEmpty else { return reaction }
        var kinds: [String: Dependency.Kind] = [:]
        for dependency in dependencies { kinds[dependency.path] = dependency.kind }
        for path in paths {
            switch kinds[path] {
            case .style?:
                reaction.reread = true
            case .image?:
                reaction = Reaction(reread: true, force: true, reuseViews: false, redrawAll: true)
            case .import?:
                reaction.reread = true
                reaction.force = true
            case .component?:
                // A class changed: every view is made again from the new one.
                reaction = Reaction(reread: true, force: true, reuseViews: false, redrawAll: true)
            case nil:
                continue
            }
        }
        return reaction
    }

    /// Makes `loaded` current. The reconciler carries each view's state, the focus and any press
    /// over, and keeps what was shown until `takeReloadDamage` compares it with the new layout.
    private func adopt(_ loaded: StyleDocument) {
        var pressed: Set<Int> = []
        if let press = pointerPress, press.inside { pressed.insert(press.path.root) }
        if let keyPress { pressed.insert(keyPress.root) }
        let shown = document.map { Reconciler.Shown(document: $0, layout: layout, states: states, pressed: pressed) }
        let reconciler = Reconciler(from: shown, to: loaded)
        self.reconciler = shown == nil ? nil : reconciler
        document = loaded
        states = reconciler.states
        layout = nil
        naturalLayout = nil
        layoutAreaWidth = nil
        // A nested view keeps its place under its top-level view while the file still has a
        // control there: its state, the focus and a press carry over as the top-level's do.
        func carried(_ path: ViewPath) -> ViewPath? {
            guard let root = reconciler.newIndex(ofOld: path.root) else { return nil }
            var moved = path
            moved.indices[0] = root
            return loaded.view(at: moved) != nil ? moved : nil
        }
        nestedStates = Dictionary(nestedStates.compactMap { path, state in
            carried(path).flatMap { loaded.view(at: $0)?.type.isControl == true ? ($0, state) : nil }
        }, uniquingKeysWith: { first, _ in first })
        focus = focus.flatMap { carried($0) ?? reconciler.newIndex(ofOld: $0.root).map(ViewPath.init) }
        if focus == nil { focusVisible = false }
        pointerPress = pointerPress.flatMap { press in carried(press.path).map { ($0, press.inside) } }
        keyPress = keyPress.flatMap(carried)
        damage = Damage()
    }

    /// The last reload's comparison, with the document shown before it, kept until
    /// `releaseRetired()`.
    private var retired: Reconciler?

    /// Frees what the last reload replaced: called once its frame is presented.
    func releaseRetired() {
        retired = nil
    }

    /// Whether a reload is waiting to be compared with what was shown before it.
    var hasReloadComparison: Bool { reconciler != nil }

    /// After a reload and its layout: what may differ from what was on screen (the reconciler's
    /// `Damage`), everything when there is nothing to compare with.
    func takeReloadDamage() -> Reconciler.Damage {
        guard let reconciler else { return .everything }
        self.reconciler = nil
        // It holds the document shown before: freeing a whole file's views (a theme edit of
        // 2,000 buttons frees 2,000 components' worth) waits until the new frame is on screen.
        retired = reconciler
        guard let layout else { return .everything }
        return reconciler.damage(layout: layout)
    }

    // MARK: - The worker's canvas

    /// Makes what the worker loaded current: the frames for hit-testing, each view's state
    /// carried over by id (else by place), as a reload in the window's process carries them.
    func adopt(_ canvas: LoadedCanvas) -> LoadOutcome {
        guard let remote else { return .unchanged }
        notice = nil
        remote.dependencies = Set(canvas.dependencies)
        diagnostics = canvas.diagnostics
        guard let size = canvas.canvasSize else {
            status = .errors(max(1, diagnostics.errorCount), warnings: diagnostics.warningCount)
            return .failed
        }
        let first = remote.views.isEmpty && layout == nil
        var byID: [String: ControlState] = [:]
        for (index, view) in remote.views.enumerated() where index < states.count { if let id = view.id { byID[id] = states[index] } }
        states = canvas.views.enumerated().map { index, view in
            if let id = view.id, let state = byID[id] { return state }
            if view.id == nil, index < remote.views.count, remote.views[index].id == nil, remote.views[index].className == view.className,
               index < states.count { return states[index] }
            return ControlState(rawValue: view.initialState)
        }
        remote.views = canvas.views
        let laidOut = Layout(canvasSize: size, frames: canvas.views.map(\.frame))
        layout = laidOut
        naturalLayout = laidOut
        // The worker's canvas knows its top-level views only.
        if let focus, focus.root >= canvas.views.count || !focus.isTopLevel { self.focus = nil; focusVisible = false }
        nestedStates = [:]
        pointerPress = nil
        keyPress = nil
        damage = Damage()
        status = .upToDate(warnings: diagnostics.warningCount)
        return .loaded(first: first)
    }

    /// The worker stopped (`what` says how): the last good frame stays, the banner says it.
    func workerStopped(_ what: String) {
        status = .workerStopped(what)
    }

    /// Each view's state as the worker draws it (a press included).
    var remoteStates: [Int] { (0..<viewCount).map { state(of: $0).rawValue } }

    // MARK: - Layout

    /// Drops the layout so the next `layOut` measures again (an image the layout sized changed).
    func invalidateLayout() {
        layout = nil
        naturalLayout = nil
        layoutAreaWidth = nil
        reconciler = nil
    }

    /// Lays the document out for a canvas area `areaWidth` pixels wide; true when it did work.
    /// The canvas keeps its own width when the area is not wider (it scrolls instead of cutting
    /// off the column's left side), and widens to the area otherwise, the column centred in it.
    @discardableResult
    func layOut(areaWidth: Int, scale: Double) -> Bool {
        guard let document, layout == nil || layoutAreaWidth != areaWidth else { return false }
        let natural = naturalLayout ?? renderer.layout(document)
        naturalLayout = natural
        if Int((natural.canvasSize.width * scale).rounded(.up)) >= areaWidth {
            layout = natural
        } else {
            layout = renderer.layout(document, availableWidth: Double(areaWidth) / scale)
        }
        layoutAreaWidth = areaWidth
        return true
    }

    // MARK: - States

    var viewCount: Int { document?.views.count ?? remote?.views.count ?? 0 }

    /// The state view `index` is drawn in: its own, highlighted while pressed with the pointer over it.
    func state(of index: Int) -> ControlState { state(of: index, pointer: true) }

    /// The state view `index` is drawn in, the pointer's press left out unless `pointer`: the
    /// variants grid shows that press in one cell only.
    func state(of index: Int, pointer: Bool) -> ControlState {
        guard index < states.count else { return .normal }
        var state = states[index]
        if pointer, let press = pointerPress, press.path.isTopLevel, press.path.root == index, press.inside { state.insert(.highlighted) }
        if keyPress?.isTopLevel == true, keyPress?.root == index { state.insert(.highlighted) }
        return state
    }

    /// The state the view at `path` is drawn in, at any depth.
    func state(at path: ViewPath) -> ControlState {
        if path.isTopLevel { return state(of: path.root) }
        var state = nestedStates[path] ?? document?.view(at: path)?.initialState ?? .normal
        if let press = pointerPress, press.path == path, press.inside { state.insert(.highlighted) }
        if keyPress == path { state.insert(.highlighted) }
        return state
    }

    /// The states of the controls inside other views that are not their initial state, a press
    /// included: what the renderer draws nested views in.
    var drawnNestedStates: [ViewPath: ControlState] {
        var drawn = nestedStates
        for path in [pointerPress.flatMap { $0.inside ? $0.path : nil }, keyPress].compactMap({ $0 }) where !path.isTopLevel {
            drawn[path] = state(at: path)
        }
        return drawn
    }

    private func isControl(_ path: ViewPath) -> Bool {
        if let remote { return path.isTopLevel && path.root < remote.views.count && remote.views[path.root].isControl }
        return document?.view(at: path)?.type.isControl ?? false
    }

    /// A control that takes input: a disabled one ignores the pointer and Space, as UIKit's does.
    private func isInteractive(_ path: ViewPath) -> Bool {
        isControl(path) && !state(at: path).contains(.disabled)
    }

    /// Runs `body` and records the views whose drawn state it changed.
    private func changingStates(_ body: () -> Void) {
        before.removeAll(keepingCapacity: true)
        for index in states.indices { before.append(state(of: index)) }
        let nestedBefore = drawnNestedStates
        body()
        // A nested control's change redraws its top-level view, which covers it in every state.
        let nestedAfter = drawnNestedStates
        for path in Set(nestedBefore.keys).union(nestedAfter.keys) {
            let initial = document?.view(at: path)?.initialState ?? .normal
            guard (nestedBefore[path] ?? initial) != (nestedAfter[path] ?? initial) else { continue }
            damage.views.insert(path.root)
            if path == focus { damage.inspector = true }
        }
        for index in states.indices where state(of: index) != before[index] {
            damage.views.insert(index)
            // A state's look may reach further than the next one's (a border, later a shadow).
            if let document, let layout, index < layout.frames.count {
                damage.previousAreas[index] = document.views[index].coverage(in: layout.frames[index], state: before[index])
            }
            if focus?.isTopLevel == true, index == focus?.root { damage.inspector = true }
        }
    }

    /// Hands over what changed since the last call, and forgets it.
    func takeDamage() -> Damage {
        defer { damage = Damage() }
        return damage
    }

    // MARK: - Pointer

    /// Mouse down at `point` (canvas points): focuses the view under it for the inspector (or
    /// nothing, on the background), and starts a press on a control that takes input. Inside a
    /// view, the innermost control under the pointer takes the press and the focus, as UIKit's
    /// hit-testing delivers a touch to the deepest view that takes it (a label lets it through).
    func pointerDown(at point: Point) {
        guard let layout, let root = layout.view(at: point) else { return pointerDown(onView: nil) }
        pointerDown(on: hit(point, in: root, layout: layout))
    }

    /// Mouse down on view `index`, or on no view (nil): as `pointerDown(at:)` once the view under
    /// the pointer is known (the variants grid knows it from the cell).
    func pointerDown(onView index: Int?) {
        pointerDown(on: index.map(ViewPath.init))
    }

    private func pointerDown(on path: ViewPath?) {
        guard layout != nil, let path, path.root < viewCount else {
            setFocus(nil, visible: false)
            return
        }
        setFocus(path, visible: false)
        guard isInteractive(path) else { return }
        changingStates { pointerPress = (path, true) }
    }

    /// The view under `point` within top-level view `root`: the innermost control on the way
    /// down, else the innermost view. A subview is looked for only inside its parent's bounds,
    /// as UIKit's `hitTest(_:with:)` does, and the last subview drawn is the first asked.
    func hit(_ point: Point, in root: Int, layout: Layout) -> ViewPath {
        guard let document, root < document.views.count, root < layout.frames.count else { return ViewPath(root) }
        var path = ViewPath(root)
        var view = document.views[root]
        var frame = layout.frames[root]
        var control: ViewPath? = view.type.isControl ? path : nil
        descending: while !view.subviews.isEmpty {
            let frames = view.subviewFrames(in: frame.size, painter: renderer.painter)
            for index in view.subviews.indices.reversed() {
                let child = view.subviews[index]
                let childFrame = frames[index].offsetBy(dx: frame.x, dy: frame.y)
                guard childFrame.contains(point), !child.component(in: .normal).layer(in: childFrame).isHidden else { continue }
                (path, view, frame) = (path.child(index), child, childFrame)
                if child.type.isControl { control = path }
                continue descending
            }
            break
        }
        return control ?? path
    }

    /// Where the view at `path` is on the canvas.
    func canvasFrame(of path: ViewPath) -> Rect? {
        guard let layout else { return nil }
        if path.isTopLevel { return path.root < layout.frames.count ? layout.frames[path.root] : nil }
        guard let document else { return nil }
        return renderer.canvasFrame(of: path, in: document, layout: layout)
    }

    /// While the button is held, the control is highlighted only while the pointer is over it.
    func pointerMoved(to point: Point?) {
        guard let press = pointerPress, let frame = canvasFrame(of: press.path) else { return }
        let inside = point.map { frame.contains($0) } ?? false
        guard inside != press.inside else { return }
        changingStates { pointerPress = (press.path, inside) }
    }

    /// Release over the pressed control toggles its selected state; elsewhere it only un-highlights.
    func pointerUp(at point: Point?) {
        guard let press = pointerPress else { return }
        let inside = point.flatMap { point in canvasFrame(of: press.path).map { $0.contains(point) } } ?? false
        changingStates {
            pointerPress = nil
            if inside && isInteractive(press.path) { toggleOwnState(.selected, of: press.path) }
        }
    }

    /// Switches `state` of the view at `path` on or off in its own state.
    private func toggleOwnState(_ state: ControlState, of path: ViewPath) {
        if path.isTopLevel {
            guard path.root < states.count else { return }
            states[path.root].formSymmetricDifference(state)
            return
        }
        var own = nestedStates[path] ?? document?.view(at: path)?.initialState ?? .normal
        own.formSymmetricDifference(state)
        nestedStates[path] = own
    }

    /// The keyboard went elsewhere mid-press: the key's release will never come, so un-highlight
    /// without acting. (A pointer press needs no such care: X keeps sending its events until release.)
    func cancelKeyPress() {
        guard keyPress != nil else { return }
        changingStates { keyPress = nil }
    }

    // MARK: - Keyboard

    /// Tab and Shift-Tab: the next or previous view, wrapping around: each top-level view, and
    /// the controls inside it in tree order (the parts a person acts on; its labels and images
    /// are reached with the inspector's steps).
    func moveFocus(backwards: Bool) {
        let order = focusOrder
        guard !order.isEmpty else { return }
        if keyPress != nil { changingStates { keyPress = nil } }
        let next: ViewPath
        if let focus {
            // A focus not in the order (a nested label, stepped to) goes on from the place it has in the tree.
            let place = order.firstIndex(of: focus) ?? (order.lastIndex { $0 < focus } ?? (backwards ? 0 : order.count - 1))
            let exact = order.indices.contains(place) && order[place] == focus
            next = backwards ? order[(place + (exact ? order.count - 1 : 0)) % order.count] : order[(place + 1) % order.count]
        } else {
            next = backwards ? order[order.count - 1] : order[0]
        }
        setFocus(next, visible: true)
    }

    /// What Tab walks through, in tree order.
    var focusOrder: [ViewPath] {
        guard let document else { return (0..<viewCount).map(ViewPath.init) }
        guard document.isNested else { return document.views.indices.map(ViewPath.init) }
        return document.allPaths.filter { $0.isTopLevel || document.view(at: $0)?.type.isControl == true }
    }

    /// The inspector's steps: to the focused view's parent, or to its first subview; to the next
    /// or previous sibling. Nil when there is no such view.
    func stepFocus(_ step: FocusStep) -> Bool {
        guard let focus, let document, let view = document.view(at: focus) else { return false }
        let target: ViewPath?
        switch step {
        case .parent: target = focus.parent
        case .firstChild: target = view.subviews.isEmpty ? nil : focus.child(0)
        case .nextSibling, .previousSibling:
            guard let parent = focus.parent, let holder = document.view(at: parent) else { return false }
            let index = focus.indices[focus.depth - 1] + (step == .nextSibling ? 1 : -1)
            target = holder.subviews.indices.contains(index) ? parent.child(index) : nil
        }
        guard let target else { return false }
        if keyPress != nil { changingStates { keyPress = nil } }
        setFocus(target, visible: true)
        return true
    }

    enum FocusStep { case parent, firstChild, nextSibling, previousSibling }

    /// Space or Return down: highlights the focused control, as a held mouse button does.
    func activateDown() {
        guard let focus else { return }
        showFocus()
        guard keyPress == nil, isInteractive(focus) else { return }
        changingStates { keyPress = focus }
    }

    /// Space or Return up: toggles the selected state of the control it went down on.
    func activateUp() {
        guard let path = keyPress else { return }
        changingStates {
            keyPress = nil
            if isInteractive(path) { toggleOwnState(.selected, of: path) }
        }
    }

    /// `h`, `s` and `d`: switches `state` of the focused control on or off and keeps it, so it
    /// can be looked at (or screenshotted) without holding anything down. The class name when
    /// the focused view is not a control and so has no states.
    func toggle(_ state: ControlState) -> String? {
        guard let focus else { return nil }
        showFocus()
        guard isControl(focus) else {
            return document?.view(at: focus)?.type.className ?? remote.flatMap { focus.root < $0.views.count ? $0.views[focus.root].className : nil }
        }
        changingStates { toggleOwnState(state, of: focus) }
        return nil
    }

    private func showFocus() {
        if let focus, !focusVisible { setFocus(focus, visible: true) }
    }

    private func setFocus(_ path: ViewPath?, visible: Bool) {
        let ringBefore = focusVisible ? focus : nil
        if path != focus { damage.inspector = true }
        focus = path
        focusVisible = visible && path != nil
        let ringAfter = focusVisible ? focus : nil
        if ringBefore != ringAfter {
            // The ring is redrawn with the top-level view it is in.
            if let ringBefore { damage.rings.insert(ringBefore.root) }
            if let ringAfter { damage.rings.insert(ringAfter.root) }
        }
    }
}
