import DesignableCore
import Foundation
import XCTest

/// RenderJob's formats and its one-view area, without the binary (ExportTests has it end to end).
final class VectorExportTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private let card = """
        canvas: {size: [200, 120], background: "#F2F2F7"}
        views:
          - {class: UIView, id: card, frame: [20, 20, 100, 60], backgroundColor: white, layer: {cornerRadius: 12, shadowOpacity: 0.3, shadowRadius: 4, shadowOffset: [0, 2]}}
          - {class: PillUILabel, text: Hi, frame: [140, 20, 40, 24]}

        """

    private func job(_ format: RenderJob.Format, scale: Double = 1, view: String? = nil) throws -> RenderJob.Output {
        let document = try XCTUnwrap(loadStyle(card))
        return try RenderJob(options: RenderJob.Options(scale: scale, format: format, view: view)).run(document: document)
    }

    func testAVectorFormatGivesItsFileAndNoPixels() throws {
        let svg = try job(.svg, scale: 2)
        XCTAssertNil(svg.surface)
        XCTAssertNil(svg.png)
        let text = String(decoding: try XCTUnwrap(svg.vector), as: UTF8.self)
        XCTAssertTrue(text.contains("width=\"200px\" height=\"120px\""), String(text.prefix(300)))
        XCTAssertEqual(svg.file, svg.vector)
        let pdf = try job(.pdf)
        XCTAssertEqual(Array(try XCTUnwrap(pdf.file).prefix(5)), Array("%PDF-".utf8))
        XCTAssertEqual(try job(.png).file, try job(.png).png)
    }

    func testOneViewIsDrawnAloneInWhatItCovers() throws {
        // 100×60, a 4-point blur 2 points down: 12 points round, 2 more below.
        let alone = try job(.png, scale: 2, view: "card")
        let surface = try XCTUnwrap(alone.surface)
        XCTAssertEqual([surface.width, surface.height], [248, 168])
        XCTAssertEqual(try job(.png, view: "#1").surface?.width, 124)
        XCTAssertNil(try job(.png, view: "nothing").file, "a view the file does not have draws nothing")
        // A view without a shadow covers its frame.
        let label = try XCTUnwrap(try job(.png, view: "#2").surface)
        XCTAssertEqual([label.width, label.height], [40, 24])
    }

    func testExtensionsNameFormats() {
        XCTAssertEqual(RenderJob.Format(path: "out.PNG"), .png)
        XCTAssertEqual(RenderJob.Format(path: "a/b.c/out.svg"), .svg)
        XCTAssertEqual(RenderJob.Format(path: "out.pdf"), .pdf)
        XCTAssertNil(RenderJob.Format(path: "out.jpg"))
        XCTAssertNil(RenderJob.Format(path: "a.svg/out"))
        XCTAssertEqual(RenderJob.Format.pdf.vector, .pdf)
        XCTAssertNil(RenderJob.Format.png.vector)
    }
}
