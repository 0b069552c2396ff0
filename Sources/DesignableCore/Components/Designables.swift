/// IBAnimatable's designable vocabulary, under its names and meanings, declared once for every
/// class that has it (`DesignableView`, `DesignableButton`): corners on chosen sides, dashed or
/// one-sided borders, a fill, gradients from any side or radial, a shadow that survives the
/// rounded clip, a mask shape and a rotation.
///
/// As IBAnimatable's classes, these keep their shadow on a layer of its own behind the view:
/// rounding the corners clips the content but not the shadow, which takes the rounded (or
/// masked) shape.
public final class Designables: InspectableGroup {
    // MARK: Corners
    @Inspectable(layer: \.cornerRadius) public var cornerRadius: Double
    @Inspectable("Corners cornerRadius rounds: topLeft, topRight, bottomLeft, bottomRight (all by default).") public var cornerSides = CornerSides.all

    // MARK: Border
    @Inspectable(layer: \.borderWidth) public var borderWidth: Double
    @Inspectable(layer: \.borderColor) public var borderColor: Color
    @Inspectable("solid, or dash (dashed as borderDash).") public var borderType = BorderType.solid
    @Inspectable("A dashed border's pattern [on, off] in points.") public var borderDash = DashPattern(on: 6, off: 2)
    @Inspectable("Sides with a border: top, right, bottom, left (all by default).") public var borderSides = BorderSides.all

    // MARK: Fill
    @Inspectable("Colour that fills the view (IBAnimatable's fillColor).") public var fillColor = Color.clear
    @Inspectable(layer: \.opacity) public var opacity: Double

    // MARK: Gradient
    @Inspectable("The gradient's first colour: with endColor, fills the view with a gradient.") public var startColor: Color? = nil
    @Inspectable("The gradient's last colour.") public var endColor: Color? = nil
    @Inspectable("Where the gradient starts: top, topRight, right, bottomRight, bottom, bottomLeft, left, topLeft, or radial from the centre.") public var startPoint = GradientStartPoint.top
    @Inspectable("Colours between startColor and endColor, spread evenly unless gradientLocations places them.") public var gradientColors: [Color] = []
    @Inspectable("Where each colour stops, 0 to 1, from startColor to endColor: one per colour.") public var gradientLocations: [Double] = []

    // MARK: Shadow
    @Inspectable(layer: \.shadowColor) public var shadowColor: Color
    @Inspectable(layer: \.shadowOpacity) public var shadowOpacity: Double
    @Inspectable(layer: \.shadowRadius) public var shadowRadius: Double
    @Inspectable(layer: \.shadowOffset) public var shadowOffset: Offset

    // MARK: Shape
    @Inspectable("Shape the view is cut to: circle, ellipse, triangle, polygon(sides), star(points), wave(up|down, width, offset), parallelogram(angle).") public var maskType: MaskType? = nil
    @Inspectable("Rotation in degrees, clockwise about the centre.") public var rotate = 0.0

    /// Gradient locations of another count than the colours: `CAGradientLayer` has no stop for
    /// a colour without a location, so they are set aside and the colours spread evenly.
    var combinationWarnings: [(location: SourceLocation?, message: String)] {
        guard startColor != nil, endColor != nil, !gradientLocations.isEmpty, gradientLocations.count != gradientColors.count + 2 else { return [] }
        let colors = gradientColors.count + 2
        return [($gradientLocations.setAt, "gradientLocations has \(gradientLocations.count) location\(gradientLocations.count == 1 ? "" : "s") for \(colors) colours (startColor, \(gradientColors.count) gradientColors, endColor), so the colours are spread evenly; give one location per colour, from 0 to 1")]
    }

    /// Writes into the view's layer what IBAnimatable's `configure…()` calls make of the words
    /// that are not the layer's own: those that are (`cornerRadius`, `borderWidth`, the shadow,
    /// `opacity`) `Component` writes as every layer field a property stands for.
    func configure(_ layer: inout Layer) {
        if fillColor.alpha > 0 { layer.backgroundColor = fillColor }
        layer.maskedCorners = cornerSides.corners
        layer.masksToBounds = cornerRadius > 0
        layer.mask = maskType
        layer.borderDash = borderType == .dash ? [borderDash.on, borderDash.off] : nil
        layer.borderSides = borderSides
        if let startColor, let endColor {
            let colors = [startColor] + gradientColors + [endColor]
            let (start, end) = startPoint.points
            layer.gradient = Gradient(colors: colors, startPoint: start, endPoint: end,
                                      locations: gradientLocations.count == colors.count ? gradientLocations : nil,
                                      isRadial: startPoint == .radial)
        }
        layer.shadowOnOwnLayer = true
        layer.rotation = rotate
    }
}

// MARK: - Values

/// IBAnimatable's `GradientStartPoint`: the side or corner a gradient starts from, running to
/// the opposite one, or `radial`, from the centre out to the edges.
public enum GradientStartPoint: String, InspectableEnum, Sendable {
    case top, topRight, right, bottomRight, bottom, bottomLeft, left, topLeft, radial
    public static var typeName: String { "GradientStartPoint" }

