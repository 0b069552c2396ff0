import Foundation
import XCTest

/// The window's outlines (`o`), audit marks (`u`), the banner for warnings that wraps and pushes
/// the canvas down, and the window that grows with the canvas: the real binary under Xvfb, as
/// the rest of `PreviewWindowTests`.
extension PreviewWindowTests {
    static let frameBlue = RGBImage.Pixel(hex: 0x007AFF)
    static let warningYellow = RGBImage.Pixel(hex: 0xFFCC00)
    static let auditOrange = RGBImage.Pixel(hex: 0xFF9500)

    /// Polls the window's size until `condition` holds (a resize is only a request the server
    /// answers later); the size then.
    @discardableResult
    private func waitForSize(_ x: XDriver, _ window: String, timeout: TimeInterval = 10, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line,
                             until condition: ((width: Int, height: Int)) -> Bool) throws -> (width: Int, height: Int) {
        let deadline = Date().addingTimeInterval(timeout)
        var size = try x.size(of: window)
        while !condition(size) && Date() < deadline {
            usleep(50_000)
            size = try x.size(of: window)
        }
        XCTAssertTrue(condition(size), "\(what): the window is \(size.width)×\(size.height)", file: file, line: line)
        return size
    }

    /// The run of rows in column `x`, from `y` down, whose pixels are `color`.
    private func run(of color: RGBImage.Pixel, in shot: RGBImage, x: Int, from y: Int) -> Int {
        var end = y
        while end < shot.height && shot[x, end].isClose(to: color) { end += 1 }
        return end - y
    }

    /// Where the first row of `color` is in column `x` at or below `y`, if any.
    private func firstRow(of color: RGBImage.Pixel, in shot: RGBImage, x: Int, from y: Int = 0) -> Int? {
        (min(y, shot.height)..<shot.height).first { shot[x, $0].isClose(to: color) }
    }

    /// `o` outlines each view's frame in Interface Builder's blue, with a legend below the canvas
    /// (the window grows to keep the whole canvas in sight); the inspector lists the rectangles
    /// beside swatches of the same colours; `o` again takes them away.
    func testOutlinesKeyDrawsLayoutRectanglesWithALegend() throws {
        let (preview, x, window, _) = try open()
        let edge = (x: 60, y: 90)
        let before = try x.size(of: window)
        assertPixel(try x.screenshot(window), edge, is: Self.blue, "the first button's left edge")
        try x.focus(window, at: Self.empty)

        try preview.expectFrame("input") { try x.key("o") }
        let grown = try waitForSize(x, window, "the window makes room for the legend") { $0.height > before.height }
        var shot = try x.screenshot(window)
        assertPixel(shot, edge, is: Self.frameBlue, "a hairline on the frame's edge")
        assertPixel(shot, (120, 90), is: Self.blue, "the view inside it is untouched")
        assertPixel(shot, (60, 250), is: Self.frameBlue, "every view is outlined")
        // The legend's first swatch, the frame's, at its left below the canvas, whose 60-point
        // bottom padding (below the third view) stays in sight above the legend's top line.
        XCTAssertNotNil(firstRow(of: Self.frameBlue, in: shot, x: 8, from: before.height), "the legend's frame swatch below the canvas")
        XCTAssertEqual(run(of: Self.white, in: shot, x: 120, from: 280), 60, "the canvas's bottom padding, whole")

        // The inspector lists the focused view's rectangles, each beside a swatch of its colour.
        try preview.expectFrame("input") { try x.key("Tab") }
        try preview.expectFrame("resize") { try x.key("i") }
        shot = try x.screenshot(window)
        let panel = grown.width
        let swatch = (panel + 14..<panel + 25).contains { px in (60..<140).contains { shot[px, $0].isClose(to: Self.frameBlue, tolerance: 40) } }
        XCTAssertTrue(swatch, "a frame-blue swatch beside the inspector's Frame line")

        try preview.expectFrame("input") { try x.key("o") }
        assertPixel(try x.screenshot(window), edge, is: Self.blue, "o again takes the outlines away")
    }

