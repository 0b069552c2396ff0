/// How an area is filled.
public enum Fill: Equatable {
    case color(Color)
    /// Two stops along a straight line across the area: left to right, or top to bottom.
    case linearGradient(Color, Color, horizontal: Bool)
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

    public func measure(_ string: String, font: Font) -> Size {
        text.measure(string, font: font)
    }

    public func size(of image: ImageReference) -> Size {
        images.size(of: image, scale: scale)
    }

    // MARK: - Drawing

    /// Draws `body` clipped to a rounded rectangle, as `layer.masksToBounds` clips a view.
    public func clipped(to rect: Rect, radius: Double, _ body: () -> Void) {
        guard let drawing else { return }
        drawing.save()
        drawing.newPath()
        drawing.roundedRectangle(rect, radius: radius)
        drawing.clip()
        body()
        drawing.restore()
    }

    /// Draws `body` as one layer at `alpha` (a view's alpha, a faded highlighted title).
    public func withAlpha(_ alpha: Double, _ body: () -> Void) {
        guard let drawing else { return }
        drawing.withGroup(alpha: alpha, body)
    }

    public func fill(_ rect: Rect, radius: Double = 0, with fill: Fill) {
        guard let drawing else { return }
        switch fill {
        case .color(let color):
            guard color.alpha > 0 else { return }
            drawing.setSource(color)
        case .linearGradient(let first, let second, let horizontal):
            let end = horizontal ? Point(x: rect.maxX, y: rect.y) : Point(x: rect.x, y: rect.maxY)
            drawing.setLinearGradient(from: rect.origin, to: end, first, second)
        }
        drawing.newPath()
        drawing.roundedRectangle(rect, radius: radius)
        drawing.fill()
    }

    /// A border drawn inside `rect` along its rounded corners, as `CALayer` draws `borderWidth`.
    public func border(_ rect: Rect, radius: Double, width: Double, color: Color) {
        guard let drawing, width > 0, color.alpha > 0 else { return }
        let inset = min(width, rect.width / 2, rect.height / 2)
        drawing.setSource(color)
        drawing.newPath()
        drawing.roundedRectangle(rect, radius: radius)
        drawing.roundedRectangle(rect.insetBy(dx: inset, dy: inset), radius: max(0, radius - inset))
        drawing.fillEvenOdd()
    }

    /// Draws one line of text with its logical top-left at `origin`.
    public func drawText(_ string: String, font: Font, color: Color, at origin: Point) {
        guard let drawing, !string.isEmpty, color.alpha > 0 else { return }
        text.draw(text.layout(string, font: font), at: origin, color: color, in: drawing)
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

    /// A focus ring around `rect`, as the preview shows the keyboard's current view.
    public func focusRing(around rect: Rect, radius: Double, color: Color) {
        guard let drawing else { return }
        drawing.newPath()
        drawing.roundedRectangle(rect.insetBy(dx: -3, dy: -3), radius: radius + 3)
        drawing.setSource(color)
        drawing.stroke(width: 2, dashes: [])
    }
}
