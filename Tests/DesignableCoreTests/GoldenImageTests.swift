import DesignableCore
import XCTest

/// Every component in every state at 1× and 2×, compared with committed reference images.
final class GoldenImageTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private static let states: [(String, ControlState)] =
        [("normal", .normal), ("highlighted", .highlighted), ("selected", .selected), ("disabled", .disabled)]

    private func render(_ fixture: String, state: ControlState, scale: Double) throws -> ImageSurface {
        let path = fixturesFolder.appendingPathComponent(fixture + ".yaml").path
        let job = RenderJob(options: RenderJob.Options(scale: scale, state: state, encodesPNG: false))
        let output = try job.run(path: path)
        return try XCTUnwrap(output.surface, "\(output.findings)")
    }

    private func checkEveryState(of fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, state) in Self.states {
            for scale in [1.0, 2.0] {
                let surface = try render(fixture, state: state, scale: scale)
                assertMatchesGolden(surface, "\(fixture)-\(name)@\(Int(scale))x", file: file, line: line)
            }
        }
    }

    private func checkScales(of fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for scale in [1.0, 2.0] {
            assertMatchesGolden(try render(fixture, state: .normal, scale: scale), "\(fixture)@\(Int(scale))x", file: file, line: line)
        }
    }

    func testSystemButton() throws { try checkEveryState(of: "UIButton") }
    func testRoundedCornerButton() throws { try checkEveryState(of: "RoundedCornerButton") }
    func testFancyButton() throws { try checkEveryState(of: "FancyButton") }
    func testSubscribeButton() throws { try checkEveryState(of: "SubscribeButton") }
    func testGradientView() throws { try checkScales(of: "BWGradientView") }
    func testPillLabel() throws { try checkScales(of: "PillUILabel") }
    func testMissingImagePlaceholder() throws { try checkScales(of: "MissingImage") }

    /// A 2× render is the 1× one drawn sharper, never re-flowed: same layout, twice the pixels.
    func testTwoTimesIsTheSameLayout() throws {
        let one = try render("FancyButton", state: .normal, scale: 1)
        let two = try render("FancyButton", state: .normal, scale: 2)
        XCTAssertEqual(two.width, one.width * 2)
        XCTAssertEqual(two.height, one.height * 2)
    }
}
