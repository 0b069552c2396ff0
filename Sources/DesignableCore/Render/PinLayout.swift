/// A view pinned to its parent instead of given a frame: the few Auto Layout constraints a
/// designer writes most, each constant an inset in points from the parent's edge or centre
/// (`pin: {top: 16, leading: 16, trailing: 16}`, `pin: {centerX: 0, centerY: 0}`).
///
/// `top: 16` is 16 below the parent's top, `bottom: 16` 16 above its bottom; `leading` and
/// `trailing` are 16 in from those edges, which are the left and right in a left-to-right layout
/// and the right and left in a right-to-left one; `left` and `right` never flip; `centerX: 10`
/// is 10 right of the parent's centre and `centerY: 10` 10 below it. `width` and `height` are
/// required sizes, as the view's own `size:` is.
public struct Pins: Hashable, Sendable {
    public var top: Double?
    public var bottom: Double?
    public var leading: Double?
    public var trailing: Double?
    public var left: Double?
    public var right: Double?
    public var centerX: Double?
    public var centerY: Double?
    public var width: Double?
    public var height: Double?

    public init(top: Double? = nil, bottom: Double? = nil, leading: Double? = nil, trailing: Double? = nil,
                left: Double? = nil, right: Double? = nil, centerX: Double? = nil, centerY: Double? = nil,
                width: Double? = nil, height: Double? = nil) {
        self.top = top
        self.bottom = bottom
        self.leading = leading
        self.trailing = trailing
        self.left = left
        self.right = right
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
    }

    /// The pins' names in the order a file and the messages list them.
    static let names = ["top", "bottom", "leading", "trailing", "left", "right", "centerX", "centerY", "width", "height"]

    /// Each pin's value, in `names`' order.
    var values: [Double?] { [top, bottom, leading, trailing, left, right, centerX, centerY, width, height] }
}

extension Pins: InspectableValue {
    /// A few constraints to the parent; UIKit has no one type for them.
    public static var typeName: String { "[NSLayoutConstraint]" }

    public static let shape = ValueShape.described(
        "pins: a mapping of some of top, bottom, leading, trailing, left, right, centerX, centerY (points from the parent's edge or centre), width and height",
        .fields(noun: "pins", names.map { name in
            ValueShape.Field(name, name == "width" || name == "height" ? .number(minimum: 0) : .number(), isOptional: true)
        }))

    /// A mapping only: a list of ten numbers would read, but no one could tell which is which.
    public static func decode(_ node: YAMLNode, as shape: ValueShape?, in context: DecodingContext) throws(Diagnostic) -> Pins {
        guard case .mapping = node.kind else {
            throw .error("expected \(expectation), such as {top: 16, leading: 16}; found \(node.summary)", at: node.location)
        }
        return try make(from: (shape ?? Pins.shape).read(node), at: node, in: context)
    }

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Pins {
        guard let parts = reading.list, parts.count == names.count else { throw .unreadable(Pins.self, node) }
        let v = parts.map(\.number)
        return Pins(top: v[0], bottom: v[1], leading: v[2], trailing: v[3], left: v[4], right: v[5],
                    centerX: v[6], centerY: v[7], width: v[8], height: v[9])
    }

    /// The pins given, in `names`' order: `{top: 16, leading: 16}`.
    public var styleText: String {
        let given = zip(Pins.names, values).compactMap { name, value in value.map { "\(name): \(formatNumber($0))" } }
        return "{" + given.joined(separator: ", ") + "}"
    }
}

