import CDeflate
import DesignableCore
import Foundation
import XCTest

/// The PNG encoder read back by an independent decoder (Cairo's, through libpng): the opaque RGB
/// path and the translucent RGBA one, whose premultiplied pixels must survive unpremultiplying,
/// each row filter the encoder chooses, odd widths, and the rows deflated in bands at once, a
/// chunk of rows at a time.
/// The file's own structure (chunk CRCs, each row's filter byte, the zlib stream's Adler-32) is
/// read with libdeflate.
final class PNGEncoderTests: XCTestCase {
    private func roundTrip(_ surface: ImageSurface, level: UInt32 = 1, bands: Int? = nil, rowsPerChunk: Int? = nil) throws -> (bytes: [UInt8], decoded: ImageSurface) {
        let bytes = try PNGEncoder.encode(surface, level: level, bands: bands, rowsPerChunk: rowsPerChunk)
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

    // MARK: - Row filters

    /// Rows of at most 8 KiB are sent unfiltered, repeated or not; each round trips exactly.
    func testNarrowImagesSendEveryRowUnfiltered() throws {
        let surface = try image(width: 41, rows: [1, 1, 2, 3, 3, 3, 1])
        let (bytes, decoded) = try roundTrip(surface)
        XCTAssertEqual(try rowFilters(bytes, rowBytes: 41 * 3), [0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: 0), 0)
    }

    /// Wider rows are sent as Up after the first, a repeated row as Up's zeros, opaque or not.
    func testWideRowsAreSentAsUp() throws {
        for alpha in [255, 128] as [UInt32] {
            let width = 2_800 // 8,400 bytes of RGB, 11,200 of RGBA
            let rows = [1, 1, 1, 2, 3, 3]
            let surface = try image(width: width, rows: rows, alpha: alpha)
            let (bytes, decoded) = try roundTrip(surface)
            XCTAssertEqual(colourType(bytes), alpha == 255 ? 2 : 6)
            let rowBytes = width * (alpha == 255 ? 3 : 4)
            XCTAssertEqual(try rowFilters(bytes, rowBytes: rowBytes), [0, 2, 2, 2, 2, 2], "alpha \(alpha)")
            let inflated = try self.inflated(bytes, rowBytes: rowBytes)
            for y in 1..<rows.count where rows[y] == rows[y - 1] {
                XCTAssertTrue(inflated[(y * (rowBytes + 1) + 1)..<((y + 1) * (rowBytes + 1))].allSatisfy { $0 == 0 }, "row \(y) alpha \(alpha)")
            }
            XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: alpha == 255 ? 0 : 1), 0, "alpha \(alpha)")
        }
    }

    // MARK: - Bands

    /// Rows deflated in bands (each its own deflate stream, joined by sync flushes, under one
    /// Adler-32), each band converted and deflated a chunk of rows at a time, decode to the same
    /// pixels whatever the band count and chunk size: bands and chunks that begin on a repeated
    /// row, on the first of a run, of one row, narrow rows and Up rows, RGB and RGBA.
    func testBandsAndChunksRoundTripAtEveryBoundary() throws {
        let rows = [0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 4, 4, 4]
        for width in [37, 2_800] {
            for alpha in [255, 90] as [UInt32] {
                let surface = try image(width: width, rows: rows, alpha: alpha)
                let rowBytes = width * (alpha == 255 ? 3 : 4)
                var first: [UInt8]?
                for (bands, chunk) in [1, 2, 3, 4, 5, 7, rows.count, 40].map({ ($0, nil) }) + [(1, 1), (1, 2), (1, 3), (2, 1), (2, 4), (3, 2), (4, 5)] {
                    let (bytes, decoded) = try roundTrip(surface, bands: bands, rowsPerChunk: chunk)
                    let what = "width \(width) alpha \(alpha) bands \(bands) chunk \(chunk.map(String.init) ?? "default")"
                    XCTAssertEqual(colourType(bytes), alpha == 255 ? 2 : 6, what)
                    // The rows deflated are the same at any band count; only the streams differ.
                    let inflated = try self.inflated(bytes, rowBytes: rowBytes)
                    if let first { XCTAssertEqual(inflated, first, what) } else { first = inflated }
                    XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: alpha == 255 ? 0 : 1), 0, what)
                }
            }
        }
    }

    /// A translucent pixel in the last band alone still makes every band RGBA.
    func testATranslucentPixelInOneBandMakesEveryBandRGBA() throws {
        let surface = try image(width: 3_000, rows: Array(0..<60))
        let pixels = surface.data!.assumingMemoryBound(to: UInt32.self)
        pixels[surface.stride / 4 * 59 + 7] = 0x8040_2010
        surface.markDirty()
        for bands in [1, 2, 3] {
            for chunk in [nil, 1, 7] as [Int?] {
                let (bytes, decoded) = try roundTrip(surface, bands: bands, rowsPerChunk: chunk)
                XCTAssertEqual(colourType(bytes), 6)
                XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: 1), 0, "bands \(bands) chunk \(String(describing: chunk))")
            }
        }
    }

    /// Every ISA-L level writes a stream that decodes, and a level beyond them is an error.
    func testEveryLevelRoundTrips() throws {
        let surface = try image(width: 3_000, rows: (0..<40).map { $0 / 3 })
        for level in 0...3 as ClosedRange<UInt32> {
            for bands in [1, 3] {
                let (bytes, decoded) = try roundTrip(surface, level: level, bands: bands)
                XCTAssertEqual(try rowFilters(bytes, rowBytes: 9_000).count, 40)
                XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: 0), 0, "level \(level) bands \(bands)")
            }
        }
        XCTAssertThrowsError(try PNGEncoder.encode(surface, level: 4))
    }

    /// Widths whose rows are not a multiple of anything, one row, one pixel, and taller images.
    func testOddSizesRoundTrip() throws {
        for (width, height) in [(1, 1), (1, 5), (2, 1), (3, 7), (5, 300), (37, 23), (999, 2), (257, 301)] {
            let rows = (0..<height).map { $0 / 4 } // every row repeated four times
            for alpha in [255, 200, 3] as [UInt32] {
                let surface = try image(width: width, rows: rows, alpha: alpha)
                let (bytes, decoded) = try roundTrip(surface)
                XCTAssertEqual(try rowFilters(bytes, rowBytes: width * (alpha == 255 ? 3 : 4)).count, height)
                // Premultiplied again after reading, a translucent channel comes back within one.
                let rounding = alpha == 255 ? 0 : 1
                XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: rounding), 0, "\(width)×\(height) alpha \(alpha)")
            }
        }
    }

    /// One pixel short of opaque in the last row still makes the whole image RGBA.
    func testATranslucentPixelAnywhereMakesTheImageRGBA() throws {
        let surface = try image(width: 64, rows: Array(0..<200))
        let pixels = surface.data!.assumingMemoryBound(to: UInt32.self)
        pixels[surface.stride / 4 * 199 + 63] = 0x8040_2010
        surface.markDirty()
        let (bytes, decoded) = try roundTrip(surface)
        XCTAssertEqual(colourType(bytes), 6)
        XCTAssertEqual(pixelsOff(surface, decoded, byMoreThan: 1), 0)
    }

    /// A flat UI (the same button again and again) packs to a small share of its pixels' bytes.
    func testRepeatedButtonsPackSmall() throws {
        let surface = try ImageSurface(width: 600, height: 400)
        let context = try DrawingContext(surface)
        context.clear(to: .white)
        let painter = Painter()
        painter.drawing(on: context, scale: 1) {
            for row in 0..<10 {
                for column in 0..<5 {
                    painter.fill(Shape(Rect(x: 8 + Double(column) * 118, y: 8 + Double(row) * 40, width: 110, height: 32), cornerRadius: 8),
                                 with: .gradient(.linear(Color(rgb: 0xF37335), Color(rgb: 0xFDC830), horizontal: true)))
                }
            }
        }
        try context.check("drawing")
        let bytes = try PNGEncoder.encode(surface)
        XCTAssertLessThan(bytes.count, 600 * 400 * 3 / 40, "\(bytes.count) bytes")
    }

    // MARK: - Helpers

    /// An image whose row `y` is pattern `rows[y]`: every pixel a different colour along the row,
    /// premultiplied by `alpha`; equal patterns give equal rows.
    private func image(width: Int, rows: [Int], alpha: UInt32 = 255) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: rows.count)
        let pixels = surface.data!.assumingMemoryBound(to: UInt32.self)
        for (y, pattern) in rows.enumerated() {
            for x in 0..<width {
                var seed = UInt32(truncatingIfNeeded: (pattern &* 7919 &+ x) &* 2_654_435_761)
                seed ^= seed >> 13
                let channel = { (shift: UInt32) in ((seed >> shift) & 0xFF) * alpha / 255 }
                pixels[surface.stride / 4 * y + x] = alpha << 24 | channel(0) << 16 | channel(8) << 8 | channel(16)
            }
        }
        surface.markDirty()
        return surface
    }

    /// Each row's filter byte, from the inflated IDAT data.
    private func rowFilters(_ png: [UInt8], rowBytes: Int) throws -> [UInt8] {
        let inflated = try self.inflated(png, rowBytes: rowBytes)
        return (0..<inflated.count / (rowBytes + 1)).map { inflated[$0 * (rowBytes + 1)] }
    }

    /// The IDAT data inflated (libdeflate checks its Adler-32); checks every chunk's CRC on the way.
    private func inflated(_ png: [UInt8], rowBytes: Int) throws -> [UInt8] {
        var offset = 8, idat: [UInt8] = []
        var height = 0
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 8 + length
            let crc = png[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            XCTAssertEqual(png[(offset + 4)..<end].withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }, crc, type)
            if type == "IHDR" { height = png[offset + 12..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            if type == "IDAT" { idat += png[(offset + 8)..<end] }
            offset = end + 4
        }
        XCTAssertEqual(offset, png.count, "bytes after IEND")
        let decompressor = try XCTUnwrap(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var inflated = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var written = 0
        let result = inflated.withUnsafeMutableBytes { out in
            idat.withUnsafeBytes { libdeflate_zlib_decompress(decompressor, $0.baseAddress, $0.count, out.baseAddress, out.count, &written) }
        }
        XCTAssertEqual(result, LIBDEFLATE_SUCCESS)
        XCTAssertEqual(written, inflated.count)
        return inflated
    }

    /// How many pixels of `decoded` stray from `surface` by more than `channels` (of 255) in a channel.
    private func pixelsOff(_ surface: ImageSurface, _ decoded: ImageSurface, byMoreThan channels: Int) -> Int {
        let comparison = ImageComparison(decoded, to: surface, tolerance: .init(channel: channels, changedShare: 0))
        XCTAssertTrue(comparison.sizesMatch)
        return comparison.changedPixels
    }
}