    /// Start and end in the unit square, as `CAGradientLayer` takes them.
    var points: (Point, Point) {
        switch self {
        case .top: return (Point(x: 0.5, y: 0), Point(x: 0.5, y: 1))
        case .topRight: return (Point(x: 1, y: 0), Point(x: 0, y: 1))
        case .right: return (Point(x: 1, y: 0.5), Point(x: 0, y: 0.5))
        case .bottomRight: return (Point(x: 1, y: 1), Point(x: 0, y: 0))
        case .bottom: return (Point(x: 0.5, y: 1), Point(x: 0.5, y: 0))
        case .bottomLeft: return (Point(x: 0, y: 1), Point(x: 1, y: 0))
        case .left: return (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5))
        case .topLeft: return (Point(x: 0, y: 0), Point(x: 1, y: 1))
        case .radial: return (Point(x: 0.5, y: 0.5), Point(x: 1, y: 1))
        }
    }
}

/// IBAnimatable's `BorderType`.
public enum BorderType: String, InspectableEnum, Sendable {
    case solid, dash
    public static var typeName: String { "BorderType" }
}

/// A dash pattern: `on` points drawn, `off` points skipped.
public struct DashPattern: Hashable, Sendable {
    public var on: Double, off: Double
    public init(on: Double, off: Double) {
        self.on = on
        self.off = off
    }
}

extension DashPattern: InspectableValue {
    public static var typeName: String { "DashPattern" }
    public static let shape = ValueShape.fields(noun: "a dash pattern", [.init("on", .number(minimum: 0.1)), .init("off", .number(minimum: 0))])

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> DashPattern {
        let v = try numbers(reading, 2, for: DashPattern.self, at: node)
        return DashPattern(on: v[0], off: v[1])
    }

    public var styleText: String { "[\(formatNumber(on)), \(formatNumber(off))]" }
}

/// A set of named options written as a list of their names (`[top, bottom]`).
protocol NamedOptions: OptionSet, InspectableValue where RawValue == Int, Element == Self {
    static var names: [(name: String, option: Self)] { get }
    static var noun: String { get }
}

extension NamedOptions {
    public static var shape: ValueShape {
        .described("a list of \(noun)s (\(names.map(\.name).joined(separator: ", ")))",
                   .list(noun: noun, of: .words(names.map(\.name)), maximumCount: names.count))
    }

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Self {
        guard let items = reading.list else { throw .unreadable(Self.self, node) }
        var set = Self()
        for item in items {
            if let option = names.first(where: { $0.name == item.text })?.option { set.insert(option) }
        }
        return set
    }

    public var styleText: String {
        "[" + Self.names.filter { contains($0.option) }.map(\.name).joined(separator: ", ") + "]"
    }
}

extension BorderSides: NamedOptions {
    public static var typeName: String { "BorderSides" }
    static let names: [(name: String, option: BorderSides)] = [("top", .top), ("right", .right), ("bottom", .bottom), ("left", .left)]
    static var noun: String { "side" }
}

/// IBAnimatable's `CornerSides`: the corners a radius rounds, by their UIKit names.
public struct CornerSides: NamedOptions, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let topLeft = CornerSides(rawValue: 1)
    public static let topRight = CornerSides(rawValue: 2)
    public static let bottomLeft = CornerSides(rawValue: 4)
    public static let bottomRight = CornerSides(rawValue: 8)
    public static let all: CornerSides = [.topLeft, .topRight, .bottomLeft, .bottomRight]

    public static var typeName: String { "CornerSides" }
    static let names: [(name: String, option: CornerSides)] =
        [("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight)]
    static var noun: String { "corner" }

    /// The same corners as Core Animation names them.
    var corners: CornerMask {
        let pairs: [(CornerSides, CornerMask)] = [(.topLeft, .minXMinY), (.topRight, .maxXMinY), (.bottomLeft, .minXMaxY), (.bottomRight, .maxXMaxY)]
        return pairs.reduce(into: CornerMask()) { if contains($1.0) { $0.insert($1.1) } }
    }
}

// MARK: - Lists

extension Array: InspectableValue where Element: InspectableValue {
    public static var typeName: String { "[\(Element.typeName)]" }
    /// At most 64 items: gradients and dash patterns, not data.
    public static var shape: ValueShape { .list(noun: "value", of: Element.shape, maximumCount: 64) }

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> [Element] {
        guard let items = reading.list, case .sequence(let nodes) = node.kind, nodes.count == items.count else {
            throw .unreadable(Self.self, node)
        }
        var values: [Element] = []
        values.reserveCapacity(items.count)
        for (item, itemNode) in zip(items, nodes) { values.append(try Element.make(from: item, at: itemNode, in: context)) }
        return values
    }

    public var styleText: String { "[" + map(\.styleText).joined(separator: ", ") + "]" }
}
