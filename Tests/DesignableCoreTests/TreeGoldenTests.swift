import DesignableCore
import XCTest

/// Views inside views: how a tree draws (Core Animation's order, clipping, group opacity, hidden
/// and rotated parents, a shadow cast by subviews), stack views, pins and compound presets, at 1×
/// and 2× against committed references; the frames stacks give, worked out from Apple's
/// documentation of UIStackView; and the product card built as a tree and built flat, which must
/// draw alike.
final class TreeGoldenTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private func run(_ fixture: String, scale: Double, direction: LayoutDirection = .leftToRight) throws -> RenderJob.Output {
        let path = fixturesFolder.appendingPathComponent(fixture + ".yaml").path
        let job = RenderJob(options: RenderJob.Options(scale: scale, encodesPNG: false, direction: direction))
        return try job.run(path: path)
    }

    private func render(_ fixture: String, scale: Double, direction: LayoutDirection = .leftToRight,
                        file: StaticString = #filePath, line: UInt = #line) throws -> ImageSurface {
        let output = try run(fixture, scale: scale, direction: direction)
        // Every fixture here is one a designer could ship: not a finding in any of them.
        XCTAssertEqual(output.findings.map(\.description), [], fixture, file: file, line: line)
        return try XCTUnwrap(output.surface, "\(output.findings)", file: file, line: line)
    }

    private func checkScales(of fixture: String, direction: LayoutDirection = .leftToRight, suffix: String = "",
                             file: StaticString = #filePath, line: UInt = #line) throws {
        for scale in [1.0, 2.0] {
            let surface = try render(fixture, scale: scale, direction: direction, file: file, line: line)
            assertMatchesGolden(surface, "\(fixture)\(suffix)@\(Int(scale))x", file: file, line: line)
        }
    }

    // MARK: - Golden images

    /// Drawing order (a header strip under its parent's border, later siblings above earlier
    /// ones), clipsToBounds and layer.masksToBounds cutting subviews to the rounded corners,
    /// unclipped subviews past them, alpha on a parent and on each child, a hidden subview with
    /// its own subview, a rotated parent, and a clear parent's shadow cast by its subviews.
    func testDrawing() throws { try checkScales(of: "TreeDrawing") }

    /// Every UIStackView alignment, rows and columns.
    func testStackAlignments() throws { try checkScales(of: "TreeStackAlignments") }

    /// Every UIStackView distribution, rows and columns.
    func testStackDistributions() throws { try checkScales(of: "TreeStackDistributions") }

    /// Nested stacks, hidden arranged views, layout margins and custom spacing; then right to
    /// left, where a row reads from the right and the margins' leading and trailing swap.
    func testStackNesting() throws {
        try checkScales(of: "TreeStackNesting")
        try checkScales(of: "TreeStackNesting", direction: .rightToLeft, suffix: "-rtl")
    }

    /// Every combination of pins, and right to left (`--direction rtl`): leading and trailing
    /// swap sides, left, right and the centres stay.
    func testPins() throws {
        try checkScales(of: "TreePins")
        try checkScales(of: "TreePins", direction: .rightToLeft, suffix: "-rtl")
    }

    /// A compound preset used three times, each use setting other values on its subviews.
    func testCompoundPreset() throws { try checkScales(of: "TreePresets") }

    /// The product card as a tree.
    func testProductCard() throws { try checkScales(of: "ProductCardTree") }

    // MARK: - What the tree draws, read off the pixels

    /// UIView.alpha: "the transparency imparted by that alpha value affects all of the view's
    /// contents, including its subviews", and iOS composites such a view as one group
    /// (CALayer.allowsGroupOpacity, true from iOS 7). Parent at alpha 0.5 over white, red and
    /// blue opaque children: red alone is (255, 127.5, 127.5); where blue covers red only blue is
    /// in the group, so (127.5, 127.5, 255) and never red. Each child at 0.5 instead: blue at
    /// half over red at half over white is (127.5, 63.75, 191.25), the red showing through.
    func testGroupOpacityHidesTheOverlap() throws {
        let surface = try render("TreeDrawing", scale: 1)
        // The `group` cell is at (172, 152); red covers (16..80, 16..80), blue (56..120, 40..104).
        assertPixel(surface, x: 172 + 30, y: 152 + 30, is: (255, 128, 128))
        assertPixel(surface, x: 172 + 68, y: 152 + 60, is: (128, 128, 255))
        assertPixel(surface, x: 172 + 100, y: 152 + 90, is: (128, 128, 255))
        // The `each` cell at (328, 152): the same squares at alpha 0.5 each.
        assertPixel(surface, x: 328 + 30, y: 152 + 30, is: (255, 128, 128))
        assertPixel(surface, x: 328 + 68, y: 152 + 60, is: (128, 64, 191))
    }

    /// UIView.clipsToBounds is its layer's masksToBounds ("subviews [are] clipped to the bounds
    /// of the view"): the `clips` and `masks` cells, written each way, are the same pixels.
    func testClipsToBoundsDrawsAsMasksToBounds() throws {
        for scale in [1.0, 2.0] {
            let surface = try render("TreeDrawing", scale: scale)
            let s = Int(scale)
            var differing = 0
            for y in (8 * s)..<(144 * s) {
                for x in (8 * s)..<(148 * s) where pixel(surface, x: 164 * s + x, y: y) != pixel(surface, x: 320 * s + x, y: y) {
                    differing += 1
                }
            }
            XCTAssertEqual(differing, 0, "at \(s)×")
        }
    }

    /// A hidden view hides its subviews ("Hiding a view with subviews has the effect of hiding
    /// those subviews and any view descendants they might have", UIView.isHidden): neither the
    /// hidden red view nor the blue one inside it leaves a pixel in the `hidden` cell.
    func testHiddenViewHidesItsSubviews() throws {
        let surface = try render("TreeDrawing", scale: 1)
        // The hidden view is at (76, 16, 48, 88) in the cell at (16, 288), over systemGray6.
        let gray = pixel(surface, x: 16 + 4, y: 288 + 4)
        for y in stride(from: 288 + 16, to: 288 + 104, by: 4) {
            for x in stride(from: 16 + 76, to: 16 + 124, by: 4) {
                XCTAssertEqual(pixel(surface, x: x, y: y), gray, "(\(x), \(y))")
            }
        }
    }

    // MARK: - The product card, a tree and flat

    /// The card written with `subviews:` and pins, and as nine absolutely placed views (the ninth
    /// only the card's border, as CALayer's border is "composited above the receiver's contents
    /// and sublayers"), draw within the golden tolerance of each other at 1× and 2×: the tree
    /// draws as its flat composition does.
    func testProductCardTreeDrawsAsItsFlatComposition() throws {
        for scale in [1.0, 2.0] {
            let tree = try render("ProductCardTree", scale: scale)
            let flat = try render("ProductCardFlat", scale: scale)
            let comparison = ImageComparison(tree, to: flat, tolerance: .standard)
            XCTAssertTrue(comparison.matches, "at \(scale)×: \(comparison.summary)")
        }
    }

    /// The pins place each subview where the flat file puts it, to the point.
    func testProductCardPinsGiveTheFlatFrames() throws {
        let tree = try XCTUnwrap(StyleLoader.load(path: fixturesFolder.appendingPathComponent("ProductCardTree.yaml").path).document)
        let flat = try XCTUnwrap(StyleLoader.load(path: fixturesFolder.appendingPathComponent("ProductCardFlat.yaml").path).document)
        let renderer = Renderer()
        let treeLayout = renderer.layout(tree), flatLayout = renderer.layout(flat)
        for name in ["header", "header/icon", "header/stock", "title", "subtitle", "price", "buy"] {
            let path = try XCTUnwrap(tree.path(named: "card/" + name), name)
            let flatIndex = try XCTUnwrap(flat.view(named: String(name.split(separator: "/").last!)), name)
            XCTAssertEqual(renderer.canvasFrame(of: path, in: tree, layout: treeLayout), flatLayout.frames[flatIndex], name)
        }
    }

    // MARK: - Stack frames, worked out from Apple's documentation

    /// The canvas frames of `names` (paths below the top-level view `stack`) in `yaml`.
    private func frames(_ yaml: String, _ names: [String], direction: LayoutDirection = .leftToRight,
                        file: StaticString = #filePath, line: UInt = #line) throws -> [Rect] {
        let document = try XCTUnwrap(loadStyle(yaml, file: file, line: line), file: file, line: line)
        let renderer = Renderer()
        renderer.layoutDirection = direction
        renderer.painter.layoutDirection = direction
        let layout = renderer.layout(document)
        return try names.map { name in
            let path = try XCTUnwrap(document.path(named: "stack/" + name), name, file: file, line: line)
            return try XCTUnwrap(renderer.canvasFrame(of: path, in: document, layout: layout), name, file: file, line: line)
        }
    }

    /// A stack at (10, 20) of `size`, with `properties`, holding `children`, named a, b, c...
    private func stack(_ size: String, _ properties: String, _ children: [String]) -> String {
        var text = "canvas: {size: [400, 400]}\nviews:\n  - {class: UIStackView, id: stack, frame: [10, 20, \(size)], \(properties), subviews: [\n"
        for (index, child) in children.enumerated() {
            text += "      {class: UIView, id: \(Character(UnicodeScalar(97 + index)!)), \(child)},\n"
        }
        return text + "    ]}\n"
    }

    private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: 10 + x, y: 20 + y, width: width, height: height)
    }

    /// `fill`: "If the arranged views don't fill the stack view, it stretches the views according
    /// to their hugging priority. If there's any ambiguity, the stack view resizes the arranged
    /// views based on their index in the arrangedSubviews array" (UIStackView.Distribution.fill).
    /// 40 + 60 + 80 wide and two gaps of 10 in 300 leave 100, which the first view takes:
    /// 140 wide at 0, then 60 at 150, 80 at 220. Alignment fill: "resizes its arranged views so
    /// that they fill the available space perpendicular to the stack view's axis": 40 high.
    func testFillGivesTheSlackToTheFirstView() throws {
        let yaml = stack("300, 40", "spacing: 10", ["size: [40, 20]", "size: [60, 20]", "size: [80, 20]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"]), [rect(0, 0, 140, 40), rect(150, 0, 60, 40), rect(220, 0, 80, 40)])
    }

    /// `fillEqually`: "resizes all arranged views to the same size, filling the available space
    /// along the stack view's axis". 320 less two gaps of 10 is 300: 100 each, at 0, 110, 220.
    func testFillEquallyMakesOneWidth() throws {
        let yaml = stack("320, 40", "spacing: 10, distribution: fillEqually", ["size: [40, 20]", "size: [60, 20]", "size: [80, 20]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"]), [rect(0, 0, 100, 40), rect(110, 0, 100, 40), rect(220, 0, 100, 40)])
    }

    /// `fillProportionally`: "resizes views proportionally based on their intrinsic content size
    /// to fill the available space". 320 less two gaps of 10 is 300, shared 40 : 60 : 100 (of
    /// 200): 60, 90 and 150, at 0, 70 and 170.
    func testFillProportionallySharesByWidth() throws {
        let yaml = stack("320, 40", "spacing: 10, distribution: fillProportionally", ["size: [40, 20]", "size: [60, 20]", "size: [100, 20]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"]), [rect(0, 0, 60, 40), rect(70, 0, 90, 40), rect(170, 0, 150, 40)])
    }

    /// `equalSpacing`: "maintains equal spacing between adjacent views while preserving their
    /// intrinsic content size. When the arranged views don't fill the stack view, it pads the
    /// spacing between the views evenly." 300 less 40 + 60 + 80 leaves 120: two gaps of 60, so
    /// 0, 100, 220; spacing 10 is only their least.
    func testEqualSpacingSpreadsTheGaps() throws {
        let yaml = stack("300, 40", "spacing: 10, distribution: equalSpacing", ["size: [40, 20]", "size: [60, 20]", "size: [80, 20]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"]), [rect(0, 0, 40, 40), rect(100, 0, 60, 40), rect(220, 0, 80, 40)])
    }

    /// `equalCentering`: "attempts to position the arranged views with equal center-to-center
    /// spacing along the stack view's axis, while maintaining the spacing property's distance
    /// between views". The first view against the leading edge (centre 20), the last against the
    /// trailing one (centre 300 − 40 = 260): centres 20, 140, 260, so origins 0, 110, 220; the
    /// gaps, 70 and 50, are above the spacing of 10.
    func testEqualCenteringSpreadsTheCentres() throws {
        let yaml = stack("300, 40", "spacing: 10, distribution: equalCentering", ["size: [40, 20]", "size: [60, 20]", "size: [80, 20]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"]), [rect(0, 0, 40, 40), rect(110, 0, 60, 40), rect(220, 0, 80, 40)])
    }

    /// A row's alignments, views 20 and 40 high in 60 (equalSpacing keeps their widths, 40 each,
    /// at 0 and 260). `top` ("equivalent to the leading alignment for horizontal stacks"): both at
    /// 0. `center` ("aligns the center of its arranged views with its center"): (60 − 20) / 2 =
    /// 20 and (60 − 40) / 2 = 10. `bottom`: 40 and 20. `fill`: both 60 high at 0.
    func testRowAlignments() throws {
        let children = ["size: [40, 20]", "size: [40, 40]"]
        let expected: [(String, [Rect])] = [
            ("top", [rect(0, 0, 40, 20), rect(260, 0, 40, 40)]),
            ("center", [rect(0, 20, 40, 20), rect(260, 10, 40, 40)]),
            ("bottom", [rect(0, 40, 40, 20), rect(260, 20, 40, 40)]),
            ("fill", [rect(0, 0, 40, 60), rect(260, 0, 40, 60)]),
        ]
        for (alignment, frames) in expected {
            let yaml = stack("300, 60", "distribution: equalSpacing, alignment: \(alignment)", children)
            XCTAssertEqual(try self.frames(yaml, ["a", "b"]), frames, alignment)
        }
    }

    /// A column's alignments, views 40 and 80 wide in 100 (20 high each, equalSpacing: at 0 and
    /// 280 of 300). `leading` ("aligns the leading edge of its arranged views along its leading
    /// edge"): both at 0. `center`: 30 and 10. `trailing`: 60 and 20. Right to left, leading and
    /// trailing are the right and left edges: leading puts them at 60 and 20.
    func testColumnAlignments() throws {
        let children = ["size: [40, 20]", "size: [80, 20]"]
        let expected: [(String, LayoutDirection, [Rect])] = [
            ("leading", .leftToRight, [rect(0, 0, 40, 20), rect(0, 280, 80, 20)]),
            ("center", .leftToRight, [rect(30, 0, 40, 20), rect(10, 280, 80, 20)]),
            ("trailing", .leftToRight, [rect(60, 0, 40, 20), rect(20, 280, 80, 20)]),
            ("leading", .rightToLeft, [rect(60, 0, 40, 20), rect(20, 280, 80, 20)]),
            ("trailing", .rightToLeft, [rect(0, 0, 40, 20), rect(0, 280, 80, 20)]),
        ]
        for (alignment, direction, frames) in expected {
            let yaml = stack("100, 300", "axis: vertical, distribution: equalSpacing, alignment: \(alignment)", children)
            XCTAssertEqual(try self.frames(yaml, ["a", "b"], direction: direction), frames, "\(alignment) \(direction)")
        }
    }

    /// Hidden arranged views take no room and no spacing (UIStackView collapses a hidden arranged
    /// view, as docs/stack-layout.md sets out), its custom spacing (40) going with it. Three
    /// visible of four in 320, gaps of 10:
    /// (320 − 20) / 3 = 100 each, at 0, 110, 220.
    func testHiddenArrangedViewsTakeNoRoom() throws {
        let yaml = stack("320, 40", "spacing: 10, distribution: fillEqually",
                         ["backgroundColor: red", "isHidden: true, spacingAfter: 40", "backgroundColor: red", "backgroundColor: red"])
        XCTAssertEqual(try frames(yaml, ["a", "c", "d"]), [rect(0, 0, 100, 40), rect(110, 0, 100, 40), rect(220, 0, 100, 40)])
    }

    /// isLayoutMarginsRelativeArrangement: "If true, the stack view will layout its arranged
    /// views relative to its layout margins. If false, it lays out the arranged views relative to
    /// its bounds." Margins [8, 24, 8, 4] of 320×60 leave 24...316 by 8...52: two equal views
    /// with a gap of 12 are (292 − 12) / 2 = 140 wide, at 24 and 176, 44 high at 8. Off, the
    /// margins count for nothing: (320 − 12) / 2 = 154, at 0 and 166. On with no margins given,
    /// UIKit's default of 8 all round: (304 − 12) / 2 = 146, at 8 and 166.
    func testLayoutMarginsCountOnlyWhenAsked() throws {
        let children = ["backgroundColor: red", "backgroundColor: blue"]
        let on = stack("320, 60", "spacing: 12, distribution: fillEqually, isLayoutMarginsRelativeArrangement: true, layoutMargins: [8, 24, 8, 4]", children)
        XCTAssertEqual(try frames(on, ["a", "b"]), [rect(24, 8, 140, 44), rect(176, 8, 140, 44)])
        let off = stack("320, 60", "spacing: 12, distribution: fillEqually, layoutMargins: [8, 24, 8, 4]", children)
        XCTAssertEqual(try frames(off, ["a", "b"]), [rect(0, 0, 154, 60), rect(166, 0, 154, 60)])
        let defaults = stack("320, 60", "spacing: 12, distribution: fillEqually, isLayoutMarginsRelativeArrangement: true", children)
        XCTAssertEqual(try frames(defaults, ["a", "b"]), [rect(8, 8, 146, 44), rect(166, 8, 146, 44)])
    }

    /// spacingAfter is setCustomSpacing(_:after:), "the spacing to use after the specified
    /// arrangedSubview" in place of `spacing`: 24 after the first of three 40-wide views, 4
    /// after the second. 40 + 24 + 40 + 4 + 40 = 148 fills the stack exactly: 0, 64, 108.
    func testCustomSpacingAfterOneView() throws {
        let yaml = stack("148, 40", "spacing: 4", ["size: [40, 40], spacingAfter: 24", "size: [40, 40]", "size: [40, 40]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"]), [rect(0, 0, 40, 40), rect(64, 0, 40, 40), rect(108, 0, 40, 40)])
    }

    /// A stack inside a stack, and a frame three levels down. The column (200×100, spacing 10)
    /// holds a row of no size of its own, whose intrinsic height is its tallest view's (30), and
    /// a view 20 high: 30 + 10 + 20 = 60 leaves 40, which goes to the row, the first view whose
    /// height is not required (the other's `size:` is), so the row is 200×70 at 0 and the view
    /// 200×20 at 80. In the row (spacing 5) the 30- and 50-wide views leave 115, taken by the
    /// first: 145 at 0 and 50 at 150, both 70 high (alignment fill).
    func testNestedStacks() throws {
        let yaml = """
        canvas: {size: [400, 400]}
        views:
          - class: UIStackView
            id: stack
            frame: [10, 20, 200, 100]
            axis: vertical
            spacing: 10
            subviews:
              - class: UIStackView
                id: row
                spacing: 5
                subviews:
                  - {class: UIView, id: a, size: [30, 30]}
                  - {class: UIView, id: b, size: [50, 30]}
              - {class: UIView, id: bar, size: [200, 20]}
        """
        XCTAssertEqual(try frames(yaml, ["row", "bar", "row/a", "row/b"]),
                       [rect(0, 0, 200, 70), rect(0, 80, 200, 20), rect(0, 0, 145, 70), rect(150, 0, 50, 70)])
    }

    /// Right to left a row reads from the right ("the leading margin is applied to the right
    /// edge of the view in right-to-left layouts", UIView.directionalLayoutMargins, and a stack
    /// lays its views out from its leading edge): the fill row of the first test mirrored, 140
    /// at 300 − 140 = 160, 60 at 90, 80 at 0.
    func testRowReadsFromTheRightInRightToLeft() throws {
        let yaml = stack("300, 40", "spacing: 10", ["size: [40, 20]", "size: [60, 20]", "size: [80, 20]"])
        XCTAssertEqual(try frames(yaml, ["a", "b", "c"], direction: .rightToLeft),
                       [rect(160, 0, 140, 40), rect(90, 0, 60, 40), rect(0, 0, 80, 40)])
    }

    // MARK: - Pixels

    /// The pixel at device pixel (x, y) as (red, green, blue) of an opaque surface.
    private func pixel(_ surface: ImageSurface, x: Int, y: Int) -> [Int] {
        let value = surface.data!.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
        return [Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF)]
    }

    private func assertPixel(_ surface: ImageSurface, x: Int, y: Int, is expected: (Int, Int, Int),
                             file: StaticString = #filePath, line: UInt = #line) {
        let actual = pixel(surface, x: x, y: y)
        let wanted = [expected.0, expected.1, expected.2]
        XCTAssertTrue(zip(actual, wanted).allSatisfy { abs($0 - $1) <= 2 }, "(\(x), \(y)) is \(actual), expected about \(wanted)",
                      file: file, line: line)
    }
}