    /// `u` marks a view the audit finds fault with (a 30×30 control, a pale title) with an orange
    /// outline and a tag, and `u` again takes the marks away.
    func testAuditKeyMarksTheViewsItFindsFaultWith() throws {
        let style = """
        canvas: {width: 240, background: "#FFFFFF", padding: 60, spacing: 20}
        views:
          - class: UIButton
            title: Go
            titleColor: "#AAAAAA"
            size: [30, 30]
          - class: RoundedCornerButton
            size: [120, 60]
            backgroundColor: "#0000FF"
        """
        let (preview, x, window, _) = try open(style)
        let outside = (x: 103, y: 75)
        assertPixel(try x.screenshot(window), outside, is: Self.white, "no mark before u")
        try x.focus(window, at: (10, 170))
        try preview.expectFrame("input") { try x.key("u") }
        let shot = try x.screenshot(window)
        assertPixel(shot, outside, is: Self.auditOrange, "an orange outline just outside the small button")
        assertPixel(shot, (60, 140), is: Self.blue, "the button that passes is not marked")
        try preview.expectFrame("input") { try x.key("u") }
        assertPixel(try x.screenshot(window), outside, is: Self.white, "u again takes the marks away")
    }

    /// A save that makes the canvas taller or wider grows the window to it, up to 90% of the
    /// screen; once the window was resized by hand, it is left as it is.
    func testTheWindowGrowsWithTheCanvasUntilResizedByHand() throws {
        func style(views: Int, width: Int = 240) -> String {
            "canvas: {width: \(width), background: \"#FFFFFF\", padding: 60, spacing: 20}\nviews:\n"
                + String(repeating: "  - {class: RoundedCornerButton, size: [120, 60], backgroundColor: \"#0000FF\"}\n", count: views)
        }
        let (preview, x, window, path) = try open(style(views: 1))
        XCTAssertEqual(try x.size(of: window).height, 180, "one view: 60 + 60 + 60")

        // The resize may land in the save's own frame: wait on the size.
        try preview.expectFrame("file") { try write(style(views: 3), to: path) }
        let size = try waitForSize(x, window, "three views: 60 + 3 × 60 + 2 × 20 + 60") { $0 == (240, 340) }
        guard size == (240, 340) else { return }
        let shot = try x.screenshot(window)
        assertPixel(shot, (120, 250), is: Self.blue, "the third view, in sight")

        try preview.expectFrame("file") { try write(style(views: 3, width: 400), to: path) }
        _ = try waitForSize(x, window, "a wider canvas widens the window") { $0 == (400, 340) }
        // The test's screen is 1280×1024: the window stops at 90% of it either way.
        try preview.expectFrame("file") { try write(style(views: 20, width: 4000), to: path) }
        _ = try waitForSize(x, window, "a canvas larger than the screen: 90% of it") { $0 == (1152, 921) }

        try preview.expectFrame("resize") { try x.xdotool("windowsize", window, "300", "200") }
        try preview.expectFrame("file") { try write(style(views: 5), to: path) }
        usleep(300_000)
        XCTAssertEqual(try x.size(of: window).width, 300, "a window sized by hand stays as it is")
        XCTAssertEqual(try x.size(of: window).height, 200)
    }

    /// A warning shows in the window: a yellow banner with the finding across the top, and the
    /// canvas below it, the first view whole (the window grows by the banner).
    func testAWarningShowsInAYellowBannerAboveTheCanvas() throws {
        let (preview, x, window, path) = try open()
        let canvasHeight = try x.size(of: window).height
        let warned = Self.style().replacingOccurrences(of: "    id: second\n", with: "    id: second\n    cornerRadus: 4\n")
        try preview.expectFrame("file") { try write(warned, to: path) }
        let size = try waitForSize(x, window, "the window grows by the banner") { $0.height > canvasHeight }
        let shot = try x.screenshot(window)
        assertPixel(shot, (4, 4), is: Self.warningYellow, "a yellow banner across the top")
        let top = bannerHeight(shot)
        XCTAssertEqual(size.height, canvasHeight + top, "the canvas and the banner, all in sight")
        XCTAssertEqual(run(of: Self.white, in: shot, x: 120, from: top), 60, "the canvas's top padding, below the banner")
        XCTAssertEqual(run(of: Self.blue, in: shot, x: 120, from: top + 60), 60, "the first view, whole")
        XCTAssertEqual(try x.title(of: window), "style.yaml — 1 warning")
    }

