import CX11
import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// One poll() over the X connection and the inotify descriptor: no threads, and no timeout while
/// idle, so an idle preview uses no CPU. Events only record what must change; one frame per
/// wake-up then lays out, draws the damaged regions into the back buffer and blits them.
final class EventLoop {
    /// Points per mouse-wheel step.
    static let wheelStep = 48.0
    /// The inspector's property rows per mouse-wheel step.
    static let inspectorWheelRows = 3

    private let window: PreviewWindow
    private let session: PreviewSession
    private let watcher: FileWatcher
    private let composer: FrameComposer
    private let tracer: Tracer
    private let options: PreviewOptions
    private let screenshots: ScreenshotWriter
    private let scale: Double
    /// The window's size, the panel's width and the scrolling: the only copy of the window's size.
    private var viewport: Viewport
    private var frames: FrameSchedule
    private var panel = PanelNegotiation()
    private var deadlines = Deadlines()

    private var running = true
    private var exitStatus: Int32 = 0
    /// When the current wake-up began, for frame timing.
    private var wake: UInt64 = 0
    /// The findings last printed on stderr.
    private var lastReported: [Diagnostic] = []
    /// The title last given to the window.
    private var shownTitle: String?
    /// Window sizes asked for and not yet answered, oldest first: any other size the server
    /// reports was the user's doing, and from then on the window no longer follows the canvas.
    private var requestedSizes: [(width: Int, height: Int)] = []
    private var resizedByHand = false
    /// Whether `g` shows the variants grid instead of the canvas, and the window's size before it grew for it.
    private var gridShown = false
    private var sizeBeforeGrid: (width: Int, height: Int)?
    /// The component worker of a file that names Swift components (see `WorkerClient`), and
    /// what it is doing and what waits for it.
    private var worker: WorkerClient?
    private var workerJob: WorkerJob?
    private var wantsLoad: (force: Bool, cause: Tracer.Cause)?
    private var wantsRender = false
    /// When the load being answered began, for its frame's timing.
    private var loadStarted: UInt64 = 0

    private enum WorkerJob { case load, render }

    /// How long the preview must have been idle after a frame before it fills the pixel cache:
    /// longer than the gap between frames of a drag, a scroll or a burst of saves, so that only a
    /// pause gets the work.
    static let warmDelay: UInt64 = 20_000_000
    /// How long one turn of filling it may take before events are looked at again.
    static let warmSlice: UInt64 = 1_000_000
    /// The view the next turn of filling the pixel cache starts at; nil when there is nothing to fill.
    private var warmFrom: Int?

    /// `viewport` is the window's size at creation, which the window was made with.
    init(window: PreviewWindow, viewport: Viewport, session: PreviewSession, watcher: FileWatcher, options: PreviewOptions,
         startFrame: Tracer.Frame) {
        self.window = window
        var viewport = viewport
        (viewport.windowWidth, viewport.windowHeight) = Viewport.drawnSize(width: viewport.windowWidth, height: viewport.windowHeight)
        self.viewport = viewport
        self.session = session
        self.watcher = watcher
        self.options = options
        scale = viewport.scale
        composer = FrameComposer(renderer: session.renderer)
        tracer = Tracer(enabled: options.trace)
        screenshots = ScreenshotWriter(renderer: session.renderer, scale: viewport.scale,
                                       directory: options.screenshotDirectory, announcesAsJSON: options.trace)
        frames = FrameSchedule(start: startFrame)
    }

    /// The window size for the document's natural canvas at `scale` (see `Viewport.windowSize`).
    static func preferredSize(for session: PreviewSession, scale: Double, display: XDisplay) -> (width: Int, height: Int) {
        let canvas = session.document.map { session.renderer.layout($0).canvasSize } ?? session.naturalCanvasSize
        return Viewport.windowSize(for: canvas, scale: scale, screenWidth: display.screenWidth, screenHeight: display.screenHeight)
    }

    // MARK: - Running

    /// Draws the first frame, maps the window and runs until `q`, Escape or the close button; the exit status.
    func run() -> Int32 {
        wake = frames.pending?.started ?? MonotonicClock.now()
        updateTitle()
        schedulePolling()
        updateInsets()
        present()
        window.map()
        // A banner at start (a warning) takes room the canvas then needs.
        followCanvas()
        var descriptors = [pollfd(fd: window.display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: -1, events: Int16(POLLIN), revents: 0), pollfd(fd: -1, events: Int16(POLLIN), revents: 0)]
        if session.remote != nil { requestLoad(force: true, cause: .file) }
        while running {
            // Events Xlib already read (during a sync, say) do not wake poll(): take them first.
            while running && window.hasPendingEvents { handle(window.nextEvent()) }
            guard running else { break }
            present()
            guard running else { break }
            if window.hasPendingEvents { continue }
            // The worker's replies and its standard error, while there is one (poll skips -1).
            descriptors[2].fd = worker?.replies.fd ?? -1
            descriptors[3].fd = worker?.errors.fd ?? -1
            let ready = poll(&descriptors, 4, deadlines.pollTimeout(now: MonotonicClock.now()))
            wake = MonotonicClock.now()
            if ready > 0, descriptors[1].revents & Int16(POLLIN) != 0 { fileEvents() }
            if ready > 0, descriptors[3].revents != 0 { worker?.drainErrors() }
            if ready > 0, descriptors[2].revents != 0 { workerEvents() }
            runDeadlines()
        }
        return exitStatus
    }

