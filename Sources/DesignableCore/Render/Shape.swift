import CCairo

/// A rectangle with its own radius at each corner and one corner curve: the outline a layer's
/// background, gradient, content clip and border all follow, and the focus ring around it.
public struct Shape: Hashable, Sendable {
    public var rect: Rect
    /// Radii clockwise from the top-left, each already clamped to half the shorter side.
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    public var curve: CornerCurve

    /// `rect` with `cornerRadius` on the corners in `corners`, clamped as Core Animation clamps it
    /// so opposite corners never overlap.
    public init(_ rect: Rect, cornerRadius: Double = 0, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        self.rect = rect
        topLeft = corners.contains(.minXMinY) ? r : 0
        topRight = corners.contains(.maxXMinY) ? r : 0
        bottomRight = corners.contains(.maxXMaxY) ? r : 0
        bottomLeft = corners.contains(.minXMaxY) ? r : 0
        self.curve = curve
    }

    public var isRectangle: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }

    /// Whether `other` lies wholly inside the shape taken with circular corners: inside its
    /// rectangle, and each of its corners inside the arc of the corner it sits in.
    public func covers(_ other: Rect) -> Bool {
        guard rect.contains(other) else { return false }
        // A corner of `other` can only leave the shape in the square of the corner it sits in,
        // where it must lie within the arc's radius of the arc's centre.
        func inside(_ x: Double, _ y: Double, _ radius: Double, _ centreX: Double, _ centreY: Double, left: Bool, top: Bool) -> Bool {
            guard radius > 0, left ? x < centreX : x > centreX, top ? y < centreY : y > centreY else { return true }
            return (x - centreX) * (x - centreX) + (y - centreY) * (y - centreY) <= radius * radius
        }
        return inside(other.x, other.y, topLeft, rect.x + topLeft, rect.y + topLeft, left: true, top: true)
            && inside(other.maxX, other.y, topRight, rect.maxX - topRight, rect.y + topRight, left: false, top: true)
            && inside(other.maxX, other.maxY, bottomRight, rect.maxX - bottomRight, rect.maxY - bottomRight, left: false, top: false)
            && inside(other.x, other.maxY, bottomLeft, rect.x + bottomLeft, rect.maxY - bottomLeft, left: true, top: false)
    }

    /// The shape moved `distance` inwards (outwards when negative) all round: the offset curve
    /// of a rounded corner is a corner of the radius less (more) that distance, and a square
    /// corner grows round when pushed out, as a Minkowski sum does.
    public func inset(by distance: Double) -> Shape {
        var moved = self
        moved.rect = Rect(x: rect.x + distance, y: rect.y + distance,
                          width: max(0, rect.width - 2 * distance), height: max(0, rect.height - 2 * distance))
        func radius(_ r: Double) -> Double { r == 0 && distance > 0 ? 0 : max(0, r - distance) }
        (moved.topLeft, moved.topRight, moved.bottomRight, moved.bottomLeft) =
            (radius(topLeft), radius(topRight), radius(bottomRight), radius(bottomLeft))
        return moved
    }

    // MARK: - Continuous corners

    /// How far along each edge a continuous corner of radius 1 begins to bend.
    static let continuousExtent = 1.52866483

    /// One continuous corner of radius 1 from the edge it leaves to the edge it joins, in
    /// coordinates along the incoming edge (back from the corner) and the outgoing one: three
    /// cubic Béziers (control, control, end). These are the constants PaintCode measured off
    /// UIKit's `UIBezierPath(roundedRect:cornerRadius:)` in iOS 7, the curve iOS 13 exposes as
    /// `CALayerCornerCurve.continuous`.
    static let continuousCorner: [(Point, Point, Point)] = [
        (Point(x: 1.08849323, y: 0), Point(x: 0.86840689, y: 0), Point(x: 0.66993427, y: 0.06549600)),
        (Point(x: 0.37282130, y: 0.16743135), Point(x: 0.16743046, y: 0.37282228), Point(x: 0.06549569, y: 0.66993493)),
        (Point(x: 0, y: 0.86840662), Point(x: 0, y: 1.08849192), Point(x: 0, y: 1.52866483)),
    ]

    /// Whether each corner's continuous curve fits its sides; where it does not (a capsule), the
    /// corner is drawn as a circular arc, the shape a continuous capsule settles into.
    var continuousFits: Bool {
        let limit = min(rect.width, rect.height) / 2 / Self.continuousExtent
        return max(topLeft, topRight, bottomRight, bottomLeft) <= limit
    }
}

// MARK: - Paths

extension DrawingContext {
    /// Adds `shape` as a closed sub-path, clockwise from the top-right corner.
    public func path(_ shape: Shape) {
        guard !shape.isRectangle else { return rectangle(shape.rect) }
        let rect = shape.rect
        let corners: [(corner: Point, radius: Double, back: Point, forward: Point)] = [
            (Point(x: rect.maxX, y: rect.y), shape.topRight, Point(x: -1, y: 0), Point(x: 0, y: 1)),
            (Point(x: rect.maxX, y: rect.maxY), shape.bottomRight, Point(x: 0, y: -1), Point(x: -1, y: 0)),
            (Point(x: rect.x, y: rect.maxY), shape.bottomLeft, Point(x: 1, y: 0), Point(x: 0, y: -1)),
            (Point(x: rect.x, y: rect.y), shape.topLeft, Point(x: 0, y: 1), Point(x: 1, y: 0)),
        ]
        cairo_new_sub_path(pointer)
        if shape.curve == .continuous, shape.continuousFits {
            for (corner, r, back, forward) in corners {
                func at(_ p: Point) -> (Double, Double) {
                    (corner.x + (p.x * back.x + p.y * forward.x) * r, corner.y + (p.x * back.y + p.y * forward.y) * r)
                }
                let start = at(Point(x: Shape.continuousExtent, y: 0))
                cairo_line_to(pointer, start.0, start.1)
                guard r > 0 else { continue }
                for (c1, c2, end) in Shape.continuousCorner {
                    let (a, b, e) = (at(c1), at(c2), at(end))
                    cairo_curve_to(pointer, a.0, a.1, b.0, b.1, e.0, e.1)
                }
            }
        } else {
            // The arc's start angle, for each corner in the order above.
            let angles: [Double] = [-.pi / 2, 0, .pi / 2, .pi]
            for ((corner, r, back, forward), angle) in zip(corners, angles) {
                guard r > 0 else {
                    cairo_line_to(pointer, corner.x, corner.y)
                    continue
                }
                let centre = (corner.x + (back.x + forward.x) * r, corner.y + (back.y + forward.y) * r)
                cairo_arc(pointer, centre.0, centre.1, r, angle, angle + .pi / 2)
            }
        }
        cairo_close_path(pointer)
    }
}
