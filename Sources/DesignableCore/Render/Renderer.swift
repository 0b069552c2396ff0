/// Draws documents with Cairo, keeping its text and image caches across frames.
public final class Renderer {
    public let painter: Painter
    /// The appearance every colour is drawn in (UIKit's `userInterfaceStyle`).
    public var appearance = Appearance.light
    /// Which way layouts read: right to left flips leading and trailing, as UIKit does.
    public var layoutDirection = LayoutDirection.leftToRight
    /// The last image rendered, drawn into again when nobody else holds it any more: a new
    /// surface per frame would cost a zeroed allocation and its page faults every time.
    private var spare: ImageSurface?
    /// The states of controls inside other views, by path, where not their initial state (the
    /// preview's clicks); top-level views take theirs from each draw's `states`.
    public var nestedStates: [ViewPath: ControlState] = [:]
    /// The top-level views holding a control in a state of its own: drawn afresh, not from the
    /// pixels kept of them (which are of their subviews in their initial states).
    private var statefulRoots: Set<Int> { Set(nestedStates.keys.map(\.root)) }
    /// What each view of the last document laid out says of its place, for the next layout.
    private let placements = Layout.Placements()

    /// Largest canvas in pixels that a render may allocate (about 512 MB of ARGB).
    public static let maximumPixels = 1 << 27

    public init(painter: Painter = Painter()) {
        self.painter = painter
        Painter.offerForMeasuring(painter)
    }

    public func layout(_ document: StyleDocument, availableWidth: Double? = nil) -> Layout {
        Layout.compute(document, painter: painter, availableWidth: availableWidth, placements: placements)
    }

    /// Refuses a canvas that cannot be allocated at `scale`, with the place to fix it.
    public static func checkCanvas(_ size: Size, scale: Double, of document: StyleDocument) throws(Diagnostic) {
        try checkDrawable(size, scale: scale, named: "the canvas", at: document.canvasLocation)
    }

    /// Refuses an area (`what`, at `location`) that cannot be allocated at `scale`.
    private static func checkDrawable(_ size: Size, scale: Double, named what: String, at location: SourceLocation) throws(Diagnostic) {
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        let side = Double(ImageSurface.maximumSide)
        if width > side || height > side || width * height > Double(maximumPixels) {
            throw Diagnostic.error(
                "\(what) is \(formatNumber(size.width))×\(formatNumber(size.height)) points, \(Int(width))×\(Int(height)) pixels at \(formatNumber(scale))×: too large to draw (at most \(Int(side)) pixels a side and \(maximumPixels >> 20) megapixels)",
                at: location)
        }
    }

    /// Renders the whole canvas into a new image at `scale`, each view in the state `states` gives
    /// it; or, with `only`, that view alone on the canvas's background, trimmed to what it covers
    /// (its shadow included) and to whole pixels around it. With `outlines`, each view's layout
    /// rectangles are drawn over it and their legend below it.
    ///
    /// `nested`, a view inside another, is drawn trimmed to what it covers, as it sits on its
    /// parents (its top-level view drawn under that area).
    public func render(_ document: StyleDocument, layout: Layout, scale: Double, states: (Int) -> ControlState = { _ in .normal },
                       only view: Int? = nil, nested: ViewPath? = nil, outlines: Bool = false) throws -> ImageSurface {
        let (area, legend) = try self.area(document, layout: layout, scale: scale, states: states, only: view, nested: nested, outlines: outlines)
        return try image(of: area, scale: scale) {
            draw(document, layout: layout, scale: scale, on: $0, states: states, only: view, nested: nested, legend: legend)
        }
    }

    /// Renders as `render(_:layout:scale:states:only:outlines:)` does onto one SVG or PDF page,
    /// sized in points; the pixels drawing makes (shadows, images) are embedded at `scale` to a
    /// point. The file's bytes.
    public func render(_ format: VectorSurface.Format, _ document: StyleDocument, layout: Layout, scale: Double,
                       states: (Int) -> ControlState = { _ in .normal }, only view: Int? = nil, nested: ViewPath? = nil,
                       outlines: Bool = false) throws -> [UInt8] {
        let (area, legend) = try self.area(document, layout: layout, scale: scale, states: states, only: view, nested: nested, outlines: outlines)
        return try page(format, of: area, scale: scale) {
            draw(document, layout: layout, scale: scale, on: $0, states: states, only: view, nested: nested, legend: legend)
        }
    }

    /// Renders the variants grid into a new image at `scale`.
    public func render(_ grid: VariantGrid, scale: Double) throws -> ImageSurface {
        try image(of: try area(of: grid, scale: scale), scale: scale) { grid.draw(on: $0, renderer: self, scale: scale) }
    }

