import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// IBAnimatable's `maskType`: a shape the whole view is cut to (background, border, content and
/// shadow alike), written as IBAnimatable writes it: `circle`, `star(5)` or `star(points: 5)`.
public enum MaskType: Hashable, Sendable {
    /// The largest circle centred in the bounds.
    case circle
    /// The ellipse the bounds enclose.
    case ellipse
    /// Apex at the top centre, base along the bottom edge.
    case triangle
    /// A regular polygon of `sides`, its first corner at the top, in the largest centred circle.
    case polygon(sides: Int)
    /// A star of `points`, its inner corners at 0.382 of the outer radius (a regular pentagram's
    /// proportion), its first point at the top.
    case star(points: Int)
    /// A wavy edge along the top (`up`) or bottom (`down`): waves `width` points long and
    /// `offset` points deep; the other three edges straight.
    case wave(up: Bool, width: Double, offset: Double)
    /// The bounds slanted: the left and right edges lean at `angle` degrees from the bottom edge.
    case parallelogram(angle: Double)

    /// How deep a star's inner corners lie, as a share of its outer radius.
    static let starInnerRatio = 0.382

    /// Each form with its arguments' names, for parsing, messages and the schema.
    static let forms: [(name: String, arguments: [String])] = [
        ("circle", []), ("ellipse", []), ("triangle", []), ("polygon", ["sides"]), ("star", ["points"]),
        ("wave", ["direction", "width", "offset"]), ("parallelogram", ["angle"]),
    ]
}

extension MaskType: InspectableValue {
    public static var typeName: String { "MaskType" }
    public static let shape = ValueShape.string(
        pattern: #"^\s*(circle|ellipse|triangle|(polygon|star|wave|parallelogram)\s*\(.*\))\s*$"#,
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
        guard arguments.count == form.arguments.count else {
            throw ParseError(reason: "\(name) takes \(form.arguments.isEmpty ? "no arguments" : form.arguments.joined(separator: ", ")), found \(arguments.count == 0 ? "none" : "\(arguments.count)")")
        }
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
            return .wave(up: arguments[0] == "up", width: try number(1, from: 1, to: maximumLength), offset: try number(2, from: 0, to: maximumLength))
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
            // Whole half-waves across, so both ends meet the straight sides at the same height.
            let halves = max(1, Int((2 * rect.width / width).rounded()))
            let step = rect.width / Double(halves)
            let edge = up ? rect.y + offset : rect.maxY - offset
            let far = up ? rect.maxY : rect.y
            cairo_move_to(pointer, rect.x, far)
            cairo_line_to(pointer, rect.x, edge)
            for half in 0..<halves {
                // Each half-wave bulges out of the edge and back: out for even halves, in for odd.
                let x0 = rect.x + Double(half) * step
                let bulge = (half % 2 == 0 ? -1.0 : 1.0) * (up ? 1 : -1) * offset
                cairo_curve_to(pointer, x0 + step / 3, edge + bulge * 4 / 3, x0 + 2 * step / 3, edge + bulge * 4 / 3, x0 + step, edge)
            }
            cairo_line_to(pointer, rect.maxX, far)
        case .parallelogram(let angle):
            let lean = min(rect.width, rect.height / tan(angle * .pi / 180))
            if lean >= 0 {
                polygon([Point(x: rect.x + lean, y: rect.y), Point(x: rect.maxX, y: rect.y),
                         Point(x: rect.maxX - lean, y: rect.maxY), Point(x: rect.x, y: rect.maxY)])
            } else {
                polygon([Point(x: rect.x, y: rect.y), Point(x: rect.maxX + lean, y: rect.y),
                         Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x - lean, y: rect.maxY)])
            }
        }
        cairo_close_path(pointer)
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
