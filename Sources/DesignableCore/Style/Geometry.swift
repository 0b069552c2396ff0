/// A point in points (not pixels), as CGPoint.
public struct Point: Hashable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// A size in points, as CGSize.
public struct Size: Hashable, Sendable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle in points, as CGRect.
public struct Rect: Hashable, Sendable {
    public var origin: Point, size: Size
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The smallest rectangle of whole device pixels that covers this one at `scale`.
    public func pixelAligned(scale: Double) -> Rect {
        let left = (x * scale).rounded(.down), top = (y * scale).rounded(.down)
        let right = (maxX * scale).rounded(.up), bottom = (maxY * scale).rounded(.up)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Insets in the iOS 15 `UIButton.Configuration.contentInsets` order: top, leading, bottom, trailing.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    public func inset(_ rect: Rect, direction: LayoutDirection = .leftToRight) -> Rect {
        let (left, right) = direction == .leftToRight ? (leading, trailing) : (trailing, leading)
        return Rect(x: rect.x + left, y: rect.y + top,
                    width: max(0, rect.width - left - right), height: max(0, rect.height - top - bottom))
    }
}

/// Which way a layout reads (`UIUserInterfaceLayoutDirection`): leading is the left in a
/// left-to-right layout and the right in a right-to-left one (Arabic, Hebrew).
public enum LayoutDirection: String, CaseIterable, Sendable {
    case leftToRight = "ltr", rightToLeft = "rtl"
}