    /// Renders the variants grid onto one SVG or PDF page, as the canvas is.
    public func render(_ format: VectorSurface.Format, _ grid: VariantGrid, scale: Double) throws -> [UInt8] {
        try page(format, of: try area(of: grid, scale: scale), scale: scale) { grid.draw(on: $0, renderer: self, scale: scale) }
    }

    /// A new image of `area` (points) at `scale`, drawn by `body` on a context whose origin is
    /// the area's top-left pixel; the last image is drawn into again when nobody holds it.
    private func image(of area: Rect, scale: Double, _ body: (DrawingContext) -> Void) throws -> ImageSurface {
        let area = area.pixelAligned(scale: scale)
        let width = max(1, Int(area.width)), height = max(1, Int(area.height))
        let surface: ImageSurface
        if spare?.width == width, spare?.height == height, isKnownUniquelyReferenced(&spare!) {
            surface = spare!
        } else {
            surface = try ImageSurface(width: width, height: height)
            spare = surface
        }
        let context = try DrawingContext(surface)
        context.translate(-area.x, -area.y)
        body(context)
        try context.check("drawing the canvas")
        return surface
    }

    /// One SVG or PDF page of `area` (points), drawn by `body` in pixels at `scale`; its bytes.
    private func page(_ format: VectorSurface.Format, of area: Rect, scale: Double, _ body: (DrawingContext) -> Void) throws -> [UInt8] {
        let surface = try VectorSurface(format, width: max(area.width, 1 / scale), height: max(area.height, 1 / scale))
        surface.drawsPixels(atScale: scale)
        let context = try DrawingContext(surface)
        context.translate(-area.x * scale, -area.y * scale)
        body(context)
        try context.check("drawing the canvas")
        // The context holds the groups it painted until the page is written (`DrawingContext`).
        return try withExtendedLifetime(context) { try surface.finish() }
    }

    /// The grid's area, once it is known to be drawable at `scale`.
    private func area(of grid: VariantGrid, scale: Double) throws(Diagnostic) -> Rect {
        try Self.checkDrawable(grid.size, scale: scale, named: "the variants grid", at: grid.document.canvasLocation)
        return Rect(origin: .zero, size: grid.size)
    }

    /// What a render covers, in points, once it is known to be drawable at `scale`: the canvas,
    /// or view `only`'s visual bounds in its state; with `outlines`, a strip below for their
    /// legend, which is where the legend goes.
    private func area(_ document: StyleDocument, layout: Layout, scale: Double, states: (Int) -> ControlState,
                      only view: Int?, nested: ViewPath? = nil, outlines: Bool) throws(Diagnostic) -> (area: Rect, legend: Rect?) {
        try Self.checkCanvas(layout.canvasSize, scale: scale, of: document)
        var area = Rect(x: 0, y: 0, width: layout.canvasSize.width, height: layout.canvasSize.height)
        if let nested, let view = document.view(at: nested), let frame = canvasFrame(of: nested, in: document, layout: layout) {
            area = view.visualBounds(in: frame, state: nestedStates[nested] ?? view.initialState, painter: painter)
            try Self.checkDrawable(area.size, scale: scale, named: "the area view \(document.name(of: nested)) covers", at: view.location)
        } else if let view {
            area = document.views[view].visualBounds(in: layout.frames[view], state: states(view))
            // A view may cover more than a canvas whose size the file gives.
            try Self.checkDrawable(area.size, scale: scale, named: "the area view #\(view + 1) covers", at: document.views[view].location)
        }
        guard outlines else { return (area, nil) }
        // A view narrower than the legend's longest word widens the picture to it, on the canvas's background.
        let nestedViews = document.isNested
        area.size.width = max(area.width, LayoutOutlines.minimumLegendWidth(nested: nestedViews, painter: painter))
        let legend = Rect(x: area.x, y: area.maxY, width: area.width,
                          height: LayoutOutlines.legendHeight(width: area.width, nested: nestedViews, painter: painter))
        area.size.height += legend.height
        return (area, legend)
    }

    /// Draws as `draw(_:layout:scale:on:states:damage:only:overlay:)` does, and with a `legend`
    /// rectangle each view's layout rectangles over it and their legend there.
    private func draw(_ document: StyleDocument, layout: Layout, scale: Double, on context: DrawingContext,
                      states: (Int) -> ControlState, only: Int?, nested: ViewPath?, legend: Rect?) {
        guard let legend else { return draw(document, layout: layout, scale: scale, on: context, states: states, only: only, nested: nested) }
        withoutActuallyEscaping(states) { states in
            draw(document, layout: layout, scale: scale, on: context, states: states, only: only, nested: nested) { painter in
                LayoutOutlines.draw(document, layout: layout, states: states, only: only, nestedStates: self.nestedStates, painter: painter)
                LayoutOutlines.drawLegend(in: legend, nested: document.isNested, painter: painter)
            }
        }
    }

