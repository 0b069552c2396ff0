import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// IBAnimatable's `maskType`: a shape the whole view is cut to (background, border, content and
/// shadow alike), written as IBAnimatable writes it: `circle`, `star(5)` or `star(points: 5)`,
/// and drawn with IBAnimatable's geometry (`UIBezierPath` extensions of its `MaskType`), cut to the
/// view's bounds as a mask layer's content is.
public enum MaskType: Hashable, Sendable {
    /// The largest circle centred in the bounds.
    case circle
    /// The ellipse the bounds enclose.
    case ellipse
    /// Apex at the top centre, base along the bottom edge.
    case triangle
    /// A regular polygon of `sides`, its first corner at the top, in the largest centred circle.
    case polygon(sides: Int)
    /// A star of `points`, its first point at the top, its inner corners at half its radius.
    case star(points: Int)
    /// Waves across the whole height, `width` points from crest to crest, shifted left by
    /// `offset` points: the part below them (`up`) or above them (`down`).
    case wave(up: Bool, width: Double, offset: Double)
    /// The bounds slanted, `angle` degrees at the top-left corner: under 90 the sides lean left
    /// (`\`), over 90 right (`/`), 90 is the rectangle.
    case parallelogram(angle: Double)

    /// How deep a star's inner corners lie, as a share of its outer radius.
    static let starInnerRatio = 0.5

    /// Each form with its arguments' names and, as IBAnimatable takes them, the values of those
    /// left out (`star` is `star(5)`, `wave(down)` is `wave(down, 40, 0)`).
    static let forms: [(name: String, arguments: [String], defaults: [String])] = [
        ("circle", [], []), ("ellipse", [], []), ("triangle", [], []), ("polygon", ["sides"], ["6"]), ("star", ["points"], ["5"]),
        ("wave", ["direction", "width", "offset"], ["up", "40", "0"]), ("parallelogram", ["angle"], ["60"]),
    ]
}

extension MaskType: InspectableValue {
    public static var typeName: String { "MaskType" }
    public static let shape = ValueShape.string(
        pattern: #"^\s*(circle|ellipse|triangle|(polygon|star|wave|parallelogram)(\s*\(.*\))?)\s*$"#,
        examples: ["circle", "star(5)", "polygon(6)", "parallelogram(60)"])

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> MaskType {
        guard let text = reading.text else { throw .unreadable(MaskType.self, node) }
        do { return try parse(text) } catch {
            throw .error("\(error.reason); expected one of \(forms.map { $0.arguments.isEmpty ? $0.name : "\($0.name)(\($0.arguments.joined(separator: ", ")))" }.joined(separator: ", "))", at: node.location)
        }
    }

    struct ParseError: Error { let reason: String }

    /// `star(5)`, `star(points: 5)`, `wave(down, 40, 8)`, `wave(direction: up, width: 40, offset: 8)`.
    static func parse(_ written: String) throws(ParseError) -> MaskType {
        let text = String(written.trimmingWhitespace())
        let name = String(text.prefix { $0.isLetter })
        guard let form = forms.first(where: { $0.name == name }) else {
            throw ParseError(reason: "'\(text)' is no mask\(didYouMean(name, forms.map(\.name)))")
        }
        var rest = String(text.dropFirst(name.count).trimmingWhitespace())
        var arguments: [String] = []
        if !rest.isEmpty {
            guard rest.hasPrefix("("), rest.hasSuffix(")") else { throw ParseError(reason: "'\(text)': arguments go in brackets, as in \(name)(…)") }
            rest = String(rest.dropFirst().dropLast())
            arguments = rest.split(separator: ",", omittingEmptySubsequences: false).map { part in
                // A label (`points: 5`) is allowed, as IBAnimatable writes them; the value is what counts.
                let value = part.split(separator: ":", maxSplits: 1).last.map(String.init) ?? ""
                return String(value.trimmingWhitespace())
            }
            if arguments == [""] { arguments = [] }
        }
        guard arguments.count <= form.arguments.count else {
            throw ParseError(reason: "\(name) takes \(form.arguments.isEmpty ? "no arguments" : form.arguments.joined(separator: ", ")), found \(arguments.count)")
        }
        arguments += form.defaults.dropFirst(arguments.count)
        func number(_ index: Int, from low: Double, to high: Double) throws(ParseError) -> Double {
            guard let value = Double(arguments[index]), value.isFinite, value >= low, value <= high else {
                throw ParseError(reason: "\(name)'s \(form.arguments[index]) must be a number from \(formatNumber(low)) to \(formatNumber(high)), found '\(arguments[index])'")
            }
            return value
        }
        func count(_ index: Int) throws(ParseError) -> Int {
            guard let value = Int(arguments[index]), value >= 3, value <= 100 else {
                throw ParseError(reason: "\(name)'s \(form.arguments[index]) must be a whole number from 3 to 100, found '\(arguments[index])'")
            }
            return value
        }
        switch name {
        case "circle": return .circle
        case "ellipse": return .ellipse
        case "triangle": return .triangle
        case "polygon": return .polygon(sides: try count(0))
        case "star": return .star(points: try count(0))
        case "wave":
            guard arguments[0] == "up" || arguments[0] == "down" else {
                throw ParseError(reason: "wave's direction is up or down, found '\(arguments[0])'")
            }
            return .wave(up: arguments[0] == "up", width: try number(1, from: 1, to: maximumLength), offset: try number(2, from: -maximumLength, to: maximumLength))
        default: return .parallelogram(angle: try number(0, from: 1, to: 179))
        }
    }

