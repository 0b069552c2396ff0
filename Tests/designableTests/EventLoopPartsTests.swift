@testable import DesignablePreview
import XCTest

/// The event loop's bookkeeping, without a window: its timers and the inspector's resize negotiation.
final class EventLoopPartsTests: XCTestCase {
    func testOneDeadlineSetGivesPollItsTimeout() {
        var deadlines = Deadlines()
        XCTAssertEqual(deadlines.pollTimeout(now: 1_000), -1, "idle: sleep until an event")
        deadlines.set(.note, at: 5_000_000_000)
        deadlines.set(.settle, at: 2_000_000_001)
        XCTAssertEqual(deadlines.pollTimeout(now: 1_000_000_000), 1001, "the earliest, rounded up to whole milliseconds")
        deadlines.set(.settle, at: 3_000_000_000)
        XCTAssertEqual(deadlines.pollTimeout(now: 1_000_000_000), 2000, "setting a kind again moves it")
        XCTAssertEqual(deadlines.expire(at: 4_000_000_000), [.settle])
        XCTAssertEqual(deadlines.expire(at: 4_000_000_000), [], "an expired deadline fires once")
        deadlines.cancel(.note)
        XCTAssertEqual(deadlines.pollTimeout(now: 1_000), -1)
    }

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

    /// The back buffer's cap: a window within it is drawn whole; a larger one in its top-left
    /// part, never more than the documented pixels, its height giving way first.
    func testTheDrawnPartOfAWindowStaysWithinTheBufferCap() {
        XCTAssertTrue(Viewport.drawnSize(width: 1920, height: 1080) == (1920, 1080))
        XCTAssertTrue(Viewport.drawnSize(width: 32767, height: 32767) == (8192, 2048))
        XCTAssertTrue(Viewport.drawnSize(width: 300, height: 32767) == (300, 8192))
        XCTAssertTrue(Viewport.drawnSize(width: 0, height: 0) == (1, 1))
        for (width, height) in [(32767, 32767), (8192, 8192), (5000, 5000), (1, 32767)] {
            let drawn = Viewport.drawnSize(width: width, height: height)
            XCTAssertLessThanOrEqual(drawn.width * drawn.height, Viewport.maxBufferPixels, "\(width)×\(height)")
        }
    }

    func testTheInspectorWidensTheWindowWhenTheScreenHasRoom() {
        var panel = PanelNegotiation()
        XCTAssertEqual(panel.toggle(panelWidth: 420, windowWidth: 375, screenWidth: 1280), .request(panelWidth: 420, windowWidth: 795))
        XCTAssertTrue(panel.isVisible)
        XCTAssertEqual(panel.takePendingWidth(), 420, "the resize came: the panel shows with it")
        XCTAssertNil(panel.takePendingWidth())
        XCTAssertEqual(panel.toggle(panelWidth: 420, windowWidth: 795, screenWidth: 1280), .request(panelWidth: 0, windowWidth: 375),
                       "hiding it narrows the window back")
    }

    func testWithoutRoomTheCanvasAreaGivesUpTheWidth() {
        var panel = PanelNegotiation()
        XCTAssertEqual(panel.toggle(panelWidth: 420, windowWidth: 1000, screenWidth: 1280), .apply(panelWidth: 420))
        XCTAssertEqual(panel.toggle(panelWidth: 420, windowWidth: 1000, screenWidth: 1280), .apply(panelWidth: 0))
    }

    func testATogglePressedBeforeTheResizeCountsFromTheWidthAskedFor() {
        var panel = PanelNegotiation()
        _ = panel.toggle(panelWidth: 420, windowWidth: 375, screenWidth: 1280)
        // `i` again before the server answered: narrow from the 795 asked for, not the 375 still told.
        XCTAssertEqual(panel.toggle(panelWidth: 420, windowWidth: 375, screenWidth: 1280), .request(panelWidth: 0, windowWidth: 375))
    }
}
