/// The look of a view as Core Animation models it: every view has one layer, and a component's
/// inspectables only write into it (FancyButton's `cornerRadius` sets the layer's `cornerRadius`
/// and `masksToBounds`, as its seed code does). One painter draws any layer, so a new look
/// (a shadow, a mask) is one field here and one step in `Painter.draw(_:in:content:)`.
///
/// The drawing order is CALayer's: the background colour, the gradient over it, the content
/// (clipped to the shape when `masksToBounds`), then the border on top, inside the bounds.
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

    public init() {}

    /// The outline every part of the layer follows, for a layer whose bounds are `frame`.
    public func shape(in frame: Rect) -> Shape {
        Shape(frame, cornerRadius: cornerRadius, corners: maskedCorners, curve: cornerCurve)
    }

    /// What the layer covers on the canvas when its bounds are `frame`: what a redraw of the view
    /// must repaint and what must lie on the canvas to be seen. The content is clipped to the
    /// frame and the border lies inside it, so today that is the frame itself.
    public func visualBounds(in frame: Rect) -> Rect {
        frame
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
