import DesignableCore
import Foundation
import XCTest

/// The PNG encoder read back by an independent decoder (Cairo's, through libpng): the opaque RGB
/// path and the translucent RGBA one, whose premultiplied pixels must survive unpremultiplying.
final class PNGEncoderTests: XCTestCase {
    private func roundTrip(_ surface: ImageSurface) throws -> (bytes: [UInt8], decoded: ImageSurface) {
        let bytes = try PNGEncoder.encode(surface)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("designable-png-\(getpid())-\(UUID().uuidString).png").path
        defer { unlink(path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (bytes, try ImageSurface(png: path))
    }

    private func scene(_ background: Color) throws -> ImageSurface {
        let surface = try ImageSurface(width: 37, height: 23)
        let context = try DrawingContext(surface)
        context.clear(to: background)
        let painter = Painter()
        painter.drawing(on: context, scale: 1) {
            painter.fill(Shape(Rect(x: 3, y: 2, width: 30, height: 18), cornerRadius: 6), with: .gradient(.linear(Color(rgb: 0xFF0000, alpha: 0.8), Color(rgb: 0x0000FF, alpha: 0.3), horizontal: true)))
        }
        try context.check("drawing")
        return surface
    }

    /// Colour type byte of the IHDR chunk: 2 is RGB, 6 RGBA.
    private func colourType(_ bytes: [UInt8]) -> UInt8 { bytes[25] }

    func testOpaqueImagesAreWrittenAsRGBExactly() throws {
        let surface = try scene(.white)
        let (bytes, decoded) = try roundTrip(surface)
        XCTAssertEqual(colourType(bytes), 2)
        XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: 0), 0)
    }

    func testTranslucentImagesAreWrittenAsRGBAAndReadBackWithinRounding() throws {
        let surface = try scene(Color(rgb: 0x00FF00, alpha: 0.25))
        let (bytes, decoded) = try roundTrip(surface)
        XCTAssertEqual(colourType(bytes), 6)
        // Unpremultiplying to 8 bits and premultiplying again loses at most a little at low alpha.
        XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: 2), 0)
        let transparent = try ImageSurface(width: 4, height: 4)
        XCTAssertEqual(pixelsOff(transparent, try roundTrip(transparent).decoded, byMoreThan: 0), 0)
    }

    /// How many pixels of `decoded` stray from `surface` by more than `channels` (of 255) in a channel.
    private func pixelsOff(_ surface: ImageSurface, _ decoded: ImageSurface, byMoreThan channels: Int) -> Int {
        let comparison = ImageComparison(decoded, to: surface, tolerance: .init(channel: channels, changedShare: 0))
        XCTAssertTrue(comparison.sizesMatch)
        return comparison.changedPixels
    }
}