    public var styleText: String {
        switch self {
        case .circle: return "circle"
        case .ellipse: return "ellipse"
        case .triangle: return "triangle"
        case .polygon(let sides): return "polygon(\(sides))"
        case .star(let points): return "star(\(points))"
        case .wave(let up, let width, let offset): return "wave(\(up ? "up" : "down"), \(formatNumber(width)), \(formatNumber(offset)))"
        case .parallelogram(let angle): return "parallelogram(\(formatNumber(angle)))"
        }
    }
}

/// What a layer's fill, clip, border and shadow follow: its rounded bounds, or its mask.
public enum Outline: Hashable, Sendable {
    case rounded(Shape)
    case mask(MaskType, in: Rect)

    public var bounds: Rect {
        switch self {
        case .rounded(let shape): return shape.rect
        case .mask(_, let rect): return rect
        }
    }

    /// A plain rectangle: Cairo fills one as cheaply as it composites a mask of it.
    var isRectangle: Bool {
        if case .rounded(let shape) = self { return shape.isRectangle }
        return false
    }

    /// The same outline with its bounds' top-left at the origin: the key of a shared shadow.
    var atOrigin: Outline {
        switch self {
        case .rounded(var shape):
            shape.rect.origin = .zero
            return .rounded(shape)
        case .mask(let mask, let rect):
            return .mask(mask, in: Rect(origin: .zero, size: rect.size))
        }
    }
}

extension DrawingContext {
    /// Adds `outline` to the current path.
    public func path(_ outline: Outline) {
        switch outline {
        case .rounded(let shape): path(shape)
        case .mask(let mask, let rect): path(mask, in: rect)
        }
    }

