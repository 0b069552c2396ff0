import CDeflate
#if canImport(Glibc)
import Glibc
#endif

/// Writes Cairo image surfaces as PNG, several times faster than Cairo's own writer.
///
/// libpng as Cairo drives it tries every row filter on every row and deflates at the default
/// level; that search dominated a render. Flat UI pictures need none of it. A UI repeats itself
/// along the row (the same button, gradient or glyph again) and from row to row, which deflate
/// finds as matches in unfiltered rows; filtering against the row above ("Up") breaks the first
/// kind up into noise (at 2,000 buttons, unfiltered rows packed a quarter smaller than Up rows,
/// and deflated faster). So every row is sent unfiltered, except a row that repeats one too wide
/// for deflate's window to reach: that one is sent as Up's zeros. libdeflate compresses the whole
/// image in one call at its fastest level: at 2,000 buttons in about half the time zlib's fastest
/// took over Up rows at 1×, two thirds at 3×, and smaller. An opaque canvas (the usual case) is
/// written as RGB, a quarter less to compress.
public enum PNGEncoder {
    /// PNG's row filters, the byte before each row: the two this encoder chooses between.
    enum RowFilter: UInt8 {
        /// The row as it is.
        case none = 0
        /// Each byte minus the one above it.
        case up = 2
    }

