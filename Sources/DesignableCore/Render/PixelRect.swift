/// A rectangle of whole device pixels: in the preview's window coordinates, what X blits and what
/// a redraw clips to.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The pixels covering `rect` (points) at `scale`, moved by `origin` (pixels).
    public init(covering rect: Rect, scale: Double, origin: (x: Int, y: Int) = (0, 0)) {
        let aligned = rect.pixelAligned(scale: scale)
        self.init(x: Int(aligned.x) + origin.x, y: Int(aligned.y) + origin.y,
                  width: Int(aligned.width), height: Int(aligned.height))
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return .empty }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both; an empty side is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The same pixels as a `Rect` (in pixel units), for Cairo paths.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    public var area: Int { isEmpty ? 0 : width * height }

    // MARK: - Coalescing

    /// How much more than its rectangles' own pixels a merged rectangle may cover.
    public static let coalescingSlack = 1.5

    /// `rects` (inside `bounds`) as fewer rectangles covering every pixel of them: neighbours
    /// merge into the rectangle holding both when it covers at most `coalescingSlack` times the
    /// pixels they cover. A theme edit damages every view: drawn and blitted one rectangle a
    /// view, each pays a pass over the views, a clip and an X request (at 2,000 buttons, merged,
    /// 41 ms of drawing instead of 52 and 1.8 ms of blitting instead of 4.6); two buttons far
    /// apart stay apart, as the views between them would cost more to draw again.
    public static func coalescing(_ rects: [PixelRect], within bounds: PixelRect) -> [PixelRect] {
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

    // MARK: - Subtracting

    /// The pixels of this rectangle outside every one of `holes` (which may overlap), as
    /// rectangles that do not overlap: band by band between the holes' edges, each band's runs
    /// between the holes crossing it, a run joined to the same run of the band above. A
    /// background change keeps the views' opaque middles as they are on screen and redraws and
    /// blits the rest.
    public func subtracting(_ holes: [PixelRect]) -> [PixelRect] {
        let holes = holes.map { $0.intersection(self) }.filter { !$0.isEmpty }.sorted { $0.y < $1.y }
        guard !isEmpty else { return [] }
        guard !holes.isEmpty else { return [self] }
        var edges = [y, maxY]
        for hole in holes { edges += [hole.y, hole.maxY] }
        edges = Array(Set(edges)).sorted()
        var pieces: [PixelRect] = []
        // The pieces of the band above, by their run, to be grown down by an identical run.
        var above: [Int: Int] = [:]
        var active: [PixelRect] = []
        var next = 0
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            active.removeAll { $0.maxY <= top }
            while next < holes.count, holes[next].y <= top {
                if holes[next].maxY > top { active.append(holes[next]) }
                next += 1
            }
            var runs: [(Int, Int)] = []
            var from = x
            for hole in active.sorted(by: { $0.x < $1.x }) {
                if hole.x > from { runs.append((from, hole.x)) }
                from = Swift.max(from, hole.maxX)
            }
            if from < maxX { runs.append((from, maxX)) }
            var here: [Int: Int] = [:]
            for (left, right) in runs {
                let key = left &* 65_537 &+ right
                if let index = above[key], pieces[index].maxY == top, pieces[index].x == left, pieces[index].maxX == right {
                    pieces[index].height += bottom - top
                    here[key] = index
                } else {
                    here[key] = pieces.count
                    pieces.append(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
                }
            }
            above = here
        }
        return pieces
    }
}