/// Why pins do not place a view the way iOS would without complaint, in a designer's words, with
/// the pins concerned.
public enum PinProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The axis a problem is on.
    public enum Axis: String, Hashable, Sendable {
        case horizontal, vertical
        var size: String { self == .horizontal ? "width" : "height" }
        var centre: String { self == .horizontal ? "centerX" : "centerY" }
        var edges: String { self == .horizontal ? "leading, trailing" : "top, bottom" }
    }

    /// Both edges and a size (or an edge, the centre and a size): more constraints than the axis
    /// has freedoms. Auto Layout would break one at run time; the edges are kept, and `used` is
    /// where the view then goes.
    case overDetermined(Axis, pins: [String], used: Rect)
    /// The centre and both edges: Auto Layout would break one; the edges are kept.
    case centreWithEdges(Axis, pins: [String], used: Rect)
    /// An edge or the centre, and no size the view could take on that axis: as on iOS, the view
    /// is placed there with no size on that axis (`used`).
    case missingSize(Axis, pins: [String], used: Rect)
    /// Nothing places the view on the axis: it stays at the parent's low edge (`used`).
    case missingPosition(Axis, used: Rect)
    /// `left` or `right` with `leading` or `trailing`: they agree in one layout direction only.
    /// Each is taken as the edge it is in this direction (`used`), as Auto Layout takes them.
    case mixedDirections(pins: [String], used: Rect)

    /// The pins concerned, as the file names them.
    public var pins: [String] {
        switch self {
        case .overDetermined(_, let pins, _), .centreWithEdges(_, let pins, _), .missingSize(_, let pins, _), .mixedDirections(let pins, _):
            return pins
        case .missingPosition:
            return []
        }
    }

    /// Where the view goes anyway: the edges win a conflict, a missing size is none, a missing
    /// place the parent's low edge.
    public var frame: Rect? {
        switch self {
        case .overDetermined(_, _, let used), .centreWithEdges(_, _, let used), .missingSize(_, _, let used), .missingPosition(_, let used),
             .mixedDirections(_, let used):
            return used
        }
    }

    public var description: String {
        switch self {
        case .overDetermined(let axis, let pins, _):
            return "\(listed(pins)) all set this view's \(axis.rawValue) place and \(axis.size), one too many: on iOS Auto Layout cannot satisfy them all and breaks one at run time ('Unable to simultaneously satisfy constraints'); the edges are used here. Remove \(pins.last ?? axis.size), or one of the edges"
        case .centreWithEdges(let axis, let pins, _):
            return "\(listed(pins)) are all pinned: two edges already place the view, so \(axis.centre) conflicts with them, and on iOS Auto Layout breaks one of the three at run time; the edges are used here. Remove \(axis.centre), or one of the edges"
        case .missingSize(let axis, let pins, _):
            return "pinned by \(listed(pins)) alone, this view has no \(axis.size): it has no intrinsic \(axis.size), so on iOS its \(axis.size) is ambiguous. Give the pin a \(axis.size), the view a size, or pin the other edge too"
        case .missingPosition(let axis, _):
            return "nothing places this view \(axis == .horizontal ? "horizontally" : "vertically"): pin \(axis.edges) or \(axis.centre)"
        case .mixedDirections(let pins, _):
            return "\(listed(pins)) are mixed: leading and trailing follow the layout direction (leading is the right edge in right-to-left languages) while left and right do not, so the view is laid out differently in the other direction. Use leading and trailing, or left and right"
        }
    }
}

/// Where pinned views go.
public enum PinLayout {
    /// The frame `pins` give a view inside a parent of size `parent`, in the parent's coordinates.
    /// On each axis two constraints settle it: two edges; an edge or the centre with a size; or
    /// an edge with the centre. The size, where the pins need one, is the pins' own `width` or
    /// `height`, else `size` (the view's `size:`), else `intrinsic`; the first two are required
    /// constraints, the intrinsic size yields to the pins (as content hugging does).
    public static func frame(of pins: Pins, intrinsic: Size?, size: Size?, in parent: Size,
                             direction: LayoutDirection) -> Result<Rect, PinProblem> {
        let resolved = resolve(pins, intrinsic: intrinsic, size: size, in: parent, direction: direction)
        return resolved.problems.first.map { .failure($0) } ?? .success(resolved.frame)
    }

