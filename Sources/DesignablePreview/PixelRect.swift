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

    var area: Int { isEmpty ? 0 : width * height }

    // MARK: - Coalescing

    /// How much more than its rectangles' own pixels a merged rectangle may cover.
    static let coalescingSlack = 1.5

    /// `rects` (inside `bounds`) as fewer rectangles covering every pixel of them: neighbours
    /// merge into the rectangle holding both when it covers at most `coalescingSlack` times the
    /// pixels they cover. A theme edit damages every view: drawn and blitted one rectangle a
    /// view, each pays a pass over the views, a clip and an X request, which at 200 views cost
    /// more than drawing the gaps between them; two buttons far apart stay apart, as the views
    /// between them would cost more to draw again than the two rectangles.
    static func coalescing(_ rects: [PixelRect], within bounds: PixelRect) -> [PixelRect] {
        var clipped = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard clipped.count > 2 else { return clipped }
        // Row by row, left to right: a row of views merges as it is met, then the rows.
        clipped.sort { ($0.y, $0.x) < ($1.y, $1.x) }
        // Each piece is tried against the last few rectangles made, the ones beside it in that
        // order, so merging stays linear however many views changed.
        func merged(_ pieces: [PixelRect], _ covered: [Int]) -> (rects: [PixelRect], covered: [Int]) {
            var rects: [PixelRect] = [], areas: [Int] = []
            next: for (piece, area) in zip(pieces, covered) {
                for index in rects.indices.suffix(8).reversed() {
                    let both = rects[index].union(piece)
                    if Double(both.area) <= coalescingSlack * Double(areas[index] + area) {
                        rects[index] = both
                        areas[index] += area
                        continue next
                    }
                }
                rects.append(piece)
                areas.append(area)
            }
            return (rects, areas)
        }
        let rows = merged(clipped, clipped.map(\.area))
        return merged(rows.rects, rows.covered).rects
    }
}
