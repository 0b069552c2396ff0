/// How an area is filled.
public enum Fill: Equatable {
    case color(Color)
    case gradient(Gradient)
}

/// The drawing vocabulary components use: shapes, text and images in points, with the device
/// scale, Cairo and Pango kept behind it. It also measures, for intrinsic sizes, with no surface.
public final class Painter {
    public let text: TextEngine
    public let images: ImageCache
    /// Blurred shadows of plain shapes, shared by every view of one size and corners.
    let shadows = ShadowCache()
    /// Rasterised outlines and borders, shared the same way by every view of one shape.
    var coverage = CoverageMasks()
    /// Device pixels per point of the current drawing.
    public private(set) var scale = 1.0
    /// Which way the layout reads: flips leading and trailing insets, alignments and placements.
    public var layoutDirection = LayoutDirection.leftToRight
    private var drawing: DrawingContext?
    /// The context drawing goes to, for the path drawing of `BezierPath`'s extension.
    var currentDrawing: DrawingContext? { drawing }

    /// The painter that measures where no painter is at hand (what a view's subviews cover,
    /// asked between frames; the layout's findings): the first renderer's, whose text and font
    /// caches its drawing then finds warm, else one of its own. Text measures the same in any.
    static var measuring: Painter {
        if let shared { return shared }
        let own = Painter()
        shared = own
        return own
    }
    /// Weak: the caches live as long as the renderer that drew with them, not the process (an
    /// image cache kept to the end is what LeakSanitizer takes for lost, the SVG documents in it
    /// being held through an enum whose case is kept in the pointer's spare bits).
    nonisolated(unsafe) private static weak var shared: Painter?

    /// Makes `painter` the one that measures where none is at hand, unless one already does.
    static func offerForMeasuring(_ painter: Painter) {
        if shared == nil { shared = painter }
    }

    public init(text: TextEngine = TextEngine(), images: ImageCache = ImageCache()) {
        self.text = text
        self.images = images
    }

    /// Runs `body` with drawing directed at `context`, whose transform already maps points to pixels.
    public func drawing(on context: DrawingContext, scale: Double, _ body: () -> Void) {
        let outer = (drawing, self.scale)
        (drawing, self.scale) = (context, scale)
        body()
        (drawing, self.scale) = outer
    }

    // MARK: - Measuring

    /// The size `string` takes in `font` within `box`: one line as wide as it is unless told.
    public func measure(_ string: String, font: Font, in box: TextBox = .singleLine) -> Size {
        text.measure(string, font: font, in: box)
    }

    public func size(of image: ImageReference) -> Size {
        images.size(of: image, scale: scale)
    }

    // MARK: - Drawing

    /// Draws a view's layer in `frame`: its shadow, its background and gradient, `content` above
    /// them (clipped to the rounded shape when the layer masks to its bounds, to the frame
    /// otherwise), and its border over everything, all at the layer's opacity, as Core Animation
    /// composites a layer. `memo` keeps a shadow made from the content between frames.
    /// `contentExtent`, when given, is all that `content` can touch: where it lies wholly inside
    /// what the fills cover, the clip is left out, for the same pixels.
    ///
    /// `sublayers` draws the view's subviews, after its content and before its border (a layer's
    /// border is composited above its sublayers): clipped to the outline when the layer masks to
    /// its bounds, not clipped at all otherwise, as Core Animation draws sublayers; they take the
    /// layer's opacity as one group and its rotation, and what they draw casts the shadow of a
    /// layer whose background does not.
    /// `sublayerExtent` is what the sublayers may cover, the frame included.
    public func draw(_ layer: Layer, in frame: Rect, memo: ShadowMemo? = nil, contentExtent: Rect? = nil, content: () -> Void,
                     sublayers: (() -> Void)? = nil, sublayerExtent: Rect? = nil) {
        guard let drawing, layer.opacity > 0, !layer.isHidden else { return }
        let rotated = layer.rotation.truncatingRemainder(dividingBy: 360) != 0
        if rotated {
            drawing.save()
            drawing.rotate(degrees: layer.rotation, about: Point(x: frame.midX, y: frame.midY))
        }
        let grouped = layer.opacity < 1
        if grouped { drawing.beginGroup() }
        if layer.castsShadow {
            // What the sublayers draw changes with their states, which the memo does not know of.
            drawShadow(of: layer, in: frame, memo: sublayers == nil ? memo : nil, content: content, sublayers: sublayers,
                       extent: sublayers == nil ? frame : sublayerExtent ?? frame)
        }
        drawBody(of: layer, in: frame, on: drawing, contentExtent: contentExtent, content: content, sublayers: sublayers)
        if grouped { drawing.endGroup(alpha: layer.opacity) }
        if rotated { drawing.restore() }
    }

