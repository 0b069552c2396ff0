import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// The process the preview runs user components in: `designable _component-worker`, started by
/// the preview with its pipes and shared memory on fixed descriptors. It compiles and loads the
/// components, reads and lays out the style file and draws the canvas into the shared pixels;
/// it never connects to X. A trap, a signal, an `exit` or an endless loop ends it alone: the
/// window sees its pipe close (or its time run out), keeps its last frame and says what happened.
public enum ComponentWorker {
    /// The hidden command that runs the worker.
    public static let commandName = "_component-worker"
    /// Requests in, replies out, and the shared pixels, as the preview hands them over.
    static let requestDescriptor: Int32 = 3
    static let replyDescriptor: Int32 = 4
    static let pixelsDescriptor: Int32 = 5

    /// Serves requests until the preview closes the pipe; the exit status.
    public static func serve() -> Int32 {
        let requests = MessagePipe(fd: requestDescriptor)
        let replies = MessagePipe(fd: replyDescriptor)
        let shared = SharedPixels(inherited: pixelsDescriptor)
        guard shared.map(capacity: 0) else {
            fputs("designable: the component worker cannot map its shared memory\n", stderr)
            return 1
        }
        if let (record, size) = shared.crashRecord { CrashPlace.install(record: record, size: size) }
        let loader = ComponentLoader()
        StyleLoader.componentProvider = loader
        // What runs now, for the report of a crash: the preview reads it after the worker died.
        Component.willRun = { component, method in shared.activity = "\(type(of: component).className).\(method)" }
        loader.didCompile = {
            shared.activity = "loading the components"
            _ = replies.send(WorkerReply.compiled.encoded)
        }
        let renderer = Renderer()
        var document: StyleDocument?
        var layout: Layout?
        while let message = requests.receiveOne() {
            guard let request = try? WorkerRequest(decoding: message) else {
                fputs("designable: the component worker got a message it cannot read\n", stderr)
                return 1
            }
            switch request {
            case .load(let style, let folder, let outside, let force):
                StyleLoader.allowsOutsideImages = outside
                shared.activity = "compiling"
                loader.extraFiles = folder.flatMap { try? ComponentLoader.files(inFolder: $0) } ?? []
                let result: LoadResult
                if let bytes = try? FileSystem.read(style) {
                    result = StyleLoader.load(bytes: bytes, path: style, reusing: force ? nil : document, incremental: !force)
                } else {
                    result = StyleLoader.load(path: style)
                }
                shared.activity = "laying out the views"
                let laidOut = result.document.map { renderer.layout($0) }
                let findings = Findings.all(result, layout: laidOut)
                var canvas = LoadedCanvas(diagnostics: findings, dependencies: Array(result.dependencies), canvasSize: nil, views: [])
                if let loaded = result.document, let laidOut, !findings.hasErrors {
                    document = loaded
                    layout = laidOut
                    canvas.canvasSize = laidOut.canvasSize
                    canvas.views = loaded.views.enumerated().map { index, view in
                        let frame = laidOut.frames[index]
                        let shape = view.component(in: view.initialState).layer(in: frame).shape(in: frame)
                        return LoadedCanvas.View(frame: frame, isControl: view.type.isControl, id: view.id, className: view.type.className,
                                                 initialState: view.initialState.rawValue, cornerRadius: shape.topLeft)
                    }
                }
                shared.activity = ""
                guard replies.send(WorkerReply.loaded(canvas).encoded) else { return 0 }
            case .render(let request):
                guard let document, let layout else {
                    guard replies.send(WorkerReply.renderFailed("nothing loaded to draw").encoded) else { return 0 }
                    continue
                }
                let reply = render(document, layout: layout, request, renderer: renderer, into: shared)
                shared.activity = ""
                guard replies.send(reply.encoded) else { return 0 }
            }
        }
        return 0
    }

    /// Draws the canvas as the request asks into the shared pixels.
    private static func render(_ document: StyleDocument, layout: Layout, _ request: RenderRequest, renderer: Renderer,
                               into shared: SharedPixels) -> WorkerReply {
        let width = max(1, Int((layout.canvasSize.width * request.scale).rounded(.up)))
        let height = max(1, Int((layout.canvasSize.height * request.scale).rounded(.up)))
        let stride = width * 4
        guard stride * height <= request.capacity, shared.map(capacity: request.capacity), let pixels = shared.pixels else {
            return .renderFailed("the canvas is \(width)×\(height) pixels, more than the shared memory holds")
        }
        renderer.appearance = request.dark ? .dark : .light
        renderer.layoutDirection = request.rightToLeft ? .rightToLeft : .leftToRight
        do {
            let surface = try ImageSurface(wrapping: pixels, width: width, height: height, stride: stride)
            let context = try DrawingContext(surface)
            let states = request.states
            renderer.draw(document, layout: layout, scale: request.scale, on: context,
                          states: { $0 < states.count ? ControlState(rawValue: states[$0]) : .normal })
            try context.check("drawing the canvas")
            _ = surface.data  // flushes Cairo's pending drawing into the shared memory
        } catch {
            return .renderFailed("\(error)")
        }
        var inspected: InspectedView?
        if let index = request.inspect, index < document.views.count, index < layout.frames.count {
            let view = document.views[index]
            let state = index < request.states.count ? ControlState(rawValue: request.states[index]) : .normal
            let component = view.component(in: state)
            var rows = PropertyRow.rows(of: component)
            // Colours as the window's appearance draws them: the panel has no dark variant to pick.
            for row in rows.indices { rows[row].color = rows[row].color?.resolved(for: renderer.appearance) }
            let rectangles = component.layoutRectangles(in: layout.frames[index], with: renderer.painter).all
            inspected = InspectedView(view: index, state: state.rawValue, rows: rows,
                                      rectangles: Dictionary(rectangles.map { ($0.kind, $0.rect) }, uniquingKeysWith: { first, _ in first }))
        }
        // Every view's rectangles in its state, for `o`: the window draws them over the canvas.
        let outlines: [ViewRectangles]? = !request.outlines ? nil : document.views.indices.map { index in
            let state = index < request.states.count ? ControlState(rawValue: request.states[index]) : .normal
            return index < layout.frames.count ? document.views[index].component(in: state).layoutRectangles(in: layout.frames[index], with: renderer.painter).all : []
        }
        return .rendered(width: width, height: height, stride: stride, inspected: inspected, outlines: outlines)
    }
}