    /// Draws the canvas onto `context`, which maps pixels 1:1; only inside `damage` (points) when
    /// given, repainting the background there first, so a state change redraws just its view;
    /// only view `only` when given. With `cache`, a view drawn unchanged before is composited from
    /// the pixels it keeps (and kept the second time it is drawn): pixels within rounding of
    /// drawing it, since a premultiplied layer put down over the background rounds differently
    /// from drawing over it.
    ///
    /// `keeping` (pixels of `context`'s space, with `damage`) are left as they are: the opaque
    /// middles of kept views (`keptOpaquePixels`) when only the canvas background changed.
    public func draw(_ document: StyleDocument, layout: Layout, scale: Double, on context: DrawingContext,
                     states: (Int) -> ControlState, damage: Rect? = nil, only: Int? = nil, nested: ViewPath? = nil, cache: ViewPixelCache? = nil,
                     keeping kept: [PixelRect] = [], overlay: ((Painter) -> Void)? = nil) {
        context.appearance = appearance
        painter.layoutDirection = layoutDirection
        context.save()
        if let damage {
            context.newPath()
            if kept.isEmpty {
                context.rectangle(damage.pixelAligned(scale: scale))
            } else {
                for piece in PixelRect(covering: damage, scale: scale).subtracting(kept) { context.rectangle(piece.rect) }
            }
            context.clip()
        }
        context.clear(to: document.canvas.background)
        // Kept pixels go down in whole pixels of this space, where the canvas's own pixels are.
        let pixelSpace = context.transform
        context.scale(scale)
        // A view drawn for the audit hands its text over instead of drawing it: nothing to keep.
        let cache = painter.textObserver == nil ? cache : nil
        // Worked on as a local, so its arrays are updated in place without a check per view.
        var memo = CoverageMemo()
        swap(&memo, &covered)
        defer { swap(&memo, &covered) }
        let measures = damage != nil || cache != nil
        // Before the cache looks for views gone: the memo lets go of them here.
        if measures { memo.prepare(for: document, layout: layout) }
        cache?.prepare(scale: scale, painter: painter)
        let (appearance, direction, painter) = (appearance, layoutDirection, painter)
        let statefulRoots = statefulRoots
        painter.drawing(on: context, scale: scale) {
            let views = document.views
            if let nested, document.view(at: nested) != nil, layout.frames.indices.contains(nested.root) {
                // A view inside another is drawn as it sits there: on its parents, faded and
                // turned with them, its top-level view drawn whole under the area it covers.
                let root = nested.root
                drawView(views[root], at: root, in: layout.frames[root], state: states(root))
                overlay?(painter)
                return
            }
            for index in views.indices where only == nil || index == only {
                let frame = layout.frames[index]
                let state = states(index)
                guard measures else {
                    drawView(views[index], at: index, in: frame, state: state)
                    continue
                }
                // Views are touched only when drawn or newly measured: retaining each of
                // thousands to skip it would cost more than the drawing.
                let covered = memo.visualBounds(of: index, state: state) { views[index].visualBounds(in: frame, state: state) }
                if let damage, !covered.intersects(damage.insetBy(dx: -1, dy: -1)) { continue }
                let component = views[index].component(in: state)
                guard !statefulRoots.contains(index) else {
                    drawView(views[index], at: index, in: frame, state: state)
                    continue
                }
                let view = views[index]
                if let kept = cache?.pixels(of: component, in: frame, covering: covered, appearance: appearance, direction: direction,
                                            draw: { on in painter.drawing(on: on, scale: scale) { self.drawView(view, at: index, in: frame, state: state) } }) {
                    context.composite(kept.surface, x: kept.x, y: kept.y, in: pixelSpace)
                } else {
                    drawView(view, at: index, in: frame, state: state)
                }
            }
            overlay?(painter)
        }
        context.restore()
    }

    /// Where the view at `path` lies on the canvas, its parents' frames added up, in points;
    /// nil when the document has no view there.
    public func canvasFrame(of path: ViewPath, in document: StyleDocument, layout: Layout) -> Rect? {
        guard layout.frames.indices.contains(path.root) else { return nil }
        var view = document.views[path.root]
        var frame = layout.frames[path.root]
        for index in path.indices.dropFirst() {
            let frames = view.subviewFrames(in: frame.size, painter: painter)
            guard frames.indices.contains(index) else { return nil }
            frame = frames[index].offsetBy(dx: frame.x, dy: frame.y)
            view = view.subviews[index]
        }
        return frame
    }

