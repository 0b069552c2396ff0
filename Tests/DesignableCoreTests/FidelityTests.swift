@testable import DesignableCore
import XCTest

/// Where Designable must draw what iOS draws: font sizes in points, edge insets on centred content,
/// titles that do not fit, a system button's tinted image, and UIKit's own enum spellings.
final class FidelityTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // Lazy: XCTest makes every test case before any class setUp runs, and a Painter loads fonts.
    private lazy var painter = Painter()

    private func render(_ yaml: String, scale: Double = 1, state: ControlState = .normal) throws -> ImageSurface {
        let document = try XCTUnwrap(loadStyle(yaml, path: fixturesFolder.path + "/x.yaml"))
        let renderer = Renderer()
        return try renderer.render(document, layout: renderer.layout(document), scale: scale, states: { _ in state })
    }

    private func button(_ yaml: String, state: ControlState = .normal) throws -> Button {
        let document = try XCTUnwrap(loadStyle("views:\n" + yaml, path: fixturesFolder.path + "/x.yaml"))
        return try XCTUnwrap(document.views.first?.component(in: state) as? Button)
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied, as Cairo keeps it).
    private func pixel(_ surface: ImageSurface, _ x: Int, _ y: Int) -> UInt32 {
        surface.data!.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
    }

    /// The rows and columns holding a pixel darker than mid-grey: the ink of dark text on white.
    private func inkBounds(_ surface: ImageSurface) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        var rows: [Int] = [], columns: [Int] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width where (pixel(surface, x, y) >> 8) & 0xFF < 128 {
                rows.append(y)
                columns.append(x)
            }
        }
        guard let top = rows.min(), let bottom = rows.max(), let left = columns.min(), let right = columns.max() else { return nil }
        return (top...bottom, left...right)
    }

    // MARK: - Points

    /// One point is one pixel at 1×, as UIKit's: DejaVu Sans's capital is 0.729 em tall, so a
    /// 100-point H is 73 pixels (Pango's own 96 dpi would make it 98).
    func testAHundredPointCapitalHIsSeventyThreePixelsTall() throws {
        let yaml = "canvas: {size: [200, 160], background: white}\nviews:\n  - {class: PillUILabel, text: H, textColor: black, font: DejaVu Sans 100, frame: [0, 0, 200, 160]}\n"
        for scale in [1.0, 2.0] {
            let ink = try XCTUnwrap(inkBounds(try render(yaml, scale: scale)))
            XCTAssertEqual(Double(ink.rows.count), 73 * scale, accuracy: scale, "at \(scale)×")
        }
    }

    // MARK: - Edge insets

    /// The seed's `imageEdgeInsets.left = -20` on a centred button: UIKit centres the check in the
    /// inset rectangle, which grew 20 points on the left, so the check moves 10 points, not 20.
    func testSubscribeCheckMovesHalfItsLeftInset() throws {
        let selected = try button("  - class: SubscribeButton\n", state: .selected)
        let bounds = Rect(x: 0, y: 0, width: 170, height: 46)
        let layout = selected.layoutContent(in: bounds, with: painter)
        let title = painter.measure("Subscribe", font: selected.font)
        let check = try XCTUnwrap(layout.imageRect)
        XCTAssertEqual(check.x, 85 - (check.width + title.width) / 2 - 10, accuracy: 1e-9)
        XCTAssertEqual(layout.titleRect!.x, 85 - (check.width + title.width) / 2 + check.width, accuracy: 1e-9)
    }

    // MARK: - Titles that do not fit

    /// A title wider than its button stays inside it, on one line: UIButton's title label
    /// truncates it rather than spill past the edges.
    func testATitleTooWideForItsButtonStaysInside() throws {
        let wide = try button("  - {class: UIButton, title: Continue with your account, size: [160, 44]}\n")
        let bounds = Rect(x: 0, y: 0, width: 160, height: 44)
        let title = try XCTUnwrap(wide.layoutContent(in: bounds, with: painter).titleRect)
        XCTAssertGreaterThanOrEqual(title.x, 0)
        XCTAssertLessThanOrEqual(title.maxX, 160)
        XCTAssertEqual(title.height, painter.measure("Continue", font: wide.font).height, accuracy: 1e-9)
    }

    /// `\n` breaks the title when `numberOfLines` allows it, and the intrinsic size grows with it.
    func testALineBreakMakesATallerTitleWhenLinesAllowIt() throws {
        let one = try button("  - {class: UIButton, title: \"Sign in\\nor sign up\"}\n")
        let two = try button("  - {class: UIButton, title: \"Sign in\\nor sign up\", numberOfLines: 0}\n")
        let line = painter.measure("Sign in", font: one.font).height
        XCTAssertEqual(try XCTUnwrap(one.intrinsicContentSize(painter)).height, line, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(two.intrinsicContentSize(painter)).height, 2 * line, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(two.intrinsicContentSize(painter)).width, painter.measure("or sign up", font: two.font).width, accuracy: 1e-9)
    }

    /// UIButton's title label keeps one line and cuts the middle out: "Continue …r account".
    func testATitleTooWideIsTruncatedInTheMiddle() throws {
        let wide = try button("  - {class: UIButton, title: Continue with your account, size: [160, 44]}\n")
        let content = wide.layoutContent(in: Rect(x: 0, y: 0, width: 160, height: 44), with: painter)
        let shown = painter.text.layout(wide.title, font: wide.font, in: content.titleBox).shownLines
        XCTAssertEqual(shown.count, 1)
        let line = try XCTUnwrap(shown.first)
        XCTAssertTrue(line.hasPrefix("Continue ") && line.hasSuffix(" account") && line.contains("…"), line)
        XCTAssertEqual(content.titleRect?.width ?? 0, 160, accuracy: 1)
    }

    /// Each `lineBreakMode` keeps the part of a one-line title UIKit keeps.
    func testEachLineBreakModeKeepsItsPart() {
        let title = "Continue with your account", font = Font("Sans 15")
        func shown(_ mode: LineBreakMode, lines: Int = 1) -> [String] {
            painter.text.layout(title, font: font, in: TextBox(width: 160, numberOfLines: lines, lineBreakMode: mode)).shownLines
        }
        let tail = shown(.byTruncatingTail), head = shown(.byTruncatingHead)
        XCTAssertTrue(tail.count == 1 && tail[0].hasPrefix("Continue with") && tail[0].hasSuffix("…"), "\(tail)")
        XCTAssertTrue(head.count == 1 && head[0].hasPrefix("…") && head[0].hasSuffix("your account"), "\(head)")
        // Wrapping modes show the first line's words, or its characters, and nothing after.
        XCTAssertEqual(shown(.byWordWrapping), ["Continue with your "])
        XCTAssertEqual(shown(.byCharWrapping), ["Continue with your a"])
        XCTAssertEqual(shown(.byCharWrapping, lines: 0), ["Continue with your a", "ccount"])
        // Clipping keeps the whole line and cuts it at the box's edge.
        XCTAssertEqual(shown(.byClipping), [title])
        XCTAssertEqual(painter.measure(title, font: font, in: TextBox(width: 160, lineBreakMode: .byClipping)).width, 160)
        // With more lines the words wrap and only the last line is truncated.
        let two = painter.text.layout(title + " and more words here", font: font, in: TextBox(width: 160, numberOfLines: 2, lineBreakMode: .byTruncatingTail)).shownLines
        XCTAssertEqual(two.count, 2)
        XCTAssertEqual(two.first, "Continue with your")
        XCTAssertTrue(two[1].hasSuffix("…"), two[1])
    }

    /// A layout drawn at 2× (which makes Pango lay it out again for the new scale) keeps its lines.
    func testTruncationIsTheSameAtEveryScale() throws {
        let painter = Painter()
        let title = "Continue with your account and more words here", font = Font("Sans 15")
        for box in [TextBox(width: 160, lineBreakMode: .byTruncatingMiddle), TextBox(width: 160, numberOfLines: 2)] {
            let before = painter.text.layout(title, font: font, in: box).shownLines
            let context = try DrawingContext(try ImageSurface(width: 400, height: 100))
            context.scale(2)
            painter.drawing(on: context, scale: 2) { painter.drawText(title, font: font, color: .black, at: .zero, in: box) }
            XCTAssertEqual(painter.text.layout(title, font: font, in: box).shownLines, before)
            XCTAssertEqual(before.count, box.numberOfLines)
            XCTAssertTrue(before.last?.contains("…") ?? false, "\(before)")
        }
    }

    /// A `\n` past the last line the title may take does not break it: the rest runs on in that line.
    func testALineBreakWithNoLineLeftRunsOn() throws {
        let box = TextBox(width: 300, numberOfLines: 1, lineBreakMode: .byTruncatingMiddle)
        XCTAssertEqual(painter.text.layout("Sign in\nor sign up", font: Font("Sans 15"), in: box).shownLines, ["Sign in or sign up"])
        let two = TextBox(width: 300, numberOfLines: 2, lineBreakMode: .byTruncatingMiddle)
        XCTAssertEqual(painter.text.layout("Sign in\nor sign up\nnow", font: Font("Sans 15"), in: two).shownLines, ["Sign in", "or sign up now"])
    }

    func testNumberOfLinesIsNeverNegative() {
        XCTAssertEqual(findings("views:\n  - {class: UIButton, numberOfLines: -1}\n"),
                       ["2:38: error: numberOfLines: must not be negative, found -1"])
    }

    // MARK: - A system button's image

    /// A system UIButton draws its image as a template, filled with the tint; `original` and the
    /// seeds' custom buttons draw it as it is.
    func testASystemButtonTintsItsImage() throws {
        func centre(_ view: String) throws -> UInt32 {
            let surface = try render("canvas: {size: [40, 40], background: white}\nviews:\n  - {\(view), image: heart, frame: [0, 0, 40, 40]}\n")
            return pixel(surface, 20, 20) & 0xFFFFFF
        }
        XCTAssertEqual(try centre("class: UIButton"), 0x007AFF)
        XCTAssertEqual(try centre("class: UIButton, tintColor: \"#00FF00\""), 0x00FF00)
        let heart = try centre("class: UIButton, imageRendering: original")
        XCTAssertNotEqual(heart, 0x007AFF)
        for custom in ["FancyButton", "RoundedCornerButton"] {
            XCTAssertEqual(try centre("class: \(custom)"), heart, custom)
        }
        XCTAssertEqual(Button.make().$imageRendering.defaultValue, .template)
        XCTAssertEqual(SubscribeButton.make().$imageRendering.defaultValue, .original)
    }

    // MARK: - UIKit's spellings

    /// UIKit's own names for the same values read as ours, and `inspect` writes ours back.
    func testUIKitsEnumSpellingsAreAccepted() throws {
        XCTAssertEqual(try button("  - {class: UIButton, imageRendering: alwaysTemplate}\n").imageRendering, .template)
        XCTAssertEqual(try button("  - {class: UIButton, imageRendering: alwaysOriginal}\n").imageRendering, .original)
        // UIKit's directional alignments are their own values: left in a left-to-right layout,
        // right in a right-to-left one.
        XCTAssertEqual(try button("  - {class: UIButton, alignment: leading}\n").alignment.physical(in: .leftToRight), .left)
        XCTAssertEqual(try button("  - {class: UIButton, alignment: leading}\n").alignment.physical(in: .rightToLeft), .right)
        XCTAssertEqual(try button("  - {class: UIButton, alignment: trailing}\n").alignment.physical(in: .rightToLeft), .left)
        XCTAssertEqual(try button("  - {class: UIButton, alignment: left}\n").alignment.physical(in: .rightToLeft), .left, "left never flips")
        XCTAssertEqual(try button("  - {class: UIButton, alignment: fill}\n").alignment, .fill)
        // The schema and "did you mean" know them too.
        XCTAssertEqual(HorizontalAlignment.shape.schema.compact, #"{"enum": ["left", "center", "right", "fill", "leading", "trailing"]}"#)
        XCTAssertEqual(ImageRendering.shape.schema.compact, #"{"enum": ["template", "original", "alwaysTemplate", "alwaysOriginal"]}"#)
        XCTAssertEqual(findings("views:\n  - {class: UIButton, imageRendering: alwaysTemplat}\n"),
                       ["2:39: error: imageRendering: expected one of template, original, alwaysTemplate, alwaysOriginal, found 'alwaysTemplat' (did you mean 'alwaysTemplate'?)"])
    }

    /// `fill` stretches the content over the width: the title's box to what the image leaves
    /// (its text from the left edge), a lone image to the whole width.
    func testFillStretchesTheContent() throws {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 44)
        let titled = try button("  - {class: UIButton, title: Go, image: heart, imagePadding: 6, alignment: fill}\n")
        let content = titled.layoutContent(in: bounds, with: painter)
        XCTAssertEqual(content.imageRect, Rect(x: 0, y: 12, width: 20, height: 20))
        XCTAssertEqual(content.titleRect?.x, 26)
        XCTAssertEqual(content.titleRect?.width, 200 - 26)
        let lone = try button("  - {class: UIButton, image: heart, alignment: fill}\n")
        XCTAssertEqual(lone.layoutContent(in: bounds, with: painter).imageRect, Rect(x: 0, y: 12, width: 200, height: 20))
    }
}
