import DesignableCore
import XCTest

/// UILabel and UIImageView at 1× and 2×, compared with committed reference images.
final class LeafViewGoldenTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private func render(_ fixture: String, scale: Double) throws -> ImageSurface {
        let path = fixturesFolder.appendingPathComponent(fixture + ".yaml").path
        let job = RenderJob(options: RenderJob.Options(scale: scale, state: .normal, encodesPNG: false))
        let output = try job.run(path: path)
        return try XCTUnwrap(output.surface, "\(output.findings)")
    }

    private func checkScales(of fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for scale in [1.0, 2.0] {
            assertMatchesGolden(try render(fixture, scale: scale), "\(fixture)@\(Int(scale))x", file: file, line: line)
        }
    }

    /// Every alignment, wrapping with 0 and 2 lines, the three truncations, kern, line spacing,
    /// a font shrunk to fit, the highlighted colour and an intrinsic size.
    func testLabel() throws { try checkScales(of: "UILabel") }

    /// Every content mode with an image of another shape than its view, an unclipped
    /// scaleAspectFill drawn past the bounds, a tinted template, a highlighted image.
    func testImageView() throws { try checkScales(of: "UIImageView") }
}