    /// Where `pins` put a view, as `frame(of:intrinsic:size:in:direction:)` says, with every
    /// problem on either axis: the frame is where iOS would lay the view out anyway.
    public static func resolve(_ pins: Pins, intrinsic: Size?, size: Size?, in parent: Size,
                               direction: LayoutDirection) -> (frame: Rect, problems: [PinProblem]) {
        // Leading and trailing as the left and right edges they are in this direction; left and
        // right as they are. A physical and a directional pin on one edge is one too many.
        let rightToLeft = direction == .rightToLeft
        let leadingIsLeft = !rightToLeft
        var startPins: [(String, Double)] = [], endPins: [(String, Double)] = []
        if let left = pins.left { startPins.append(("left", left)) }
        if let right = pins.right { endPins.append(("right", right)) }
        if let leading = pins.leading { leadingIsLeft ? startPins.append(("leading", leading)) : endPins.append(("leading", leading)) }
        if let trailing = pins.trailing { leadingIsLeft ? endPins.append(("trailing", trailing)) : startPins.append(("trailing", trailing)) }
        let physical = [("left", pins.left), ("right", pins.right)].filter { $0.1 != nil }.map(\.0)
        let directional = [("leading", pins.leading), ("trailing", pins.trailing)].filter { $0.1 != nil }.map(\.0)

        let horizontal = resolve(.horizontal, start: startPins.last.map { ($0.0, $0.1) }, end: endPins.last.map { ($0.0, $0.1) },
                                 centre: pins.centerX, required: pins.width ?? size?.width, requiredByPin: pins.width != nil,
                                 intrinsic: intrinsic?.width, length: parent.width)
        let vertical = resolve(.vertical, start: pins.top.map { ("top", $0) }, end: pins.bottom.map { ("bottom", $0) },
                               centre: pins.centerY, required: pins.height ?? size?.height, requiredByPin: pins.height != nil,
                               intrinsic: intrinsic?.height, length: parent.height)
        let frame = Rect(x: horizontal.span.origin, y: vertical.span.origin, width: horizontal.span.length, height: vertical.span.length)
        var problems = [horizontal.problem, vertical.problem].compactMap { $0 }.map { $0(frame) }
        if !physical.isEmpty, !directional.isEmpty { problems.insert(.mixedDirections(pins: directional + physical, used: frame), at: 0) }
        return (frame, problems)
    }

    /// One axis's place: origin and length.
    private struct Span {
        var origin: Double
        var length: Double
    }

    /// Origin and length on one axis of `length`, and the problem on it, if any (made once the
    /// whole frame is known): `start` and `end` are insets from its low and high ends (left and
    /// right, top and bottom), `centre` an offset from its middle.
    private static func resolve(_ axis: PinProblem.Axis, start: (name: String, inset: Double)?, end: (name: String, inset: Double)?,
                                centre: Double?, required: Double?, requiredByPin: Bool, intrinsic: Double?,
                                length: Double) -> (span: Span, problem: ((Rect) -> PinProblem)?) {
        let middle = centre.map { length / 2 + $0 }
        let sizeName = requiredByPin ? axis.size : "size"
        switch (start, end) {
        case let (start?, end?):
            let span = Span(origin: start.inset, length: max(0, length - end.inset - start.inset))
            let edges = [start.name, end.name].sorted { Pins.names.firstIndex(of: $0)! < Pins.names.firstIndex(of: $1)! }
            if middle != nil { return (span, { .centreWithEdges(axis, pins: edges + [axis.centre], used: $0) }) }
            if required != nil { return (span, { .overDetermined(axis, pins: edges + [sizeName], used: $0) }) }
            return (span, nil)
        case (let edge?, nil), (nil, let edge?):
            let fromStart = start != nil
            let edgeAt = fromStart ? edge.inset : length - edge.inset
            if let middle {
                // The edge and the centre settle both place and size; a required size is one too many.
                let half = abs(middle - edgeAt)
                let span = Span(origin: middle - half, length: 2 * half)
                if required != nil { return (span, { .overDetermined(axis, pins: [edge.name, axis.centre, sizeName], used: $0) }) }
                return (span, nil)
            }
            guard let size = required ?? intrinsic else {
                return (Span(origin: edgeAt, length: 0), { .missingSize(axis, pins: [edge.name], used: $0) })
            }
            return (Span(origin: fromStart ? edgeAt : edgeAt - size, length: size), nil)
        case (nil, nil):
            guard let middle else { return (Span(origin: 0, length: required ?? intrinsic ?? 0), { .missingPosition(axis, used: $0) }) }
            guard let size = required ?? intrinsic else {
                return (Span(origin: middle, length: 0), { .missingSize(axis, pins: [axis.centre], used: $0) })
            }
            return (Span(origin: middle - size / 2, length: size), nil)
        }
    }
}
