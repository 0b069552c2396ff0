import DesignableCore
import Foundation
import XCTest

/// `render -o out.svg` and `-o out.pdf`, and `--view ID`, end to end: the files other programs
/// read (librsvg's rsvg-convert, poppler's pdftoppm) draw what the PNG shows.
final class ExportTests: XCTestCase {
    /// A shadow over a clear background and one over an opaque shape, a mask, a gradient, a
    /// bitmap, a template SVG icon, text, a dashed border, rotation and opacity.
    private static let style = """
        canvas: {width: 260, background: "#F2F2F7"}
        views:
          - {class: UIView, id: card, frame: [20, 20, 100, 60], backgroundColor: white, layer: {cornerRadius: 12, shadowOpacity: 0.3, shadowRadius: 4, shadowOffset: [0, 2]}}
          - {class: DesignableView, id: star, frame: [150, 20, 80, 80], fillColor: "#FFCC00", maskType: "star(5)", shadowOpacity: 0.6, shadowRadius: 2, shadowOffset: [0, 3]}
          - {class: FancyButton, id: go, frame: [20, 110, 220, 44], title: Go with a heart, image: heart, enableGradientBackground: true, gradientColor1: "#2193B0", gradientColor2: "#6DD5ED", cornerRadius: 8, titleColor: white}
          - {class: SubscribeButton, id: subscribe, frame: [45, 170, 170, 46], isSelected: true}
          - {class: DesignableButton, id: dashed, frame: [20, 230, 220, 40], title: Dashed, borderWidth: 2, borderType: dash, borderColor: "#5B2A86", cornerRadius: 20, rotate: 4, opacity: 0.8}

        """

    /// Anti-aliasing differs between three rasterisers along every edge and glyph; a missing
    /// view, shadow or colour changes far more than this.
    private static let tolerance = ImageComparison.Tolerance(channel: 64, changedShare: 0.02)

