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

    /// A 2× render is the 1× one drawn sharper, never re-flowed: every fixture, reduced to 1× by
    /// averaging each 2×2 block, lands on the 1× render but for antialiasing and hinting, while a
    /// view moved by a single point would leave a strip of pixels far apart along its edges.
    func testTwoTimesIsTheSameLayout() throws {
        for fixture in ["UIButton", "RoundedCornerButton", "FancyButton", "SubscribeButton", "BWGradientView", "PillUILabel", "MissingImage", "UILabel", "UIImageView"] {
            let one = try render(fixture, state: .normal, scale: 1)
            let two = try render(fixture, state: .normal, scale: 2)
            // A canvas of a fractional width rounds up to whole pixels at each scale.
            XCTAssertLessThanOrEqual(abs(two.width - one.width * 2), 1, fixture)
            XCTAssertLessThanOrEqual(abs(two.height - one.height * 2), 1, fixture)
            XCTAssertLessThan(farApartShare(halved(two), one), 0.01, "\(fixture): the 2× render is laid out differently")
        }
    }

    /// The check above is not blind: the same scene with one view a point lower fails it.
    func testAViewMovedByOnePointIsCaught() throws {
        let text = "views:\n  - {class: FancyButton, title: Go, size: [120, 40], backgroundColor: black}\n"
        let moved = "views:\n  - {class: FancyButton, title: Go, frame: [16, 17, 120, 40], backgroundColor: black}\ncanvas: {size: [152, 72]}\n"
        func draw(_ yaml: String, scale: Double) throws -> ImageSurface {
            let document = try XCTUnwrap(loadStyle(yaml))
            let renderer = Renderer()
            return try renderer.render(document, layout: renderer.layout(document), scale: scale)
        }
        XCTAssertGreaterThan(farApartShare(halved(try draw(moved, scale: 2)), try draw(text, scale: 1)), 0.01)
    }

    /// `surface` at half its size, each pixel the mean of a 2×2 block.
    private func halved(_ surface: ImageSurface) -> ImageSurface {
        let half = try! ImageSurface(width: surface.width / 2, height: surface.height / 2)
        let source = surface.data!, target = half.data!
        for y in 0..<half.height {
            for x in 0..<half.width {
                var pixel: UInt32 = 0
                for shift in stride(from: UInt32(0), through: 24, by: 8) {
                    var sum: UInt32 = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        sum += (source.load(fromByteOffset: (2 * y + dy) * surface.stride + (2 * x + dx) * 4, as: UInt32.self) >> shift) & 0xFF
                    }
                    pixel |= (sum / 4) << shift
                }
                target.storeBytes(of: pixel, toByteOffset: y * half.stride + x * 4, as: UInt32.self)
            }
        }
        half.markDirty()
        return half
    }

    /// The share of pixels whose channels differ by more than half the range.
    private func farApartShare(_ a: ImageSurface, _ b: ImageSurface) -> Double {
        let pa = a.data!, pb = b.data!
        var far = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let u = pa.load(fromByteOffset: y * a.stride + x * 4, as: UInt32.self)
                let v = pb.load(fromByteOffset: y * b.stride + x * 4, as: UInt32.self)
                for shift in stride(from: UInt32(0), through: 24, by: 8) {
                    let difference = Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF)
                    if abs(difference) > 128 {
                        far += 1
                        break
                    }
                }
            }
        }
        return Double(far) / Double(a.width * a.height)
    }
}
