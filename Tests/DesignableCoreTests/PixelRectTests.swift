@testable import DesignableCore
import XCTest

/// Rectangles of whole pixels: how a frame's damage coalesces, and what a rectangle less others leaves.
final class PixelRectTests: XCTestCase {
    /// A frame's damaged rectangles: a grid of views every one of which changed (a theme edit)
    /// becomes one rectangle; views far apart stay apart; one view's before and after merge;
    /// whatever merges, every damaged pixel is redrawn and no merged rectangle covers more than
    /// the slack allows over its own pieces.
    func testDamageCoalescesWhereTheGapsCostLessThanTheRectangles() {
        let window = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
        let grid = (0..<10).flatMap { row in (0..<18).map { column in PixelRect(x: 8 + 108 * column, y: 8 + 40 * row, width: 100, height: 32) } }
        let whole = PixelRect.coalescing(grid, within: window)
        XCTAssertEqual(whole, [PixelRect(x: 8, y: 8, width: 1912, height: 40 * 9 + 32)], "clipped to the window")
        let apart = [PixelRect(x: 8, y: 8, width: 100, height: 32), PixelRect(x: 1700, y: 8, width: 100, height: 32),
                     PixelRect(x: 8, y: 900, width: 100, height: 32)]
        XCTAssertEqual(PixelRect.coalescing(apart, within: window), apart)
        let moved = [PixelRect(x: 8, y: 8, width: 100, height: 32), PixelRect(x: 10, y: 9, width: 100, height: 32), apart[1]]
        XCTAssertEqual(PixelRect.coalescing(moved, within: window), [PixelRect(x: 8, y: 8, width: 102, height: 33), apart[1]])
        XCTAssertEqual(PixelRect.coalescing([PixelRect(x: -50, y: 2000, width: 10, height: 10)] + grid, within: window), whole,
                       "what lies outside the window is not drawn")

        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let rects = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                PixelRect(x: Int.random(in: -100...1900, using: &random), y: Int.random(in: -100...1100, using: &random),
                          width: Int.random(in: 1...300, using: &random), height: Int.random(in: 1...120, using: &random))
            }
            let merged = PixelRect.coalescing(rects, within: window)
            for rect in rects {
                let inside = rect.intersection(window)
                guard !inside.isEmpty else { continue }
                // Every pixel of it is in some merged rectangle (rectangles are checked whole: a
                // piece is always merged whole into one of them).
                XCTAssertTrue(merged.contains { $0.intersection(inside) == inside }, "\(inside) in \(merged)")
            }
            XCTAssertLessThanOrEqual(merged.count, rects.count)
            XCTAssertLessThanOrEqual(Double(merged.reduce(0) { $0 + $1.area }),
                                     PixelRect.coalescingSlack * Double(rects.reduce(0) { $0 + $1.intersection(window).area }) + 1)
        }
    }

    /// A rectangle less others: pieces that overlap neither each other nor any hole and leave no
    /// pixel of it out.
    func testARectangleLessHolesIsEveryOtherPixelOnce() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let whole = PixelRect(x: random.int(in: -5...5), y: random.int(in: -5...5), width: random.int(in: 0...40), height: random.int(in: 0...40))
            let holes = (0..<random.int(in: 0...12)).map { _ in
                PixelRect(x: random.int(in: -10...40), y: random.int(in: -10...40), width: random.int(in: 0...20), height: random.int(in: 0...20))
            }
            let pieces = whole.subtracting(holes)
            var count = [Int: Int]()
            for piece in pieces {
                XCTAssertFalse(piece.isEmpty)
                XCTAssertEqual(piece.intersection(whole), piece)
                for y in piece.y..<piece.maxY { for x in piece.x..<piece.maxX { count[y * 1000 + x, default: 0] += 1 } }
            }
            for y in whole.y..<max(whole.y, whole.maxY) { for x in whole.x..<max(whole.x, whole.maxX) {
                let inHole = holes.contains { $0.contains(x: x, y: y) }
                XCTAssertEqual(count[y * 1000 + x] ?? 0, inHole ? 0 : 1, "(\(x), \(y)) of \(whole) less \(holes)")
            } }
        }
        let grid = (0..<3).flatMap { row in (0..<3).map { column in PixelRect(x: 10 + 40 * column, y: 10 + 40 * row, width: 30, height: 30) } }
        XCTAssertLessThanOrEqual(PixelRect(x: 0, y: 0, width: 130, height: 130).subtracting(grid).count, 3 * 4 + 4,
                                 "a grid's gaps: a strip above each row and one below the last, four runs beside each row of holes")
    }
}
