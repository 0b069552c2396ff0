import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// A path made of lines, curves and arcs, named after `UIBezierPath` so that a `draw(_ rect:)`
/// ported from iOS changes its spelling little: `move(to:)`, `addLine(to:)`,
/// `addCurve(to:controlPoint1:controlPoint2:)`, `addArc(withCenter:…)`, `close()`, and the
/// rectangle, rounded-rectangle and oval initialisers. Coordinates are points with y pointing
/// down, as UIKit's default coordinate system: an arc from 0 to π `clockwise` is the bottom half.
///
/// A value: building one draws nothing; `Painter.fill(_:with:)` and `Painter.stroke(_:…)` do.
public struct BezierPath: Equatable, Sendable {
    /// One step of the path, as Cairo replays it.
    public enum Element: Equatable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, control1: Point, control2: Point)
        case arc(centre: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The stroke's width, as `UIBezierPath.lineWidth` (1 by default).
    public var lineWidth = 1.0
    /// How open ends and corners of a stroke look.
    public var lineCapStyle = LineCap.butt
    public var lineJoinStyle = LineJoin.miter
    /// Whether a fill takes the even-odd rule (`usesEvenOddFillRule`) rather than non-zero winding.
    public var usesEvenOddFillRule = false
    /// Where the last element left the pen: a quadratic curve is raised to a cubic from it.
    private var current: Point?

    public enum LineCap: Sendable { case butt, round, square }
    public enum LineJoin: Sendable { case miter, round, bevel }

    public init() {}

    /// A closed rectangle, as `UIBezierPath(rect:)`.
    public init(rect: Rect) {
        move(to: Point(x: rect.x, y: rect.y))
        addLine(to: Point(x: rect.maxX, y: rect.y))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.x, y: rect.maxY))
        close()
    }

    /// A rectangle with circular corners of `cornerRadius` (at most half the shorter side), as
    /// `UIBezierPath(roundedRect:cornerRadius:)`.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { self.init(rect: rect); return }
        self.init()
        move(to: Point(x: rect.x + r, y: rect.y))
        addArc(withCenter: Point(x: rect.maxX - r, y: rect.y + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        addArc(withCenter: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        addArc(withCenter: Point(x: rect.x + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        addArc(withCenter: Point(x: rect.x + r, y: rect.y + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
        close()
    }

    /// The ellipse inscribed in `rect`, as `UIBezierPath(ovalIn:)`: four cubic quarters.
    public init(ovalIn rect: Rect) {
        // The control distance that makes a cubic Bézier quarter closest to a circle's.
        let k = 0.5522847498
        let (cx, cy, rx, ry) = (rect.midX, rect.midY, rect.width / 2, rect.height / 2)
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), controlPoint1: Point(x: cx + rx, y: cy + k * ry), controlPoint2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), controlPoint1: Point(x: cx - k * rx, y: cy + ry), controlPoint2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point(x: cx, y: cy - ry), controlPoint1: Point(x: cx - rx, y: cy - k * ry), controlPoint2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), controlPoint1: Point(x: cx + k * rx, y: cy - ry), controlPoint2: Point(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// An open arc, as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: - Building

    public mutating func move(to point: Point) {
        elements.append(.move(point))
        current = point
    }

    public mutating func addLine(to point: Point) {
        elements.append(.line(point))
        current = point
    }

    public mutating func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        elements.append(.curve(point, control1: controlPoint1, control2: controlPoint2))
        current = point
    }

    /// A quadratic curve, raised to the cubic Cairo draws (the same curve).
    public mutating func addQuadCurve(to point: Point, controlPoint: Point) {
        let start = current ?? controlPoint
        let c1 = Point(x: start.x + 2 / 3 * (controlPoint.x - start.x), y: start.y + 2 / 3 * (controlPoint.y - start.y))
        let c2 = Point(x: point.x + 2 / 3 * (controlPoint.x - point.x), y: point.y + 2 / 3 * (controlPoint.y - point.y))
        addCurve(to: point, controlPoint1: c1, controlPoint2: c2)
    }

    /// An arc of the circle around `center`, angles in radians from the positive x axis; a line
    /// joins the current point to its start, as UIKit draws it.
    public mutating func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        elements.append(.arc(centre: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
        current = Point(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }

    public mutating func close() {
        elements.append(.close)
    }

    /// Adds `other`'s elements after this path's, as `append(_:)`.
    public mutating func append(_ other: BezierPath) {
        elements += other.elements
        current = other.current ?? current
    }

    public var isEmpty: Bool { elements.isEmpty }

    // MARK: - Replaying

    /// Lays the path on `drawing` as its current path (after clearing it).
    func trace(on drawing: DrawingContext) {
        let cairo = drawing.pointer
        cairo_new_path(cairo)
        for element in elements {
            switch element {
            case .move(let p): cairo_move_to(cairo, p.x, p.y)
            case .line(let p): cairo_line_to(cairo, p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let c, let r, let start, let end, let clockwise):
                // Cairo's positive angles turn from +x towards +y, which is clockwise with y down.
                if clockwise { cairo_arc(cairo, c.x, c.y, max(0, r), start, end) } else { cairo_arc_negative(cairo, c.x, c.y, max(0, r), start, end) }
            case .close: cairo_close_path(cairo)
            }
        }
    }

    /// The box the path's points and curves' control points lie in: a curve lies within its
    /// control points, so the box holds the path (a little loosely around curves and arcs).
    public var bounds: Rect {
        var (left, top, right, bottom) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func add(_ p: Point) { (left, top, right, bottom) = (min(left, p.x), min(top, p.y), max(right, p.x), max(bottom, p.y)) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .arc(let c, let r, _, _, _): add(Point(x: c.x - r, y: c.y - r)); add(Point(x: c.x + r, y: c.y + r))
            case .close: break
            }
        }
        guard left <= right, top <= bottom else { return .zero }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

// MARK: - Drawing paths

extension Painter {
    /// Fills `path` with a colour, or a gradient placed in the path's bounds (as `Fill` places
    /// one in a view's), as `UIColor.setFill(); path.fill()` does.
    public func fill(_ path: BezierPath, with fill: Fill) {
        guard let drawing = currentDrawing, !path.isEmpty, setSource(fill, placedIn: path.bounds, on: drawing) else { return }
        path.trace(on: drawing)
        cairo_set_fill_rule(drawing.pointer, path.usesEvenOddFillRule ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(drawing.pointer)
        cairo_set_fill_rule(drawing.pointer, CAIRO_FILL_RULE_WINDING)
    }

    /// Fills `path` with a linear gradient from `start` to `end` (points), `colors` spread evenly:
    /// `CGContext.drawLinearGradient` clipped to the path.
    public func fill(_ path: BezierPath, linearGradient colors: [Color], from start: Point, to end: Point) {
        guard let drawing = currentDrawing, !path.isEmpty, !colors.isEmpty else { return }
        drawing.setLinearGradient(from: start, to: end, colors)
        path.trace(on: drawing)
        cairo_fill(drawing.pointer)
    }

    /// Strokes `path` in `color`, `path.lineWidth` wide (centred on the path, as UIKit strokes),
    /// with its caps and joins; dashed by `dash` (on, off, … in points) when given.
    public func stroke(_ path: BezierPath, color: Color, dash: [Double]? = nil) {
        guard let drawing = currentDrawing, !path.isEmpty, path.lineWidth > 0, color.alpha > 0 else { return }
        let cairo = drawing.pointer
        drawing.setSource(color)
        path.trace(on: drawing)
        cairo_set_line_cap(cairo, path.lineCapStyle == .round ? CAIRO_LINE_CAP_ROUND : path.lineCapStyle == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cairo, path.lineJoinStyle == .round ? CAIRO_LINE_JOIN_ROUND : path.lineJoinStyle == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        drawing.stroke(width: path.lineWidth, dash: dash)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
    }

    /// Runs `body` with drawing clipped to `path` (`path.addClip()` inside
    /// `UIGraphicsGetCurrentContext()?.saveGState()` … `restoreGState()`).
    public func clipped(to path: BezierPath, _ body: () -> Void) {
        guard let drawing = currentDrawing else { return }
        drawing.save()
        path.trace(on: drawing)
        drawing.clip()
        body()
        drawing.restore()
    }

    /// Runs `body` with what it draws moved by `dx`, `dy` and turned by `degrees` about the
    /// new origin (`CGContext.translateBy` and `rotate(by:)` between a save and a restore).
    public func transformed(translatedBy dx: Double, _ dy: Double, rotatedBy degrees: Double = 0, _ body: () -> Void) {
        guard let drawing = currentDrawing else { return }
        drawing.save()
        drawing.translate(dx, dy)
        if degrees != 0 { drawing.rotate(degrees: degrees, about: Point(x: 0, y: 0)) }
        body()
        drawing.restore()
    }

    /// Draws `string` with its top-left at `point`, one line as wide as it is:
    /// `NSString.draw(at:withAttributes:)`.
    public func drawText(_ string: String, at point: Point, font: Font, color: Color) {
        drawText(string, font: font, color: color, at: point)
    }
}
