import DesignableCore
import Foundation
import XCTest

/// The comparison the golden tests and `designable snapshot` share: what counts as a changed
/// pixel, when a share of them fails, sizes that differ, and the difference image.
final class ImageComparisonTests: XCTestCase {
    /// A `width`×`height` image of `color`, with the pixels in `marked` painted `mark`.
    private func image(_ width: Int, _ height: Int, _ color: UInt32 = 0xFF33_6699,
                       marked: [(x: Int, y: Int)] = [], mark: UInt32 = 0xFF33_6699) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height)
        let data = try XCTUnwrap(surface.data)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = marked.contains { $0 == (x, y) } ? mark : color
                data.storeBytes(of: pixel, toByteOffset: y * surface.stride + x * 4, as: UInt32.self)
            }
        }
        surface.markDirty()
        return surface
    }

    private func pixel(_ surface: ImageSurface, _ x: Int, _ y: Int) throws -> UInt32 {
        try XCTUnwrap(surface.data).load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
    }

    func testTheSameImageMatchesWithNothingChanged() throws {
        let comparison = ImageComparison(try image(20, 10), to: try image(20, 10))
        XCTAssertTrue(comparison.matches)
        XCTAssertEqual(comparison.changedPixels, 0)
        XCTAssertEqual(comparison.summary, "0 pixels (0%) changed by more than 16 of 255, 0.1% allowed")
    }

    /// A channel moved by the tolerance is noise; one step past it is a change.
    func testTheChannelToleranceDecidesWhatIsAChangedPixel() throws {
        let reference = try image(10, 10, 0xFF80_8080)
        XCTAssertEqual(ImageComparison(try image(10, 10, 0xFF90_8080), to: reference).changedPixels, 0, "16 of 255 is within")
        XCTAssertEqual(ImageComparison(try image(10, 10, 0xFF80_8091), to: reference).changedPixels, 100, "17 of 255 is not")
        XCTAssertEqual(ImageComparison(try image(10, 10, 0xFF80_8081), to: reference, tolerance: .exact).changedPixels, 100)
        // Alpha is a channel too: a pixel gone transparent has changed.
        XCTAssertEqual(ImageComparison(try image(10, 10, 0x0000_0000), to: reference).changedPixels, 100)
    }

    /// At most 0.1% of the pixels may change: one pixel in a thousand passes, two fail.
    func testTheChangedShareDecidesWhetherTheImagesMatch() throws {
        let reference = try image(100, 10)
        let one = ImageComparison(try image(100, 10, marked: [(5, 5)], mark: 0xFFFF_FFFF), to: reference)
        XCTAssertEqual(one.changedPixels, 1)
        XCTAssertTrue(one.matches)
        let two = ImageComparison(try image(100, 10, marked: [(5, 5), (6, 5)], mark: 0xFFFF_FFFF), to: reference)
        XCTAssertEqual(two.changedPixels, 2)
        XCTAssertFalse(two.matches)
        XCTAssertEqual(two.changedShare, 0.002)
        XCTAssertEqual(two.summary, "2 pixels (0.2%) changed by more than 16 of 255, 0.1% allowed")
        XCTAssertTrue(ImageComparison(try image(100, 10, marked: [(5, 5), (6, 5)], mark: 0xFFFF_FFFF), to: reference,
                                      tolerance: .init(channel: 16, changedShare: 0.01)).matches)
    }

    /// Images of other sizes never match, and are compared over both areas: what only one has changed.
    func testADifferentSizeFailsAndCountsWhatOnlyOneImageHas() throws {
        let comparison = ImageComparison(try image(12, 10), to: try image(10, 11))
        XCTAssertFalse(comparison.sizesMatch)
        XCTAssertFalse(comparison.matches)
        XCTAssertEqual(comparison.pixelCount, 12 * 11)
        XCTAssertEqual(comparison.changedPixels, 12 * 11 - 10 * 10)
        XCTAssertEqual(comparison.summary, "its size 12×10 differs from the reference's 10×11 pixels")
        let diff = try comparison.differenceImage()
        XCTAssertEqual([diff.width, diff.height], [12, 11])
        XCTAssertEqual(try pixel(diff, 11, 0), 0xFFFF_0000, "only the actual image has it")
        XCTAssertEqual(try pixel(diff, 0, 10), 0xFFFF_0000, "only the reference has it")
    }

    /// Changed pixels red, the others a faded grey copy of the actual image.
    func testTheDifferenceImageMarksChangedPixelsRedOverAFadedCopy() throws {
        let reference = try image(4, 4, 0xFF00_0000)
        let comparison = ImageComparison(try image(4, 4, 0xFF00_0000, marked: [(1, 2)], mark: 0xFFFF_FFFF), to: reference)
        let diff = try comparison.differenceImage()
        XCTAssertEqual(try pixel(diff, 1, 2), 0xFFFF_0000)
        // Black fades to a light grey, so a red mark stands out whatever the picture.
        XCTAssertEqual(try pixel(diff, 0, 0), 0xFFBF_BFBF)
    }

    /// A reference read from an opaque PNG (Cairo gives RGB24) compares with what was drawn.
    func testAnOpaquePNGReadBackMatchesExactly() throws {
        let surface = try image(9, 7, 0xFF12_3456, marked: [(3, 3)], mark: 0xFFFE_DCBA)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("designable-compare-\(UUID().uuidString).png").path
        defer { unlink(path) }
        try Data(surface.pngData()).write(to: URL(fileURLWithPath: path))
        let comparison = ImageComparison(surface, to: try ImageSurface(png: path), tolerance: .exact)
        XCTAssertTrue(comparison.matches)
        XCTAssertEqual(comparison.changedPixels, 0)
    }
}