    /// The layer without its shadow: background, gradient, content, border.
    private func drawBody(of layer: Layer, in frame: Rect, on drawing: DrawingContext, contentExtent: Rect?, content: () -> Void,
                          sublayers: (() -> Void)? = nil) {
        let outline = layer.outline(in: frame)
        if let contentExtent, sublayers == nil || !layer.clipsToOutline,
           needsNoClip(contentExtent, in: layer.clipsToOutline ? outline : .rounded(Shape(frame))) {
            // Clipping to a rounded shape makes Cairo rasterise it into a mask and composite every
            // later fill through that, for pixels the clip never changes.
            fill(outline, with: .color(layer.backgroundColor))
            if let gradient = layer.gradient { fill(outline, with: .gradient(gradient)) }
            content()
            sublayers?()
            border(of: layer, along: outline)
            return
        }
        drawing.save()
        drawing.newPath()
        if layer.clipsToOutline {
            // Inside the outline's clip the fills need no corners of their own: one rounded path
            // rasterised instead of three, for the same pixels.
            drawing.path(outline)
            drawing.clip()
            let filled = Outline.rounded(Shape(frame))
            fill(filled, with: .color(layer.backgroundColor))
            if let gradient = layer.gradient { fill(filled, with: .gradient(gradient)) }
        } else {
            fill(outline, with: .color(layer.backgroundColor))
            if let gradient = layer.gradient { fill(outline, with: .gradient(gradient)) }
            drawing.newPath()
            drawing.rectangle(layer.contentOverflow.map(frame.union) ?? frame)
            drawing.clip()
        }
        content()
        if layer.clipsToOutline { sublayers?() }
        drawing.restore()
        if !layer.clipsToOutline { sublayers?() }
        border(of: layer, along: outline)
    }

    /// Whether everything in `extent` lies where `clip` covers whole pixels, so clipping to it
    /// would change nothing: a pixel's margin all round for the edge's antialiasing. Only circular
    /// corners are tested; a continuous corner or a mask is clipped as drawn.
    private func needsNoClip(_ extent: Rect, in clip: Outline) -> Bool {
        guard case .rounded(let shape) = clip, shape.curve == .circular || shape.isRectangle else { return false }
        let margin = 1 / scale
        return shape.inset(by: margin).covers(extent)
    }