    private func path(_ mask: MaskType, in rect: Rect) {
        let centre = Point(x: rect.midX, y: rect.midY)
        let radius = min(rect.width, rect.height) / 2
        cairo_new_sub_path(pointer)
        switch mask {
        case .circle:
            cairo_arc(pointer, centre.x, centre.y, radius, 0, 2 * .pi)
        case .ellipse:
            cairo_save(pointer)
            cairo_translate(pointer, centre.x, centre.y)
            cairo_scale(pointer, max(rect.width / 2, 1e-9), max(rect.height / 2, 1e-9))
            cairo_arc(pointer, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(pointer)
        case .triangle:
            polygon([Point(x: rect.midX, y: rect.y), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY)])
        case .polygon(let sides):
            polygon((0..<sides).map { corner(centre, radius, turn: Double($0) / Double(sides)) })
        case .star(let points):
            polygon((0..<(2 * points)).map { index in
                corner(centre, index % 2 == 0 ? radius : radius * MaskType.starInnerRatio, turn: Double(index) / Double(2 * points))
            })
        case .wave(let up, let width, let offset):
            wave(in: rect, up: up, width: width, offset: offset)
        case .parallelogram(let angle):
            // IBAnimatable's corners; a lean longer than the width takes two of them past the
            // sides, and the part inside the bounds is what its mask shows.
            let lean = abs(tan((angle - 90) * .pi / 180)) * rect.height
            let corners = angle <= 90
                ? [Point(x: rect.x, y: rect.y), Point(x: rect.maxX - lean, y: rect.y), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x + lean, y: rect.maxY)]
                : [Point(x: rect.x + lean, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.maxX - lean, y: rect.maxY), Point(x: rect.x, y: rect.maxY)]
            polygon(Self.clipped(corners, to: rect))
        }
        cairo_close_path(pointer)
    }

    /// IBAnimatable's wave: half-waves `width / 2` long, each a quadratic curve from the middle
    /// line to the next whose control point lies half the height beyond the far edge, so each
    /// reaches that edge; alternately down and up, starting a quarter wave and `offset` left of the
    /// bounds; closed along the bottom (`up`) or top edge. The part within the bounds: the curves
    /// are cut where they cross the sides (a half-wave's x runs evenly with its parameter).
    private func wave(in rect: Rect, up: Bool, width: Double, offset: Double) {
        let half = width / 2
        let base = up ? rect.maxY : rect.y
        var start = rect.x - width / 4 - offset.truncatingRemainder(dividingBy: width)
        var downward = up
        cairo_move_to(pointer, max(start, rect.x), base)
        var first = true
        while start < rect.maxX {
            let end = start + half
            if end > rect.x {
                let p0 = Point(x: start, y: rect.midY), p2 = Point(x: end, y: rect.midY)
                let p1 = Point(x: start + half / 2, y: downward ? rect.maxY + rect.height / 2 : rect.y - rect.height / 2)
                let t0 = max(0, (rect.x - start) / half), t1 = min(1, (rect.maxX - start) / half)
                // The piece from t0 to t1 of a quadratic, by blossoming, raised to a cubic.
                func blossom(_ a: Double, _ b: Double) -> Point {
                    let w0 = (1 - a) * (1 - b), w1 = a * (1 - b) + (1 - a) * b, w2 = a * b
                    return Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y)
                }
                let q0 = blossom(t0, t0), q1 = blossom(t0, t1), q2 = blossom(t1, t1)
                if first { cairo_line_to(pointer, q0.x, q0.y); first = false }
                cairo_curve_to(pointer, q0.x + 2 / 3 * (q1.x - q0.x), q0.y + 2 / 3 * (q1.y - q0.y),
                               q2.x + 2 / 3 * (q1.x - q2.x), q2.y + 2 / 3 * (q1.y - q2.y), q2.x, q2.y)
            }
            start = end
            downward.toggle()
        }
        cairo_line_to(pointer, min(start, rect.maxX), base)
    }

    /// `polygon` cut to `rect` (Sutherland–Hodgman, one side of the rectangle at a time).
    static func clipped(_ polygon: [Point], to rect: Rect) -> [Point] {
        let sides: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= rect.x }, { a, b in Point(x: rect.x, y: a.y + (b.y - a.y) * (rect.x - a.x) / (b.x - a.x)) }),
            ({ $0.x <= rect.maxX }, { a, b in Point(x: rect.maxX, y: a.y + (b.y - a.y) * (rect.maxX - a.x) / (b.x - a.x)) }),
            ({ $0.y >= rect.y }, { a, b in Point(x: a.x + (b.x - a.x) * (rect.y - a.y) / (b.y - a.y), y: rect.y) }),
            ({ $0.y <= rect.maxY }, { a, b in Point(x: a.x + (b.x - a.x) * (rect.maxY - a.y) / (b.y - a.y), y: rect.maxY) }),
        ]
        var points = polygon
        for side in sides where !points.isEmpty {
            let input = points
            points = []
            for (index, current) in input.enumerated() {
                let previous = input[(index + input.count - 1) % input.count]
                switch (side.inside(previous), side.inside(current)) {
                case (true, true): points.append(current)
                case (true, false): points.append(side.cross(previous, current))
                case (false, true): points.append(side.cross(previous, current)); points.append(current)
                case (false, false): break
                }
            }
        }
        return points
    }

    /// The point a `turn` (of a whole circle) clockwise from the top of a circle.
    private func corner(_ centre: Point, _ radius: Double, turn: Double) -> Point {
        let angle = 2 * .pi * turn - .pi / 2
        return Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
    }

    private func polygon(_ corners: [Point]) {
        for (index, point) in corners.enumerated() {
            if index == 0 { cairo_move_to(pointer, point.x, point.y) } else { cairo_line_to(pointer, point.x, point.y) }
        }
    }
}
