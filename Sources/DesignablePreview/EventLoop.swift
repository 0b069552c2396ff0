import CX11
import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// One poll() over the X connection and the inotify descriptor: no threads, and no timeout while
/// idle, so an idle preview uses no CPU. Events only record what must change; one frame per
/// wake-up then lays out, draws the damaged regions into the back buffer and blits them.
final class EventLoop {
    /// How long a file must be quiet after an event that does not end a save (a modify, a create,
    /// a delete) before it is read anyway: editors close or rename well within this.
    static let settleDelay: UInt64 = 120_000_000
    /// How long to wait for the window manager to widen the window for the inspector.
    static let panelResizeWait: UInt64 = 300_000_000
    /// Points per mouse-wheel step.
    static let wheelStep = 48.0

    private let window: PreviewWindow
    private let session: PreviewSession
    private let watcher: FileWatcher
    private let composer: FrameComposer
    private let tracer: Tracer
    private let options: PreviewOptions
    private let scale: Double
    private var viewport: Viewport

    private var running = true
    private var exitStatus: Int32 = 0

    // MARK: Frame in progress
    /// Work waiting to be drawn: its cause, when the wake-up that led to it began, steps timed so far.
    private var pending: Tracer.Frame?
    private var fullRedraw = false
    private var regions: [PixelRect] = []
    private var viewsRedrawn = 0
    /// Drawn into the buffer but not yet on the window (the first frame waits for the first Expose).
    private var unpresented: Tracer.Frame?
    private var unpresentedRects: [PixelRect] = []
    private var exposed = PixelRect.empty
    private var hasBeenExposed = false
    /// When the current wake-up began, for frame timing.
    private var wake: UInt64 = 0

    // MARK: Files
    private var unsettled: Set<String> = []
    private var settleDeadline: UInt64?

    // MARK: Inspector
    private var inspectorVisible = false
    /// The findings last printed on stderr.
    private var lastReported: [Diagnostic] = []
    private var pendingPanelWidth: Int?
    private var panelDeadline: UInt64?
    /// The window width last asked for, until the server answers: `i` twice in a row counts from it.
    private var requestedWidth: Int?
    private var widenedBy = 0

    init(window: PreviewWindow, session: PreviewSession, watcher: FileWatcher, options: PreviewOptions,
         scale: Double, startFrame: Tracer.Frame) {
        self.window = window
        self.session = session
        self.watcher = watcher
        self.options = options
        self.scale = scale
        composer = FrameComposer(renderer: session.renderer)
        tracer = Tracer(enabled: options.trace)
        viewport = Viewport(windowWidth: window.width, windowHeight: window.height, scale: scale)
        pending = startFrame
        fullRedraw = true
    }

    /// The window size for the document's natural canvas at `scale`, at most 90% of the screen.
    static func preferredSize(for session: PreviewSession, scale: Double, display: XDisplay) -> (width: Int, height: Int) {
        var size = Size(width: 375, height: 667)
        if let document = session.document {
            size = session.renderer.layout(document).canvasSize
        }
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        return (max(120, min(width, display.screenWidth * 9 / 10)), max(80, min(height, display.screenHeight * 9 / 10)))
    }

    // MARK: - Running

