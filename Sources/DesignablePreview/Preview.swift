import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// The live preview: a window that draws a style file's canvas and redraws it on every save,
/// as Interface Builder renders @IBDesignable views.
public enum Preview {
    /// Opens the window and runs until it is closed; the exit status (0 after `q`, Escape or the
    /// close button; 1 when `--screenshot` could not write). Throws when there is no display.
    public static func run(_ options: PreviewOptions) throws -> Int32 {
        // Fontconfig's start-up is the slowest thing in a first frame: it runs on another thread
        // while the display opens and the file is read, until the first measuring of text waits
        // for it. The banner's and the inspector's fonts load when they first show.
        WarmUp.begin(fonts: [Font("Sans 15")])
        var start = Tracer.Frame(.start)
        guard let display = try start.time(\.display, { try XDisplay() }) else {
            let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
            throw PreviewFailure("cannot open an X display (DISPLAY=\(name)); use 'designable render STYLE -o OUT.png' to render without one")
        }
        WarmUp.beginLibrsvg()
        let scale = min(4, max(0.5, options.scale ?? display.resourceScale ?? 1))
        let renderer = Renderer()
        renderer.appearance = options.variant.appearance
        renderer.layoutDirection = options.variant.direction

        let session = PreviewSession(path: options.stylePath, renderer: renderer, componentFolder: options.componentFolder)
        let watcher = FileWatcher()
        // Watching before the first read: a save between the two is still seen.
        watcher.watch(session.dependencies)
        // The most of the canvas the window can show, from its top left (the window a canvas as
        // large as the screen gets): a first read of a large file decodes the views there, and
        // the rest once they are on screen.
        let screen = Size(width: Double(display.screenWidth) / scale, height: Double(display.screenHeight) / scale)
        let largest = Viewport.windowSize(for: screen, scale: scale, screenWidth: display.screenWidth, screenHeight: display.screenHeight)
        let firstScreen = Rect(x: 0, y: 0, width: Double(largest.width) / scale, height: Double(largest.height) / scale)
        switch session.reload(force: true, frame: &start, firstScreen: firstScreen) {
        case .loaded where session.isPartial:
            break  // its findings are the whole read's, which the loop reports
        case .loaded, .failed:
            for diagnostic in session.diagnostics { fputs(diagnostic.description(colored: TerminalColors.onStandardError) + "\n", stderr) }
        case .needsWorker:
            break  // the loop asks the worker, which compiles the components off the event loop
        case .removed, .unchanged:
            fputs("designable: \(options.stylePath): file not found; waiting for it to appear\n", stderr)
        }
        watcher.watch(session.dependencies)

        let size = EventLoop.preferredSize(for: session, scale: scale, display: display)
        let viewport = Viewport(windowWidth: size.width, windowHeight: size.height, scale: scale)
        let window = try start.time(\.window) {
            let window = try PreviewWindow(display: display, width: size.width, height: size.height, title: session.title)
            // The back buffer now, not when the first frame draws, so that its memory is mapped
            // while the frame is laid out (`SharedMemoryImage`); one that cannot be made is the
            // first frame's to report, as any frame's.
            _ = try? window.currentBuffer(width: viewport.windowWidth, height: viewport.windowHeight)
            return window
        }
        let loop = EventLoop(window: window, viewport: viewport, session: session, watcher: watcher, options: options, startFrame: start)
        return loop.run()
    }
}
