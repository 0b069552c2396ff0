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
    /// Device pixels per point of the current drawing.
    public private(set) var scale = 1.0
    private var drawing: DrawingContext?

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

    /// Draws a view's layer in `frame`: its background and gradient, `content` above them
    /// (clipped to the rounded shape when the layer masks to its bounds, to the frame otherwise),
    /// and its border over everything, as Core Animation composites a layer.
    public func draw(_ layer: Layer, in frame: Rect, content: () -> Void) {
        guard let drawing else { return }
        let shape = layer.shape(in: frame)
        drawing.save()
        drawing.newPath()
        if layer.masksToBounds {
            // Inside the shape's clip the fills need no corners of their own: one rounded path
            // rasterised instead of three, for the same pixels.
            drawing.path(shape)
            drawing.clip()
            let filled = Shape(frame)
            fill(filled, with: .color(layer.backgroundColor))
            if let gradient = layer.gradient { fill(filled, with: .gradient(gradient)) }
        } else {
            fill(shape, with: .color(layer.backgroundColor))
            if let gradient = layer.gradient { fill(shape, with: .gradient(gradient)) }
            drawing.newPath()
            drawing.rectangle(frame)
            drawing.clip()
        }
        content()
        drawing.restore()
        border(shape, width: layer.borderWidth, color: layer.borderColor)
    }

    public func fill(_ shape: Shape, with fill: Fill) {
        guard let drawing else { return }
        switch fill {
        case .color(let color):
            guard color.alpha > 0 else { return }
            drawing.setSource(color)
        case .gradient(let gradient):
            let rect = shape.rect
            func place(_ unit: Point) -> Point { Point(x: rect.x + unit.x * rect.width, y: rect.y + unit.y * rect.height) }
            drawing.setLinearGradient(from: place(gradient.startPoint), to: place(gradient.endPoint), gradient.colors)
        }
        drawing.newPath()
        drawing.path(shape)
        drawing.fill()
    }

    /// Fills a rectangle with circular corners of `radius`.
    public func fill(_ rect: Rect, radius: Double = 0, with fill: Fill) {
        self.fill(Shape(rect, cornerRadius: radius), with: fill)
    }

    /// A border drawn inside `shape` along its corners, as `CALayer` draws `borderWidth`.
    public func border(_ shape: Shape, width: Double, color: Color) {
        guard let drawing, width > 0, color.alpha > 0 else { return }
        let inset = min(width, shape.rect.width / 2, shape.rect.height / 2)
        drawing.setSource(color)
        drawing.newPath()
        drawing.path(shape)
        drawing.path(shape.inset(by: inset))
        drawing.fillEvenOdd()
    }

    /// Draws text fitted to `box` (one line unless told) with its logical top-left at `origin`.
    public func drawText(_ string: String, font: Font, color: Color, at origin: Point, in box: TextBox = .singleLine) {
        guard let drawing, !string.isEmpty, color.alpha > 0 else { return }
        text.draw(text.layout(string, font: font, in: box), at: origin, color: color, in: drawing)
    }

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
