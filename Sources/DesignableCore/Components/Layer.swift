/// The look of a view as Core Animation models it: every view has one layer, and a component's
/// inspectables only write into it (FancyButton's `cornerRadius` sets the layer's `cornerRadius`
/// and `masksToBounds`, as its seed code does). One painter draws any layer, so a new look
/// (a shadow, a mask) is one field here and one step in `Painter.draw(_:in:content:)`.
///
/// The drawing order is CALayer's: the shadow beneath everything, the background colour, the
/// gradient over it, the content (clipped to the shape when `masksToBounds`), then the border on
/// top, inside the bounds; the whole at `opacity`.
public struct Layer: Equatable, Sendable {
    /// `CALayer.cornerRadius`: rounds the background, the gradient and the border, and the
    /// content too when `masksToBounds`. Clamped to half the shorter side, as Core Animation does.
    public var cornerRadius = 0.0
    /// `CALayer.maskedCorners`: which corners `cornerRadius` rounds.
    public var maskedCorners = CornerMask.all
    /// `CALayer.cornerCurve`.
    public var cornerCurve = CornerCurve.circular
    /// `CALayer.masksToBounds`: clips the content to the rounded shape. Without it the content is
    /// still clipped to the frame, standing in for UIKit's truncation of a title that does not fit.
    public var masksToBounds = false
    /// `CALayer.backgroundColor` (a view's `backgroundColor`).
    public var backgroundColor = Color.clear
    /// A `CAGradientLayer`'s look, over the background colour and inside the shape.
    public var gradient: Gradient?
    /// `CALayer.borderWidth`, drawn inside the bounds, over the content.
    public var borderWidth = 0.0
    /// `CALayer.borderColor`; black by default, as Core Animation's.
    public var borderColor = Color.black
    /// `CALayer.shadowColor`: black, as Core Animation's.
    public var shadowColor = Color.black
    /// `CALayer.shadowOpacity`: 0, so no shadow until it is raised.
    public var shadowOpacity = 0.0
    /// `CALayer.shadowRadius`: the blur, in points; the Gaussian's standard deviation (see `Shadow`).
    public var shadowRadius = 3.0
    /// `CALayer.shadowOffset`: where the shadow sits from the layer, y growing downwards as
    /// UIKit draws; Core Animation's default (0, -3) lifts it 3 points above.
    public var shadowOffset = Offset(width: 0, height: -3)
    /// `CALayer.opacity`: the layer and its shadow composited at this alpha.
    public var opacity = 1.0

    public init() {}

    /// The outline every part of the layer follows, for a layer whose bounds are `frame`.
    public func shape(in frame: Rect) -> Shape {
        Shape(frame, cornerRadius: cornerRadius, corners: maskedCorners, curve: cornerCurve)
    }

    /// Whether a shadow is drawn: it has colour and opacity, and `masksToBounds` does not clip it
    /// away (Core Animation clips the shadow with everything else outside the bounds).
    public var castsShadow: Bool {
        shadowOpacity > 0 && shadowColor.alpha > 0 && opacity > 0 && !masksToBounds
    }

    /// Whether a shadow is asked for but `masksToBounds` clips it away, as iOS does: worth a warning.
    public var shadowIsClipped: Bool {
        masksToBounds && shadowOpacity > 0 && shadowColor.alpha > 0
    }

    /// What the layer covers on the canvas when its bounds are `frame`: what a redraw of the view
    /// must repaint and what must lie on the canvas to be seen. The content is clipped to the
    /// frame and the border lies inside it; a shadow reaches past it by its offset and blur.
    public func visualBounds(in frame: Rect) -> Rect {
        guard castsShadow else { return frame }
        let reach = Shadow.reach(ofRadius: shadowRadius)
        let shadow = frame.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -reach, dy: -reach)
        return frame.union(shadow)
    }
}

/// `CACornerMask`: the corners a layer's radius rounds, named as UIKit's (y grows downwards,
/// so `minXMinY` is the top-left corner).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// Each corner under its `CACornerMask` name, as a style file writes it.
    static let named: [(name: String, corner: CornerMask)] =
        [("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY)]
}

extension CornerMask: InspectableValue {
    public static var typeName: String { "CACornerMask" }
    public static let shape = ValueShape.described(
        "a list of corners (minXMinY, maxXMinY, minXMaxY, maxXMaxY)",
        .list(noun: "corner", of: .words(named.map(\.name)), maximumCount: 4))

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> CornerMask {
        guard let items = reading.list else { throw .unreadable(CornerMask.self, node) }
        var mask: CornerMask = []
        for item in items {
            if let corner = named.first(where: { $0.name == item.text })?.corner { mask.insert(corner) }
        }
        return mask
    }

    public var styleText: String {
        "[" + Self.named.filter { contains($0.corner) }.map(\.name).joined(separator: ", ") + "]"
    }
}

/// A displacement in points (`CGSize` as `shadowOffset` uses it): either part may be negative.
public struct Offset: Hashable, Sendable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension Offset: InspectableValue {
    public static var typeName: String { "CGSize" }
    public static let shape = ValueShape.numbers("an offset", ["width", "height"])

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Offset {
        let v = try numbers(reading, 2, for: Offset.self, at: node)
        return Offset(width: v[0], height: v[1])
    }

    public var styleText: String { "[\(formatNumber(width)), \(formatNumber(height))]" }
}

/// `CALayerCornerCurve`: how a rounded corner bends.
public enum CornerCurve: String, InspectableEnum, Sendable {
    /// A quarter circle of the corner radius.
    case circular
    /// Apple's continuous corner: the curvature grows smoothly from the straight edge, starting
    /// about 1.53 radii from the corner (see `Shape`).
    case continuous
    public static var typeName: String { "CALayerCornerCurve" }
}

/// A `CAGradientLayer`'s look: colours spread evenly from `startPoint` to `endPoint`, which are in
/// the unit square of the layer's bounds (0, 0 top-left), as Core Animation takes them.
public struct Gradient: Equatable, Sendable {
    public var colors: [Color]
    public var startPoint: Point
    public var endPoint: Point

    /// `CAGradientLayer`'s default direction: top to bottom.
    public init(colors: [Color], startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Two colours from the left edge to the right, or from the top to the bottom.
    public static func linear(_ first: Color, _ second: Color, horizontal: Bool) -> Gradient {
        horizontal
            ? Gradient(colors: [first, second], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
            : Gradient(colors: [first, second])
    }
}

// MARK: - The vocabulary

/// What an inspectable means, for a meaning several classes share: each class still declares its
/// own property (with its own default), but the words and bounds are written once.
public struct PropertyHelp: Sendable {
    public let text: String
    public let minimum: Double?
    public let maximum: Double?

    public init(_ text: String, minimum: Double? = nil, maximum: Double? = nil) {
        self.text = text
        self.minimum = minimum
        self.maximum = maximum
    }
}

extension PropertyHelp {
    /// The seed classes' inspectables that write `CALayer.cornerRadius`.
    public static let cornerRadius = PropertyHelp("Radius of the rounded corners (layer.cornerRadius); the background, border and clipped content follow it.", minimum: 0)
    /// … `CALayer.borderWidth`.
    public static let borderWidth = PropertyHelp("Width of the border, drawn inside the bounds (layer.borderWidth).", minimum: 0)
    /// … `CALayer.borderColor`.
    public static let borderColor = PropertyHelp("Colour of the border (layer.borderColor).")
}
