#if canImport(Glibc)
import Glibc
#endif

/// The look of a view as Core Animation models it: every view has one layer, and a component's
/// inspectables only write into it (FancyButton's `cornerRadius` sets the layer's `cornerRadius`
/// and `masksToBounds`, as its seed code does). One painter draws any layer, so a new look
/// (a shadow, a mask) is one field here and one step in `Painter.draw(_:in:content:)`; one a
/// style file names is also a row of `Layer.attributes`, which takes its default from here.
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
    /// A shape the layer is cut to (`CALayer.mask` with a shape layer): it replaces the rounded
    /// bounds for the fill, the clip, the border and the shadow.
    public var mask: MaskType?
    /// The border's dash pattern [on, off, …] in points, nil for a solid line.
    public var borderDash: [Double]?
    /// The sides the border is drawn on; all of them, around the corners, by default.
    public var borderSides = BorderSides.all
    /// `CALayer.isHidden` (a view's `isHidden`): nothing of the layer or its sublayers is drawn.
    public var isHidden = false
    /// The view's rotation in degrees, clockwise, about its centre (`transform`).
    public var rotation = 0.0
    /// The shadow is drawn by a layer of its own behind this one (as IBAnimatable's designables
    /// do), so `masksToBounds` does not clip it away.
    public var shadowOnOwnLayer = false
    /// Where the content reaches past the frame, in the frame's space: a view that does not clip
    /// to its bounds draws it there (a UIImageView's scaleAspectFill image), unless
    /// `masksToBounds` clips it. Nil for content that stays inside, clipped to the frame.
    public var contentOverflow: Rect?

    public init() {}

    /// The rounded bounds, for a layer whose bounds are `frame`.
    public func shape(in frame: Rect) -> Shape {
        Shape(frame, cornerRadius: cornerRadius, corners: maskedCorners, curve: cornerCurve)
    }

    /// The outline every part of the layer follows: its mask, or its rounded bounds.
    public func outline(in frame: Rect) -> Outline {
        mask.map { .mask($0, in: frame) } ?? .rounded(shape(in: frame))
    }

    /// Whether everything the layer draws is cut to its outline.
    var clipsToOutline: Bool { masksToBounds || mask != nil }

    /// Whether a shadow is drawn: it has colour and opacity, and `masksToBounds` does not clip it
    /// away (Core Animation clips the shadow with everything else outside the bounds).
    public var castsShadow: Bool {
        shadowOpacity > 0 && shadowColor.alpha > 0 && opacity > 0 && (shadowOnOwnLayer || !clipsToOutline)
    }

    /// Whether a shadow is asked for but `masksToBounds` clips it away, as iOS does: worth a warning.
    public var shadowIsClipped: Bool {
        clipsToOutline && !shadowOnOwnLayer && shadowOpacity > 0 && shadowColor.alpha > 0
    }

    /// What the layer covers on the canvas when its bounds are `frame`: what a redraw of the view
    /// must repaint and what must lie on the canvas to be seen. The content is clipped to the
    /// frame (or reaches `contentOverflow`) and the border lies inside it; a shadow reaches past
    /// it by its offset and blur. `sublayers` is what the subviews cover, clipped away when the
    /// layer masks to its bounds.
    public func visualBounds(in frame: Rect, sublayers: Rect? = nil) -> Rect {
        guard !isHidden else { return Rect(origin: frame.origin, size: .zero) }
        var covered = frame
        if !clipsToOutline {
            if let contentOverflow { covered = covered.union(contentOverflow) }
            if let sublayers { covered = covered.union(sublayers) }
        }
        if castsShadow {
            let reach = Shadow.reach(ofRadius: shadowRadius)
            covered = covered.union(covered.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -reach, dy: -reach))
        }
        guard rotation.truncatingRemainder(dividingBy: 360) != 0 else { return covered }
        // The rotated corners' bounding box, rotating about the frame's centre as the view turns.
        let turn = Rotation(degrees: rotation, about: Point(x: frame.midX, y: frame.midY))
        let corners = [Point(x: covered.x, y: covered.y), Point(x: covered.maxX, y: covered.y),
                       Point(x: covered.maxX, y: covered.maxY), Point(x: covered.x, y: covered.maxY)].map(turn.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
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

extension CornerMask: NamedOptions {
    public static var typeName: String { "CACornerMask" }
    /// Each corner under its `CACornerMask` name, as a style file writes it.
    static let names: [(name: String, option: CornerMask)] =
        [("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY)]
    static var noun: String { "corner" }
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

/// The sides of a layer a border is drawn on.
public struct BorderSides: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = BorderSides(rawValue: 1)
    public static let right = BorderSides(rawValue: 2)
    public static let bottom = BorderSides(rawValue: 4)
    public static let left = BorderSides(rawValue: 8)
    public static let all: BorderSides = [.top, .right, .bottom, .left]
}

/// A turn of the plane about a point, as a view's `transform` rotates it.
struct Rotation {
    let sine: Double, cosine: Double, centre: Point

    init(degrees: Double, about centre: Point) {
        let radians = degrees * .pi / 180
        (sine, cosine) = (sin(radians), cos(radians))
        self.centre = centre
    }

    func apply(_ point: Point) -> Point {
        let (dx, dy) = (point.x - centre.x, point.y - centre.y)
        return Point(x: centre.x + dx * cosine - dy * sine, y: centre.y + dx * sine + dy * cosine)
    }
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

/// A `CAGradientLayer`'s look: colours from `startPoint` to `endPoint`, which are in the unit
/// square of the layer's bounds (0, 0 top-left), as Core Animation takes them; spread evenly, or
/// at `locations` (0 to 1) when given. A radial gradient (`CAGradientLayerType.radial`) spreads
/// from `startPoint` out to the ellipse whose radii reach `endPoint`.
public struct Gradient: Equatable, Sendable {
    public var colors: [Color]
    public var startPoint: Point
    public var endPoint: Point
    public var locations: [Double]?
    public var isRadial: Bool

    /// `CAGradientLayer`'s default direction: top to bottom.
    public init(colors: [Color], startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1),
                locations: [Double]? = nil, isRadial: Bool = false) {
        self.colors = colors
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.locations = locations
        self.isRadial = isRadial
    }

    /// Where each colour stops: `locations` where they fit the colours, evenly spread otherwise.
    public var stops: [(offset: Double, color: Color)] {
        if let locations, locations.count == colors.count { return Array(zip(locations, colors)) }
        return colors.enumerated().map { index, color in (colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0, color) }
    }

    /// Two colours from the left edge to the right, or from the top to the bottom.
    public static func linear(_ first: Color, _ second: Color, horizontal: Bool) -> Gradient {
        horizontal
            ? Gradient(colors: [first, second], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
            : Gradient(colors: [first, second])
    }
}
