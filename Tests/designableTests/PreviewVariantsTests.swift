import DesignableCore
import Foundation
import XCTest

/// The window's `a`, `l` and `g`, driven as a person would: dark appearance and back, the
/// layout mirrored and back, and the grid of every state with clicks that reach the cell's view.
extension PreviewWindowTests {
    /// `a` redraws everything in dark appearance (systemBlue, the default canvas, a theme
    /// colour's dark value) and back; `p` saves what `render --appearance dark` draws.
    func testAppearanceKeySwitchesToDarkAndBack() throws {
        let style = """
            theme: {colors: {brand: {light: "#FF9500", dark: "#30D158"}}}
            canvas: {width: 240, padding: 60, spacing: 20}
            views:
              - {class: RoundedCornerButton, id: blue, size: [120, 60], backgroundColor: systemBlue}
              - {class: UIView, id: brand, size: [120, 60], backgroundColor: brand}
            """
        let shots = folder + "/shots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let (preview, x, window, path) = try open(style, arguments: ["--screenshot-dir", shots])
        let blue = (x: 120, y: 90), brand = (x: 120, y: 170), empty = (x: 10, y: 10)
        var shot = try x.screenshot(window)
        assertPixel(shot, empty, is: Self.white, "systemBackground in light")
        assertPixel(shot, blue, is: RGBImage.Pixel(hex: 0x007AFF), "systemBlue in light")
        assertPixel(shot, brand, is: RGBImage.Pixel(hex: 0xFF9500), "the theme colour's light value")

        try x.focus(window, at: empty)
        let frame = try preview.expectFrame("input") { try x.key("a") }
        XCTAssertEqual(frame["views"] as? Int, 2, "a full redraw: \(frame)")
        shot = try x.screenshot(window)
        assertPixel(shot, empty, is: RGBImage.Pixel(hex: 0x000000), "systemBackground in dark")
        assertPixel(shot, blue, is: RGBImage.Pixel(hex: 0x0A84FF), "systemBlue in dark")
        assertPixel(shot, brand, is: RGBImage.Pixel(hex: 0x30D158), "the theme colour's dark value")

        try assertScreenshot(preview, x, isWhat: path, rendersWith: ["--appearance", "dark"])

        try preview.expectFrame("input") { try x.key("a") }
        shot = try x.screenshot(window)
        assertPixel(shot, empty, is: Self.white, "light again")
        assertPixel(shot, blue, is: RGBImage.Pixel(hex: 0x007AFF), "systemBlue again")
    }

    /// `l` mirrors the layout: the image of a leading-aligned button moves from after its
    /// leading inset on the left to before it on the right, and back.
    func testDirectionKeyMirrorsTheLayout() throws {
        let magenta = Self.magenta
        try makeImage(magenta, at: folder + "/dot.png")
        let style = """
            canvas: {width: 320, background: "#FFFFFF", padding: 60}
            views:
              - {class: UIButton, title: Go, image: dot, imageRendering: original, alignment: leading, contentInsets: [0, 10, 0, 10], size: [200, 60]}
            """
        let (preview, x, window, path) = try open(style, arguments: ["--screenshot-dir", folder])
        // The frame is 60…260 across: the 20-point image at 70…90, or at 230…250 mirrored.
        let left = (x: 80, y: 90), right = (x: 240, y: 90)
        var shot = try x.screenshot(window)
        assertPixel(shot, left, is: magenta, "the image leads on the left")
        assertPixel(shot, right, is: Self.white, "nothing on the right")

        try x.focus(window, at: (10, 10))
        try preview.expectFrame("input") { try x.key("l") }
        shot = try x.screenshot(window)
        assertPixel(shot, right, is: magenta, "right to left: the image leads on the right")
        assertPixel(shot, left, is: Self.white, "and has left the left")

        try assertScreenshot(preview, x, isWhat: path, rendersWith: ["--direction", "rtl"])

        try preview.expectFrame("input") { try x.key("l") }
        assertPixel(try x.screenshot(window), left, is: magenta, "left to right again")
    }

    /// `p` saves what `render` draws of `style` with `arguments`.
    private func assertScreenshot(_ preview: PreviewProcess, _ x: XDriver, isWhat style: String, rendersWith arguments: [String],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        try preview.expectFrame("input") { try x.key("p") }
        let saved = try preview.waitForLine()
        let reference = folder + "/reference.png"
        try render(style, to: reference, arguments: arguments)
        try assertSameImage(saved, reference, "p, as render \(arguments.joined(separator: " ")) draws it", file: file, line: line)
    }