    /// The PNG file of `surface`, deflated at libdeflate's `level` (0 stores, 1 is the fastest,
    /// 12 the smallest).
    public static func encode(_ surface: ImageSurface, level: Int32 = 1) throws(RenderError) -> [UInt8] {
        guard let pixels = surface.data else { throw RenderError("encoding PNG: the surface has no pixels") }
        let source = Pixels(base: UnsafeRawPointer(pixels), width: surface.width, height: surface.height, stride: surface.stride)
        // Written as RGB until a pixel that is not opaque turns up, then again as RGBA: a canvas
        // is opaque unless it asks for a clear background, and so is read once.
        var rows = try FilteredRows(source, channels: 3)
        if !rows.fill() {
            rows = try FilteredRows(source, channels: 4)
            _ = rows.fill()
        }

        var header: [UInt8] = []
        header.appendBigEndian(UInt32(source.width))
        header.appendBigEndian(UInt32(source.height))
        header += [8, rows.channels == 3 ? 2 : 6, 0, 0, 0] // 8 bits, RGB or RGBA, deflate, adaptive filtering, no interlace
        var head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        head.appendChunk("IHDR", header)

        let compressor = try DeflateCompressor(level: level)
        // The IDAT chunk is deflated straight into the file: its length, its type, the stream,
        // its CRC, then IEND; the bound leaves room for the worst case.
        let start = head.count
        let capacity = start + 8 + compressor.zlibBound(rows.bytes.count) + 4 + 12
        var compressed = 0
        let png = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let file = UnsafeMutableRawBufferPointer(buffer)
            head.withUnsafeBytes { file.copyMemory(from: $0) }
            let stream = UnsafeMutableRawBufferPointer(rebasing: file[(start + 8)..<(capacity - 16)])
            compressed = compressor.zlibCompress(UnsafeRawBufferPointer(rows.bytes), into: stream)
            var end = start
            file.storeBigEndian(UInt32(compressed), at: &end)
            end = file.storeChunkType("IDAT", at: end)
            end += compressed
            file.storeBigEndian(libdeflate_crc32(0, file.baseAddress! + start + 4, 4 + compressed), at: &end)
            file.storeBigEndian(0, at: &end)
            end = file.storeChunkType("IEND", at: end)
            file.storeBigEndian(libdeflate_crc32(0, file.baseAddress! + end - 4, 4), at: &end)
            count = end
        }
        // The bound is libdeflate's own worst case, so the first is only a broken promise.
        guard compressed > 0 else { throw RenderError("encoding PNG: libdeflate did not fit the image in its own bound") }
        guard compressed <= Int(Int32.max) else { throw RenderError("encoding PNG: the image deflates to \(compressed) bytes, more than a PNG chunk holds") }
        return png
    }

    /// A Cairo ARGB32 image's pixels, read only.
    struct Pixels {
        let base: UnsafeRawPointer
        let width: Int, height: Int, stride: Int

        func row(_ y: Int) -> UnsafePointer<UInt32> {
            (base + y * stride).assumingMemoryBound(to: UInt32.self)
        }

        /// Whether row `y` has the same pixels as the row above it.
        func repeatsRowAbove(_ y: Int) -> Bool {
            y > 0 && memcmp(base + y * stride, base + (y - 1) * stride, width * 4) == 0
        }
    }

    /// The image as deflate's input: each row as PNG bytes after its filter byte, owned and freed here.
    struct FilteredRows: ~Copyable {
        let source: Pixels
        let channels: Int
        let rowBytes: Int
        let bytes: UnsafeMutableRawBufferPointer

        init(_ source: Pixels, channels: Int) throws(RenderError) {
            self.source = source
            self.channels = channels
            rowBytes = source.width * channels
            let count = source.height * (rowBytes + 1)
            // Fresh memory is faulted in page by page as the rows are written: in 2 MiB pages
            // rather than 4 KiB ones that took a third of the conversion at 3× (about 80 of 240 ms
            // for 2,000 buttons). The advice is only that: a kernel without huge pages ignores it.
            let page = 1 << 21
            var memory: UnsafeMutableRawPointer?
            guard posix_memalign(&memory, count >= page ? page : 16, count) == 0, let memory else {
                throw RenderError("encoding PNG: no memory for \(count) bytes of rows")
            }
            if count >= page { _ = madvise(memory, count, MADV_HUGEPAGE) }
            bytes = UnsafeMutableRawBufferPointer(start: memory, count: count)
        }

        deinit { free(bytes.baseAddress) }

        /// Fills every row; false (and the rows unfinished) when an RGB image met a pixel that is
        /// not opaque. (Converting in bands on both cores measured no faster: libdeflate then
        /// reads rows the other core wrote, and the conversion is a tenth of the encode.)
        func fill() -> Bool {
            // Past deflate's 32 KiB window a row can no longer be matched against the one above:
            // a repeated row is sent as Up's zeros then, and unfiltered (a copy) otherwise.
            let repeatAsUp = rowBytes + 1 > 32_768
            for y in 0..<source.height {
                let line = bytes.baseAddress! + y * (rowBytes + 1)
                if source.repeatsRowAbove(y) {
                    line.storeBytes(of: (repeatAsUp ? RowFilter.up : .none).rawValue, as: UInt8.self)
                    if repeatAsUp {
                        memset(line + 1, 0, rowBytes)
                    } else {
                        (line + 1).copyMemory(from: line - rowBytes, byteCount: rowBytes)
                    }
                    continue
                }
                line.storeBytes(of: RowFilter.none.rawValue, as: UInt8.self)
                let out = (line + 1).assumingMemoryBound(to: UInt8.self)
                if channels == 3 {
                    guard PNGEncoder.rgb(source.row(y), count: source.width, into: out) else { return false }
                } else {
                    PNGEncoder.unpremultiply(source.row(y), count: source.width, into: out)
                }
            }
            return true
        }
    }

    /// Cairo's native-endian ARGB to RGB bytes; false when a pixel is not opaque (its RGB would be premultiplied).
    private static func rgb(_ row: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        var all: UInt32 = 0xFF00_0000
        for x in 0..<count {
            let pixel = row[x]
            all &= pixel
            out[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
            out[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
            out[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
        }
        return all & 0xFF00_0000 == 0xFF00_0000
    }

    /// Cairo's premultiplied native-endian ARGB to PNG's straight RGBA bytes.
    private static func unpremultiply(_ row: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for x in 0..<count {
            let pixel = row[x]
            let alpha = pixel >> 24
            var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
            if alpha != 0 && alpha != 255 {
                r = (r * 255 + alpha / 2) / alpha
                g = (g * 255 + alpha / 2) / alpha
                b = (b * 255 + alpha / 2) / alpha
            }
            out[4 * x] = UInt8(truncatingIfNeeded: r)
            out[4 * x + 1] = UInt8(truncatingIfNeeded: g)
            out[4 * x + 2] = UInt8(truncatingIfNeeded: b)
            out[4 * x + 3] = UInt8(truncatingIfNeeded: alpha)
        }
    }
}

/// A libdeflate compressor at one level, freed with its owner.
final class DeflateCompressor {
    let pointer: OpaquePointer

    init(level: Int32) throws(RenderError) {
        // libdeflate answers nil for a level outside 0...12 as for a failed allocation.
        guard let pointer = libdeflate_alloc_compressor(level) else {
            throw RenderError("encoding PNG: libdeflate has no compressor at level \(level) (levels are 0 to 12)")
        }
        self.pointer = pointer
    }

    deinit { libdeflate_free_compressor(pointer) }

    /// The most bytes a zlib stream of `count` bytes can take.
    func zlibBound(_ count: Int) -> Int {
        libdeflate_zlib_compress_bound(pointer, count)
    }

    /// `input` as a zlib stream written into `output`; its length, 0 when it did not fit.
    func zlibCompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int {
        libdeflate_zlib_compress(pointer, input.baseAddress, input.count, output.baseAddress, output.count)
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        let crc = withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + ($0.count - data.count - 4), data.count + 4) }
        appendBigEndian(crc)
    }
}

private extension UnsafeMutableRawBufferPointer {
    func storeBigEndian(_ value: UInt32, at offset: inout Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
        offset += 4
    }

    /// Writes a chunk's four-letter type at `offset`; the offset after it.
    func storeChunkType(_ type: StaticString, at offset: Int) -> Int {
        (self.baseAddress! + offset).copyMemory(from: type.utf8Start, byteCount: 4)
        return offset + 4
    }
}
