import XCTest
@testable import DesignableCore

/// Text that a clip or the target's edge cuts: the preview's window edge, a redrawn region's edge,
/// a box's side. Its pixels must be those of the text drawn whole, cut. (Cairo 1.16 loses a
/// hinted glyph's top row where a clip cuts it below; `TextEngine` draws such text through a mask.)
final class TextClipTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    /// A button titled in capitals (whose top row is a stem's end), at `y` on a tall canvas.
    private func document(titleAt y: Double, x: Double = 100) throws -> StyleDocument {
        let text = """
        canvas: {size: [1000, 3000], background: "#F2F2F7"}
        views:
          - {class: UIButton, title: "PPPPPPPP", frame: [\(x), \(y), 200, 40], backgroundColor: black, titleColor: white}
        """
        return try XCTUnwrap(StyleLoader.load(text: text).document)
    }

    /// The largest difference in any channel between `a` and `b` within `area` (pixels), and the first row where it is.
    private func worst(_ a: ImageSurface, _ b: ImageSurface, in area: PixelRect) -> (difference: Int, row: Int?) {
        var worst = 0, row: Int?
        for y in area.y..<area.maxY {
            let p = (a.data! + y * a.stride).assumingMemoryBound(to: UInt8.self)
            let q = (b.data! + y * b.stride).assumingMemoryBound(to: UInt8.self)
            for i in (4 * area.x)..<(4 * area.maxX) where i % 4 != 3 {
                let difference = abs(Int(p[i]) - Int(q[i]))
                if difference > worst { (worst, row) = (difference, y) }
            }
        }
        return (worst, row)
    }

    /// Drawn on a target that ends within the title (the window's bottom edge, 972 pixels down),
    /// every row shown is the whole canvas's, wherever the edge cuts the glyphs.
    func testTextCutByTheTargetsEdgeIsTheWholeTextCut() throws {
        for y in stride(from: 944.0, through: 962, by: 0.5) {
            let document = try document(titleAt: y)
            let renderer = Renderer()
            let layout = renderer.layout(document)
            let whole = try renderer.render(document, layout: layout, scale: 1)
            let window = try ImageSurface(width: 1000, height: 972)
            renderer.draw(document, layout: layout, scale: 1, on: try DrawingContext(window), states: { _ in .normal })
            let found = worst(window, whole, in: PixelRect(x: 0, y: 900, width: 1000, height: 72))
            XCTAssertLessThanOrEqual(found.difference, 2, "title at y \(y): row \(found.row.map(String.init) ?? "-") differs by \(found.difference)")
        }
    }

    /// A redrawn region whose bottom or right edge crosses the title, at 1× and 3×: inside the
    /// region the pixels are the whole canvas's.
    func testTextCutByARegionIsTheWholeTextCut() throws {
        let document = try document(titleAt: 100.25, x: 100.5)
        for scale in [1.0, 3.0] {
            let renderer = Renderer()
            let layout = renderer.layout(document)
            let whole = try renderer.render(document, layout: layout, scale: scale)
            // The title's glyphs lie about 112–123 points down and 160–240 across.
            for cut in [Rect(x: 0, y: 0, width: 1000, height: 115), Rect(x: 0, y: 0, width: 1000, height: 117.5),
                        Rect(x: 0, y: 0, width: 190, height: 300), Rect(x: 0, y: 0, width: 201.5, height: 300)] {
                let target = try ImageSurface(width: whole.width, height: whole.height)
                renderer.draw(document, layout: layout, scale: scale, on: try DrawingContext(target), states: { _ in .normal }, damage: cut)
                let area = PixelRect(x: 0, y: 0, width: Int((cut.maxX * scale).rounded(.down)), height: Int((cut.maxY * scale).rounded(.down)))
                let found = worst(target, whole, in: area)
                XCTAssertLessThanOrEqual(found.difference, 2, "at \(scale)×, cut at \(cut): row \(found.row.map(String.init) ?? "-") differs by \(found.difference)")
            }
        }
    }

    /// A page keeps its text as glyphs, cut or not: no mask is drawn into a vector file.
    func testAPageKeepsTextCutByItsEdgeAsGlyphs() throws {
        let document = try document(titleAt: 2975)
        let output = try RenderJob(options: RenderJob.Options(scale: 1, format: .svg)).run(document: document)
        let svg = String(decoding: try XCTUnwrap(output.vector), as: UTF8.self)
        XCTAssertTrue(svg.contains("glyph"), "the title is glyphs")
        XCTAssertFalse(svg.contains("<image"), "no mask of the title is embedded")
    }
}