    /// The grid in the window is the grid `render --variants` draws: its cells come from the canvas
    /// laid out at its own width, as render lays it out, not at the window's, which centres a
    /// column of views on half pixels when the two differ by an odd number of pixels.
    func testTheGridInTheWindowIsTheGridRenderDraws() throws {
        let style = """
            canvas: {width: 241, padding: 20, spacing: 12, background: "#FFFFFF"}
            views:
              - {class: FancyButton, id: one, size: [120, 40], title: One, titleColor: white, backgroundColor: systemBlue, cornerRadius: 8, borderWidth: 1, borderColor: black}
              - {class: RoundedCornerButton, id: two, size: [150, 36], backgroundColor: systemRed, title: Two}
            """
        let (preview, x, window, path) = try open(style)
        try x.focus(window, at: (5, 5))
        // The note `g` flashes goes after a while: by then the grid is drawn at the window's new size.
        try preview.expectFrame("timer") { try x.key("g") }
        let reference = folder + "/grid.png", shot = folder + "/window.png", cropped = folder + "/window-grid.png"
        try render(path, to: reference, arguments: ["--variants"])
        try x.screenshot(window, to: shot)
        let grid = try XCTUnwrap(pngSize(URL(fileURLWithPath: reference))), size = try x.size(of: window)
        XCTAssertLessThanOrEqual(grid.height, size.height, "the grid fits the grown window")
        // Centred when narrower than the window, from the top.
        let left = grid.width < size.width ? (size.width - grid.width) / 2 : 0
        let convert = try XCTUnwrap(TestPaths.tool("convert"))
        XCTAssertEqual(try runTool(convert, [shot, "-crop", "\(grid.width)x\(grid.height)+\(left)+0", "+repage", cropped]).status, 0)
        let compare = try XCTUnwrap(TestPaths.tool("compare"))
        // Within a level or two of rounding per channel.
        let result = try runTool(compare, ["-metric", "AE", "-fuzz", "1%", cropped, reference, "null:"])
        XCTAssertEqual(result.err.trimmingCharacters(in: .whitespacesAndNewlines), "0", "pixels of the window's grid that differ from render --variants")
    }

    /// `g` shows every view in every state, the window grown to hold them; a click presses the
    /// view in the cell clicked, shown there alone, and its release selects the view in every
    /// cell; `g` again brings the canvas back, still redrawn view by view.
    func testGridKeyShowsEveryStateAndClicksReachTheCellsView() throws {
        let (preview, x, window, path) = try open()
        try x.focus(window, at: Self.empty)
        let before = try x.size(of: window)
        // The note `g` flashes goes after a while: by then the window has its new size and the
        // grid is drawn at it (the resize may come with the key's frame or after it).
        try preview.expectFrame("timer") { try x.key("g") }

        // Where each cell is, as the window lays the grid out.
        let document = try XCTUnwrap(StyleLoader.load(path: path).document)
        let renderer = Renderer()
        let grid = VariantGrid(document, layout: renderer.layout(document), variants: [.standard], painter: renderer.painter)
        let size = try x.size(of: window)
        XCTAssertGreaterThan(size.width, before.width, "the window grew for the grid")
        let width = Int(grid.size.width.rounded(.up)), height = Int(grid.size.height.rounded(.up))
        let origin = (x: width < size.width ? (size.width - width) / 2 : 0, y: 0)
        XCTAssertLessThanOrEqual(height, size.height, "the grid fits the grown window")
        func centre(_ view: Int, _ state: ControlState) throws -> (x: Int, y: Int) {
            let cell = try XCTUnwrap(grid.cells.first { $0.view == view && $0.state == state })
            // Left of centre: clear of the title a button may have.
            return (origin.x + Int(cell.rect.midX) - 30, origin.y + Int(cell.rect.midY))
        }
        let colours: [(ControlState, RGBImage.Pixel)] = [(.normal, Self.blue), (.highlighted, Self.red), (.selected, Self.green),
                                                         ([.selected, .highlighted], Self.red), (.disabled, Self.grey)]
        var shot = try x.screenshot(window)
        for (state, colour) in colours {
            assertPixel(shot, try centre(0, state), is: colour, "the first button, \(state)")
            // The third starts disabled, as on the canvas: every cell of its row is.
            assertPixel(shot, try centre(2, state), is: Self.grey, "the disabled button, \(state)")
        }

        // Held down in the second button's normal cell: that cell alone is highlighted.
        try x.move(window, try centre(1, .normal).x, try centre(1, .normal).y)
        let down = try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        XCTAssertEqual(down["views"] as? Int, 1, "a press redraws the pressed view's row: \(down)")
        shot = try x.screenshot(window)
        assertPixel(shot, try centre(1, .normal), is: Self.red, "the cell pressed")
        assertPixel(shot, try centre(1, .selected), is: Self.green, "the other cells are not pressed")
        // Released on it: selected, in every cell.
        try preview.expectFrame("input") { try x.xdotool("mouseup", "1") }
        shot = try x.screenshot(window)
        assertPixel(shot, try centre(1, .normal), is: Self.green, "selected: the normal cell")
        assertPixel(shot, try centre(1, .highlighted), is: Self.red, "selected and highlighted: the highlighted look wins")
        assertPixel(shot, try centre(1, .disabled), is: Self.grey, "selected and disabled")
        assertPixel(shot, try centre(0, .normal), is: Self.blue, "the first button is untouched")

        // A click in the highlighted cell presses the same view: it deselects it.
        try x.move(window, try centre(1, .highlighted).x, try centre(1, .highlighted).y)
        try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        try preview.expectFrame("input") { try x.xdotool("mouseup", "1") }
        assertPixel(try x.screenshot(window), try centre(1, .normal), is: Self.blue, "a click in the highlighted cell deselected it")

        // p saves the grid as render --variants lays it out.
        try preview.expectFrame("input") { try x.key("p") }
        let saved = try preview.waitForLine()
        XCTAssertEqual(pngSize(URL(fileURLWithPath: saved)).map { [$0.width, $0.height] }, [width, height])

        // g again: the canvas, in a window of its size before, redrawn a view at a time.
        try preview.expectFrame("timer") { try x.key("g") }
        XCTAssertEqual(try x.size(of: window).width, before.width, "the window went back to its size")
        assertPixel(try x.screenshot(window), Self.first, is: Self.blue, "the canvas again")
        try x.move(window, Self.first.x, Self.first.y)
        let press = try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        XCTAssertEqual(press["views"] as? Int, 1, "the canvas keeps its partial redraws: \(press)")
        try x.xdotool("mouseup", "1")
    }
}
