import Foundation
import XCTest

/// The live preview window, end to end: the real binary on a private Xvfb, driven with xdotool,
/// its pixels read back with ImageMagick, each step waiting on the `--trace` frame it causes.
final class PreviewWindowTests: XCTestCase {
    // MARK: - The test canvas

    // Three 120×60 buttons in a column on white, 60 points from the edges and 20 apart: blue
    // normally, red highlighted, green selected, grey disabled; the third starts disabled.
    static let blue = RGBImage.Pixel(hex: 0x0000FF)
    static let red = RGBImage.Pixel(hex: 0xFF0000)
    static let green = RGBImage.Pixel(hex: 0x00FF00)
    static let grey = RGBImage.Pixel(hex: 0x808080)
    static let white = RGBImage.Pixel(hex: 0xFFFFFF)
    static let yellow = RGBImage.Pixel(hex: 0xFFFF00)
    static let magenta = RGBImage.Pixel(hex: 0xFF00FF)

    static let first = (x: 120, y: 90), second = (x: 120, y: 170), disabled = (x: 120, y: 250)
    /// A point on the focus ring's stroke above the first and second buttons (3 points out of the frame).
    static let firstRing = (x: 120, y: 56), secondRing = (x: 120, y: 136)
    /// Canvas background, away from every view.
    static let empty = (x: 10, y: 330)

    static func style(firstColor: String = "#0000FF", extra: String = "") -> String {
        """
        canvas: {width: 240, background: "#FFFFFF", padding: 60, spacing: 20}
        views:
          - class: RoundedCornerButton
            id: first
            size: [120, 60]
            backgroundColor: "\(firstColor)"
            highlighted: {backgroundColor: "#FF0000"}
            selected: {backgroundColor: "#00FF00"}
            disabled: {backgroundColor: "#808080"}
          - class: RoundedCornerButton
            id: second
            size: [120, 60]
            backgroundColor: "#0000FF"
            highlighted: {backgroundColor: "#FF0000"}
            selected: {backgroundColor: "#00FF00"}
            disabled: {backgroundColor: "#808080"}
          - class: RoundedCornerButton
            id: off
            size: [120, 60]
            backgroundColor: "#0000FF"
            isEnabled: false
            highlighted: {backgroundColor: "#FF0000"}
            selected: {backgroundColor: "#00FF00"}
            disabled: {backgroundColor: "#808080"}
        \(extra)
        """
    }

    // MARK: - Fixture

    // Not private: the tests in other files extend this class with its fixture.
    var folder = ""
    private(set) var display: VirtualDisplay?
    private var preview: PreviewProcess?

    override func setUpWithError() throws {
        let missing = ["Xvfb", "xdotool", "import", "compare"].filter { TestPaths.tool($0) == nil }
        if !missing.isEmpty {
            // CI installs them (make deps): there a missing tool is a failure, not a skip.
            if ProcessInfo.processInfo.environment["CI"] != nil { throw HarnessError("missing \(missing): run make deps") }
            throw XCTSkip("missing \(missing.joined(separator: ", ")): run `make deps` to test the preview window")
        }
        guard TestPaths.binary != nil else { throw HarnessError("designable is not built: run swift build first") }
        folder = NSTemporaryDirectory() + "designable-preview-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        preview?.stop()
        display?.stop()
        if !folder.isEmpty { try? FileManager.default.removeItem(atPath: folder) }
        super.tearDown()
    }

    /// Writes `style` as `name`, starts Xvfb and the preview on it, and waits for the first frame.
    func open(_ style: String = PreviewWindowTests.style(), name: String = "style.yaml", arguments: [String] = [],
                      xvfbArguments: [String] = []) throws -> (preview: PreviewProcess, x: XDriver, window: String, path: String) {
        let path = folder + "/" + name
        try write(style, to: path)
        let display = try VirtualDisplay(extraArguments: xvfbArguments)
        self.display = display
        let preview = try PreviewProcess(["preview", path, "--trace"] + arguments, display: display.name)
        self.preview = preview
        let start = try preview.waitForFrame(after: 0, cause: "start", timeout: 60)
        for key in ["frame", "read_ms", "parse_ms", "reconcile_ms", "layout_ms", "render_ms", "blit_ms", "total_ms", "t_mono_ns",
                    "display_ms", "window_ms", "main_t_mono_ns"] {
            XCTAssertNotNil(start[key], "the trace line lacks \(key): \(start)")
        }
        // Where the start went: the program's own code began before its pixels reached the server,
        // and its steps since then fit in that time.
        let main = try XCTUnwrap((start["main_t_mono_ns"] as? NSNumber)?.uint64Value, "\(start)")
        let presented = try XCTUnwrap((start["t_mono_ns"] as? NSNumber)?.uint64Value, "\(start)")
        XCTAssertLessThan(main, presented, "main began after the first frame: \(start)")
        let steps = ["display_ms", "window_ms", "read_ms", "parse_ms", "layout_ms", "render_ms", "blit_ms"]
            .compactMap { (start[$0] as? NSNumber)?.doubleValue }
        XCTAssertEqual(steps.count, 7, "a start's step is not a number: \(start)")
        XCTAssertTrue(steps.allSatisfy { $0 >= 0 }, "a negative step: \(start)")
        XCTAssertLessThanOrEqual(steps.reduce(0, +), Double(presented - main) / 1e6 + 0.01, "the steps outlast the start: \(start)")
        let x = XDriver(display: display.name)
        let window = try x.window(named: name)
        return (preview, x, window, path)
    }

