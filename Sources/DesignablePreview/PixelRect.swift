import DesignableCore

/// A rectangle of whole device pixels in window coordinates: what X blits and what a redraw clips to.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The pixels covering `rect` (points) at `scale`, moved by `origin` (pixels).
    init(covering rect: Rect, scale: Double, origin: (x: Int, y: Int) = (0, 0)) {
        let aligned = rect.pixelAligned(scale: scale)
        self.init(x: Int(aligned.x) + origin.x, y: Int(aligned.y) + origin.y,
                  width: Int(aligned.width), height: Int(aligned.height))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return .empty }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both; an empty side is ignored.
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The same pixels as a `Rect` (in pixel units), for Cairo paths.
    var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}
