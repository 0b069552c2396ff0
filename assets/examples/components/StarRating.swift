// A five-star rating control, ported from an iOS @IBDesignable class: `draw(_ rect:)` became
// `drawContent(in:with:)`, UIBezierPath became BezierPath, `UIColor.setFill(); path.fill()`
// became `painter.fill(path, with: .color(…))`. See the README's "Your own components in Swift".
import DesignableCore
#if canImport(Glibc)
import Glibc  // cos and sin (Foundation on iOS)
#endif

final class StarRating: Component {
    @Inspectable("Stars filled, 0 to 5; a fraction fills part of a star.", minimum: 0, maximum: 5) var rating = 3.5
    @Inspectable("Colour of the filled stars.") var starColor = Color(rgb: 0xFFB400)
    @Inspectable("Colour of the empty stars' outline.") var emptyColor = Color(rgb: 0xC7C7CC)
    @Inspectable("Space between the stars.", minimum: 0) var spacing = 4.0

    override class var summary: String { "Five stars, filled to a rating; 140×28 by default." }

    override func intrinsicContentSize(_ painter: Painter) -> Size? { Size(width: 140, height: 28) }

    override func drawContent(in bounds: Rect, with painter: Painter) {
        let side = min(bounds.height, (bounds.width - 4 * spacing) / 5)
        guard side > 0 else { return }
        for index in 0..<5 {
            let box = Rect(x: bounds.x + Double(index) * (side + spacing), y: bounds.y + (bounds.height - side) / 2, width: side, height: side)
            var outline = Self.star(in: box)
            outline.lineWidth = 1.5
            outline.lineJoinStyle = .round
            let filled = min(1, max(0, rating - Double(index)))
            if filled > 0 {
                // A partial star: the fill clipped to the part of the box the fraction covers.
                painter.clipped(to: BezierPath(rect: Rect(x: box.x, y: box.y, width: box.width * filled, height: box.height))) {
                    painter.fill(outline, with: .color(starColor))
                }
            }
            painter.stroke(outline, color: filled >= 1 ? starColor : emptyColor)
        }
    }

    /// A five-pointed star in `box`, its first point straight up.
    static func star(in box: Rect) -> BezierPath {
        var path = BezierPath()
        let centre = Point(x: box.midX, y: box.midY + box.height * 0.05)
        let outer = box.width / 2, inner = outer * 0.4
        for corner in 0..<10 {
            let radius = corner % 2 == 0 ? outer : inner
            let angle = -Double.pi / 2 + Double(corner) * Double.pi / 5
            let point = Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            if corner == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.close()
        return path
    }
}

// The classes this file gives Designable: one line, written once per class.
let designableComponents: [Component.Type] = [StarRating.self]