    /// A write in place: open, truncate, write, close (vim's default, nano).
    func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw HarnessError("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }

    private func pixel(_ x: XDriver, _ window: String, _ point: (x: Int, y: Int)) throws -> RGBImage.Pixel {
        try x.screenshot(window)[point.x, point.y]
    }

    func assertPixel(_ image: RGBImage, _ point: (x: Int, y: Int), is expected: RGBImage.Pixel, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let actual = image[point.x, point.y]
        XCTAssertTrue(actual.isClose(to: expected), "\(what): pixel at \(point) is \(actual), expected \(expected)", file: file, line: line)
    }

    /// Waits for frames of `cause` until the window's pixel at `point` is `expected` (a save
    /// may take two frames: the file first seen gone, then back).
    private func waitForPixel(_ x: XDriver, _ window: String, _ point: (x: Int, y: Int), _ expected: RGBImage.Pixel,
                              cause: String, after mark: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let preview else { return }
        var seen = mark
        let deadline = Date().addingTimeInterval(20)
        var actual = RGBImage.Pixel(hex: 0)
        while Date() < deadline {
            _ = try preview.waitForFrame(after: seen, cause: cause, timeout: max(0.1, deadline.timeIntervalSinceNow))
            seen = preview.frameCount
            actual = try pixel(x, window, point)
            if actual.isClose(to: expected) { return }
        }
        XCTFail("\(what): pixel at \(point) is \(actual), expected \(expected)", file: file, line: line)
    }

    // MARK: - Tests

    /// A control is highlighted while the pointer holds it down, not while the pointer is off it,
    /// and a release on it selects it; a disabled control ignores the pointer.
    func testPressHighlightsWhileHeldAndReleaseOnTheButtonSelects() throws {
        let (preview, x, window, _) = try open()
        // What a window manager reads: the close button's protocol, the class, the process, the
        // title as UTF-8, the least size (the atoms interned in one round trip).
        let properties = try x.properties(of: window, "WM_PROTOCOLS", "WM_CLASS", "_NET_WM_PID", "WM_NAME", "_NET_WM_NAME", "WM_NORMAL_HINTS")
        for expected in ["WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW", "WM_CLASS(STRING) = \"designable\", \"Designable\"",
                         "_NET_WM_PID(CARDINAL) = \(preview.process.processIdentifier)", "WM_NAME(UTF8_STRING) = \"", "_NET_WM_NAME(UTF8_STRING) = \"",
                         "minimum size: 120 by 80"] {
            XCTAssertTrue(properties.contains(expected), "\(expected) in \(properties)")
        }
        let start = try x.screenshot(window)
        assertPixel(start, Self.first, is: Self.blue, "first button at start")
        assertPixel(start, Self.disabled, is: Self.grey, "disabled button at start")
        assertPixel(start, Self.empty, is: Self.white, "canvas background")

        try x.move(window, Self.first.x, Self.first.y)
        let down = try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        XCTAssertEqual(down["views"] as? Int, 1, "a press redraws just the pressed button: \(down)")
        assertPixel(try x.screenshot(window), Self.first, is: Self.red, "held down")

        try preview.expectFrame("input") { try x.move(window, Self.empty.x, Self.empty.y) }
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "held, pointer moved off")

        try preview.expectFrame("input") { try x.move(window, Self.first.x + 30, Self.first.y + 10) }
        assertPixel(try x.screenshot(window), Self.first, is: Self.red, "held, pointer back on")

        try preview.expectFrame("input") { try x.xdotool("mouseup", "1") }
        var shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.green, "released on the button: selected")
        assertPixel(shot, Self.second, is: Self.blue, "the other button is untouched")

