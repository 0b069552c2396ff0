import DesignableCore
import XCTest

/// Dark appearance, right-to-left layout and the grid of every variant, drawn through the render
/// job as `render` draws them: golden images, and the colours and edges each is for.
final class VariantTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private func render(_ fixture: String, scale: Double = 1, appearance: Appearance = .light,
                        direction: LayoutDirection = .leftToRight, variants: [Variant]? = nil) throws -> (ImageSurface, Layout) {
        let path = fixturesFolder.appendingPathComponent(fixture + ".yaml").path
        let options = RenderJob.Options(scale: scale, encodesPNG: false, appearance: appearance, direction: direction, variants: variants)
        let output = try RenderJob(options: options).run(path: path)
        XCTAssertEqual(output.findings, [])
        return (try XCTUnwrap(output.surface, "\(output.findings)"), try XCTUnwrap(output.layout))
    }

    /// The pixel at a point of the canvas (at 1×), as 0xRRGGBB of an opaque picture.
    private func rgb(_ surface: ImageSurface, _ x: Double, _ y: Double) -> UInt32 {
        surface.pixel(x: Int(x), y: Int(y)) & 0xFFFFFF
    }

    // MARK: - Dark appearance

    func testDarkAppearanceTakesEachColoursDarkValue() throws {
        let (dark, layout) = try render("Dark", appearance: .dark)
        let (light, _) = try render("Dark")
        let filled = layout.frames[1], brand = layout.frames[2]
        XCTAssertEqual(rgb(dark, 2, 2), 0x000000, "the default canvas, systemBackground, is black in dark")
        XCTAssertEqual(rgb(light, 2, 2), 0xFFFFFF)
        XCTAssertEqual(rgb(dark, filled.x + 8, filled.midY), 0x0A84FF, "systemBlue in dark")
        XCTAssertEqual(rgb(light, filled.x + 8, filled.midY), 0x007AFF)
        XCTAssertEqual(rgb(dark, brand.midX, brand.midY), 0x30D158, "a theme colour's dark value")
        XCTAssertEqual(rgb(light, brand.midX, brand.midY), 0xFF9500)
        for scale in [1.0, 2.0] {
            assertMatchesGolden(try render("Dark", scale: scale, appearance: .dark).0, "Dark@\(Int(scale))x")
        }
    }

    // MARK: - Right to left

    /// The columns, at 1×, where a view's title is drawn in rows `rows`: pixels far from the
    /// button's systemGray6 fill (the titles are systemBlue); or, `image`, where the heart is
    /// (pink, drawn as it is).
    private func ink(_ surface: ImageSurface, rows: ClosedRange<Double>, within frame: Rect, image: Bool = false) -> ClosedRange<Int>? {
        var columns: [Int] = []
        for y in Int(rows.lowerBound)...Int(rows.upperBound) {
            for x in Int(frame.x)..<Int(frame.maxX) {
                let pixel = surface.pixel(x: x, y: y), red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF
                if image ? red > 180 && green < 100 : red < 140 { columns.append(x) }
            }
        }
        guard let first = columns.min(), let last = columns.max() else { return nil }
        return first...last
    }

    private func ink(_ surface: ImageSurface, in frame: Rect, image: Bool = false) -> ClosedRange<Int>? {
        ink(surface, rows: frame.y...(frame.maxY - 1), within: frame, image: image)
    }

    func testRightToLeftMirrorsLeadingInsetsAndPlacementButNotLeft() throws {
        let (ltr, layout) = try render("RightToLeft")
        let (rtl, _) = try render("RightToLeft", direction: .rightToLeft)
        let frames = layout.frames
        // Within a glyph's side bearing of where the title's box starts or ends.
        func near(_ a: Int, _ b: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertLessThanOrEqual(abs(Double(a) - b), 3, "\(what): \(a), expected about \(b)", file: file, line: line)
        }
        // leading, with a leading inset of 24: after it on the left, then before it on the right.
        near(try XCTUnwrap(ink(ltr, in: frames[0])).lowerBound, frames[0].x + 24, "leading, left to right")
        near(try XCTUnwrap(ink(rtl, in: frames[0])).upperBound, frames[0].maxX - 24, "leading, right to left")
        // left stays left, now after the trailing inset of 4, which is on the left.
        near(try XCTUnwrap(ink(rtl, in: frames[1])).lowerBound, frames[1].x + 4, "left, right to left")
        // The heart leads: at the leading inset, the title after it.
        let heartLTR = try XCTUnwrap(ink(ltr, in: frames[2], image: true)), heartRTL = try XCTUnwrap(ink(rtl, in: frames[2], image: true))
        near(heartLTR.lowerBound, frames[2].x + 12, "the image leads, left to right")
        // The 20-point image moves from after the leading inset on the left to before it on the right.
        XCTAssertEqual(Double(heartRTL.lowerBound - heartLTR.lowerBound), frames[2].width - 2 * 12 - 20, accuracy: 1,
                       "the image leads, right to left: \(heartLTR), \(heartRTL)")
        XCTAssertGreaterThan(try XCTUnwrap(ink(ltr, in: frames[2])).lowerBound, heartLTR.upperBound, "the title follows, on the right")
        XCTAssertLessThan(try XCTUnwrap(ink(rtl, in: frames[2])).upperBound, heartRTL.lowerBound, "the title follows, on the left")
        // Arabic and Hebrew titles sit at the leading inset whichever way the layout reads.
        for index in [3, 4] {
            near(try XCTUnwrap(ink(ltr, in: frames[index])).lowerBound, frames[index].x + 12, "title \(index), left to right")
            near(try XCTUnwrap(ink(rtl, in: frames[index])).upperBound, frames[index].maxX - 12, "title \(index), right to left")
        }
        // A wrapped title's two lines share their leading edge: the left, then the right.
        let wrapped = frames[5]
        let top = (wrapped.y + 4)...(wrapped.midY - 1), bottom = (wrapped.midY + 1)...(wrapped.maxY - 4)
        let ltrLines = try [top, bottom].map { try XCTUnwrap(ink(ltr, rows: $0, within: wrapped)) }
        let rtlLines = try [top, bottom].map { try XCTUnwrap(ink(rtl, rows: $0, within: wrapped)) }
        XCTAssertLessThanOrEqual(abs(ltrLines[0].lowerBound - ltrLines[1].lowerBound), 1, "left-aligned lines: \(ltrLines)")
        XCTAssertGreaterThan(abs(ltrLines[0].upperBound - ltrLines[1].upperBound), 4, "lines of different lengths: \(ltrLines)")
        XCTAssertLessThanOrEqual(abs(rtlLines[0].upperBound - rtlLines[1].upperBound), 1, "right-aligned lines: \(rtlLines)")
        for scale in [1.0, 2.0] {
            assertMatchesGolden(try render("RightToLeft", scale: scale, direction: .rightToLeft).0, "RightToLeft@\(Int(scale))x")
        }
    }

    /// A content shadow is the alpha of what the view draws, kept between frames: drawn the
    /// other way round, it is made again rather than taken from the other direction.
    func testAContentShadowFollowsTheDirection() throws {
        let document = try XCTUnwrap(loadStyle("""
            canvas: {background: white, padding: 20}
            views:
              - {class: UIButton, title: Go, alignment: leading, size: [200, 40], layer: {shadowOpacity: 1, shadowRadius: 2, shadowColor: black}}
            """))
        let renderer = Renderer()
        let layout = renderer.layout(document)
        _ = try renderer.render(document, layout: layout, scale: 1)
        renderer.layoutDirection = .rightToLeft
        let rtl = try renderer.render(document, layout: layout, scale: 1)
        let fresh = Renderer()
        fresh.layoutDirection = .rightToLeft
        XCTAssertTrue(ImageComparison(rtl, to: try fresh.render(document, layout: layout, scale: 1), tolerance: .exact).matches)
    }

    // MARK: - The grid of every variant

    private static let gridStyle = """
        canvas: {padding: 8, spacing: 8}
        views:
          - {class: RoundedCornerButton, id: go, title: Go, size: [100, 40], backgroundColor: "#0000FF", highlighted: {backgroundColor: "#FF0000"}, selected: {backgroundColor: "#00FF00"}, disabled: {backgroundColor: "#808080"}}
          - {class: PillUILabel, text: Tag, backgroundColor: systemYellow}
        """

    func testTheGridHasACellForEachStateOfEachControlInEachVariant() throws {
        let document = try XCTUnwrap(loadStyle(Self.gridStyle))
        let renderer = Renderer()
        let layout = renderer.layout(document)
        let variants = Variant.all(appearances: [.light, .dark], directions: [.leftToRight, .rightToLeft])
        let grid = VariantGrid(document, layout: layout, variants: variants, painter: renderer.painter)
        XCTAssertEqual(grid.states, ControlState.every)
        XCTAssertEqual(grid.cells.count, 4 * (5 + 1), "five states of the button and the label's one, in four sets")
        XCTAssertEqual(grid.cells.filter { $0.view == 1 }.map(\.state), Array(repeating: .normal, count: 4))
        let buttonCells = grid.cells.filter { $0.view == 0 }
        XCTAssertEqual(buttonCells.map(\.variant), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3])
        XCTAssertEqual(Array(buttonCells.prefix(5).map(\.state)), ControlState.every)
        // Left to right, one width each, on one row; the label's row below.
        let xs = buttonCells.map(\.rect.x)
        XCTAssertEqual(xs, xs.sorted())
        XCTAssertEqual(Set(buttonCells.map(\.rect.width)).count, 1)
        XCTAssertEqual(Set(buttonCells.map(\.rect.y)).count, 1)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(grid.cells.first { $0.view == 1 }).rect.y, buttonCells[0].rect.maxY)
        // Each cell shows its view centred, and finds it back from a point.
        for cell in grid.cells {
            let centre = Point(x: cell.rect.midX, y: cell.rect.midY)
            XCTAssertEqual(grid.cell(at: centre), cell)
            let frame = layout.frames[cell.view]
            let onCanvas = cell.canvasPoint(centre)
            XCTAssertLessThanOrEqual(abs(onCanvas.x - frame.midX), 1)
            XCTAssertLessThanOrEqual(abs(onCanvas.y - frame.midY), 1)
            XCTAssertTrue(try XCTUnwrap(grid.rowRect(of: cell.view)).contains(cell.rect))
        }
        XCTAssertTrue(grid.cells.allSatisfy { Rect(origin: .zero, size: grid.size).contains($0.rect) })
        // Where the label has no cell, a point finds none.
        let highlightedColumn = buttonCells[1].rect
        XCTAssertNil(grid.cell(at: Point(x: highlightedColumn.midX, y: try XCTUnwrap(grid.rowRect(of: 1)).midY)))
    }

    func testTheGridDrawsEachCellInItsStateAndVariant() throws {
        let document = try XCTUnwrap(loadStyle(Self.gridStyle))
        let variants = [Variant.standard, Variant(dark: true)]
        let job = RenderJob(options: RenderJob.Options(encodesPNG: false, variants: variants))
        let output = try job.run(document: document)
        let surface = try XCTUnwrap(output.surface)
        let grid = VariantGrid(document, layout: try XCTUnwrap(output.layout), variants: variants, painter: job.renderer.painter)
        XCTAssertEqual([surface.width, surface.height], [Int(grid.size.width.rounded(.up)), Int(grid.size.height.rounded(.up))])
        let expected: [UInt32] = [0x0000FF, 0xFF0000, 0x00FF00, 0xFF0000, 0x808080]
        for cell in grid.cells where cell.view == 0 {
            // Inside the button, left of its title.
            let frame = grid.layout.frames[0]
            let point = Point(x: frame.x + 10 + cell.offset.x, y: frame.midY + cell.offset.y)
            XCTAssertEqual(rgb(surface, point.x, point.y), expected[ControlState.every.firstIndex(of: cell.state)!], "\(cell.state) in set \(cell.variant)")
        }
        // Each set on the canvas background as its appearance has it: white, then black.
        let label = try XCTUnwrap(grid.cells.first { $0.view == 1 && $0.variant == 1 })
        XCTAssertEqual(rgb(surface, label.rect.x + 2, label.rect.y + 2), 0x000000)
        XCTAssertEqual(rgb(surface, 2, 2), 0xFFFFFF)
        assertMatchesGolden(surface, "VariantGrid@1x")
    }

    /// A card holding a label and a button with highlighted and disabled looks of its own, and a tag.
    private static let cardStyle = (try! String(contentsOf: fixturesFolder.appendingPathComponent("NestedCard.yaml"), encoding: .utf8))
        + "  - {class: PillUILabel, text: Tag, backgroundColor: systemYellow}\n"

    /// A view holding others is drawn whole in its row; `render --variants` adds a row for the
    /// control inside it, captioned by its path, with a cell for each state it has a look for,
    /// the card drawn whole around it. The preview's grid, made without them, has none.
    func testAViewHoldingAControlIsDrawnWholeWithARowForTheControlsStates() throws {
        let document = try XCTUnwrap(loadStyle(Self.cardStyle))
        let job = RenderJob(options: RenderJob.Options(encodesPNG: false, variants: [.standard]))
        let output = try job.run(document: document)
        let surface = try XCTUnwrap(output.surface)
        let layout = try XCTUnwrap(output.layout)
        let grid = VariantGrid(document, layout: layout, variants: [.standard], nestedRows: true, painter: job.renderer.painter)
        XCTAssertEqual([surface.width, surface.height], [Int(grid.size.width.rounded(.up)), Int(grid.size.height.rounded(.up))])
        XCTAssertEqual(grid.states, ControlState.every, "a control inside a view gives the grid its states")
        let buy = try XCTUnwrap(document.path(named: "card/buy"))
        XCTAssertEqual(grid.cells.map { [$0.view, $0.nested == nil ? 0 : 1] }, [[0, 0], [0, 1], [1, 0], [0, 1], [0, 1]])
        XCTAssertEqual(grid.cells.filter { $0.nested == buy }.map(\.state), [.normal, .highlighted, .disabled])
        let cardRow = try XCTUnwrap(grid.rowRect(of: 0)), buyRow = try XCTUnwrap(grid.rowRect(of: buy))
        let tagRow = try XCTUnwrap(grid.rowRect(of: 1))
        XCTAssertEqual(buyRow.y, cardRow.maxY, "the control's row just below its view's")
        XCTAssertEqual(tagRow.y, buyRow.maxY)
        XCTAssertEqual(VariantGrid(document, layout: layout, variants: [.standard], painter: job.renderer.painter).cells.count, 2)

        // Inside the button, left of its title: its look in each cell; the card's fill beside it.
        let frame = layout.frames[0]
        let expected: [ControlState: UInt32] = [.normal: 0x007AFF, .highlighted: 0x0051A8, .disabled: 0xC7C7CC]
        for cell in grid.cells where cell.view == 0 {
            let button = Point(x: frame.x + 124 + cell.offset.x, y: frame.y + 52 + cell.offset.y)
            XCTAssertEqual(rgb(surface, button.x, button.y), cell.nested == nil ? 0x007AFF : expected[cell.state] ?? 0, "\(cell.state)")
            XCTAssertEqual(rgb(surface, frame.x + 60 + cell.offset.x, frame.y + 60 + cell.offset.y), 0xF2F2F7)
        }
        assertMatchesGolden(surface, "VariantGridNested@1x")
    }

    /// A canvas colour of the file's own stays as it is in the dark set: the captions there take
    /// the colour that shows on it (dark grey on a light grey), not the dark appearance's light grey.
    func testTheDarkSetsCaptionsShowOnAFixedLightBackground() throws {
        let style = Self.gridStyle.replacingOccurrences(of: "canvas: {padding: 8, spacing: 8}", with: "canvas: {padding: 8, spacing: 8, background: \"#F2F2F7\"}")
        let document = try XCTUnwrap(loadStyle(style))
        let variants = [Variant.standard, Variant(dark: true)]
        let job = RenderJob(options: RenderJob.Options(encodesPNG: false, variants: variants))
        let output = try job.run(document: document)
        let surface = try XCTUnwrap(output.surface)
        let grid = VariantGrid(document, layout: try XCTUnwrap(output.layout), variants: variants, painter: job.renderer.painter)
        for set in 0..<2 {
            let cells = grid.cells.filter { $0.variant == set }
            let left = Int(try XCTUnwrap(cells.map(\.rect.x).min())) + 2, right = Int(try XCTUnwrap(cells.map(\.rect.maxX).max())) - 2
            let top = Int(try XCTUnwrap(cells.map(\.rect.y).min()))
            var darkest: UInt32 = 0xFF
            for y in 0..<top {
                for x in left..<right {
                    let pixel = surface.pixel(x: x, y: y)
                    darkest = min(darkest, (pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
                }
            }
            XCTAssertLessThan(darkest, 0xB0, "set \(set)'s captions show on #F2F2F7")
        }
    }

    func testAGridTooLargeToDrawIsAFindingNotACrash() throws {
        // The canvas is drawable; five columns of views 8000 points wide are not.
        let views = (0..<3).map { "  - {class: UIButton, title: B\($0), size: [8000, 40]}" }.joined(separator: "\n")
        let document = try XCTUnwrap(loadStyle("canvas: {width: 8100}\nviews:\n" + views))
        let output = try RenderJob(options: RenderJob.Options(encodesPNG: false, variants: [.standard])).run(document: document)
        XCTAssertNil(output.surface)
        XCTAssertTrue(output.findings.last?.message.hasPrefix("the variants grid is ") == true, "\(output.findings)")
    }
}