    /// Draws the first frame, maps the window and runs until `q`, Escape or the close button; the exit status.
    func run() -> Int32 {
        wake = pending?.started ?? MonotonicClock.now()
        present()
        window.map()
        var descriptors = [pollfd(fd: window.display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while running {
            // Events Xlib already read (during a sync, say) do not wake poll(): take them first.
            while running && window.hasPendingEvents { handle(window.nextEvent()) }
            guard running else { break }
            present()
            guard running else { break }
            if window.hasPendingEvents { continue }
            let ready = poll(&descriptors, 2, pollTimeout(now: MonotonicClock.now()))
            wake = MonotonicClock.now()
            if ready > 0, descriptors[1].revents & Int16(POLLIN) != 0 { fileEvents() }
            runDeadlines()
        }
        return exitStatus
    }

    private func quit(_ status: Int32) {
        running = false
        exitStatus = status
    }

    private func pollTimeout(now: UInt64) -> Int32 {
        guard let next = [settleDeadline, composer.note?.until, panelDeadline].compactMap({ $0 }).min() else { return -1 }
        return next <= now ? 0 : Int32(min(60_000, (next - now + 999_999) / 1_000_000))
    }

    private func runDeadlines() {
        if let deadline = settleDeadline, wake >= deadline {
            settleDeadline = nil
            let paths = unsettled
            unsettled = []
            reload(paths, cause: .file)
        }
        if let note = composer.note, wake >= note.until {
            let frame = note.frame(in: viewport.canvasArea, scale: scale, painter: session.renderer.painter)
            composer.note = nil
            schedule(.timer)
            regions.append(frame)
        }
        if let deadline = panelDeadline, wake >= deadline, let width = pendingPanelWidth {
            // The window manager did not resize: the canvas area makes room instead.
            applyPanel(width)
        }
    }

    // MARK: - Scheduling

    private func schedule(_ cause: Tracer.Cause) {
        if pending == nil { pending = Tracer.Frame(cause, started: wake) }
    }

    private func scheduleFull(_ cause: Tracer.Cause) {
        schedule(cause)
        fullRedraw = true
    }

    /// Adds a reload's timings to the pending frame; a file change names the frame it shares.
    private func merge(_ frame: Tracer.Frame) {
        guard var merged = pending else {
            pending = frame
            return
        }
        merged.read += frame.read
        merged.parse += frame.parse
        merged.reconcile += frame.reconcile
        merged.layout += frame.layout
        if frame.cause != .input { merged.cause = frame.cause }
        merged.started = min(merged.started, frame.started)
        pending = merged
    }

    // MARK: - Presenting

    /// Lays out and draws whatever is pending, then blits it with any exposed area, and traces the frame.
    private func present() {
        if window.width != viewport.windowWidth || window.height != viewport.windowHeight {
            viewport.windowWidth = window.width
            viewport.windowHeight = window.height
            if let width = pendingPanelWidth {
                viewport.panelWidth = width
                pendingPanelWidth = nil
                panelDeadline = nil
                requestedWidth = nil
            }
            scheduleFull(.resize)
        }
        if var frame = pending {
            pending = nil
            render(&frame)
            if var held = unpresented {
                held.read += frame.read
                held.parse += frame.parse
                held.reconcile += frame.reconcile
                held.layout += frame.layout
                held.render += frame.render
                if let views = frame.views { held.views = (held.views ?? 0) + views }
                unpresented = held
            } else {
                unpresented = frame
            }
        }
        // The window is not on screen until its first Expose; what was drawn waits for it.
        guard hasBeenExposed || !exposed.isEmpty else { return }
        var frame: Tracer.Frame
        if !hasBeenExposed {
            hasBeenExposed = true
            frame = unpresented ?? Tracer.Frame(.start, started: wake)
            frame.cause = .start
            unpresentedRects = [viewport.window]
        } else if let drawn = unpresented {
            frame = drawn
            if !exposed.isEmpty { unpresentedRects.append(exposed) }
        } else if !exposed.isEmpty, window.bufferIsCurrent {
            frame = Tracer.Frame(.expose, started: wake)
            unpresentedRects = [exposed]
        } else {
            exposed = .empty
            return
        }
        let blitStart = MonotonicClock.now()
        let presented = window.blit(unpresentedRects)
        frame.blit = presented - blitStart
        tracer.record(frame, presented: presented)
        unpresented = nil
        unpresentedRects.removeAll(keepingCapacity: true)
        exposed = .empty
        if frame.cause == .start, let path = options.screenshotPath {
            quit(screenshot(to: path) ? 0 : 1)
        }
    }

    /// Lays out if needed and draws the pending regions into the back buffer.
    private func render(_ frame: inout Tracer.Frame) {
        if session.document != nil {
            let areaWidth = viewport.canvasArea.width
            let laidOut = frame.time(\.layout) { session.layOut(areaWidth: areaWidth, scale: scale) }
            if let layout = session.layout { viewport.setCanvasSize(layout.canvasSize) }
            if session.hasReloadComparison {
                // A reload redraws only what the views whose look, state or frame changed cover.
                if let rects = frame.time(\.reconcile, { session.takeReloadDamage() }), !fullRedraw {
                    for rect in rects { regions.append(viewport.windowRect(of: rect)) }
                    if viewport.panelWidth > 0 { regions.append(viewport.panelArea) }
                } else {
                    fullRedraw = true
                }
            } else if laidOut {
                fullRedraw = true
            }
        }
        let buffer: SharedMemoryImage
        do {
            buffer = try window.currentBuffer()
        } catch {
            fputs("designable: \(error.message)\n", stderr)
            regions.removeAll(keepingCapacity: true)
            fullRedraw = false
            return
        }
        if buffer.width != viewport.windowWidth || buffer.height != viewport.windowHeight { fullRedraw = true }
        if fullRedraw {
            regions.removeAll(keepingCapacity: true)
            regions.append(viewport.window)
            viewsRedrawn = visibleViewCount()
        }
        if frame.cause == .input { frame.views = viewsRedrawn }
        frame.time(\.render) {
            for region in regions {
                composer.draw(region, session: session, viewport: viewport, on: buffer.context)
            }
        }
        unpresentedRects.append(contentsOf: regions)
        regions.removeAll(keepingCapacity: true)
        fullRedraw = false
        viewsRedrawn = 0
    }

    /// The views a full redraw draws: those on screen.
    private func visibleViewCount() -> Int {
        guard let layout = session.layout else { return 0 }
        let visible = viewport.canvasRect(of: viewport.canvasOnWindow)
        return layout.frames.reduce(0) { $0 + ($1.intersects(visible) ? 1 : 0) }
    }

    // MARK: - X events

    private func handle(_ event: WindowEvent) {
        switch event {
        case .expose(let rect, _):
            exposed = exposed.union(rect)
        case .configure(let width, let height):
            window.noteSize(width: width, height: height)
        case .keyPress(let keysym, let modifiers):
            if let action = KeyBinding.action(for: keysym, modifiers: modifiers) { perform(action) }
        case .keyRelease(let keysym, _):
            if KeyBinding.isActivation(keysym) { session.activateUp() }
        case .buttonPress(let button, let x, let y, let modifiers):
            pressed(button, x: x, y: y, shift: modifiers & UInt32(ShiftMask) != 0)
        case .buttonRelease(let button, let x, let y):
            if button == 1 { session.pointerUp(at: canvasPoint(x: x, y: y)) }
        case .motion(let x, let y):
            session.pointerMoved(to: canvasPoint(x: x, y: y))
        case .close:
            quit(0)
        case .focusOut:
            session.cancelKeyPress()
        case .other:
            break
        }
        collectInputDamage()
    }

    /// The canvas point under a window pixel; nil over the banner, the panel or off the window.
    private func canvasPoint(x: Int, y: Int) -> Point? {
        if composer.bannerFrame(for: session, viewport: viewport).contains(x: x, y: y) { return nil }
        return viewport.canvasPoint(x: x, y: y)
    }

    private func pressed(_ button: UInt32, x: Int, y: Int, shift: Bool) {
        let step = Int((Self.wheelStep * scale).rounded())
        switch button {
        case 1:
            // The banner and the inspector are not the canvas: a press there leaves focus alone.
            if let point = canvasPoint(x: x, y: y) { session.pointerDown(at: point) }
        case 4: scroll(dx: shift ? -step : 0, dy: shift ? 0 : -step)
        case 5: scroll(dx: shift ? step : 0, dy: shift ? 0 : step)
        case 6: scroll(dx: -step, dy: 0)
        case 7: scroll(dx: step, dy: 0)
        default: break
        }
    }

    private func scroll(dx: Int, dy: Int) {
        if viewport.scroll(dx: dx, dy: dy) { scheduleFull(.input) }
    }

    private func perform(_ action: KeyBinding.Action) {
        switch action {
        case .quit:
            quit(0)
        case .dismiss:
            if inspectorVisible { toggleInspector() } else { quit(0) }
        case .focusNext, .focusPrevious:
            session.moveFocus(backwards: action == .focusPrevious)
            revealFocus()
        case .activate:
            session.activateDown()
        case .toggle(let state):
            if let name = session.toggle(state) { flash("\(name) is not a control: it has no states") }
        case .reload:
            reload([], cause: .reloadKey)
        case .screenshot:
            _ = screenshot(to: nil)
        case .inspector:
            toggleInspector()
        case .scroll(let dy):
            scroll(dx: 0, dy: Int((dy * scale).rounded()))
        case .page(let down):
            let page = max(1, viewport.canvasArea.height - Int(40 * scale))
            scroll(dx: 0, dy: down ? page : -page)
        case .edge(let end):
            scroll(dx: 0, dy: end ? Int.max / 4 : Int.min / 4)
        }
    }

    /// Scrolls a focused view that Tab moved off screen back into sight.
    private func revealFocus() {
        guard let focus = session.focus, let layout = session.layout, focus < layout.frames.count else { return }
        let margin = FrameComposer.ringMargin + 6
        if viewport.reveal(layout.frames[focus].insetBy(dx: -margin, dy: -margin)) { scheduleFull(.input) }
    }

    /// Turns the views the session says changed into regions of the next frame.
    private func collectInputDamage() {
        let damage = session.takeDamage()
        guard !damage.isEmpty, let layout = session.layout else { return }
        let views = damage.views.union(damage.rings)
        let inspector = damage.inspector && viewport.panelWidth > 0
        // A click that only changes the hidden inspector's subject draws nothing.
        guard !views.isEmpty || inspector else { return }
        schedule(.input)
        for index in views {
            let region = composer.damage(of: index, layout: layout, viewport: viewport)
            if !region.isEmpty { regions.append(region) }
        }
        viewsRedrawn += views.count
        if inspector { regions.append(viewport.panelArea) }
    }

    // MARK: - Inspector

    /// Shows or hides the inspector: the window widens by the panel when the screen has room
    /// (and narrows back after); otherwise the canvas area gives up the width.
    private func toggleInspector() {
        inspectorVisible.toggle()
        let panel = Int((InspectorPanel.width * scale).rounded())
        let width = requestedWidth ?? window.width
        if inspectorVisible {
            let wanted = width + panel
            if wanted <= window.display.screenWidth {
                widenedBy = panel
                requestPanel(panel, windowWidth: wanted)
                return
            }
            applyPanel(panel)
        } else if widenedBy > 0 {
            let narrower = max(120, width - widenedBy)
            widenedBy = 0
            requestPanel(0, windowWidth: narrower)
        } else {
            applyPanel(0)
        }
    }

    /// Asks for the new window width and shows the panel change with the resize it causes, so the
    /// canvas is not laid out twice; if no resize comes, the deadline applies it in place.
    private func requestPanel(_ panelWidth: Int, windowWidth: Int) {
        pendingPanelWidth = panelWidth
        panelDeadline = MonotonicClock.now() + Self.panelResizeWait
        requestedWidth = windowWidth
        window.requestSize(width: windowWidth, height: window.height)
    }

    private func applyPanel(_ width: Int) {
        pendingPanelWidth = nil
        panelDeadline = nil
        requestedWidth = nil
        viewport.panelWidth = width
        scheduleFull(.input)
    }

    // MARK: - Files

    private func fileEvents() {
        let change = watcher.drain()
        guard !change.isEmpty else { return }
        unsettled.formUnion(change.unsettled)
        if change.settled.isEmpty {
            // Mid-save (truncated, created empty, deleted before the new one comes): wait for quiet.
            settleDeadline = wake + Self.settleDelay
            return
        }
        let paths = change.settled.union(unsettled)
        unsettled = []
        settleDeadline = nil
        reload(paths, cause: .file)
    }

    /// Re-reads the style file when it is among `paths` (always for `r`), re-checks changed
    /// images, and schedules what must be redrawn: everything for a new document, only the banner
    /// for a bad one, whose last good frame stays on screen.
    private func reload(_ paths: Set<String>, cause: Tracer.Cause) {
        var frame = Tracer.Frame(cause, started: wake)
        let reaction = session.reaction(to: paths, forced: cause == .reloadKey)
        // Cheap (a stat per decoded image), and catches an image changed while unwatched.
        session.renderer.painter.images.revalidate()
        let titleBefore = session.title
        let bannerBefore = composer.bannerFrame(for: session, viewport: viewport)
        let outcome = reaction.reread
            ? session.reload(force: reaction.force, reuseViews: reaction.reuseViews, frame: &frame)
            : .unchanged
        switch outcome {
        case .unchanged:
            // A spurious event (same identity) costs a stat and nothing else.
            guard reaction.redrawAll else { return }
            session.invalidateLayout()
            merge(frame)
            fullRedraw = true
        case .loaded(let first):
            report(session.diagnostics)
            watcher.watch(session.dependencies)
            if first { resizeToCanvas() }
            merge(frame)
            // What to redraw is known after the layout, in `render`; a changed image or a banner
            // that goes away need more than the views that changed.
            if reaction.redrawAll { fullRedraw = true }
            regions.append(bannerBefore)
        case .failed:
            report(session.diagnostics)
            merge(frame)
            regions.append(bannerBefore.union(composer.bannerFrame(for: session, viewport: viewport)))
        case .removed:
            fputs("designable: \(session.path) was removed; showing the last version until it is back\n", stderr)
            merge(frame)
            regions.append(bannerBefore.union(composer.bannerFrame(for: session, viewport: viewport)))
        }
        if session.title != titleBefore { window.setTitle(session.title) }
        if session.document == nil { fullRedraw = true }
    }

    /// Prints findings on stderr, unless they are the very ones printed last: a person saving
    /// the same warning-laden file again wants no new wall of text.
    private func report(_ diagnostics: [Diagnostic]) {
        guard diagnostics != lastReported else { return }
        lastReported = diagnostics
        for diagnostic in diagnostics { fputs(diagnostic.description + "\n", stderr) }
    }

    /// The first good version of a file that was missing or broken at start sizes the window.
    private func resizeToCanvas() {
        let size = Self.preferredSize(for: session, scale: scale, display: window.display)
        let panel = inspectorVisible ? viewport.panelWidth : 0
        window.requestSize(width: size.width + panel, height: size.height)
    }

    // MARK: - Screenshots

    /// Renders the canvas as `render` would (same layout, scale and states; no banner, ring or
    /// scrolling) and writes it as PNG to `path`, or to a timestamped name beside the style file.
    private func screenshot(to path: String?) -> Bool {
        guard let document = session.document, let layout = session.layout else {
            fputs("designable: nothing to save: \(session.path) has no good version yet\n", stderr)
            flash("Nothing to save yet")
            return false
        }
        let target = path ?? ScreenshotName.path(for: session.path, in: options.screenshotDirectory)
        do {
            let surface = try session.renderer.render(document, layout: layout, scale: scale, states: session.state(of:))
            try FileSystem.writeAtomically(try surface.pngData(), to: target)
        } catch {
            let reason = (error as? RenderError)?.message ?? (error as? PreviewFailure)?.message ?? "\(error)"
            fputs("designable: screenshot failed: \(reason)\n", stderr)
            flash("Screenshot failed")
            return false
        }
        if path == nil {
            // With --trace, stdout is JSON lines for scripts: the path comes as one of them.
            fputs(tracer.enabled ? "{\"screenshot\":\(jsonQuoted(target))}\n" : target + "\n", stdout)
            flash("Saved " + FileSystem.fileName(of: target))
        }
        return true
    }

    private func flash(_ text: String) {
        guard running else { return }
        let painter = session.renderer.painter
        if let old = composer.note { regions.append(old.frame(in: viewport.canvasArea, scale: scale, painter: painter)) }
        let note = FlashNote(text: text, until: MonotonicClock.now() + FlashNote.duration)
        composer.note = note
        schedule(.input)
        regions.append(note.frame(in: viewport.canvasArea, scale: scale, painter: painter))
    }
}
