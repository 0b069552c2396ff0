import Foundation
import XCTest

/// A large file's start: the first frame decodes only the views on the first screen, and the rest
/// of the file is read as soon as that frame is shown. The real binary under Xvfb, as the rest of
/// `PreviewWindowTests`.
extension PreviewWindowTests {
    /// 1,000 blue 36×24 views, 10 a row 30 points apart, on a white canvas of a given size, none
    /// in the band the far view's shadow falls in (x 150–300, y 0–100); then `far`.
    static func largeStyle(far: String) -> String {
        var lines = ["canvas: {size: [400, 3000], background: \"#FFFFFF\"}", "views:"]
        for index in 0..<1000 {
            let (row, column) = index.quotientAndRemainder(dividingBy: 10)
            let (x, y) = (column * 40, row * 30)
            if x + 36 > 150 && x < 300 && y < 100 { continue }
            lines.append("  - {class: UIView, frame: [\(x), \(y), 36, 24], backgroundColor: \"#0000FF\"}")
        }
        return (lines + [far]).joined(separator: "\n") + "\n"
    }

    /// What the views left out of the first frame draw on the screen (here a shadow cast up from
    /// the bottom of the canvas) is drawn by the frame of the whole read right after; scrolled
    /// down, the window draws the views left out as `render` does; `--screenshot` waits for the
    /// whole file.
    func testALargeFileShowsItsFirstScreenThenReadsTheRest() throws {
        let far = "  - {class: UIView, frame: [200, 2900, 40, 24], backgroundColor: \"#00FF00\", layer: {shadowColor: \"#FF0000\", shadowOpacity: 1, shadowRadius: 0, shadowOffset: [0, -2880]}}"
        let (preview, x, window, path) = try open(Self.largeStyle(far: far), name: "large.yaml")
        let whole = try preview.waitForFrame(after: 0, cause: "whole-read")
        XCTAssertGreaterThan((whole["parse_ms"] as? NSNumber)?.doubleValue ?? 0, 0, "the whole read is its own frame: \(whole)")
        let shot = try x.screenshot(window)
        assertPixel(shot, (220, 30), is: Self.red, "the far view's shadow, on the first screen")
        assertPixel(shot, (10, 10), is: Self.blue, "a view of the first screen")
        let title = try x.title(of: window)
        XCTAssertTrue(title.hasSuffix("up to date"), title)

        // Scrolled to the bottom: the views the first frame left out, as a render draws them.
        let reference = folder + "/large.png"
        try render(path, to: reference, arguments: [])
        guard let convert = TestPaths.tool("convert") else { throw HarnessError("ImageMagick's convert is not installed") }
        let expected = try RGBImage(ppm: try runTool(convert, [reference, "-depth", "8", "ppm:-"]).out)
        try x.focus(window, at: (200, 200))
        let mark = preview.frameCount
        try x.key("End")
        _ = try preview.waitForFrame(after: mark, cause: "input")
        let bottom = try x.screenshot(window)
        let top = expected.height - bottom.height
        var worst = 0
        for y in stride(from: 0, to: bottom.height, by: 3) {
            for px in stride(from: 0, to: min(bottom.width, expected.width), by: 3) {
                let (a, b) = (bottom[px, y], expected[px, top + y])
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "the canvas's bottom differs from a render by \(worst) of 255 in some channel")
        assertPixel(bottom, (220, 2912 - top), is: Self.green, "the far view")

        preview.stop()
        let once = folder + "/once.png"
        let oneShot = try PreviewProcess(["preview", path, "--screenshot", once], display: display?.name)
        XCTAssertEqual(try oneShot.waitForExit(timeout: 60), 0, "--screenshot exits 0: \(oneShot.stderr)")
        try assertSameImage(once, reference, "--screenshot of a large file")
    }

    /// A click and keys given while the whole read runs (here a long one: 8,000 buttons with state
    /// maps) act on the views the first frame shows, once the read is done, and are drawn: a read
    /// that gives a new document lays it out before the input queued behind it is hit-tested.
    func testInputDuringTheWholeReadActsOnTheViewsShown() throws {
        var lines = ["canvas: {size: [400, 24000], background: \"#FFFFFF\"}", "views:"]
        for index in 0..<8000 {
            let (row, column) = index.quotientAndRemainder(dividingBy: 10)
            lines.append("  - {class: RoundedCornerButton, frame: [\(column * 40), \(row * 30), 36, 24], backgroundColor: \"#0000FF\", "
                         + "highlighted: {backgroundColor: \"#FF0000\"}, selected: {backgroundColor: \"#00FF00\"}}")
        }
        let (preview, x, window, _) = try open(lines.joined(separator: "\n") + "\n", name: "many.yaml")
        // The start frame is on screen; the whole read is running now.
        _ = try x.xdotool("mousemove", "--window", window, "18", "12", "click", "1")
        let whole = try preview.waitForFrame(after: 0, cause: "whole-read")
        let deadline = Date().addingTimeInterval(10)
        var seen = preview.frameCount
        while !(try x.screenshot(window)[18, 12].isClose(to: Self.green)) && Date() < deadline {
            _ = try? preview.waitForFrame(after: seen, timeout: 1)
            seen = preview.frameCount
        }
        assertPixel(try x.screenshot(window), (18, 12), is: Self.green, "the view clicked during the whole read (\(whole)) is selected")
        assertPixel(try x.screenshot(window), (58, 12), is: Self.blue, "its neighbour, not clicked")
    }

    /// An error in a view the first frame left out is found by the whole read: the file then
    /// stands as a file that fails to read at start does, its finding at its line.
    func testAnErrorInAViewTheFirstFrameLeftOutIsReported() throws {
        let far = "  - {class: UIView, frame: [200, 2900, 40, 24], backgroundColor: notacolour}"
        let style = Self.largeStyle(far: far)
        let (preview, x, window, _) = try open(style, name: "large.yaml")
        _ = try preview.waitForFrame(after: 0, cause: "whole-read")
        let line = style.split(separator: "\n").count
        let deadline = Date().addingTimeInterval(10)
        while !preview.stderr.contains("large.yaml:\(line):") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(preview.stderr.contains("large.yaml:\(line):"), "the finding at the far view's line \(line): \(preview.stderr)")
        XCTAssertTrue(preview.stderr.contains("notacolour"), preview.stderr)
        let title = try x.title(of: window)
        XCTAssertTrue(title.hasSuffix("1 error"), title)
        // No view is shown: the window is what a file failing at start shows, not the first screen.
        let mark = preview.frameCount
        _ = try? preview.waitForFrame(after: mark, timeout: 0.5)
        XCTAssertFalse(try x.screenshot(window)[10, 60].isClose(to: Self.blue), "the first screen's views are gone")
    }
}