    /// An error's banner takes its room as a warning's does: the window grows by it, and the last
    /// good canvas stays whole below it.
    func testAnErrorBannerGrowsTheWindowToo() throws {
        let (preview, x, window, path) = try open()
        let canvasHeight = try x.size(of: window).height
        try preview.expectFrame("file") { try write(Self.style(firstColor: "#12345"), to: path) }
        let size = try waitForSize(x, window, "the window grows by the banner") { $0.height > canvasHeight }
        let shot = try x.screenshot(window)
        let top = bannerHeight(shot)
        XCTAssertEqual(size.height, canvasHeight + top, "the last good canvas and the banner, all in sight")
        XCTAssertEqual(run(of: Self.white, in: shot, x: 120, from: top), 60, "the canvas's top padding, below the banner")
    }

    /// A canvas wider than the window scrolls sideways: Left and Right by 40 points a press, and
    /// Shift with the wheel.
    func testAWideCanvasScrollsSideways() throws {
        let style = "canvas: {width: 6000, background: \"#FFFFFF\", padding: 0}\nviews:\n"
            + "  - {class: RoundedCornerButton, frame: [0, 0, 100, 60], backgroundColor: \"#0000FF\"}\n"
        let (preview, x, window, _) = try open(style)
        XCTAssertLessThan(try x.size(of: window).width, 6000, "the window is narrower than the canvas")
        try x.focus(window, at: (50, 30))
        assertPixel(try x.screenshot(window), (50, 30), is: Self.blue, "the view at the left edge")
        for _ in 0..<3 { try preview.expectFrame("input") { try x.key("Right") } }
        assertPixel(try x.screenshot(window), (50, 30), is: Self.white, "120 points to the right, the view is off the left edge")
        assertPixel(try x.screenshot(window), (0, 30), is: Self.white, "nothing of it at the very edge")
        for _ in 0..<3 { try preview.expectFrame("input") { try x.key("Left") } }
        assertPixel(try x.screenshot(window), (50, 30), is: Self.blue, "and back")
        try preview.expectFrame("input") {
            try x.xdotool("keydown", "shift")
            try x.xdotool("click", "5")
            try x.xdotool("click", "5")
            try x.xdotool("click", "5")
            try x.xdotool("keyup", "shift")
        }
        // Three steps of 48 points may come in one frame or several: wait for the view to go.
        var shot = try x.screenshot(window)
        let deadline = Date().addingTimeInterval(3)
        while !shot[50, 30].isClose(to: Self.white), Date() < deadline {
            usleep(20_000)
            shot = try x.screenshot(window)
        }
        assertPixel(shot, (50, 30), is: Self.white, "Shift with the wheel scrolls sideways too")
    }

    /// The inspector shows what of a view's properties its height holds, and the wheel over it
    /// moves through the rest (the canvas stays where it is); another view starts at the top.
    func testTheWheelOverTheInspectorScrollsItsProperties() throws {
        let (preview, x, window, _) = try open()
        let canvasWidth = try x.size(of: window).width
        try x.focus(window, at: Self.empty)
        try preview.expectFrame("input") { try x.key("Tab") }
        try preview.expectFrame("resize") { try x.key("i") }
        let height = try x.size(of: window).height
        func panel(_ shot: RGBImage) -> [RGBImage.Pixel] {
            (200..<height).flatMap { y in stride(from: canvasWidth + 10, to: canvasWidth + 400, by: 3).map { shot[$0, y] } }
        }
        let top = try x.screenshot(window)
        try x.move(window, canvasWidth + 200, height - 40)
        try preview.expectFrame("input") { try x.xdotool("click", "5") }
        let scrolled = try x.screenshot(window)
        XCTAssertNotEqual(panel(scrolled), panel(top), "the wheel moved the property rows")
        assertPixel(scrolled, Self.first, is: Self.blue, "the canvas stays where it was")
        try preview.expectFrame("input") { try x.xdotool("click", "4") }
        XCTAssertEqual(panel(try x.screenshot(window)), panel(top), "and back up to the first row")
        try preview.expectFrame("input") { try x.xdotool("click", "5") }
        try x.focus(window, at: Self.empty)
        try preview.expectFrame("input") { try x.key("Tab") }
        try preview.expectFrame("input") { try x.key("shift+Tab") }
        XCTAssertEqual(panel(try x.screenshot(window)), panel(top), "another view's properties start at the top")
    }