    private func quit(_ status: Int32) {
        running = false
        exitStatus = status
    }

    private func runDeadlines() {
        for kind in deadlines.expire(at: wake) {
            switch kind {
            case .settle:
                reload(watcher.settle(), cause: .file)
            case .note:
                frames.schedule(.timer, at: wake)
                frames.redraw(composer.notes.clear(in: viewport.canvasArea, scale: scale, painter: session.renderer.painter))
            case .panel:
                // The window manager did not resize: the canvas area makes room instead.
                if let width = panel.takePendingWidth() { applyPanel(width) }
            case .poll:
                let changed = watcher.poll()
                if !changed.isEmpty { reload(changed, cause: .file) }
                schedulePolling()
            case .worker:
                let limit = Double(WorkerClient.timeLimit) / 1e9
                workerStopped(timedOut: "took longer than \(formatNumber(limit)) s (an endless loop?) and was stopped")
            case .warm:
                warmViewPixels()
            }
        }
    }

    private func schedule(_ cause: Tracer.Cause) {
        frames.schedule(cause, at: wake)
    }

    private func scheduleFull(_ cause: Tracer.Cause) {
        frames.scheduleFull(cause, at: wake)
    }

    // MARK: - Presenting

    /// Lays out and draws whatever is pending, then blits it with any exposed area, and traces the frame.
    private func present() {
        if var frame = frames.takePending() {
            render(&frame)
        }
        let window = self.window, size = viewport.window
        guard let (frame, presented) = frames.present(window: size, bufferIsCurrent: window.hasBuffer(width: size.width, height: size.height),
                                                      wake: wake, blit: { window.blit($0) }) else { return }
        tracer.record(frame, presented: presented, focus: session.focus.flatMap { focus in session.document.map { $0.name(of: focus) } })
        // What the frame replaced is freed once it is on screen, not in its time.
        session.releaseRetired()
        composer.viewPixels.releaseForgotten()
        warmFrom = 0
        deadlines.set(.warm, at: presented + Self.warmDelay)
        if frame.cause == .start, session.isPartial { completeFirstRead() }
        // A file with Swift components has no canvas at start: its screenshot waits for the
        // worker's first frame (or failure), in `workerEvents`.
        if frame.cause == .start, let path = options.screenshotPath, session.remote == nil {
            quit(screenshot(to: path) ? 0 : 1)
        }
    }

    /// Lays out if needed and draws the pending regions into the back buffer.
    private func render(_ frame: inout Tracer.Frame) {
        if session.document != nil {
            frame.time(\.layout) { prepareLayout() }
            let laidOut = laidOutSinceFrame
            laidOutSinceFrame = false
            if session.hasReloadComparison {
                // A reload redraws only what the views whose look, state or frame changed cover
                // (anything in the grid, where a view's cells move with any row's height).
                let damage = frame.time(\.reconcile) { session.takeReloadDamage() }
                let partial = !frames.fullRedraw && !gridShown && !composer.showsOverlays
                switch damage {
                case .rects(let rects) where partial:
                    frame.regions = rects.count
                    for rect in rects { frames.redraw(viewport.windowRect(of: rect)) }
                    if viewport.panelWidth > 0 { frames.redraw(viewport.panelArea) }
                case .background where partial:
                    // Every view as it was: their opaque middles stay as they are on screen.
                    frames.redrawAll(keeping: frame.time(\.reconcile) { composer.keptOpaquePixels(session: session, viewport: viewport) })
                default:
                    frames.fullRedraw = true
                }
            } else if laidOut {
                frames.fullRedraw = true
            }
        } else if session.remote != nil, let layout = session.layout {
            // The worker's canvas: laid out there, drawn whole at its own size.
            viewport.setCanvasSize(layout.canvasSize)
        }
        let buffer: SharedMemoryImage
        do {
            buffer = try window.currentBuffer(width: viewport.windowWidth, height: viewport.windowHeight)
        } catch {
            fputs("designable: \(error.message)\n", stderr)
            frames.dropRegions()
            return
        }
        if buffer.width != viewport.windowWidth || buffer.height != viewport.windowHeight { frames.fullRedraw = true }
        let regions = frames.regions(for: &frame, window: viewport.window, visibleViews: visibleViewCount)
        frame.time(\.render) {
            for region in regions {
                composer.draw(region, session: session, viewport: viewport, on: buffer.context, keeping: frames.kept)
            }
        }
        frames.drew(frame)
    }