    private func project() throws -> (folder: URL, style: String) {
        let folder = try temporaryFolder()
        let fixtures = projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/assets")
        for name in ["heart.png", "heart@2x.png"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let style = folder.appendingPathComponent("export.yaml")
        try Self.style.write(to: style, atomically: true, encoding: .utf8)
        return (folder, style.path)
    }

    private func tool(_ name: String) throws -> String {
        try XCTUnwrap(TestPaths.tool(name), "\(name) is not installed: make deps installs it")
    }

    private func render(_ style: String, to output: URL, _ extra: [String] = []) throws {
        let run = try runDesignable(["render", style, "-o", output.path] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
    }

    func testSVGAndPDFDrawWhatThePNGShows() throws {
        let (folder, style) = try project()
        let png = folder.appendingPathComponent("out.png"), svg = folder.appendingPathComponent("out.svg"),
            pdf = folder.appendingPathComponent("out.pdf")
        for output in [png, svg, pdf] { try render(style, to: output, ["--scale", "2"]) }

        // Sized in points: an SVG pixel and a PDF point are a point, whatever --scale.
        let svgText = try String(contentsOf: svg, encoding: .utf8)
        XCTAssertTrue(svgText.hasPrefix("<?xml"), String(svgText.prefix(80)))
        XCTAssertTrue(svgText.contains("width=\"260px\" height=\"286px\""), String(svgText.prefix(300)))
        // Gradients stay gradients; the blurred shadows and the bitmap are embedded images.
        XCTAssertTrue(svgText.contains("<linearGradient"))
        XCTAssertTrue(svgText.contains("<image"))
        XCTAssertTrue(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        let info = try runTool(try tool("pdfinfo"), [pdf.path])
        XCTAssertTrue(String(decoding: info.out, as: UTF8.self).contains(" 260 x 286 pts"), String(decoding: info.out, as: UTF8.self))
        // Text stays text: the PDF embeds the font its titles are set in.
        let fonts = try runTool(try tool("pdffonts"), [pdf.path])
        XCTAssertTrue(String(decoding: fonts.out, as: UTF8.self).contains("DejaVuSans"), String(decoding: fonts.out, as: UTF8.self))

        // Drawn back at 2×, each is the PNG but for anti-aliasing.
        let fromSVG = folder.appendingPathComponent("from-svg.png")
        let converted = try runTool(try tool("rsvg-convert"), ["--zoom", "2", "-o", fromSVG.path, svg.path])
        XCTAssertEqual(converted.status, 0, converted.err)
        let pages = try runTool(try tool("pdftoppm"), ["-r", "144", "-png", "-singlefile", pdf.path, folder.appendingPathComponent("from-pdf").path])
        XCTAssertEqual(pages.status, 0, pages.err)
        let reference = try ImageSurface(png: png.path)
        XCTAssertEqual(reference.width, 520)
        for (name, file) in [("SVG", fromSVG), ("PDF", folder.appendingPathComponent("from-pdf.png"))] {
            let comparison = ImageComparison(try ImageSurface(png: file.path), to: reference, tolerance: Self.tolerance)
            XCTAssertTrue(comparison.matches, "\(name) drawn back: \(comparison.summary)")
        }

        // The tolerance does tell a different picture: every control disabled is one.
        let disabled = folder.appendingPathComponent("disabled.png")
        try render(style, to: disabled, ["--scale", "2", "--state", "disabled"])
        XCTAssertFalse(ImageComparison(try ImageSurface(png: fromSVG.path), to: try ImageSurface(png: disabled.path), tolerance: Self.tolerance).matches)
    }

    /// A shadow (an alpha mask Cairo would write as an SVG luminance mask, hiding it in every
    /// viewer) and a template icon come out of an SVG as they are in the PNG, pixel for pixel
    /// where the shadow is darkest.
    func testShadowsAndTintedIconsSurviveTheSVG() throws {
        let (folder, style) = try project()
        let png = folder.appendingPathComponent("card.png"), svg = folder.appendingPathComponent("card.svg")
        for output in [png, svg] { try render(style, to: output, ["--scale", "2", "--view", "card"]) }
        let fromSVG = folder.appendingPathComponent("card-svg.png")
        XCTAssertEqual(try runTool(try tool("rsvg-convert"), ["--zoom", "2", "-o", fromSVG.path, svg.path]).status, 0)
        let reference = try ImageSurface(png: png.path), drawn = try ImageSurface(png: fromSVG.path)
        // Below the card's bottom edge, in the middle: the shadow, 2 points down and 4 wide.
        func blue(_ image: ImageSurface) throws -> Int {
            let y = image.height - 26, x = image.width / 2
            return Int(try XCTUnwrap(image.data).load(fromByteOffset: y * image.stride + x * 4, as: UInt32.self) & 0xFF)
        }
        XCTAssertLessThan(try blue(reference), 0xE8, "the PNG has a shadow there")
        XCTAssertEqual(try blue(drawn), try blue(reference), accuracy: 10, "the SVG has the same shadow")
    }

    /// `--view ID` draws that view alone on the canvas's background, trimmed to its bounds and
    /// its shadow: a 100×60 card with a 4-point shadow 2 points down covers 124×84 points.
    func testOneViewIsTrimmedToItsBoundsAndShadow() throws {
        let (folder, style) = try project()
        let whole = folder.appendingPathComponent("whole.png"), card = folder.appendingPathComponent("card.png")
        try render(style, to: whole, ["--scale", "2"])
        try render(style, to: card, ["--scale", "2", "--view", "card"])
        XCTAssertEqual(pngSize(card)?.width, 248)
        XCTAssertEqual(pngSize(card)?.height, 168)
        // Its pixels are the whole canvas's there (no other view reaches that far).
        let trimmed = try ImageSurface(png: card.path), canvas = try ImageSurface(png: whole.path)
        let region = try ImageSurface(width: trimmed.width, height: trimmed.height)
        try DrawingContext(region).paint(canvas, at: Point(x: -16, y: -20), pixelScale: 1)
        let comparison = ImageComparison(trimmed, to: region, tolerance: .exact)
        XCTAssertTrue(comparison.matches, comparison.summary)

        // The same area as a vector page, in points; and a view without an id by its number.
        let svg = folder.appendingPathComponent("card.svg"), pdf = folder.appendingPathComponent("star.pdf")
        try render(style, to: svg, ["--view", "card"])
        XCTAssertTrue(try String(contentsOf: svg, encoding: .utf8).contains("width=\"124px\" height=\"84px\""))
        // The star: 80×80, a 2-point shadow 3 points down reaching 6 past it.
        try render(style, to: pdf, ["--view", "#2"])
        let info = String(decoding: try runTool(try tool("pdfinfo"), [pdf.path]).out, as: UTF8.self)
        XCTAssertTrue(info.contains(" 92 x 92 pts"), info)

        let unknown = try runDesignable(["render", style, "-o", card.path, "--view", "crad"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: --view: \(style) has no view 'crad' (did you mean 'card'?); give a view's id, or #1 to #5 as inspect numbers them, and a nested one by its path (card/buy)\n"), unknown.stderr)
    }

    /// `--view card/buy` draws a view inside another alone, by its path, trimmed to it: the
    /// 70×30 button at 2× is 140×60 pixels, and its pixels are the whole canvas's there; `--view
    /// card` draws the card with everything in it. A path the file has not is a usage error with
    /// the paths it has.
    func testANestedViewIsDrawnAloneByItsPath() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("tree.yaml")
        try """
            canvas: {width: 240, background: "#F2F2F7"}
            views:
              - class: UIView
                id: card
                frame: [20, 20, 200, 100]
                backgroundColor: white
                subviews:
                  - {class: UILabel, id: title, text: Card, frame: [10, 10, 100, 20]}
                  - {class: UIButton, id: buy, title: Buy, frame: [120, 60, 70, 30], backgroundColor: systemBlue, titleColor: white}

            """.write(to: style, atomically: true, encoding: .utf8)
        let whole = folder.appendingPathComponent("whole.png"), buy = folder.appendingPathComponent("buy.png")
        let card = folder.appendingPathComponent("card.png")
        try render(style.path, to: whole, ["--scale", "2"])
        try render(style.path, to: buy, ["--scale", "2", "--view", "card/buy"])
        try render(style.path, to: card, ["--scale", "2", "--view", "card"])
        XCTAssertEqual(pngSize(buy)?.width, 140)
        XCTAssertEqual(pngSize(buy)?.height, 60)
        XCTAssertEqual(pngSize(card)?.width, 400, "the card whole, its subviews inside it")
        let trimmed = try ImageSurface(png: buy.path), canvas = try ImageSurface(png: whole.path)
        let region = try ImageSurface(width: trimmed.width, height: trimmed.height)
        try DrawingContext(region).paint(canvas, at: Point(x: -280, y: -160), pixelScale: 1)
        let comparison = ImageComparison(trimmed, to: region, tolerance: .standard)
        XCTAssertTrue(comparison.matches, comparison.summary)

        // `--state` reaches a control inside another view as it reaches a top-level one.
        let held = folder.appendingPathComponent("held.png")
        try render(style.path, to: held, ["--scale", "2", "--view", "card/buy", "--state", "disabled"])
        XCTAssertFalse(ImageComparison(try ImageSurface(png: held.path), to: trimmed, tolerance: .standard).matches, "the disabled button looks otherwise")

        let unknown = try runDesignable(["render", style.path, "-o", buy.path, "--view", "card/bye"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: --view: \(style.path) has no view 'card/bye' (did you mean 'card/buy'?)"), unknown.stderr)
    }

    func testTheOutputsExtensionPicksTheFormat() throws {
        let (folder, style) = try project()
        let run = try runDesignable(["render", style, "-o", folder.appendingPathComponent("out.jpg").path])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.hasPrefix("Error: render writes PNG, SVG or PDF, by the output's extension: name it .png, .svg or .pdf"), run.stderr)
        // Any case, and nothing left beside the output but the output.
        let upper = folder.appendingPathComponent("OUT.SVG")
        try render(style, to: upper)
        XCTAssertTrue(try String(contentsOf: upper, encoding: .utf8).hasPrefix("<?xml"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["OUT.SVG", "export.yaml", "heart.png", "heart@2x.png"])
    }
}
