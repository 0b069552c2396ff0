/// Load → layout → render → encode: the one way a style file becomes pixels (or an SVG or PDF
/// page), shared by `designable render`, `bench`, the preview's screenshots and the golden tests,
/// so they cannot drift apart (a screenshot laid out for the window's width instead of the file's canvas did).
///
/// Findings that are the file's fault (it does not parse, a view sticks out, the canvas is too
/// large to draw) come back in `Output.findings`; only a failure of the machine (Cairo cannot
/// allocate, the encoder fails) is thrown.
public struct RenderJob {
    /// The kinds of file a render writes.
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf

        /// The format an output's extension names (any case), or nil for another extension.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }

        /// The vector format, or nil for pixels.
        public var vector: VectorSurface.Format? { VectorSurface.Format(rawValue: rawValue) }
    }

    /// How to draw.
    public struct Options {
        /// Device pixels per point.
        public var scale: Double
        /// Every view drawn in this state; nil keeps each view's own starting state.
        public var state: ControlState?
        /// The width a canvas without its own takes (a window's); nil fits the canvas to its content, as `render` does.
        public var availableWidth: Double?
        /// Whether to encode the pixels as PNG (the golden tests compare surfaces and skip it).
        public var encodesPNG: Bool
        /// PNG, or an SVG or PDF page in points whose shadows and images are embedded at `scale`.
        public var format: Format
        /// One view to draw alone, trimmed to what it covers: its `id`, or `#N` (`StyleDocument.view(named:)`).
        public var view: String?
        /// The appearance colours are drawn in.
        public var appearance: Appearance
        /// Which way layouts read: right to left mirrors insets, placements and alignments.
        public var direction: LayoutDirection
        /// When set, every view in each of its states, a column set for each of these variants
        /// (`VariantGrid`), instead of the canvas; `appearance`, `direction` and `state` are
        /// then the grid's to choose. `view` keeps one view's row.
        public var variants: [Variant]?
        /// Each view's layout rectangles drawn over it, with their legend in a strip below.
        public var outline = false
        /// The states of controls inside other views, by path, for this run (a snapshot of a
        /// view with one of its controls held down); nil keeps the renderer's own.
        public var nestedStates: [ViewPath: ControlState]?

        public init(scale: Double = 1, state: ControlState? = nil, availableWidth: Double? = nil, encodesPNG: Bool = true,
                    format: Format = .png, view: String? = nil, appearance: Appearance = .light,
                    direction: LayoutDirection = .leftToRight, variants: [Variant]? = nil) {
            self.appearance = appearance
            self.direction = direction
            self.variants = variants
            self.scale = scale
            self.state = state
            self.availableWidth = availableWidth
            self.encodesPNG = encodesPNG
            self.format = format
            self.view = view
        }
    }

    /// How long each phase took, in nanoseconds; zero for a phase that did not run.
    public struct Phases: Equatable {
        public var read: UInt64 = 0
        public var parse: UInt64 = 0
        public var layout: UInt64 = 0
        public var render: UInt64 = 0
        public var encode: UInt64 = 0

        public init() {}

        /// Every phase, in the order they run, for tables.
        public var all: [(name: String, nanoseconds: UInt64)] {
            [("read", read), ("parse", parse), ("layout", layout), ("render", render), ("png", encode)]
        }
    }

    /// What a run made, as far as it got.
    public struct Output {
        /// The loaded document; nil when the file has errors.
        public var document: StyleDocument?
        public var layout: Layout?
        /// The pixels; nil when the file has errors, the canvas is too large to draw, the format
        /// is a vector one, or `Options.view` names no view.
        public var surface: ImageSurface?
        /// The pixels as PNG, when `Options.encodesPNG` and there are pixels.
        public var png: [UInt8]?
        /// The SVG or PDF file, when `Options.format` is one and it was drawn.
        public var vector: [UInt8]?
        /// The file in `Options.format`, when there is one.
        public var file: [UInt8]? { png ?? vector }
        /// The loader's findings, then the layout's warnings, then a refusal to draw: the order `render` prints them in.
        public var findings: [Diagnostic] = []
        public var phases = Phases()
    }

    /// Kept across runs, so its text, font and image caches make later runs warm (`bench`, the preview's).
    public let renderer: Renderer
    public var options: Options

    public init(options: Options = Options(), renderer: Renderer = Renderer()) {
        self.options = options
        self.renderer = renderer
    }

    // MARK: - Running

    /// Reads and loads the style file at `path`, then lays it out, renders and encodes it.
    public func run(path: String) throws(RenderError) -> Output {
        var output = Output()
        var start = MonotonicClock.now()
        let loaded: LoadResult
        if let bytes = try? FileSystem.read(path) {
            output.phases.read = lap(&start)
            loaded = StyleLoader.load(bytes: bytes, path: path)
        } else {
            // The loader words a file that cannot be read as a finding at its place: let it.
            loaded = StyleLoader.load(path: path)
        }
        output.phases.parse = lap(&start)
        output.findings = loaded.diagnostics
        guard loaded.document != nil else { return output }
        try draw(loaded, states: nil, into: &output)
        return output
    }

    /// Lays out, renders and encodes a document already loaded; `states` (the preview's, say)
    /// overrides `Options.state` and the views' own states.
    public func run(document: StyleDocument, states: ((Int) -> ControlState)? = nil) throws(RenderError) -> Output {
        var output = Output()
        try draw(LoadResult(document: document, diagnostics: []), states: states, into: &output)
        return output
    }

    private func draw(_ loaded: LoadResult, states: ((Int) -> ControlState)?, into output: inout Output) throws(RenderError) {
        guard let document = loaded.document else { return }
        output.document = document
        var start = MonotonicClock.now()
        let layout = renderer.layout(document, availableWidth: options.availableWidth)
        output.phases.layout = lap(&start)
        output.layout = layout
        let state = options.state
        let states = states ?? { state ?? document.views[$0].initialState }
        let path = options.view.flatMap { document.path(named: $0) }
        // A nested view is drawn alone by its path; its variants are its top-level view's row.
        let only = path?.root
        let nested = path.flatMap { $0.isTopLevel || options.variants != nil ? nil : $0 }
        var surface: ImageSurface?
        var refusal: Diagnostic?
        renderer.appearance = options.appearance
        renderer.layoutDirection = options.direction
        let keptStates = renderer.nestedStates
        if let nestedStates = options.nestedStates { renderer.nestedStates = nestedStates }
        // `--state`: every control is drawn in it, those inside other views too.
        if let state, options.nestedStates == nil {
            for path in document.allPaths where !path.isTopLevel && document.view(at: path)?.type.isControl == true {
                renderer.nestedStates[path] = state
            }
        }
        defer { renderer.nestedStates = keptStates }
        do {
            if options.view != nil && only == nil {
                // A view the file does not have: nothing is drawn, and the caller names the mistake.
            } else if let variants = options.variants {
                let grid = VariantGrid(document, layout: layout, variants: variants, views: only.map { [$0] }, nestedRows: true,
                                       painter: renderer.painter)
                if let vector = options.format.vector {
                    output.vector = try renderer.render(vector, grid, scale: options.scale)
                } else {
                    surface = try renderer.render(grid, scale: options.scale)
                }
            } else if let vector = options.format.vector {
                output.vector = try renderer.render(vector, document, layout: layout, scale: options.scale, states: states, only: only,
                                                    nested: nested, outlines: options.outline)
            } else {
                surface = try renderer.render(document, layout: layout, scale: options.scale, states: states, only: only,
                                              nested: nested, outlines: options.outline)
            }
            output.phases.render = lap(&start)
        } catch let diagnostic as Diagnostic {
            refusal = diagnostic
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError("\(error)")
        }
        // The one list of findings (`Findings`), from the layout at the file's own width whatever
        // width this run drew at; then a refusal to draw at this scale, unless an error (the
        // canvas too large at 1× already) said why nothing is drawn.
        let natural = options.availableWidth == nil ? layout : renderer.layout(document)
        output.findings = Findings.all(loaded, layout: natural)
        if let refusal, !output.findings.hasErrors { output.findings.append(refusal) }
        guard let surface else { return }
        start = MonotonicClock.now()
        output.surface = surface
        guard options.encodesPNG, options.format == .png else { return }
        output.png = try surface.pngData()
        output.phases.encode = lap(&start)
    }

    /// The time since `start`, which moves on to now.
    private func lap(_ start: inout UInt64) -> UInt64 {
        let now = MonotonicClock.now()
        defer { start = now }
        return now &- start
    }
}
