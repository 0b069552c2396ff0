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