    /// A property left unset that takes another's value shows that value in the inspector, greyed
    /// and with the other's swatch: a button's unset title colour is its tint. Two rows carry the
    /// tint's red swatch; the tint's own value is black, the title colour's grey.
    func testTheInspectorShowsAnUnsetTitleColourAsTheTintGreyed() throws {
        let style = "canvas: {size: [240, 900], background: \"#FFFFFF\"}\nviews:\n"
            + "  - {class: UIButton, frame: [60, 60, 120, 60], title: Go, tintColor: \"#FF0000\"}\n"
        let (preview, x, window, _) = try open(style)
        let canvasWidth = try x.size(of: window).width
        try x.focus(window, at: (10, 400))
        try preview.expectFrame("input") { try x.key("Tab") }
        try preview.expectFrame("resize") { try x.key("i") }
        let shot = try x.screenshot(window)
        let red = RGBImage.Pixel(hex: 0xFF0000)
        // Each swatch: its rows, and its right edge, where the value's text starts.
        var swatches: [(rows: ClosedRange<Int>, right: Int)] = []
        for y in 0..<shot.height {
            guard let right = (canvasWidth..<shot.width).last(where: { shot[$0, y] == red }) else { continue }
            if let last = swatches.last, last.rows.upperBound == y - 1 {
                swatches[swatches.count - 1] = (last.rows.lowerBound...y, max(last.right, right))
            } else {
                swatches.append((y...y, right))
            }
        }
        XCTAssertEqual(swatches.count, 2, "the tint's swatch on two rows: tintColor and titleColor")
        let darkest = swatches.map { swatch in
            swatch.rows.flatMap { y in (swatch.right + 3..<shot.width).map { x in (shot[x, y].r + shot[x, y].g + shot[x, y].b) / 3 } }.min() ?? 255
        }
        XCTAssertEqual(darkest.filter { $0 < 50 }.count, 1, "one value in black, the tint's own: \(darkest)")
        XCTAssertEqual(darkest.filter { (80...140).contains($0) }.count, 1, "one greyed, the title colour's: \(darkest)")
    }

    /// A long finding is shown whole: the banner wraps it onto more lines rather than cut it, and
    /// pushes the canvas down so the first view stays in sight.
    func testALongFindingWrapsAndTheFirstViewStaysInSight() throws {
        let (preview, x, window, path) = try open()
        try preview.expectFrame("file") { try write(Self.style(firstColor: "#12345"), to: path) }
        let shot = try x.screenshot(window)
        let top = bannerHeight(shot)
        // "⚠ 6:22: backgroundColor: '#12345' is not a hex colour: write #RGB, #RRGGBB or #RRGGBBAA"
        // is three lines or more in a window 240 pixels wide.
        XCTAssertGreaterThan(top, 3 * 18, "a banner of several lines")
        let lastLine = (top - 22..<top - 6).contains { y in (10..<230).contains { shot[$0, y].isClose(to: Self.white, tolerance: 60) } }
        XCTAssertTrue(lastLine, "text on the banner's last line")
        XCTAssertEqual(run(of: Self.white, in: shot, x: 120, from: top), 60, "the canvas starts below the banner")
        XCTAssertEqual(run(of: Self.blue, in: shot, x: 120, from: top + 60), 60, "the first view is whole, not under the banner")
    }
}