    /// Idle work: the views on screen whose pixels the cache does not keep yet (each is kept only
    /// once drawn unchanged twice) are drawn into it a slice at a time, events looked at between
    /// slices, so the first save that repaints views without changing them (the canvas
    /// background) composites them as later saves do instead of drawing every one.
    private func warmViewPixels() {
        guard let from = warmFrom, let document = session.document, let layout = session.layout, composer.grid == nil,
              !composer.showsOverlays, !gridShown else {
            warmFrom = nil
            return
        }
        // Something came in: it goes first, and the pause starts again (after its frame, if it makes one).
        if frames.pending != nil || window.hasPendingEvents {
            deadlines.set(.warm, at: MonotonicClock.now() + Self.warmDelay)
            return
        }
        let visible = viewport.canvasRect(of: viewport.canvasOnWindow)
        warmFrom = session.renderer.warm(document, layout: layout, scale: scale, states: session.state(of:), area: visible,
                                         cache: composer.viewPixels, from: from, until: MonotonicClock.now() + Self.warmSlice)
        composer.viewPixels.releaseForgotten()
        // The next slice once poll() has seen nothing waiting.
        if warmFrom != nil { deadlines.set(.warm, at: 0) }
    }

    /// The views a full redraw draws: those on screen.
    private func visibleViewCount() -> Int {
        guard let layout = session.layout else { return 0 }
        let visible = viewport.canvasRect(of: viewport.canvasOnWindow)
        return layout.frames.reduce(0) { $0 + ($1.intersects(visible) ? 1 : 0) }
    }

    // MARK: - X events

    private func handle(_ event: WindowEvent) {
        // Input read in the turn of a reload comes before that turn's frame, which would lay the
        // new document out: a press is hit-tested, and a state change's area found, against it.
        if event.isInput, session.document != nil, session.layout == nil { prepareLayout() }
        switch event {
        case .expose(let rect, _):
            // Beyond the drawn part of a huge window the server fills; the buffer has the rest.
            window.fill(rect, outside: viewport.window)
            let drawn = rect.intersection(viewport.window)
            if !drawn.isEmpty { frames.expose(drawn) }
        case .configure(let width, let height):
            resized(width: width, height: height)
        case .keyPress(let keysym, let modifiers):
            if let action = KeyBinding.action(for: keysym, modifiers: modifiers) { perform(action) }
        case .keyRelease(let keysym, _):
            if KeyBinding.isActivation(keysym) { session.activateUp() }
        case .buttonPress(let button, let x, let y, let modifiers):
            pressed(button, x: x, y: y, shift: modifiers & UInt32(ShiftMask) != 0)
        case .buttonRelease(let button, let x, let y):
            if button == 1 {
                session.pointerUp(at: pressPoint(x: x, y: y))
                composer.pressedCell = nil
            }
        case .motion(let x, let y):
            session.pointerMoved(to: pressPoint(x: x, y: y))
        case .close:
            quit(0)
        case .focusOut:
            session.cancelKeyPress()
        case .other:
            break
        }
        collectInputDamage()
    }

    /// The canvas point under a window pixel; nil over the banner, the legend, the panel or off the window.
    private func canvasPoint(x: Int, y: Int) -> Point? {
        viewport.canvasPoint(x: x, y: y)
    }

    /// Where a press's pointer is on the canvas: in the grid, as the view of the cell the press
    /// went down in sees it, so leaving that cell is leaving the view.
    private func pressPoint(x: Int, y: Int) -> Point? {
        let point = canvasPoint(x: x, y: y)
        guard composer.grid != nil else { return point }
        return point.flatMap { composer.pressedCell?.canvasPoint($0) }
    }

    /// A press in the grid: on the view of the cell under it, when it is on that view's frame;
    /// the cell alone shows the press, and a release on it selects the view in every cell.
    private func gridPointerDown(at point: Point, in grid: VariantGrid) {
        let cell = grid.cell(at: point).flatMap { cell in
            session.layout.map { cell.view < $0.frames.count && $0.frames[cell.view].contains(cell.canvasPoint(point)) } == true ? cell : nil
        }
        composer.pressedCell = cell
        session.pointerDown(onView: cell?.view)
    }

