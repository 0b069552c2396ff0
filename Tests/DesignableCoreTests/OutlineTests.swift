import DesignableCore
import XCTest

/// Layout rectangles: each view's frame, content-inset rectangle, image and title, as
/// `render --outline` draws them and the preview's inspector lists them.
final class OutlineTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private let fixture = fixturesFolder.appendingPathComponent("Outlines.yaml").path

    private func render(view: String? = nil) throws -> ImageSurface {
        var options = RenderJob.Options(scale: 2, encodesPNG: false, view: view)
        options.outline = true
        let output = try RenderJob(options: options).run(path: fixture)
        XCTAssertEqual(output.findings, [])
        return try XCTUnwrap(output.surface)
    }

    /// The canvas with every view's rectangles over it and the legend in a strip below.
    func testOutlinesOverTheCanvasWithALegend() throws {
        let plain = try XCTUnwrap(RenderJob(options: RenderJob.Options(scale: 2, encodesPNG: false)).run(path: fixture).surface)
        let outlined = try render()
        XCTAssertEqual(outlined.width, plain.width, "as wide as the canvas")
        XCTAssertEqual(outlined.height - plain.height, 56, "a 28-point legend below it, at 2×")
        assertMatchesGolden(outlined, "Outlines@2x")
    }

    /// One view's outlines, the picture widened to the legend's longest word.
    func testOneViewsOutlinesAreAsWideAsTheLegend() throws {
        let outlined = try render(view: "trailing-image")
        let legend = LayoutOutlines.minimumLegendWidth(painter: Painter())
        XCTAssertGreaterThan(legend, 100, "'content insets' with its swatch and padding")
        XCTAssertEqual(outlined.width, Int((legend * 2).rounded(.up)), "the view is narrower than the legend")
        assertMatchesGolden(outlined, "Outlines-view@2x")
    }

    /// The rectangles are the layout's: the frame less the content insets, and the image and title
    /// where the button puts them (an edge inset moves the title).
    func testTheRectanglesAreTheLayouts() throws {
        let document = try XCTUnwrap(StyleLoader.load(path: fixture).document)
        let renderer = Renderer()
        let layout = renderer.layout(document)
        func rectangles(_ id: String) throws -> LayoutRectangles {
            let index = try XCTUnwrap(document.view(named: id))
            return document.views[index].component(in: .normal).layoutRectangles(in: layout.frames[index], with: renderer.painter)
        }
        let insets = try rectangles("insets")
        XCTAssertEqual(insets.frame, Rect(x: 16, y: 16, width: 268, height: 50))
        XCTAssertEqual(insets.content, Rect(x: 40, y: 22, width: 232, height: 38), "[6, 24, 6, 12] in from the frame")
        let image = try XCTUnwrap(insets.image), title = try XCTUnwrap(insets.title)
        XCTAssertEqual(image.x, 40, "left-aligned at the content rectangle's edge")
        XCTAssertEqual(title.x, image.maxX + 10, "imagePadding after the image")
        XCTAssertEqual(title.midY, insets.content!.midY, accuracy: 0.001, "centred in the content rectangle")

        let padded = try rectangles("padded")
        XCTAssertEqual(padded.content, padded.frame, "no insets: the content rectangle is the frame")
        XCTAssertEqual(padded.all.map(\.kind), [.frame, .title], "so it is not drawn or listed")
        XCTAssertEqual(try XCTUnwrap(padded.title).x, padded.frame.x + 30, "titleLeftPadding moves the title")

        let trailing = try rectangles("trailing-image")
        XCTAssertGreaterThan(try XCTUnwrap(trailing.image).x, try XCTUnwrap(trailing.title).maxX, "imagePlacement: trailing")
        XCTAssertEqual(try rectangles("pill").all.map(\.kind), [.frame, .title])
        XCTAssertEqual(try rectangles("plain").all.map(\.kind), [.frame])
    }
}