    /// The layer's border, inside its outline: solid all round as Core Animation draws it, or
    /// dashed, or on some sides only (as IBAnimatable's border layers draw it).
    private func border(of layer: Layer, along outline: Outline) {
        guard let drawing, layer.borderWidth > 0, layer.borderColor.alpha > 0 else { return }
        if case .rounded(let shape) = outline, layer.borderDash == nil, layer.borderSides == .all {
            return border(shape, width: layer.borderWidth, color: layer.borderColor)
        }
        // A stroke twice as wide, clipped to the outline: its inner half is the border.
        drawing.save()
        drawing.newPath()
        drawing.path(outline)
        drawing.clip()
        drawing.setSource(layer.borderColor)
        drawing.newPath()
        if layer.borderSides == .all {
            drawing.path(outline)
        } else {
            let rect = outline.bounds
            let sides: [(BorderSides, Point, Point)] = [
                (.top, Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y)),
                (.right, Point(x: rect.maxX, y: rect.y), Point(x: rect.maxX, y: rect.maxY)),
                (.bottom, Point(x: rect.x, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)),
                (.left, Point(x: rect.x, y: rect.y), Point(x: rect.x, y: rect.maxY)),
            ]
            for (side, from, to) in sides where layer.borderSides.contains(side) {
                drawing.moveTo(from.x, from.y)
                drawing.lineTo(to.x, to.y)
            }
        }
        drawing.stroke(width: 2 * layer.borderWidth, dash: layer.borderDash)
        drawing.restore()
    }

    // MARK: - Shadows

    /// Where a content shadow is kept between frames: one per component, which is made for one
    /// state and never changes, so its shadow is made once per size and scale.
    public final class ShadowMemo {
        /// What the mask was made for: the content moves with the direction, and its alpha may
        /// change with the appearance.
        fileprivate var key: (size: Size, scale: Double, direction: LayoutDirection, appearance: Appearance)?
        fileprivate var mask: ShadowMask?
        public init() {}
        /// How many content shadows were blurred, for the test that a redraw blurs none.
        nonisolated(unsafe) static var made = 0
    }

    /// The shadow beneath a layer. An opaque background hides all the content within it, so the
    /// shadow is the blurred shape, shared by every view of that size and corners; otherwise it is
    /// the alpha of everything the layer draws, blurred once per view and state.
    private func drawShadow(of layer: Layer, in frame: Rect, memo: ShadowMemo?, content: () -> Void, sublayers: (() -> Void)?, extent: Rect) {
        guard let drawing else { return }
        let sigma = layer.shadowRadius * scale
        let outline = layer.outline(in: frame)
        // Sublayers reaching past an opaque fill cast their part of the shadow too.
        let opaque = (layer.backgroundColor.alpha >= 1 || layer.gradient?.colors.allSatisfy({ $0.alpha >= 1 }) == true) && extent == frame
        let mask: ShadowMask?
        if opaque {
            let key = ShadowCache.Key(outline: outline.atOrigin, sigma: sigma, scale: scale)
            mask = shadows.mask(for: key) {
                makeShadowMask(of: frame, sigma: sigma) { context in
                    context.setSource(.black)
                    context.newPath()
                    context.path(outline)
                    context.fill()
                }
            }
        } else if let memo, let key = memo.key, key.size == frame.size, key.scale == scale,
                  key.direction == layoutDirection, key.appearance == drawing.appearance {
            mask = memo.mask
        } else {
            mask = makeShadowMask(of: extent, sigma: sigma) { context in
                drawBody(of: layer, in: frame, on: context, contentExtent: nil, content: content, sublayers: sublayers)
            }
            ShadowMemo.made += 1
            memo?.key = (frame.size, scale, layoutDirection, drawing.appearance)
            memo?.mask = mask
        }
        guard let mask else { return }
        let color = layer.shadowColor.multiplyingAlpha(min(1, layer.shadowOpacity))
        // A mask made of the sublayers too spans their extent, the others the frame.
        let area = extent
        let origin = Point(x: area.x + mask.origin.x + layer.shadowOffset.width, y: area.y + mask.origin.y + layer.shadowOffset.height)
        drawing.mask(mask.surface, at: origin, pixelScale: scale, color: color)
    }

    /// Draws with `body` (in canvas points) into an alpha mask around `frame`, and blurs it.
    /// Nil when the mask cannot be made (larger than a surface can be): the shadow is left out.
    private func makeShadowMask(of frame: Rect, sigma: Double, _ body: (DrawingContext) -> Void) -> ShadowMask? {
        let pad = Int(Shadow.reach(ofRadius: sigma).rounded(.up)) + 1
        let width = Int((frame.width * scale).rounded(.up)) + 2 * pad
        let height = Int((frame.height * scale).rounded(.up)) + 2 * pad
        guard let surface = try? ImageSurface(width: width, height: height, format: .alpha8),
              let context = try? DrawingContext(surface) else { return nil }
        // The content's alpha as drawn: a dynamic colour may differ in it between appearances.
        context.appearance = drawing?.appearance ?? .light
        context.translate(Double(pad), Double(pad))
        context.scale(scale)
        context.translate(-frame.x, -frame.y)
        drawing(on: context, scale: scale) { body(context) }
        if let pixels = surface.data {
            Shadow.blur(pixels.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: surface.stride, sigma: sigma)
        }
        surface.markDirty()
        let inset = Double(pad) / scale
        return ShadowMask(surface: surface, origin: Point(x: -inset, y: -inset))
    }

    public func fill(_ shape: Shape, with fill: Fill) {
        self.fill(.rounded(shape), with: fill)
    }

    /// Fills an outline with a colour, or a gradient placed in the outline's bounds.
    public func fill(_ outline: Outline, with fill: Fill) {
        guard let drawing, setSource(fill, placedIn: outline.bounds, on: drawing) else { return }
        if !outline.isRectangle, coverage.fill(outline, on: drawing) { return }
        drawing.newPath()
        drawing.path(outline)
        drawing.fill()
    }

    /// Makes `fill` the source, a gradient placed in `rect`; false when it draws nothing (clear).
    func setSource(_ fill: Fill, placedIn rect: Rect, on drawing: DrawingContext) -> Bool {
        switch fill {
        case .color(let color):
            guard color.alpha > 0 else { return false }
            drawing.setSource(color)
        case .gradient(let gradient):
            func place(_ unit: Point) -> Point { Point(x: rect.x + unit.x * rect.width, y: rect.y + unit.y * rect.height) }
            let (start, end) = (place(gradient.startPoint), place(gradient.endPoint))
            if gradient.isRadial {
                drawing.setRadialGradient(centre: start, radii: Size(width: abs(end.x - start.x), height: abs(end.y - start.y)), stops: gradient.stops)
            } else {
                drawing.setLinearGradient(from: start, to: end, stops: gradient.stops)
            }
        }
        return true
    }

    /// Fills a rectangle with circular corners of `radius`.
    public func fill(_ rect: Rect, radius: Double = 0, with fill: Fill) {
        self.fill(Shape(rect, cornerRadius: radius), with: fill)
    }

    /// `rect`'s outline, `width` wide and inside it, dashed by `dash` (on, off, … in points) when given.
    public func stroke(_ rect: Rect, width: Double, color: Color, dash: [Double]? = nil) {
        guard let drawing, width > 0, color.alpha > 0 else { return }
        drawing.newPath()
        drawing.rectangle(rect.insetBy(dx: width / 2, dy: width / 2))
        drawing.setSource(color)
        drawing.stroke(width: width, dash: dash)
    }

    /// A border drawn inside `shape` along its corners, as `CALayer` draws `borderWidth`.
    public func border(_ shape: Shape, width: Double, color: Color) {
        guard let drawing, width > 0, color.alpha > 0 else { return }
        let inset = min(width, shape.rect.width / 2, shape.rect.height / 2)
        drawing.setSource(color)
        if coverage.fill(.rounded(shape), ring: inset, on: drawing) { return }
        drawing.newPath()
        drawing.path(shape)
        drawing.path(shape.inset(by: inset))
        drawing.fillEvenOdd()
    }

    /// Draws text fitted to `box` (one line unless told) with its logical top-left at `origin`.
    public func drawText(_ string: String, font: Font, color: Color, at origin: Point, in box: TextBox = .singleLine) {
        guard let drawing, !string.isEmpty, color.alpha > 0 else { return }
        let layout = text.layout(string, font: font, in: box)
        if let textObserver {
            let ink = layout.ink.offsetBy(dx: origin.x, dy: origin.y)
            textObserver(DrawnText(string: string, font: font, color: color, box: box, origin: origin, layout: layout,
                                   deviceInk: drawing.deviceBounds(of: ink)))
            return
        }
        text.draw(layout, at: origin, color: color, in: drawing)
    }

    /// Text as a drawing was about to show it: what the accessibility audit measures.
    struct DrawnText {
        let string: String
        let font: Font
        /// As it would be drawn, a state's fade included; resolved for an appearance by the reader.
        let color: Color
        let box: TextBox
        /// The layout's top-left, in canvas points.
        let origin: Point
        let layout: TextLayout
        /// The glyphs' ink on the target, in device pixels (rotation included).
        let deviceInk: Rect

        /// The glyphs' ink in canvas points.
        var ink: Rect { layout.ink.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// While set, text is handed to it instead of drawn: the audit draws a view without its own
    /// text to see what lies behind it. One check per text on the normal path.
    var textObserver: ((DrawnText) -> Void)?

    /// Draws an image into `rect`: through `tint` for a template image, as is otherwise;
    /// a missing or unreadable image shows a placeholder so the gap is noticed.
    public func drawImage(_ image: ImageReference, in rect: Rect, tint: Color?, alpha: Double = 1) {
        guard let drawing else { return }
        if !images.draw(image, in: rect, tint: tint, alpha: alpha, scale: scale, on: drawing) {
            drawPlaceholder(in: rect)
        }
    }

    /// A magenta box with a cross: the look of "image not found" in most design tools.
    public func drawPlaceholder(in rect: Rect) {
        guard let drawing else { return }
        let magenta = Color(rgb: 0xFF00FF)
        drawing.save()
        drawing.newPath()
        drawing.rectangle(rect)
        drawing.setSource(magenta.withAlpha(0.15))
        drawing.fill()
        drawing.setSource(magenta)
        drawing.rectangle(rect.insetBy(dx: 0.5, dy: 0.5))
        drawing.moveTo(rect.x, rect.y); drawing.lineTo(rect.maxX, rect.maxY)
        drawing.moveTo(rect.maxX, rect.y); drawing.lineTo(rect.x, rect.maxY)
        drawing.stroke(width: 1)
        drawing.restore()
    }

    /// A focus ring around `shape`, as the preview shows the keyboard's current view.
    public func focusRing(around shape: Shape, color: Color) {
        guard let drawing else { return }
        drawing.newPath()
        drawing.path(FocusRing.path(around: shape))
        drawing.setSource(color)
        drawing.stroke(width: FocusRing.lineWidth)
    }
}

/// The ring the preview draws around the focused view, following its shape.
public enum FocusRing {
    /// Space between the view's outline and the ring's centre line.
    public static let gap = 3.0
    public static let lineWidth = 2.0

    static func path(around shape: Shape) -> Shape { shape.inset(by: -gap) }

    /// What the ring around `shape` covers: its centre line, half its stroke, and a point of antialiasing.
    public static func bounds(around shape: Shape) -> Rect {
        let reach = gap + lineWidth / 2 + 1
        return shape.rect.insetBy(dx: -reach, dy: -reach)
    }
}
