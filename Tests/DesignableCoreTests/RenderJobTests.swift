import DesignableCore
import Foundation
import XCTest

/// The one way from a style file to pixels: what it gives back at each way it can stop.
final class RenderJobTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "designable-job-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAFileBecomesPNGWithEveryPhaseTimed() throws {
        let output = try RenderJob(options: RenderJob.Options(scale: 2)).run(path: fixturesFolder.path + "/PillUILabel.yaml")
        XCTAssertEqual(output.findings, [])
        let surface = try XCTUnwrap(output.surface)
        let layout = try XCTUnwrap(output.layout)
        XCTAssertEqual(surface.width, Int((layout.canvasSize.width * 2).rounded(.up)))
        XCTAssertEqual(Array(try XCTUnwrap(output.png).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(output.phases.all.map(\.name), ["read", "parse", "layout", "render", "png"])
        XCTAssertTrue(output.phases.all.allSatisfy { $0.nanoseconds > 0 }, "\(output.phases)")
    }

    func testFindingsComeInTheOrderRenderPrintsThem() throws {
        let path = try write("canvas: {size: [100, 100]}\nviews:\n  - {class: FancyButton, frame: [50, 50, 100, 40], nope: 1}\n")
        let output = try RenderJob().run(path: path)
        XCTAssertNotNil(output.png)
        XCTAssertEqual(output.findings.map(\.severity), [.warning, .warning])
        XCTAssertTrue(output.findings[0].message.contains("no property 'nope'"), output.findings[0].message)
        XCTAssertTrue(output.findings[1].message.contains("sticks out of the 100×100 canvas"), output.findings[1].message)
    }

    func testAFileWithErrorsOrTooLargeACanvasDrawsNothingAndSaysWhy() throws {
        let broken = try RenderJob().run(path: try write("views:\n  - class: FancyButton\n    borderColor: rde\n"))
        XCTAssertNil(broken.document)
        XCTAssertNil(broken.surface)
        XCTAssertTrue(broken.findings.hasErrors)

        let huge = try RenderJob().run(path: try write("canvas: {size: [30000, 30000]}\nviews: []\n"))
        XCTAssertNotNil(huge.document)
        XCTAssertNil(huge.surface)
        XCTAssertNil(huge.png)
        XCTAssertTrue(try XCTUnwrap(huge.findings.last).message.contains("too large to draw"))

        let missing = try RenderJob().run(path: "/nonexistent-folder/style.yaml")
        XCTAssertTrue(try XCTUnwrap(missing.findings.first).message.hasPrefix("cannot read the style file"))
    }

    func testAvailableWidthWidensOnlyWhenAskedAndStatesOverrideTheOption() throws {
        let result = StyleLoader.load(text: "views:\n  - {class: PillUILabel, text: Hi}\n", path: "style.yaml")
        let document = try XCTUnwrap(result.document)
        let natural = try RenderJob(options: RenderJob.Options(encodesPNG: false)).run(document: document)
        let wide = try RenderJob(options: RenderJob.Options(availableWidth: 500, encodesPNG: false)).run(document: document)
        XCTAssertLessThan(try XCTUnwrap(natural.surface).width, 500)
        XCTAssertEqual(try XCTUnwrap(wide.surface).width, 500)
        XCTAssertNil(natural.png)
        var asked: [Int] = []
        _ = try RenderJob(options: RenderJob.Options(state: .disabled)).run(document: document) { asked.append($0); return .normal }
        XCTAssertEqual(asked, [0])
    }
}