    /// Draws top-level view `index` with its subviews, each nested control in its state.
    private func drawView(_ view: StyledView, at index: Int, in frame: Rect, state: ControlState) {
        guard !view.subviews.isEmpty else { return view.component(in: state).draw(in: frame, with: painter) }
        let nested = nestedStates
        view.draw(in: frame, state: state, painter: painter, path: ViewPath(index), states: { nested.isEmpty ? nil : nested[$0] })
    }

    /// The pixels (at `scale`, in the space `draw` is given) of the views inside `area` (points)
    /// whose kept pixels are opaque there, in the state `states` gives them: what compositing
    /// them puts down whatever is beneath, so a frame changing only the canvas background may
    /// keep them (`draw`'s `keeping`). Pixels a later view draws over are its unchanged pixels
    /// over these. Empty when `cache` keeps another scale.
    public func keptOpaquePixels(_ document: StyleDocument, layout: Layout, scale: Double, states: (Int) -> ControlState,
                                 area: Rect, cache: ViewPixelCache) -> [PixelRect] {
        guard cache.scale == scale, painter.textObserver == nil else { return [] }
        let views = document.views
        let statefulRoots = statefulRoots
        var boxes: [PixelRect] = []
        for index in views.indices {
            let (frame, state) = (layout.frames[index], states(index))
            guard !statefulRoots.contains(index), views[index].visualBounds(in: frame, state: state).intersects(area) else { continue }
            if let box = cache.opaqueBox(of: views[index].component(in: state), in: frame, appearance: appearance, direction: layoutDirection) {
                boxes.append(box)
            }
        }
        return boxes
    }

    /// Keeps in `cache`, from view `start` on, the pixels of the views inside `area` (points) in
    /// the state `states` gives them, as `draw` with the same cache would have drawn them, until
    /// `deadline` (`MonotonicClock` nanoseconds) has passed: the preview's idle work, so that the
    /// next frame repainting views whose look did not change composites every one of them. The
    /// view to go on from, or nil when every one is kept (or the cache is as full as warming fills it).
    public func warm(_ document: StyleDocument, layout: Layout, scale: Double, states: (Int) -> ControlState, area: Rect,
                     cache: ViewPixelCache, from start: Int, until deadline: UInt64) -> Int? {
        guard painter.textObserver == nil else { return nil }
        var memo = CoverageMemo()
        swap(&memo, &covered)
        defer { swap(&memo, &covered) }
        memo.prepare(for: document, layout: layout)
        cache.prepare(scale: scale, painter: painter)
        painter.layoutDirection = layoutDirection
        let (appearance, direction, painter) = (appearance, layoutDirection, painter)
        let statefulRoots = statefulRoots
        let views = document.views
        var index = max(0, start)
        while index < views.count {
            defer { index += 1 }
            let frame = layout.frames[index]
            let state = states(index)
            let covered = memo.visualBounds(of: index, state: state) { views[index].visualBounds(in: frame, state: state) }
            guard covered.intersects(area), !statefulRoots.contains(index) else { continue }
            let component = views[index].component(in: state)
            let view = views[index]
            let warming = cache.warm(component, in: frame, covering: covered, appearance: appearance, direction: direction) { on in
                painter.drawing(on: on, scale: scale) { self.drawView(view, at: index, in: frame, state: state) }
            }
            if warming == .full { return nil }
            if warming == .drawn, MonotonicClock.now() >= deadline { return index + 1 < views.count ? index + 1 : nil }
        }
        return nil
    }

    // MARK: - What each view covers

    /// What each view covered when last drawn, for the document and layout last drawn: a partial
    /// redraw tests every view against its damage, and looking each one's component and layer up
    /// again for that costs more, with thousands of views, than drawing the one that changed.
    private var covered = CoverageMemo()

    /// What each view covers, by state, measured when first drawn or looked at, and taken over
    /// for the views a save left as they were at the same frames (`KeptViews`): the frame after
    /// a one-view save of 2,000 views measures one view, not every view again.
    private struct CoverageMemo {
        private var kept = KeptViews()
        private var states: [ControlState?] = []
        private var bounds: [Rect] = []

        mutating func prepare(for document: StyleDocument, layout: Layout) {
            let views = document.views
            // The document and layout last drawn: one buffer each, compared in no time.
            if kept.isSame(views, at: layout.frames) { return }
            var states = [ControlState?](repeating: nil, count: views.count)
            var bounds = [Rect](repeating: .zero, count: views.count)
            for index in views.indices where kept.holds(index, of: views, at: layout.frames) {
                (states[index], bounds[index]) = (self.states[index], self.bounds[index])
            }
            kept.keep(views, at: layout.frames)
            (self.states, self.bounds) = (states, bounds)
        }

        mutating func visualBounds(of index: Int, state: ControlState, measure: () -> Rect) -> Rect {
            if states[index] == state { return bounds[index] }
            let rect = measure()
            states[index] = state
            bounds[index] = rect
            return rect
        }
    }
}