        // Pressing the disabled button draws nothing; the next press on the second button shows
        // every earlier event was handled.
        try x.move(window, Self.disabled.x, Self.disabled.y)
        try x.xdotool("mousedown", "1")
        try x.xdotool("mouseup", "1")
        try x.move(window, Self.second.x, Self.second.y)
        try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.disabled, is: Self.grey, "a disabled button ignores the pointer")
        assertPixel(shot, Self.second, is: Self.red, "second held down")

        // Released off the button: moving off un-highlights, and the release selects nothing
        // (the press that follows proves the release was handled).
        try preview.expectFrame("input") { try x.move(window, Self.empty.x, Self.empty.y) }
        try x.xdotool("mouseup", "1")
        try x.move(window, Self.first.x, Self.first.y)
        try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.second, is: Self.blue, "released off the button: not selected")
        assertPixel(shot, Self.first, is: Self.red, "selected and held: the highlighted look wins")
        try preview.expectFrame("input") { try x.xdotool("mouseup", "1") }
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "a second click deselects")
    }

    /// Tab moves a visible focus ring; s, h and d toggle sticky states; Space presses like a
    /// click; i shows the inspector beside the canvas; q quits with status 0.
    func testKeyboardFocusRingStickyStatesAndInspector() throws {
        let (preview, x, window, _) = try open()
        try x.focus(window, at: Self.empty)
        assertPixel(try x.screenshot(window), Self.firstRing, is: Self.white, "no ring before Tab")

        try preview.expectFrame("input") { try x.key("Tab") }
        var shot = try x.screenshot(window)
        let ring = shot[Self.firstRing.x, Self.firstRing.y]
        XCTAssertTrue(ring.b > 180 && ring.r < 120, "a blue focus ring around the first button, found \(ring)")
        assertPixel(shot, Self.first, is: Self.blue, "the ring is outside the button")

        try preview.expectFrame("input") { try x.key("s") }
        assertPixel(try x.screenshot(window), Self.first, is: Self.green, "s selects the focused button")

        let moved = try preview.expectFrame("input") { try x.key("Tab") }
        XCTAssertEqual(moved["views"] as? Int, 2, "moving the ring redraws the two views it leaves and reaches: \(moved)")
        shot = try x.screenshot(window)
        assertPixel(shot, Self.firstRing, is: Self.white, "the ring left the first button")
        XCTAssertTrue(shot[Self.secondRing.x, Self.secondRing.y].b > 180, "the ring is on the second button")
        assertPixel(shot, Self.first, is: Self.green, "the first stays selected")

        try preview.expectFrame("input") { try x.key("h") }
        assertPixel(try x.screenshot(window), Self.second, is: Self.red, "h highlights and keeps it")
        try preview.expectFrame("input") { try x.key("h") }
        try preview.expectFrame("input") { try x.key("d") }
        assertPixel(try x.screenshot(window), Self.second, is: Self.grey, "d disables")
        // A disabled control ignores Space; `d` again (a frame) shows Space was handled first.
        try x.xdotool("keydown", "space")
        try x.xdotool("keyup", "space")
        try preview.expectFrame("input") { try x.key("d") }
        assertPixel(try x.screenshot(window), Self.second, is: Self.blue, "Space did nothing while disabled; d enabled it again")

        // Space: highlighted while held, selected on release.
        try preview.expectFrame("input") { try x.xdotool("keydown", "space") }
        assertPixel(try x.screenshot(window), Self.second, is: Self.red, "Space held")
        try preview.expectFrame("input") { try x.xdotool("keyup", "space") }
        assertPixel(try x.screenshot(window), Self.second, is: Self.green, "Space released: selected")

        try preview.expectFrame("input") { try x.key("shift+Tab") }
        try preview.expectFrame("input") { try x.key("s") }
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "Shift-Tab went back to the first; s deselected it")

        // The inspector widens the window by its 420 points and leaves the canvas where it was.
        let before = try x.size(of: window)
        try preview.expectFrame("resize") { try x.key("i") }
        let after = try x.size(of: window)
        XCTAssertEqual(after.width, before.width + 420, "the inspector widens the window")
        shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.blue, "the canvas stays put")
        assertPixel(shot, (before.width + 295, 4), is: RGBImage.Pixel(hex: 0xF5F5F7), "the inspector's background")
        var dark = 0
        for y in 30..<56 {
            for x in (before.width + 14)..<(before.width + 200) where shot[x, y].r < 90 { dark += 1 }
        }
        XCTAssertGreaterThan(dark, 40, "the inspector shows the focused view's class in black")
        // Escape closes the inspector first; only with it closed does Escape quit.
        try preview.expectFrame("resize") { try x.key("Escape") }
        XCTAssertEqual(try x.size(of: window).width, before.width, "Escape hides the inspector and narrows the window back")

        try x.key("q")
        XCTAssertEqual(try preview.waitForExit(), 0, "q quits with status 0")
    }

    /// A background save leaves the opaque middles of the views the preview keeps as they are on
    /// screen and redraws the rest: the window then shows what `render` draws, the corners of
    /// rounded buttons and a pill's round ends over the new background included.
    func testABackgroundSaveLooksAsARender() throws {
        func style(_ background: String) -> String {
            """
            canvas: {width: 300, background: "\(background)", padding: 12, spacing: 8}
            views:
              - {class: FancyButton, title: Four, size: [276, 40], cornerRadius: 4, borderWidth: 1, borderColor: "#1C1C1E", backgroundColor: "#3B5998"}
              - {class: FancyButton, title: Pill, size: [276, 40], cornerRadius: 20, enableGradientBackground: true, gradientColor1: "#F37335", gradientColor2: "#FDC830"}
              - {class: PillUILabel, text: 3 unread, textColor: white, backgroundColor: systemRed, font: Sans 15}
              - {class: UIView, size: [276, 30], backgroundColor: "#34C75980"}
            """
        }
        let (preview, x, window, path) = try open(style("#F2F2F7"))
        // The preview keeps the views' pixels once idle for a moment after its first frame.
        Thread.sleep(forTimeInterval: 0.5)
        let mark = preview.frameCount
        try write(style("#1C1C1E"), to: path)
        try preview.waitForFrame(after: mark, cause: "file")
        let reference = folder + "/background.png"
        try render(path, to: reference, arguments: [])
        guard let convert = TestPaths.tool("convert") else { throw HarnessError("ImageMagick's convert is not installed") }
        let expected = try RGBImage(ppm: try runTool(convert, [reference, "-depth", "8", "ppm:-"]).out), shot = try x.screenshot(window)
        // The canvas is centred in a window wider than it, from the window's top.
        let left = (shot.width - expected.width) / 2
        var worst = 0
        for y in 0..<expected.height {
            for px in 0..<expected.width {
                let (a, b) = (shot[left + px, y], expected[px, y])
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "the window differs from a render by \(worst) of 255 in some channel")
        // A corner just outside the first button's rounded shape shows the new background.
        assertPixel(shot, (left + 12, 12), is: RGBImage.Pixel(hex: 0x1C1C1E), "the rounded corner")
    }

    /// Every way an editor saves reaches the pixels: a write in place, a temporary file renamed
    /// over the original, a delete followed by a create; and an image the file uses, edited.
    func testEveryKindOfSaveAndAnImageEditRedraw() throws {
        let image = folder + "/dot.png"
        try makeImage(Self.magenta, at: image)
        let extra = """
          - class: FancyButton
            id: picture
            image: dot
            size: [120, 60]
            backgroundColor: "#FFFFFF"
        """
        let (preview, x, window, path) = try open(Self.style(extra: extra))
        let picture = (x: 120, y: 330)
        var shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.blue, "at start")
        assertPixel(shot, picture, is: Self.magenta, "the image at start")

        var mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00", extra: extra), to: path)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "a write in place")

        mark = preview.frameCount
        try write(Self.style(firstColor: "#00FFFF", extra: extra), to: path + ".tmp")
        XCTAssertEqual(rename(path + ".tmp", path), 0)
        try waitForPixel(x, window, Self.first, RGBImage.Pixel(hex: 0x00FFFF), cause: "file", after: mark, "a rename over the file")

        mark = preview.frameCount
        XCTAssertEqual(unlink(path), 0)
        try write(Self.style(firstColor: "#FF8000", extra: extra), to: path)
        try waitForPixel(x, window, Self.first, RGBImage.Pixel(hex: 0xFF8000), cause: "file", after: mark, "a delete and create")
        XCTAssertEqual(try x.title(of: window), "style.yaml — up to date")

        mark = preview.frameCount
        try makeImage(Self.yellow, at: folder + "/new-dot.png")
        XCTAssertEqual(rename(folder + "/new-dot.png", image), 0)
        try waitForPixel(x, window, picture, Self.yellow, cause: "file", after: mark, "an edited image")
        shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: RGBImage.Pixel(hex: 0xFF8000), "the rest is unchanged")

        // A save that changes nothing draws a frame for the driver but leaves every pixel alone.
        mark = preview.frameCount
        try write(Self.style(firstColor: "#FF8000", extra: extra), to: path)
        try preview.waitForFrame(after: mark, cause: "file")
    }

    /// A button drawing the image `later`, which does not exist when the preview starts.
    private static let laterImage = """
      - class: FancyButton
        id: picture
        image: later
        size: [120, 60]
        backgroundColor: "#FFFFFF"
    """

    /// An image missing at first (a placeholder) is drawn as soon as its file appears, though the
    /// style file is not saved again.
    func testAnImageThatAppearsLaterIsDrawn() throws {
        let (preview, x, window, _) = try open(Self.style(extra: Self.laterImage))
        let picture = (x: 120, y: 330)
        try assertPlaceholder(x, window, picture)
        try renameImage(Self.yellow, over: folder + "/later.png", preview, x, window, picture, "the image that appeared")
        XCTAssertEqual(try x.title(of: window), "style.yaml — up to date", "its warning is gone")
    }

    /// The placeholder's magenta tint at `picture`, below the yellow banner of its image's warning.
    private func assertPlaceholder(_ x: XDriver, _ window: String, _ picture: (x: Int, y: Int),
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let shot = try x.screenshot(window)
        XCTAssertGreaterThan(bannerHeight(shot), 0, "a banner says why", file: file, line: line)
        let placeholder = shot[picture.x, picture.y + bannerHeight(shot)]
        XCTAssertTrue(placeholder.r > 200 && placeholder.b > 200 && placeholder.g < 240, "the placeholder's magenta tint: \(placeholder)",
                      file: file, line: line)
    }

    /// An image of `color` written beside `path` and renamed over it, then waited for at `picture`.
    private func renameImage(_ color: RGBImage.Pixel, over path: String, _ preview: PreviewProcess, _ x: XDriver, _ window: String,
                             _ picture: (x: Int, y: Int), _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let mark = preview.frameCount
        try makeImage(color, at: path + ".part")
        XCTAssertEqual(rename(path + ".part", path), 0)
        try waitForPixel(x, window, picture, color, cause: "file", after: mark, what, file: file, line: line)
    }

    /// A PNG whose header and end are sound and whose image data is damaged is a warning in the
    /// title, the banner and on stderr, saying it could not be decoded, and a placeholder; made
    /// whole, it is drawn and the warning goes.
    func testAPNGWhoseDataIsCorruptIsAWarningInTheWindow() throws {
        try makeImage(Self.yellow, at: folder + "/later.png")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/later.png")))
        let idat = try XCTUnwrap((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) })
        let length = bytes[idat - 4..<idat].reduce(0) { $0 << 8 | Int($1) }
        for index in idat + 6..<idat + 4 + length { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/later.png"))
        let (preview, x, window, _) = try open(Self.style(extra: Self.laterImage))
        try waitForTitle(x, window, "style.yaml — 1 warning")
        XCTAssertTrue(preview.stderr.contains("warning: image 'later': later.png could not be decoded: its PNG data is corrupt ("), preview.stderr)
        let picture = (x: 120, y: 330)
        try assertPlaceholder(x, window, picture)
        try renameImage(Self.green, over: folder + "/later.png", preview, x, window, picture, "the image made whole")
        try waitForTitle(x, window, "style.yaml — up to date")
    }

    /// An image missing at first whose folder does not exist yet either is drawn as soon as the
    /// folder and the image appear: the nearest folder that exists is watched meanwhile.
    func testAnImageInAFolderMadeLaterIsDrawn() throws {
        let (preview, x, window, _) = try open(Self.style(extra: Self.laterImage))
        let picture = (x: 120, y: 330)
        var mark = preview.frameCount
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: false)
        try makeImage(Self.yellow, at: folder + "/assets/later.png")
        try waitForPixel(x, window, picture, Self.yellow, cause: "file", after: mark, "the image in a new assets/ folder")
        XCTAssertEqual(try x.title(of: window), "style.yaml — up to date", "its warning is gone")

        // A folder that arrives whole, its image already in it (a checkout, an unpacked archive).
        try FileManager.default.removeItem(atPath: folder + "/assets")
        try preview.waitForFrame(after: preview.frameCount, cause: "file")
        mark = preview.frameCount
        try FileManager.default.createDirectory(atPath: folder + "/incoming/icons", withIntermediateDirectories: true)
        try makeImage(Self.magenta, at: folder + "/incoming/icons/later.png")
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: false)
        XCTAssertEqual(rename(folder + "/incoming/icons", folder + "/assets/icons"), 0)
        try waitForPixel(x, window, picture, Self.magenta, cause: "file", after: mark, "the image in a folder moved into place")
    }

    /// An `assets/` folder that is a symlink (icons shared between projects) is followed: an edit
    /// in the folder it leads to redraws, and so does pointing the link at another folder.
    func testImagesInASymlinkedFolderRedrawWhenTheTargetChanges() throws {
        let shared = folder + "/shared-icons", other = folder + "/other-icons"
        for place in [shared, other] { try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true) }
        try makeImage(Self.yellow, at: shared + "/later.png")
        try makeImage(Self.magenta, at: other + "/later.png")
        XCTAssertEqual(symlink("shared-icons", folder + "/assets"), 0)
        let (preview, x, window, _) = try open(Self.style(extra: Self.laterImage))
        let picture = (x: 120, y: 330)
        assertPixel(try x.screenshot(window), picture, is: Self.yellow, "through the link at start")
        var mark = preview.frameCount
        try makeImage(Self.green, at: shared + "/.later.png.part")
        XCTAssertEqual(rename(shared + "/.later.png.part", shared + "/later.png"), 0)
        try waitForPixel(x, window, picture, Self.green, cause: "file", after: mark, "the image replaced in the link's target")

        mark = preview.frameCount
        XCTAssertEqual(unlink(folder + "/assets"), 0)
        XCTAssertEqual(symlink("other-icons", folder + "/assets"), 0)
        try waitForPixel(x, window, picture, Self.magenta, cause: "file", after: mark, "the link pointed at another folder")

        mark = preview.frameCount
        try makeImage(Self.yellow, at: other + "/.later.png.part")
        XCTAssertEqual(rename(other + "/.later.png.part", other + "/later.png"), 0)
        try waitForPixel(x, window, picture, Self.yellow, cause: "file", after: mark, "the image replaced in the new target")
        try waitForTitle(x, window, "style.yaml — up to date")
    }

    /// The preview reports the same findings as `check` and `render`, layout ones included: a
    /// view sticking out of the canvas is a warning in the title and on stderr. So is a font
    /// family not installed, which the preview checks against the list its fonts' warm-up thread
    /// makes, and `check` against the one it makes itself.
    func testThePreviewReportsWhatCheckAndRenderReport() throws {
        let outside = """
        canvas: {size: [200, 200]}
        views:
          - class: FancyButton
            title: Off
            font: DejaVu Sanss 12
            frame: [150, 150, 100, 40]
        """
        let (preview, x, window, path) = try open(outside)
        XCTAssertEqual(try x.title(of: window), "style.yaml — 2 warnings")
        let deadline = Date().addingTimeInterval(5)
        while preview.stderr.components(separatedBy: "\n").count < 3 && Date() < deadline { usleep(20_000) }
        let check = try runDesignable(["check", path])
        XCTAssertTrue(check.stderr.contains("sticks out of the 200×200 canvas"), check.stderr)
        XCTAssertTrue(check.stderr.contains("font family 'DejaVu Sanss' is not installed (did you mean 'DejaVu Sans'?)"), check.stderr)
        XCTAssertEqual(preview.stderr, check.stderr)
        preview.stop()

        var styles = try FileManager.default.contentsOfDirectory(atPath: fixturesFolder).filter { $0.hasSuffix(".yaml") }
            .map { fixturesFolder + "/" + $0 }
        styles.append(path)
        for style in styles {
            let check = try runDesignable(["check", style])
            let render = try runDesignable(["render", style, "-o", folder + "/out.png"])
            let shot = try PreviewProcess(["preview", style, "--screenshot", folder + "/shot.png"], display: display?.name)
            XCTAssertEqual(try shot.waitForExit(timeout: 60), 0, shot.stderr)
            XCTAssertEqual(render.stderr, check.stderr, "render and check on \(style)")
            XCTAssertEqual(shot.stderr, check.stderr, "the preview and check on \(style)")
        }
    }

    /// A reload redraws only the views that changed, yet every view an edit reaches: one that
    /// uses a theme colour, and one that merges an anchor, though their own lines are unchanged.
    func testAnEditRedrawsTheViewsItReachesThroughTheThemeAndAnchors() throws {
        func style(accent: String, base: String) -> String {
            """
            canvas: {width: 240, background: "#FFFFFF", padding: 60, spacing: 20}
            theme:
              colors:
                accent: "\(accent)"
            views:
              - class: RoundedCornerButton
                id: first
                size: [120, 60]
                backgroundColor: accent
              - &base
                class: RoundedCornerButton
                id: second
                size: [120, 60]
                backgroundColor: "\(base)"
              - <<: *base
                id: third
            """
        }
        let (preview, x, window, path) = try open(style(accent: "#0000FF", base: "#00FF00"))
        var shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.blue, "theme colour at start")
        assertPixel(shot, Self.disabled, is: Self.green, "merged from the anchor at start")

        try preview.expectFrame("file") { try write(style(accent: "#FF0000", base: "#00FF00"), to: path) }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.red, "a theme colour edit reaches the view that uses it")
        assertPixel(shot, Self.second, is: Self.green, "the others are unchanged")

        try preview.expectFrame("file") { try write(style(accent: "#FF0000", base: "#FFFF00"), to: path) }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.second, is: Self.yellow, "the anchored view changed")
        assertPixel(shot, Self.disabled, is: Self.yellow, "an anchor edit reaches the view that merges it")
    }

    /// A save that does not load keeps the last good frame below a red banner with the first
    /// error, the title counts the errors and stderr lists them; the next good save clears it.
    /// A deleted file keeps the frame too, below a "file was removed" banner.
    func testABrokenSaveKeepsTheLastFrameUnderABanner() throws {
        let (preview, x, window, path) = try open()
        let banner = (x: 4, y: 4)
        assertPixel(try x.screenshot(window), banner, is: Self.white, "no banner at start")
        try preview.expectFrame("input") {
            try x.move(window, Self.first.x, Self.first.y)
            try x.xdotool("click", "1")
        }

        try preview.expectFrame("file") { try write(Self.style(firstColor: "#12345"), to: path) }
        var shot = try x.screenshot(window)
        let strip = shot[banner.x, banner.y]
        XCTAssertTrue(strip.r > 180 && strip.g < 60 && strip.b < 80, "a red banner across the top, found \(strip)")
        var top = bannerHeight(shot)
        XCTAssertGreaterThan(top, 20, "the canvas starts below the banner")
        assertPixel(shot, below(Self.first, top), is: Self.green, "the last good frame stays, states and all")
        assertPixel(shot, below(Self.second, top), is: Self.blue, "the last good frame stays")
        XCTAssertEqual(try x.title(of: window), "style.yaml — 1 error")
        XCTAssertTrue(preview.stderr.contains(path + ":6:22: error:"), "stderr lists the error as path:line:col: \(preview.stderr)")

        try preview.expectFrame("file") { try write("views: [\n  - class: Nope\n", to: path) }
        XCTAssertTrue(try x.title(of: window).hasSuffix("error") || x.title(of: window).hasSuffix("errors"))
        shot = try x.screenshot(window)
        assertPixel(shot, below(Self.second, bannerHeight(shot)), is: Self.blue, "still the last good frame")

        try preview.expectFrame("file") { try write(Self.style(firstColor: "#FFFF00"), to: path) }
        shot = try x.screenshot(window)
        assertPixel(shot, banner, is: Self.white, "a good save clears the banner")
        assertPixel(shot, Self.first, is: Self.green, "the selected state survived the bad saves")
        XCTAssertEqual(try x.title(of: window), "style.yaml — up to date")

        try preview.expectFrame("file") { XCTAssertEqual(unlink(path), 0) }
        shot = try x.screenshot(window)
        XCTAssertFalse(shot[banner.x, banner.y].isClose(to: Self.white), "a banner says the file is gone")
        top = bannerHeight(shot)
        assertPixel(shot, below(Self.second, top), is: Self.blue, "the last frame stays when the file is deleted")
        XCTAssertEqual(try x.title(of: window), "style.yaml — file was removed")

        try preview.expectFrame("file") { try write(Self.style(), to: path) }
        XCTAssertEqual(try x.title(of: window), "style.yaml — up to date")
        shot = try x.screenshot(window)
        assertPixel(shot, banner, is: Self.white, "the file came back")
        assertPixel(shot, Self.first, is: Self.green, "states survive the file's absence")

        // A start state the file changes wins over the state carried from before.
        let selected = Self.style().replacingOccurrences(of: "    id: second\n", with: "    id: second\n    isSelected: true\n")
        try preview.expectFrame("file") { try write(selected, to: path) }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.second, is: Self.green, "isSelected: true added in the file")
        assertPixel(shot, Self.first, is: Self.green, "the clicked one stays selected")
    }

    /// `p` writes the canvas, in the states on screen, exactly as `designable render` draws it,
    /// however wide the window; `--screenshot OUT.png` does the same once and exits.
    func testScreenshotsMatchRender() throws {
        // One control, so `render --state selected` draws the same states as the window.
        let style = """
        canvas: {width: 260, background: "#F2F2F7", padding: 16, spacing: 12}
        views:
          - class: FancyButton
            title: SIGN IN
            size: [200, 50]
            cornerRadius: 4
            borderWidth: 1
            borderColor: red
            tintColor: red
            selected: {backgroundColor: "#FFE0E0"}
          - class: PillUILabel
            text: 3 unread
            textColor: white
            backgroundColor: systemRed
            font: Sans 15
        """
        let shots = folder + "/shots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let (preview, x, window, path) = try open(style, name: "button.yaml", arguments: ["--screenshot-dir", shots])
        try x.focus(window, at: (250, 100))
        try preview.expectFrame("input") { try x.key("Tab") }
        try preview.expectFrame("input") { try x.key("s") }
        try preview.expectFrame("input") { try x.key("p") }
        let saved = try preview.waitForLine()
        XCTAssertTrue(saved.hasPrefix(shots + "/button-"), "saved into --screenshot-dir as <stem>-<time>.png: \(saved)")
        XCTAssertNotNil(saved.range(of: #"/button-\d{8}-\d{6}\.png$"#, options: .regularExpression), saved)
        let reference = folder + "/reference.png"
        try render(path, to: reference, arguments: ["--state", "selected"])
        try assertSameImage(saved, reference, "p in the selected state")

        // A window wider than the canvas lays the canvas out as wide; `p` still writes the file's
        // own canvas, as `render` does, not one the width of the window.
        let height = try x.size(of: window).height
        try preview.expectFrame("resize") { try x.xdotool("windowsize", window, "900", String(height)) }
        try preview.expectFrame("input") { try x.key("p") }
        let widened = try preview.waitForLine()
        XCTAssertEqual(pngSize(URL(fileURLWithPath: widened))?.width, 260, "the file's canvas is 260 points wide")
        try assertSameImage(widened, reference, "p in a widened window")

        preview.stop()
        let once = folder + "/once.png"
        let oneShot = try PreviewProcess(["preview", path, "--screenshot", once, "--scale", "2"], display: display?.name)
        XCTAssertEqual(try oneShot.waitForExit(timeout: 60), 0, "--screenshot exits 0: \(oneShot.stderr)")
        try render(path, to: reference, arguments: ["--scale", "2"])
        try assertSameImage(once, reference, "--screenshot at 2×")
    }

    /// Without MIT-SHM the window falls back to XPutImage, whole frames and partial ones alike.
    func testDrawsWithoutSharedMemory() throws {
        let (preview, x, window, _) = try open(xvfbArguments: ["-extension", "MIT-SHM"])
        var shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.blue, "first frame through XPutImage")
        assertPixel(shot, Self.disabled, is: Self.grey, "first frame through XPutImage")
        try x.move(window, Self.first.x, Self.first.y)
        try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.red, "a partial frame through XPutImage")
        assertPixel(shot, Self.second, is: Self.blue, "the rest of the window is intact")
    }

    /// With no X display there is one line saying so, and how to render without one.
    func testWithoutADisplayItSaysSoAndExits1() throws {
        let path = folder + "/style.yaml"
        try write(Self.style(), to: path)
        let preview = try PreviewProcess([path], display: nil)
        self.preview = preview
        XCTAssertEqual(try preview.waitForExit(), 1)
        let lines = preview.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line: \(preview.stderr)")
        XCTAssertTrue(preview.stderr.hasPrefix("designable: cannot open an X display (DISPLAY="), preview.stderr)
        XCTAssertTrue(preview.stderr.contains("use 'designable render STYLE -o OUT.png' to render without one"), preview.stderr)
    }

    // MARK: - A watcher that cannot go stale, a loop that cannot block, a bounded buffer

    /// Starts Xvfb and the preview on `path` (which need not exist), and waits for its first frame.
    private func start(at path: String, environment: [String: String] = [:]) throws -> (preview: PreviewProcess, x: XDriver, window: String) {
        let display = try VirtualDisplay()
        self.display = display
        let preview = try PreviewProcess(["preview", path, "--trace"], display: display.name, extraEnvironment: environment)
        self.preview = preview
        try preview.waitForFrame(after: 0, cause: "start", timeout: 60)
        let x = XDriver(display: display.name)
        return (preview, x, try x.window(named: (path as NSString).lastPathComponent))
    }

    /// Polls the window's title until it is `expected` (the title changes without a frame when
    /// only the banner does, so frames are no signal for it).
    private func waitForTitle(_ x: XDriver, _ window: String, _ expected: String, timeout: TimeInterval = 20,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var title = ""
        while Date() < deadline {
            title = try x.title(of: window)
            if title == expected { return }
            usleep(50_000)
        }
        XCTFail("the title is \"\(title)\", expected \"\(expected)\"", file: file, line: line)
    }

    /// The style file's folders deleted and made again (as `git checkout` does), one level or
    /// two: the next save is seen each time, and the title never stays on "removed".
    func testAFolderDeletedAndMadeAgainIsStillWatched() throws {
        let project = folder + "/project/styles"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let path = project + "/style.yaml"
        try write(Self.style(), to: path)
        let (preview, x, window) = try start(at: path)
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "at start")

        try FileManager.default.removeItem(atPath: project)
        try waitForTitle(x, window, "style.yaml — file was removed")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        var mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00"), to: path)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "a save in the folder made again")
        try waitForTitle(x, window, "style.yaml — up to date")

        // Two levels gone and back, the file written straight after the folders.
        try FileManager.default.removeItem(atPath: folder + "/project")
        try waitForTitle(x, window, "style.yaml — file was removed")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        mark = preview.frameCount
        try write(Self.style(firstColor: "#00FFFF"), to: path)
        try waitForPixel(x, window, Self.first, RGBImage.Pixel(hex: 0x00FFFF), cause: "file", after: mark, "two levels made again")

        // Renamed away and replaced by a new folder: the watch must leave the old one.
        XCTAssertEqual(rename(project, folder + "/project/old"), 0)
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        mark = preview.frameCount
        try write(Self.style(firstColor: "#FF8000"), to: path)
        try waitForPixel(x, window, Self.first, RGBImage.Pixel(hex: 0xFF8000), cause: "file", after: mark, "a folder renamed away and replaced")
        mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00"), to: folder + "/project/old/style.yaml")
        try write(Self.style(firstColor: "#00FF00"), to: path)
        try waitForPixel(x, window, Self.first, Self.green, cause: "file", after: mark, "the file in the new folder, not the old one")
        try waitForTitle(x, window, "style.yaml — up to date")
    }

    /// A preview started on DIR/SUB/x.yaml before DIR exists notices the folders and the file appear.
    func testAPreviewStartedBeforeItsFolderExistsSeesItAppear() throws {
        let path = folder + "/later/deeper/style.yaml"
        let (_, x, window) = try start(at: path)
        XCTAssertEqual(try x.title(of: window), "style.yaml — file not found")
        // The first folder appears, goes (a checkout switching branches) and comes back with the
        // rest: the watch on the folder that went must not be the last one.
        try FileManager.default.createDirectory(atPath: folder + "/later", withIntermediateDirectories: false)
        usleep(200_000)
        try FileManager.default.removeItem(atPath: folder + "/later")
        usleep(200_000)
        try FileManager.default.createDirectory(atPath: folder + "/later/deeper", withIntermediateDirectories: true)
        try write(Self.style(), to: path)
        try waitForTitle(x, window, "style.yaml — up to date")
        // The first good version resizes the window to its canvas: wait for that frame's pixels.
        let deadline = Date().addingTimeInterval(10)
        while !(try pixel(x, window, Self.first)).isClose(to: Self.blue), Date() < deadline { usleep(50_000) }
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "the file, drawn")
    }

    /// A style file that is a symbolic link to a file in another folder (dotfiles): edits to the
    /// target in place and by rename redraw, and so does pointing the link elsewhere.
    func testASymlinkedStyleFileRedrawsWhenItsTargetChanges() throws {
        let dotfiles = folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles + "/real.yaml"
        try write(Self.style(), to: target)
        let path = folder + "/style.yaml"
        XCTAssertEqual(symlink("dotfiles/real.yaml", path), 0)
        let (preview, x, window) = try start(at: path)
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "at start")

        var mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00"), to: target)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "the target edited in place")

        mark = preview.frameCount
        try write(Self.style(firstColor: "#00FFFF"), to: target + ".tmp")
        XCTAssertEqual(rename(target + ".tmp", target), 0)
        try waitForPixel(x, window, Self.first, RGBImage.Pixel(hex: 0x00FFFF), cause: "file", after: mark, "the target renamed over")

        // `ln -sf`: the link now leads to another file, whose own edits must then be seen.
        let other = folder + "/elsewhere/other.yaml"
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        try write(Self.style(firstColor: "#FF8000"), to: other)
        mark = preview.frameCount
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(symlink(other, path), 0)
        try waitForPixel(x, window, Self.first, RGBImage.Pixel(hex: 0xFF8000), cause: "file", after: mark, "the link pointed elsewhere")
        mark = preview.frameCount
        try write(Self.style(firstColor: "#00FF00"), to: other)
        try waitForPixel(x, window, Self.first, Self.green, cause: "file", after: mark, "the new target edited")
        try waitForTitle(x, window, "style.yaml — up to date")

        // A dangling link: its target, in a folder not made yet, is drawn when it appears.
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(symlink("future/real.yaml", path), 0)
        try waitForTitle(x, window, "style.yaml — file was removed")
        try FileManager.default.createDirectory(atPath: folder + "/future", withIntermediateDirectories: true)
        mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00"), to: folder + "/future/real.yaml")
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "the dangling link's target appeared")
        try waitForTitle(x, window, "style.yaml — up to date")
    }

    /// A style file linked through a folder link (`style.yaml -> cur/real.yaml`, `cur -> v1`), as
    /// a deploy swaps releases: pointing the folder link elsewhere (`ln -s v2 cur.new && mv -T
    /// cur.new cur`) redraws, and so does swapping any link of a longer chain, relative or absolute;
    /// the title says "up to date" only of the picture of the file the links lead to now.
    func testAStyleFileLinkedThroughASwappedFolderLinkRedraws() throws {
        for (version, color) in [("v1", "#0000FF"), ("v2", "#FF0000"), ("v3", "#00FF00")] {
            try FileManager.default.createDirectory(atPath: folder + "/" + version, withIntermediateDirectories: true)
            try write(Self.style(firstColor: color), to: folder + "/\(version)/real.yaml")
        }
        /// `ln -s TEXT LINK.new && mv -T LINK.new LINK`: the link replaced in one rename.
        func swap(_ link: String, to text: String) {
            XCTAssertEqual(symlink(text, folder + "/" + link + ".new"), 0)
            XCTAssertEqual(rename(folder + "/" + link + ".new", folder + "/" + link), 0)
        }
        swap("cur", to: "v1")
        let path = folder + "/style.yaml"
        XCTAssertEqual(symlink("cur/real.yaml", path), 0)
        let (preview, x, window) = try start(at: path)
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "at start")
        try waitForTitle(x, window, "style.yaml — up to date")

        var mark = preview.frameCount
        swap("cur", to: "v2")
        try waitForPixel(x, window, Self.first, Self.red, cause: "file", after: mark, "the folder link swapped")
        try waitForTitle(x, window, "style.yaml — up to date")
        mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00"), to: folder + "/v2/real.yaml")
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "the new target edited")

        // A chain: the file link, `cur -> release`, `release -> /…/v3` (absolute).
        swap("release", to: folder + "/v3")
        mark = preview.frameCount
        swap("cur", to: "release")
        try waitForPixel(x, window, Self.first, Self.green, cause: "file", after: mark, "the folder link pointed at a link")
        mark = preview.frameCount
        swap("release", to: folder + "/v1")
        try waitForPixel(x, window, Self.first, Self.blue, cause: "file", after: mark, "the chain's last link swapped")
        try waitForTitle(x, window, "style.yaml — up to date")
        mark = preview.frameCount
        try write(Self.style(firstColor: "#FF00FF"), to: folder + "/v1/real.yaml")
        try waitForPixel(x, window, Self.first, Self.magenta, cause: "file", after: mark, "the chain's target edited")
    }

    /// Imported files are watched, at any depth: a save of one redraws the views its theme and
    /// presets reach, however the editor saves; a mistake in it shows the banner and names that
    /// file on stderr, with the last good frame kept; saving it fixed draws again.
    func testASaveOfAnImportedFileRedraws() throws {
        try FileManager.default.createDirectory(atPath: folder + "/design", withIntermediateDirectories: true)
        let tokens = folder + "/design/tokens.yaml", colors = folder + "/design/colors.yaml"
        func tokensText(size: String = "[120, 60]") -> String {
            "import: [colors.yaml]\nstyles:\n  Card: {class: RoundedCornerButton, size: \(size), backgroundColor: accent}\n"
        }
        try write(tokensText(), to: tokens)
        try write("theme: {colors: {accent: \"#0000FF\"}}\n", to: colors)
        let style = """
            import: [design/tokens.yaml]
            canvas: {width: 240, background: "#FFFFFF", padding: 60, spacing: 20}
            views:
              - {style: Card, id: first}
              - {class: RoundedCornerButton, id: second, size: [120, 60], backgroundColor: "#00FF00"}
            """
        let (preview, x, window, _) = try open(style)
        var shot = try x.screenshot(window)
        assertPixel(shot, Self.first, is: Self.blue, "the preset's theme colour at start")
        assertPixel(shot, Self.second, is: Self.green, "a view without a preset at start")

        var mark = preview.frameCount
        try write("theme: {colors: {accent: \"#FFFF00\"}}\n", to: colors)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "a file the import imports, saved in place")
        assertPixel(try x.screenshot(window), Self.second, is: Self.green, "the other view is unchanged")

        mark = preview.frameCount
        try write(tokensText().replacingOccurrences(of: "accent", with: "\"#FF00FF\""), to: tokens + ".tmp")
        XCTAssertEqual(rename(tokens + ".tmp", tokens), 0)
        try waitForPixel(x, window, Self.first, Self.magenta, cause: "file", after: mark, "the imported file renamed over (as vim saves)")

        try preview.expectFrame("file") { try write(tokensText(size: "[120]"), to: tokens) }
        try waitForTitle(x, window, "style.yaml — 1 error")
        shot = try x.screenshot(window)
        assertPixel(shot, below(Self.first, bannerHeight(shot)), is: Self.magenta, "the last good frame stays, below the banner")
        XCTAssertTrue(preview.stderr.contains(tokens + ":3:44: error: size: expected a size [width, height], found a list of 1"), "stderr names the imported file: \(preview.stderr)")

        mark = preview.frameCount
        try write(tokensText(), to: tokens)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "the imported file fixed")
        try waitForTitle(x, window, "style.yaml — up to date")
    }

    /// A preview that starts on a file whose import is broken watches that import, and draws as
    /// soon as it is fixed.
    func testAPreviewStartedOnABrokenImportDrawsOnceItIsFixed() throws {
        try FileManager.default.createDirectory(atPath: folder + "/design", withIntermediateDirectories: true)
        let tokens = folder + "/design/tokens.yaml"
        try write("theme: {colors: {accent: \"#12345\"}}\n", to: tokens)
        let style = Self.style(firstColor: "#0000FF").replacingOccurrences(of: "backgroundColor: \"#0000FF\"", with: "backgroundColor: accent")
        let (preview, x, window, _) = try open("import: [design/tokens.yaml]\n" + style)
        try waitForTitle(x, window, "style.yaml — 1 error")
        let mark = preview.frameCount
        try write("theme: {colors: {accent: \"#FFFF00\"}}\n", to: tokens)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "the broken import fixed")
        try waitForTitle(x, window, "style.yaml — up to date")
    }

    /// Where inotify cannot watch, the file is polled, the title says so, and saves still redraw.
    func testWithoutInotifyTheFileIsPolledAndTheTitleSaysSo() throws {
        let path = folder + "/style.yaml"
        try write(Self.style(), to: path)
        let (preview, x, window) = try start(at: path, environment: ["DESIGNABLE_NO_INOTIFY": "1"])
        try waitForTitle(x, window, "style.yaml — up to date (polling: cannot watch the folder)")
        let mark = preview.frameCount
        try write(Self.style(firstColor: "#FFFF00"), to: path)
        try waitForPixel(x, window, Self.first, Self.yellow, cause: "file", after: mark, "a save seen by polling")
    }

    /// The style file replaced by a named pipe: the reload refuses it at once with a banner, the
    /// window still answers keys, and a regular file put back is read again.
    func testAFIFOSwappedInIsRefusedAndTheWindowStillAnswers() throws {
        let (preview, x, window, path) = try open()
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        try waitForTitle(x, window, "style.yaml — 1 error")
        XCTAssertTrue(preview.stderr.contains("named pipe"), preview.stderr)
        XCTAssertEqual(unlink(path), 0)
        try write(Self.style(firstColor: "#FFFF00"), to: path)
        try waitForTitle(x, window, "style.yaml — up to date")
        try x.focus(window, at: Self.empty)
        try x.key("q")
        XCTAssertEqual(try preview.waitForExit(), 0, "q quits: the loop never blocked")
    }

    /// A window resized to X's largest size: the back buffer stays within its cap, so the frame
    /// is quick and the process's peak memory small; the canvas is still drawn.
    func testAHugeWindowKeepsTheBackBufferBounded() throws {
        let (preview, x, window, _) = try open()
        let frame = try preview.expectFrame("resize", timeout: 30) { try x.xdotool("windowsize", window, "32767", "32767") }
        let total = frame["total_ms"] as? Double ?? .infinity
        XCTAssertLessThan(total, 2_000, "a frame of the capped buffer: \(frame)")
        let status = try String(contentsOfFile: "/proc/\(preview.process.processIdentifier)/status", encoding: .utf8)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? .max
        // 16 Mpx at 4 bytes is 64 MiB; the rest is the program itself and its fonts.
        XCTAssertLessThan(peak, 400 * 1024, "peak memory in KiB")
        try x.focus(window, at: Self.empty)
        try x.key("q")
        XCTAssertEqual(try preview.waitForExit(), 0)
    }

    // MARK: - Helpers

    /// How far a banner pushes the canvas down: the rows of the window's left edge, from the top,
    /// in the banner's colour (its text starts further in); 0 when the canvas starts at the top.
    func bannerHeight(_ shot: RGBImage) -> Int {
        let strip = shot[2, 0]
        guard !strip.isClose(to: Self.white) else { return 0 }
        var y = 0
        while y < shot.height && shot[2, y].isClose(to: strip) { y += 1 }
        return y
    }

    private func below(_ point: (x: Int, y: Int), _ top: Int) -> (x: Int, y: Int) { (point.x, point.y + top) }

    private var fixturesFolder: String { TestPaths.root + "/Tests/DesignableCoreTests/Fixtures" }

    func makeImage(_ color: RGBImage.Pixel, at path: String) throws {
        guard let convert = TestPaths.tool("convert-im6.q16") ?? TestPaths.tool("convert") else { throw HarnessError("no convert") }
        let result = try runTool(convert, ["-size", "20x20", "xc:\(color)", "PNG32:" + path])
        guard result.status == 0 else { throw HarnessError("convert failed: \(result.err)") }
    }

    func render(_ style: String, to output: String, arguments: [String]) throws {
        guard let binary = TestPaths.binary else { throw HarnessError("designable is not built") }
        var environment = ProcessInfo.processInfo.environment
        if let fonts = TestPaths.fontConfig { environment["FONTCONFIG_FILE"] = fonts }
        let result = try runTool(binary, ["render", style, "-o", output] + arguments, environment: environment)
        guard result.status == 0 else { throw HarnessError("render failed: \(result.err)") }
    }

    /// Decoded pixels compared by ImageMagick: zero differing pixels.
    func assertSameImage(_ actual: String, _ expected: String, _ what: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        guard let compare = TestPaths.tool("compare") else { throw HarnessError("no compare") }
        let result = try runTool(compare, ["-metric", "AE", actual, expected, "null:"])
        XCTAssertEqual(result.status, 0, "\(what): \(result.err.trimmingCharacters(in: .whitespacesAndNewlines)) pixels differ", file: file, line: line)
        XCTAssertEqual(result.err.trimmingCharacters(in: .whitespacesAndNewlines), "0", what, file: file, line: line)
    }
}