    private func pressed(_ button: UInt32, x: Int, y: Int, shift: Bool) {
        let step = Int((Self.wheelStep * scale).rounded())
        switch button {
        case 1:
            // The banner and the inspector are not the canvas: a press there leaves focus alone.
            if let point = canvasPoint(x: x, y: y) {
                if let grid = composer.grid { gridPointerDown(at: point, in: grid) } else { session.pointerDown(at: point) }
            }
        case 4 where viewport.panelArea.contains(x: x, y: y): scrollInspector(by: -Self.inspectorWheelRows)
        case 5 where viewport.panelArea.contains(x: x, y: y): scrollInspector(by: Self.inspectorWheelRows)
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

    /// The wheel over the inspector moves its property rows, not the canvas, within what the
    /// last drawing of the panel found they reach: a step past either end draws nothing.
    private func scrollInspector(by rows: Int) {
        let scroll = composer.inspectorScroll
        // The panel is not drawn yet for a view just focused: it starts at the top.
        guard scroll.view == session.focus else { return }
        let next = min(max(0, scroll.firstRow + rows), scroll.furthest)
        guard next != scroll.firstRow else { return }
        composer.inspectorScroll.firstRow = next
        schedule(.input)
        frames.redraw(viewport.panelArea)
    }

    private func perform(_ action: KeyBinding.Action) {
        switch action {
        case .quit:
            quit(0)
        case .dismiss:
            if panel.isVisible { toggleInspector() } else { quit(0) }
        case .focusNext, .focusPrevious:
            session.moveFocus(backwards: action == .focusPrevious)
            revealFocus()
        case .focusParent, .focusSubview:
            if session.stepFocus(action == .focusParent ? .parent : .firstChild) {
                revealFocus()
            } else if session.focus != nil {
                flash(action == .focusParent ? "this view is at the top level: it has no parent" : "this view has no subviews")
            }
        case .activate:
            session.activateDown()
        case .toggle(let state):
            if let name = session.toggle(state) { flash("\(name) is not a control: it has no states") }
        case .reload:
            // The watches are made again too: `r` is what a person tries when a save is not seen.
            watcher.rearm()
            reload([], cause: .reloadKey)
            schedulePolling()
        case .screenshot:
            _ = screenshot(to: nil)
        case .inspector:
            toggleInspector()
        case .outlines:
            composer.showsOutlines.toggle()
            // The worker measures a components file's rectangles: it sends them with a frame.
            if session.remote != nil {
                if composer.showsOutlines { requestRender() } else { session.remote?.outlines = nil }
            }
            if updateInsets() { followCanvas() }
            scheduleFull(.input)
        case .audit:
            composer.showsAudit.toggle()
            scheduleFull(.input)
            if composer.showsAudit {
                flash(composer.audit.summary(in: viewport.canvasRect(of: viewport.canvasOnWindow), of: session))
            }
        case .scroll(let dx, let dy):
            scroll(dx: Int((dx * scale).rounded()), dy: Int((dy * scale).rounded()))
        case .page(let down):
            let page = max(1, viewport.canvasArea.height - Int(40 * scale))
            scroll(dx: 0, dy: down ? page : -page)
        case .edge(let end):
            scroll(dx: 0, dy: end ? Int.max / 4 : Int.min / 4)
        case .appearance:
            let renderer = session.renderer
            renderer.appearance = renderer.appearance == .light ? .dark : .light
            if session.remote != nil { requestRender() }
            scheduleFull(.input)
            flash(renderer.appearance == .dark ? "Dark appearance" : "Light appearance")
        case .direction:
            let renderer = session.renderer
            renderer.layoutDirection = renderer.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
            if session.remote != nil { requestRender() }
            scheduleFull(.input)
            flash(renderer.layoutDirection == .rightToLeft ? "Right-to-left layout" : "Left-to-right layout")
        case .grid:
            toggleGrid()
        }
    }

    // MARK: - The variants grid

    /// `g`: the grid in place of the canvas, or the canvas again; the window grows to show the
    /// grid (within the screen) and goes back to its size after.
    private func toggleGrid() {
        if session.remote != nil {
            // Said in the banner, which has room for the whole sentence, until g again or a save.
            session.notice = session.notice == nil
                ? "The variants grid does not show Swift components yet: designable render --variants draws it"
                : nil
            updateBanner()
            return schedule(.input)
        }
        gridShown.toggle()
        composer.grid = nil
        composer.pressedCell = nil
        scheduleFull(.input)
        layOutCanvas()
        if gridShown, let layout = session.layout, let size = layOutGrid(layout) {
            // The inspector keeps its room beside the grid, within the same share of the screen.
            let screen = (width: window.display.screenWidth, height: window.display.screenHeight)
            let wanted = Viewport.windowSize(for: Size(width: size.width + Double(viewport.panelWidth) / scale, height: size.height),
                                             scale: scale, screenWidth: screen.width, screenHeight: screen.height)
            let width = max(wanted.width, viewport.windowWidth), height = max(wanted.height, viewport.windowHeight)
            if (width, height) != (viewport.windowWidth, viewport.windowHeight) {
                sizeBeforeGrid = (viewport.windowWidth, viewport.windowHeight)
                requestSize(width: width, height: height)
            }
        } else if !gridShown, let size = sizeBeforeGrid {
            sizeBeforeGrid = nil
            requestSize(width: size.width, height: size.height)
        }
        flash(gridShown ? "Every state: the variants grid (g for the canvas)" : "The canvas")
    }

    /// Whether the document was laid out again since a frame last drew: the next frame draws it whole
    /// unless a reload's comparison says what changed.
    private var laidOutSinceFrame = false

    /// Lays the document out if it is not (`layOutCanvas`) and gives the canvas its size.
    private func prepareLayout() {
        if layOutCanvas() { laidOutSinceFrame = true }
        if let layout = session.layout { viewport.setCanvasSize(layOutGrid(layout) ?? layout.canvasSize) }
    }

    /// Lays the document out for what the window shows (see `PreviewSession.layOut`): the canvas at
    /// the canvas area's width, or while the grid shows at the canvas's own width, as `render
    /// --variants` lays it out (a column centred at the window's width may sit on half pixels).
    /// Whether the layout changed.
    @discardableResult
    private func layOutCanvas() -> Bool {
        session.layOut(areaWidth: gridShown ? 0 : viewport.canvasArea.width, scale: scale)
    }

    /// While the grid shows: makes it for `layout` in the current appearance and direction
    /// unless it is already (a new one is drawn whole), and gives its size; nil otherwise.
    private func layOutGrid(_ layout: Layout) -> Size? {
        guard gridShown, let document = session.document else { return nil }
        let variant = Variant(appearance: session.renderer.appearance, direction: session.renderer.layoutDirection)
        if let grid = composer.grid, grid.document === document, grid.layout == layout, grid.variants == [variant] {
            return grid.size
        }
        let grid = VariantGrid(document, layout: layout, variants: [variant], painter: session.renderer.painter)
        composer.grid = grid
        composer.pressedCell = nil
        frames.fullRedraw = true
        return grid.size
    }

    /// Scrolls a focused view that Tab moved off screen back into sight.
    private func revealFocus() {
        guard let focus = session.focus, let layout = session.layout, focus.root < layout.frames.count else { return }
        guard let document = session.document, let view = document.view(at: focus), let frame = session.canvasFrame(of: focus) else { return }
        // A little room beyond the ring, so the focused view does not sit flush with the edge.
        let shown = focus.isTopLevel ? view.coverage(in: frame, state: session.state(of: focus.root))
            : frame.union(FocusRing.bounds(around: view.component(in: session.state(at: focus)).layer(in: frame).shape(in: frame)))
        let coverage = (composer.grid?.rowRect(of: focus.root) ?? shown).insetBy(dx: -6, dy: -6)
        if viewport.reveal(coverage) { scheduleFull(.input) }
    }

    /// Turns the views the session says changed into regions of the next frame.
    private func collectInputDamage() {
        if session.remote != nil {
            // The worker draws the views: a state change asks it for a new frame; the ring
            // and the inspector are the window's own.
            let damage = session.takeDamage()
            guard !damage.isEmpty else { return }
            // A new subject for the inspector: the worker reads its rows with the next frame.
            if !damage.views.isEmpty || (damage.inspector && panel.isVisible && needsInspection) { requestRender() }
            scheduleFull(.input)
            return
        }
        let damage = session.takeDamage()
        guard !damage.isEmpty, let layout = session.layout else { return }
        let views = damage.views.union(damage.rings)
        let inspector = damage.inspector && viewport.panelWidth > 0
        // A click that only changes the hidden inspector's subject draws nothing.
        guard !views.isEmpty || inspector else { return }
        if composer.showsOverlays {
            // Outlines and audit marks reach past a view's coverage, and a state changes them.
            scheduleFull(.input)
            frames.countViews(views.count)
            return
        }
        schedule(.input)
        for index in views {
            let region = composer.damage(of: index, session: session, layout: layout, viewport: viewport, before: damage.previousAreas[index])
            if !region.isEmpty { frames.redraw(region) }
        }
        frames.countViews(views.count)
        if inspector { frames.redraw(viewport.panelArea) }
    }

    // MARK: - Window size and inspector

    /// The server says the window's size (it may be unchanged when the window only moved): a
    /// panel waiting for the resize shows with it, and the next frame redraws everything.
    private func resized(width: Int, height: Int) {
        let answered = requestedSizes.firstIndex { $0 == (width, height) }
        if let answered { requestedSizes.removeFirst(answered + 1) }
        // The back buffer never grows past the cap: a larger window draws its top-left part.
        let (width, height) = Viewport.drawnSize(width: width, height: height)
        guard width != viewport.windowWidth || height != viewport.windowHeight else { return }
        if answered == nil { resizedByHand = true }
        viewport.windowWidth = width
        viewport.windowHeight = height
        if let panelWidth = panel.takePendingWidth() {
            viewport.panelWidth = panelWidth
            deadlines.cancel(.panel)
        }
        // A wider or taller window may wrap the banner onto other lines: the canvas may need more room.
        if updateInsets() { followCanvas() }
        scheduleFull(.resize)
    }

    /// Asks the window manager for a size, remembering it so its answer is not taken for the user's.
    private func requestSize(width: Int, height: Int) {
        requestedSizes.append((width, height))
        window.requestSize(width: width, height: height)
    }

    /// Grows the window to show the whole canvas, its banner and legend (up to 90% of the
    /// screen), when a save made the canvas larger than the window; never once the user has
    /// sized the window, and never smaller.
    private func followCanvas() {
        // The grid sizes the window for itself, and puts it back after.
        guard !resizedByHand, !gridShown, let canvas = session.naturalCanvasSize else { return }
        let display = window.display
        let wanted = Viewport.windowSize(for: canvas, scale: scale, screenWidth: display.screenWidth, screenHeight: display.screenHeight)
        let current = requestedSizes.last ?? (viewport.windowWidth, viewport.windowHeight)
        let width = max(current.width, min(wanted.width + viewport.panelWidth, display.screenWidth * 9 / 10))
        let height = max(current.height, min(wanted.height + viewport.topInset + viewport.bottomInset, display.screenHeight * 9 / 10))
        guard width > current.width || height > current.height else { return }
        requestSize(width: width, height: height)
    }

    /// Sets the room the banner takes above the canvas and the legend below it; when either
    /// changed, the canvas moves and every pixel is drawn again.
    @discardableResult
    private func updateInsets() -> Bool {
        let top = composer.bannerFrame(for: session, viewport: viewport).height
        let bottom = composer.legendHeight(viewport: viewport, nested: session.document?.isNested ?? false)
        guard top != viewport.topInset || bottom != viewport.bottomInset else { return false }
        viewport.topInset = top
        viewport.bottomInset = bottom
        viewport.clampScroll()
        frames.fullRedraw = true
        return true
    }

    /// Whether the inspector shows a components file's view whose rows the worker has not read.
    private var needsInspection: Bool {
        guard let remote = session.remote, let focus = session.focusedRoot else { return false }
        return remote.inspected.map { $0.view != focus || $0.state != session.state(of: focus).rawValue } ?? true
    }

    /// Shows or hides the inspector, widening the window for it when the screen has room.
    private func toggleInspector() {
        defer { if panel.isVisible && needsInspection { requestRender() } }
        let panelWidth = Int((InspectorPanel.width * scale).rounded())
        switch panel.toggle(panelWidth: panelWidth, windowWidth: viewport.windowWidth, screenWidth: window.display.screenWidth) {
        case .request(_, let windowWidth):
            // The panel changes with the resize this causes, so the canvas is not laid out
            // twice; if no resize comes, the deadline applies it in place.
            deadlines.set(.panel, at: MonotonicClock.now() + PanelNegotiation.resizeWait)
            requestSize(width: windowWidth, height: viewport.windowHeight)
        case .apply(let panelWidth):
            applyPanel(panelWidth)
        }
    }

    private func applyPanel(_ width: Int) {
        deadlines.cancel(.panel)
        viewport.panelWidth = width
        updateInsets()
        scheduleFull(.input)
    }

    // MARK: - Files

    private func fileEvents() {
        defer {
            // A watch the kernel dropped may have been made again as polling, or the other way.
            schedulePolling()
            updateTitle()
        }
        switch watcher.drain() {
        case .none:
            break
        case .saving:
            // Mid-save (truncated, created empty, deleted before the new one comes): wait for quiet.
            deadlines.set(.settle, at: wake + FileWatcher.settleDelay)
        case .saved(let paths):
            deadlines.cancel(.settle)
            reload(paths, cause: .file)
        }
    }

    /// Re-reads the style file when it is among `paths` (always for `r`), re-checks changed
    /// images, and schedules what must be redrawn: everything for a new document, only the banner
    /// for a bad one, whose last good frame stays on screen.
    private func reload(_ paths: Set<String>, cause: Tracer.Cause) {
        var frame = Tracer.Frame(cause, started: wake)
        let reaction = session.reaction(to: paths, forced: cause == .reloadKey)
        // Cheap (a stat per decoded image), and catches an image changed while unwatched.
        session.renderer.painter.images.revalidate()
        let outcome = reaction.reread
            ? session.reload(force: reaction.force, reuseViews: reaction.reuseViews, frame: &frame)
            : .unchanged
        take(outcome, of: frame, redrawingAll: reaction.redrawAll, forcing: reaction.force || cause == .reloadKey, cause: cause)
    }

    /// A first read that left off-screen views out (`PreviewSession.completeRead`) is made whole
    /// as soon as its frame is on screen: anything the rest of the file draws on screen (a
    /// shadow from below it) is then drawn as a save that added it would draw it.
    private func completeFirstRead() {
        var frame = Tracer.Frame(.wholeRead, started: MonotonicClock.now())
        take(session.completeRead(frame: &frame), of: frame, redrawingAll: false, forcing: true, cause: .wholeRead)
    }

    /// Shows what a reload did: its findings, the files to watch, what to redraw, the banner and title.
    private func take(_ outcome: PreviewSession.LoadOutcome, of frame: Tracer.Frame, redrawingAll redrawAll: Bool, forcing force: Bool,
                      cause: Tracer.Cause) {
        switch outcome {
        case .unchanged:
            // A spurious event (same identity) costs a stat and nothing else.
            guard redrawAll else { return }
            session.invalidateLayout()
            frames.merge(frame)
            frames.fullRedraw = true
        case .loaded(let first):
            report(session.diagnostics)
            watcher.watch(session.dependencies)
            frames.merge(frame)
            // What to redraw is known after the layout, in `render`; a changed image needs more
            // than the views that changed.
            if redrawAll { frames.fullRedraw = true }
            updateBanner()
            if first { resizeToCanvas() } else { followCanvas() }
        case .failed:
            report(session.diagnostics)
            // A broken import is watched too, so saving it fixed redraws.
            watcher.watch(session.dependencies)
            frames.merge(frame)
            updateBanner()
            // The banner that says so takes room the last good canvas then needs, as a warning's does.
            followCanvas()
        case .removed:
            fputs("designable: \(session.path) was removed; showing the last version until it is back\n", stderr)
            frames.merge(frame)
            updateBanner()
            followCanvas()
        case .needsWorker:
            // The worker reads the file, off this loop: its answer comes through poll().
            requestLoad(force: force || session.document == nil && session.layout == nil, cause: cause)
        }
        updateTitle()
        if session.document == nil { frames.fullRedraw = true }
    }

    /// After a reload: the banner's new text is drawn, and a banner that came, went or changed
    /// height moves the canvas (a full redraw).
    private func updateBanner() {
        if !updateInsets(), !viewport.bannerArea.isEmpty { frames.redraw(viewport.bannerArea) }
    }

    /// The session's title, with a word when files are polled: a person should know that saves
    /// are seen a little late, and why.
    private func updateTitle() {
        let title = session.title + (watcher.isPolling ? " (polling: cannot watch the folder)" : "")
        guard title != shownTitle else { return }
        shownTitle = title
        window.setTitle(title)
    }

    /// Keeps the `.poll` deadline set while some file is polled, and only then; a deadline already
    /// set stays, so a stream of events on watched files cannot put the polling off.
    private func schedulePolling() {
        if watcher.isPolling {
            guard !deadlines.isSet(.poll) else { return }
            deadlines.set(.poll, at: MonotonicClock.now() + FileWatcher.pollInterval)
        } else {
            deadlines.cancel(.poll)
        }
    }

    /// Prints findings on stderr, unless they are the very ones printed last: a person saving
    /// the same warning-laden file again wants no new wall of text.
    private func report(_ diagnostics: [Diagnostic]) {
        guard diagnostics != lastReported else { return }
        lastReported = diagnostics
        for diagnostic in diagnostics { fputs(diagnostic.description(colored: TerminalColors.onStandardError) + "\n", stderr) }
    }

    /// The first good version of a file that was missing or broken at start sizes the window.
    private func resizeToCanvas() {
        let size = Self.preferredSize(for: session, scale: scale, display: window.display)
        let panelWidth = panel.isVisible ? viewport.panelWidth : 0
        requestSize(width: size.width + panelWidth, height: size.height)
    }

    // MARK: - The component worker

    /// Asks the worker (a fresh one if none runs) to compile, load and lay out the file; after
    /// the request in progress when it is busy.
    private func requestLoad(force: Bool, cause: Tracer.Cause) {
        if workerJob != nil {
            wantsLoad = (force || (wantsLoad?.force ?? false), cause)
            return
        }
        // A fresh worker reads everything afresh.
        let fresh = worker == nil
        if fresh { worker = WorkerClient.start() }
        guard let worker else { return }
        let request = WorkerRequest.load(style: session.path, componentFolder: session.componentFolder,
                                         allowsOutsideImages: StyleLoader.allowsOutsideImages, force: force || fresh)
        guard worker.send(request) else { return workerStopped(timedOut: nil) }
        workerJob = .load
        loadStarted = wake
        deadlines.set(.worker, at: MonotonicClock.now() + WorkerClient.compileLimit)
    }

    /// Asks the worker to draw the canvas at the window's scale and the views' states.
    private func requestRender() {
        guard session.remote != nil, let layout = session.layout else { return }
        if workerJob != nil || worker == nil {
            wantsRender = worker != nil
            return
        }
        guard let worker else { return }
        let width = Int((layout.canvasSize.width * scale).rounded(.up)), height = Int((layout.canvasSize.height * scale).rounded(.up))
        let capacity = max(1, width) * 4 * max(1, height)
        guard capacity <= Renderer.maximumPixels * 4, worker.shared.resize(capacity: capacity) else {
            fputs("designable: the canvas is too large to share with the component worker\n", stderr)
            return
        }
        let request = RenderRequest(scale: scale, dark: session.renderer.appearance == .dark,
                                    rightToLeft: session.renderer.layoutDirection == .rightToLeft,
                                    states: session.remoteStates, capacity: capacity, inspect: panel.isVisible ? session.focusedRoot : nil,
                                    outlines: composer.showsOutlines)
        guard worker.send(.render(request)) else { return workerStopped(timedOut: nil) }
        workerJob = .render
        wantsRender = false
        deadlines.set(.worker, at: MonotonicClock.now() + WorkerClient.timeLimit)
    }

    /// Takes the worker's replies; its pipe closing means it ended.
    private func workerEvents() {
        guard let worker else { return }
        guard let replies = worker.receive() else { return workerStopped(timedOut: nil) }
        for reply in replies {
            switch reply {
            case .compiled:
                // User code runs from here: the time limit starts.
                deadlines.set(.worker, at: MonotonicClock.now() + WorkerClient.timeLimit)
            case .loaded(let canvas):
                workerDone()
                var frame = Tracer.Frame(.file, started: loadStarted)
                let outcome = session.adopt(canvas)
                report(session.diagnostics)
                watcher.watch(session.dependencies)
                switch outcome {
                case .loaded(let first):
                    updateBanner()
                    if first { resizeToCanvas() } else { followCanvas() }
                    if wantsLoad == nil { wantsRender = true }
                case .failed:
                    frame.cause = .file
                    frames.merge(frame)
                    updateBanner()
                    if options.screenshotPath != nil, session.remote?.image == nil {
                        fputs("designable: nothing to save: \(session.path) does not load\n", stderr)
                        quit(1)
                    }
                default:
                    break
                }
                updateTitle()
            case .rendered(let width, let height, let stride, let inspected, let outlines):
                workerDone()
                if let inspected { session.remote?.inspected = inspected }
                session.remote?.outlines = outlines
                if session.remote?.take(from: worker.shared, width: width, height: height, stride: stride) == true {
                    frames.merge(Tracer.Frame(.file, started: loadStarted))
                    frames.fullRedraw = true
                    if let path = options.screenshotPath { return quit(screenshot(to: path) ? 0 : 1) }
                }
            case .renderFailed(let message):
                workerDone()
                fputs("designable: \(message)\n", stderr)
                if options.screenshotPath != nil { return quit(1) }
            }
        }
        guard self.worker != nil, workerJob == nil else { return }
        if let load = wantsLoad {
            wantsLoad = nil
            requestLoad(force: load.force, cause: load.cause)
        } else if wantsRender {
            requestRender()
        }
    }

    private func workerDone() {
        workerJob = nil
        deadlines.cancel(.worker)
    }

    /// The worker ended, or ran out of time (`timedOut` says how it is put): it is stopped, the
    /// last good frame stays, and the banner says what ran and what happened. The next save
    /// starts a fresh one.
    private func workerStopped(timedOut: String?) {
        guard let worker else { return }
        let activity = worker.activity
        let how: String
        if let timedOut {
            _ = worker.stop()
            how = timedOut
        } else {
            how = worker.ending()
        }
        self.worker = nil
        workerJob = nil
        wantsRender = false
        wantsLoad = nil
        deadlines.cancel(.worker)
        let what = activity.isEmpty ? "The components' worker" : activity
        let message = "\(what) \(how); the last good frame stays until the next save"
        fputs("designable: \(message)\n", stderr)
        session.workerStopped(message)
        if options.screenshotPath != nil { quit(1) }
        frames.merge(Tracer.Frame(.file, started: wake))
        updateBanner()
        updateTitle()
    }

    // MARK: - Screenshots and notes

    /// Writes the canvas as `render` would to `path`, or to a timestamped name beside the style
    /// file, and says so in a note; whether it was written.
    private func screenshot(to path: String?) -> Bool {
        let variant = Variant(appearance: session.renderer.appearance, direction: session.renderer.layoutDirection)
        switch screenshots.write(session, to: path, variant: variant, grid: gridShown) {
        case .saved(let target):
            if path == nil { flash("Saved " + FileSystem.fileName(of: target)) }
            return true
        case .failed(let note):
            flash(note)
            return false
        }
    }

    private func flash(_ text: String) {
        guard running else { return }
        for region in composer.notes.show(text, in: viewport.canvasArea, scale: scale, painter: session.renderer.painter) {
            frames.redraw(region)
        }
        deadlines.set(.note, at: MonotonicClock.now() + FlashNote.duration)
        schedule(.input)
    }
}
