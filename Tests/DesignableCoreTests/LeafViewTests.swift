import DesignableCore
import XCTest

/// UILabel's and UIImageView's sizes, baselines and placement, as UIKit gives them.
final class LeafViewTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private let painter = Painter()

    /// The first view of a style whose views are `views`, read beside the fixtures (their images).
    private func view<T: Component>(_ views: String, as type: T.Type) throws -> T {
        let path = fixturesFolder.appendingPathComponent("leaf-view-test.yaml").path
        let document = try XCTUnwrap(loadStyle("views:\n" + views, path: path))
        return try XCTUnwrap(document.views.first?.component(in: .normal) as? T)
    }

    // MARK: - UILabel

    /// `UILabel.intrinsicContentSize` is (0, 0) without text.
    func testAnEmptyLabelIsZeroByZero() throws {
        XCTAssertEqual(try XCTUnwrap(Label.make().intrinsicContentSize(painter)), .zero)
    }

    /// One line: the text's own size, however wide; `preferredMaxLayoutWidth` wraps only a
    /// label that may take more than one line.
    func testALabelMeasuresItsTextOnOneLine() throws {
        let text = "A label as long as its text on one line of it"
        let label = try view("  - {class: UILabel, text: \(text), preferredMaxLayoutWidth: 120}\n", as: Label.self)
        let size = try XCTUnwrap(label.intrinsicContentSize(painter))
        XCTAssertEqual(size, painter.measure(text, font: Font("Sans 17")))
        XCTAssertGreaterThan(size.width, 120)
    }

    func testAWrappingLabelWrapsAtItsPreferredMaxLayoutWidth() throws {
        let text = "A label as long as its text on one line of it"
        let label = try view("  - {class: UILabel, text: \(text), numberOfLines: 0, preferredMaxLayoutWidth: 120}\n", as: Label.self)
        let size = try XCTUnwrap(label.intrinsicContentSize(painter))
        let line = painter.measure("A", font: Font("Sans 17")).height
        XCTAssertLessThanOrEqual(size.width, 120)
        XCTAssertGreaterThan(size.width, 60, "lines are filled, not broken at every word")
        XCTAssertEqual(size.height, 4 * line, accuracy: 0.5, "44 characters of 17-point text take four lines of 120 points")
        // Two lines at most: the rest is cut, and the height is two lines'.
        let two = try view("  - {class: UILabel, text: \(text), numberOfLines: 2, preferredMaxLayoutWidth: 120}\n", as: Label.self)
        XCTAssertEqual(try XCTUnwrap(two.intrinsicContentSize(painter)).height, 2 * line, accuracy: 0.5)
    }

    /// The baseline of capitals with no descenders is where their ink ends, and a label centres
    /// its text vertically: 20 points taller moves it 10 down.
    func testALabelsBaselineIsWhereItsCapitalsStand() throws {
        let label = try view("  - {class: UILabel, text: HELLO}\n", as: Label.self)
        let bounds = Rect(x: 10, y: 100, width: 200, height: 40)
        let (first, last) = try XCTUnwrap(label.baselines(in: bounds, with: painter))
        XCTAssertEqual(first, last)
        let placed = label.placement(in: bounds, with: painter)
        let ink = painter.text.layout("HELLO", font: placed.font, in: placed.box).ink
        XCTAssertEqual(first, placed.rect.y - bounds.y + ink.maxY, accuracy: 0.5)
        XCTAssertEqual(placed.rect.midY, bounds.midY, accuracy: 1e-9)
        let taller = try XCTUnwrap(label.baselines(in: Rect(x: 10, y: 100, width: 200, height: 60), with: painter))
        XCTAssertEqual(taller.first - first, 10, accuracy: 1e-9)
        XCTAssertNil(Label.make().baselines(in: bounds, with: painter), "no text, no baseline")
    }

    /// The last baseline is a line and the line spacing below the first.
    func testALabelsLastBaselineIsItsLastLines() throws {
        let label = try view("  - {class: UILabel, text: \"First\\nSecond\", numberOfLines: 0, lineSpacing: 6}\n", as: Label.self)
        let (first, last) = try XCTUnwrap(label.baselines(in: Rect(x: 0, y: 0, width: 200, height: 80), with: painter))
        let line = painter.measure("First", font: Font("Sans 17")).height
        XCTAssertEqual(last - first, line + 6, accuracy: 0.01)
    }

    /// Natural alignment is the leading edge, the right in a right-to-left layout; `left` stays left.
    func testNaturalAlignmentFlipsRightToLeftAndLeftDoesNot() throws {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 30)
        let natural = try view("  - {class: UILabel, text: Hello}\n", as: Label.self)
        let left = try view("  - {class: UILabel, text: Hello, textAlignment: left}\n", as: Label.self)
        XCTAssertEqual(natural.placement(in: bounds, with: painter).rect.x, 0)
        painter.layoutDirection = .rightToLeft
        defer { painter.layoutDirection = .leftToRight }
        XCTAssertEqual(natural.placement(in: bounds, with: painter).rect.maxX, 200, accuracy: 1e-9)
        XCTAssertEqual(left.placement(in: bounds, with: painter).rect.x, 0)
    }

    /// A label with any number of lines shows those its height holds, the last cut with "…".
    func testALabelShowsTheLinesItsHeightHolds() throws {
        let text = "With numberOfLines 0 the text wraps onto as many lines as it needs to show it all"
        let label = try view("  - {class: UILabel, text: \(text), numberOfLines: 0}\n", as: Label.self)
        let line = painter.measure("A", font: Font("Sans 17")).height
        let placed = label.placement(in: Rect(x: 0, y: 0, width: 160, height: 2.5 * line), with: painter)
        let layout = painter.text.layout(text, font: placed.font, in: placed.box)
        XCTAssertEqual(layout.lineCount, 2)
        XCTAssertEqual(layout.shownLines.last?.hasSuffix("…"), true)
    }

    /// Shrunk to fit down to `minimumScaleFactor`; a factor of 0 shrinks nothing (UIKit's docs).
    func testAdjustsFontSizeToFitWidthShrinksOneLineToItsMinimum() throws {
        let text = "Shrunk to fit the width of the label"
        let bounds = Rect(x: 0, y: 0, width: 200, height: 30)
        let shrunk = try view("  - {class: UILabel, text: \(text), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5}\n", as: Label.self)
        let placed = shrunk.placement(in: bounds, with: painter)
        XCTAssertLessThan(painter.text.traits(of: placed.font).size, 17)
        XCTAssertGreaterThanOrEqual(painter.text.traits(of: placed.font).size, 8.5)
        XCTAssertLessThanOrEqual(placed.rect.width, 200)
        XCTAssertFalse(painter.text.layout(text, font: placed.font, in: placed.box).isTruncated)
        let floor = try view("  - {class: UILabel, text: \(text), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.9}\n", as: Label.self)
        XCTAssertEqual(painter.text.traits(of: floor.placement(in: bounds, with: painter).font).size, 15, accuracy: 0.3,
                       "no smaller than 0.9 × 17, and truncated there")
        let none = try view("  - {class: UILabel, text: \(text), adjustsFontSizeToFitWidth: true}\n", as: Label.self)
        XCTAssertEqual(none.placement(in: bounds, with: painter).font, Font("Sans 17"))
    }

    /// Kern and line spacing shape the text, so layouts differing only in them are not shared.
    func testKernAndLineSpacingAreNotTakenFromAnotherLayout() {
        let plain = painter.measure("Kerned", font: Font("Sans 17"))
        let kerned = painter.measure("Kerned", font: Font("Sans 17"), in: TextBox(kern: 4))
        XCTAssertEqual(kerned.width - plain.width, 6 * 4, accuracy: 4.01, "4 points a character, the last one's at most aside")
        let spaced = painter.measure("A\nB", font: Font("Sans 17"), in: TextBox(numberOfLines: 0, lineSpacing: 10))
        XCTAssertEqual(spaced.height - painter.measure("A\nB", font: Font("Sans 17"), in: TextBox(numberOfLines: 0)).height, 10, accuracy: 0.01)
    }

    // MARK: - UIImageView

    /// The image's size in points (a 48×32 PNG with its @2x), none without an image.
    func testAnImageViewIsItsImagesSizeInPoints() throws {
        let imageView = try view("  - {class: UIImageView, image: landscape}\n", as: ImageView.self)
        XCTAssertEqual(imageView.intrinsicContentSize(painter), Size(width: 48, height: 32))
        XCTAssertNil(ImageView.make().intrinsicContentSize(painter))
        let highlighted = try view("  - {class: UIImageView, image: landscape, highlightedImage: heart, isHighlighted: true}\n", as: ImageView.self)
        XCTAssertEqual(highlighted.intrinsicContentSize(painter), Size(width: 20, height: 20))
    }

    func testContentModesPlaceTheImageAsUIKitDoes() {
        let bounds = Rect(x: 10, y: 20, width: 72, height: 56), image = Size(width: 48, height: 32)
        XCTAssertEqual(ContentMode.scaleToFill.rect(for: image, in: bounds), bounds)
        XCTAssertEqual(ContentMode.redraw.rect(for: image, in: bounds), bounds)
        XCTAssertEqual(ContentMode.scaleAspectFit.rect(for: image, in: bounds), Rect(x: 10, y: 24, width: 72, height: 48))
        XCTAssertEqual(ContentMode.scaleAspectFill.rect(for: image, in: bounds), Rect(x: 4, y: 20, width: 84, height: 56))
        XCTAssertEqual(ContentMode.center.rect(for: image, in: bounds), Rect(x: 22, y: 32, width: 48, height: 32))
        XCTAssertEqual(ContentMode.top.rect(for: image, in: bounds), Rect(x: 22, y: 20, width: 48, height: 32))
        XCTAssertEqual(ContentMode.bottomRight.rect(for: image, in: bounds), Rect(x: 34, y: 44, width: 48, height: 32))
        XCTAssertEqual(ContentMode.left.rect(for: image, in: bounds), Rect(x: 10, y: 32, width: 48, height: 32))
    }

    /// Unclipped, a scaleAspectFill image covers more than the frame, and a redraw repaints it.
    func testAnUnclippedAspectFillImageReachesPastTheFrame() throws {
        let frame = Rect(x: 10, y: 20, width: 72, height: 56)
        let unclipped = try view("  - {class: UIImageView, image: landscape, contentMode: scaleAspectFill}\n", as: ImageView.self)
        XCTAssertEqual(unclipped.visualBounds(in: frame), Rect(x: 4, y: 20, width: 84, height: 56))
        let clipped = try view("  - {class: UIImageView, image: landscape, contentMode: scaleAspectFill, clipsToBounds: true}\n", as: ImageView.self)
        XCTAssertEqual(clipped.visualBounds(in: frame), frame)
    }

    /// Said at the content mode's line; quiet once the view clips.
    func testAnUnclippedAspectFillIsAWarning() {
        func check(_ view: String) -> [String] {
            let path = fixturesFolder.appendingPathComponent("leaf-view-test.yaml").path
            let result = StyleLoader.load(text: "canvas: {size: [200, 100]}\nviews:\n" + view, path: path)
            let renderer = Renderer()
            return Findings.all(result, layout: result.document.map { renderer.layout($0) }).map(\.description)
        }
        let findings = check("  - {class: UIImageView, image: landscape, contentMode: scaleAspectFill, frame: [10, 10, 72, 56]}\n")
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertTrue(findings.first?.contains(".yaml:3:57: warning: contentMode scaleAspectFill without clipsToBounds: iOS draws the image past") == true, "\(findings)")
        XCTAssertEqual(check("  - {class: UIImageView, image: landscape, contentMode: scaleAspectFill, clipsToBounds: true, frame: [10, 10, 72, 56]}\n"), [])
        XCTAssertEqual(check("  - {class: UIImageView, image: landscape, contentMode: scaleAspectFill, layer: {masksToBounds: true}, frame: [10, 10, 72, 56]}\n"), [])
    }
}
