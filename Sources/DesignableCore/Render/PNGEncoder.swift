import CDeflate
import CISAL
#if canImport(Glibc)
import Glibc
#endif

/// Writes Cairo image surfaces as PNG, several times faster than Cairo's own writer.
///
/// libpng as Cairo drives it tries every row filter on every row and deflates at the default
/// level; that search dominated a render. Flat UI pictures need none of it: rows of at most 8 KiB
/// are sent unfiltered (a repeated row is a match for deflate in the row above, and the same
/// button again along the row another), wider rows as Up (each byte minus the one above, a
/// repeated row all zeros). ISA-L's igzip deflates them at its fastest level with a single-entry
/// hash: it finds the repeats along unfiltered narrow rows, but across wide ones mostly misses the
/// row above, which Up turns into runs of zeros (at 2,000 buttons, unfiltered rows packed 8%
/// smaller at 1×, and Up rows a quarter smaller at 2× and 3×).
///
/// The rows are deflated on every core at once, pigz-style: each core converts and compresses its
/// own band of rows, every band but the last ending in a sync flush (an empty stored block, so the
/// next band starts on a byte), the last one final; the bands' raw deflate streams are
/// concatenated inside one zlib header and an Adler-32 combined from the bands' own. Each band
/// starts without the one before as history, which costs a row or so of matches a band. At 2,000
/// buttons on 2 cores this takes a fifth (1×) to a quarter (3×) of the time zlib's fastest level
/// took over Up rows on one core, in files 8% (1×) and 3% (3×) smaller; libdeflate's fastest level
/// on one core took about two thirds, for files a sixth smaller still. An opaque canvas (the
/// usual case) is written as RGB, a quarter less to compress.
///
/// A band's rows are converted a chunk at a time into a small buffer of its own and deflated from
/// there while still in the core's cache: never the whole image's rows at once. Those took fresh
/// memory as large as the picture on every write (26 MB at 2,000 buttons 1×, 235 MB at 3×), whose
/// page faults were a third of the conversion; in 2 MiB pages they were cheaper, until the kernel
/// had to compact memory to find them, which stalled a write for 30–50 ms at random.
public enum PNGEncoder {
    /// PNG's row filters, the byte before each row: the two this encoder chooses between.
    enum RowFilter: UInt8 {
        /// The row as it is.
        case none = 0
        /// Each byte minus the one above it.
        case up = 2
    }

    /// Rows up to this many bytes (with the filter byte) go unfiltered; wider ones as Up.
    static let widestUnfilteredRow = 8192

    /// The fewest bytes of rows worth a band of their own (and a thread): below it a thread's
    /// start and ISA-L's set-up are a noticeable share of compressing the band.
    static let smallestBand = 1 << 20

    /// About how many bytes of rows are converted before they are deflated: a chunk stays in the
    /// core's cache between the two, and ISA-L's cost per call is lost in it.
    static let chunkBytes = 128 << 10

    /// The PNG file of `surface`, deflated at ISA-L's `level` (0 to 3; 1 is its fastest with a
    /// dynamic Huffman code per block), in `bands` bands compressed at once (by default one for
    /// each core, none smaller than a mebibyte of rows), each converted `rowsPerChunk` rows at a
    /// time (by default about 128 KiB of them). The pixels are the same whatever the counts.
    public static func encode(_ surface: ImageSurface, level: UInt32 = 1, bands: Int? = nil,
                              rowsPerChunk: Int? = nil) throws(RenderError) -> [UInt8] {
        guard let pixels = surface.data else { throw RenderError("encoding PNG: the surface has no pixels") }
        guard level <= UInt32(ISAL_DEF_MAX_LEVEL) else {
            throw RenderError("encoding PNG: ISA-L has no level \(level) (levels are 0 to \(ISAL_DEF_MAX_LEVEL))")
        }
        let source = Pixels(base: UnsafeRawPointer(pixels), width: surface.width, height: surface.height, stride: surface.stride)
        // Written as RGB until a pixel that is not opaque turns up, then again as RGBA: a canvas
        // is opaque unless it asks for a clear background, and so is read once.
        var channels = 3
        var streams = try compress(source, channels: channels, level: level, bands: bands, rowsPerChunk: rowsPerChunk)
        if streams == nil {
            channels = 4
            streams = try compress(source, channels: channels, level: level, bands: bands, rowsPerChunk: rowsPerChunk)
        }
        guard let streams else { throw RenderError("encoding PNG: RGBA rows were taken for translucent") }

        var header: [UInt8] = []
        header.appendBigEndian(UInt32(source.width))
        header.appendBigEndian(UInt32(source.height))
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0] // 8 bits, RGB or RGBA, deflate, adaptive filtering, no interlace
        var head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        head.appendChunk("IHDR", header)

        // One IDAT chunk: its length, its type, the zlib header (deflate, 32 KiB window, fastest),
        // each band's stream, the Adler-32 of all rows, the chunk's CRC; then IEND.
        var adler: UInt32 = 1
        for band in streams { adler = adler32Combine(adler, band.adler, length: band.length) }
        let compressed = 2 + streams.reduce(0) { $0 + $1.stream.count } + 4
        guard compressed <= Int(Int32.max) else { throw RenderError("encoding PNG: the image deflates to \(compressed) bytes, more than a PNG chunk holds") }
        let start = head.count
        let capacity = start + 8 + compressed + 4 + 12
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let file = UnsafeMutableRawBufferPointer(buffer)
            head.withUnsafeBytes { file.copyMemory(from: $0) }
            var end = start
            file.storeBigEndian(UInt32(compressed), at: &end)
            end = file.storeChunkType("IDAT", at: end)
            file[end] = 0x78
            file[end + 1] = 0x01
            end += 2
            for band in streams {
                (file.baseAddress! + end).copyMemory(from: band.stream.baseAddress!, byteCount: band.stream.count)
                end += band.stream.count
            }
            file.storeBigEndian(adler, at: &end)
            file.storeBigEndian(libdeflate_crc32(0, file.baseAddress! + start + 4, 4 + compressed), at: &end)
            file.storeBigEndian(0, at: &end)
            end = file.storeChunkType("IEND", at: end)
            file.storeBigEndian(libdeflate_crc32(0, file.baseAddress! + end - 4, 4), at: &end)
            count = end
        }
    }

    /// One band of rows deflated: how many bytes of rows, their raw deflate stream and their Adler-32.
    struct Band {
        let length: Int
        let stream: DeflateStream
        let adler: UInt32
    }

    /// The image's rows as `channels`-byte pixels, deflated band by band, each band on its own
    /// thread but the last (run here); nil when RGB rows met a pixel that is not opaque.
    private static func compress(_ source: Pixels, channels: Int, level: UInt32, bands: Int?, rowsPerChunk: Int?) throws(RenderError) -> [Band]? {
        let height = source.height
        let lineBytes = source.width * channels + 1
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let count = max(1, min(height, bands ?? min(cores, height * lineBytes / smallestBand)))
        let chunkRows = max(1, rowsPerChunk ?? chunkBytes / lineBytes)
        let ranges = (0..<count).map { (height * $0 / count)..<(height * ($0 + 1) / count) }
        var results = [Result<Band?, RenderError>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each worker writes only its own slot, and is joined before the slots are read.
            let out = slots
            let work = { (band: Int) in
                out[band] = Result { () throws(RenderError) -> Band? in
                    try deflate(rows: ranges[band], of: source, channels: channels, chunkRows: chunkRows, level: level, final: band == count - 1)
                }
            }
            let workers = (0..<(count - 1)).map { band in WorkerThread { work(band) } }
            work(count - 1)
            workers.forEach { $0.join() }
        }
        var done: [Band] = []
        for result in results {
            guard let band = try result!.get() else { return nil }
            done.append(band)
        }
        return done
    }

    /// One band: its rows converted `chunkRows` at a time and deflated as they come, the stream
    /// ending final or on a sync flush; nil when RGB rows met a pixel that is not opaque.
    private static func deflate(rows: Range<Int>, of source: Pixels, channels: Int, chunkRows: Int, level: UInt32, final: Bool) throws(RenderError) -> Band? {
        let chunks = RowChunks(source, channels: channels, rowsPerChunk: min(chunkRows, rows.count))
        let stream = try DeflateStream(level: level, expecting: rows.count * chunks.lineBytes / 8)
        var adler: UInt32 = 1
        var y = rows.lowerBound
        // At least once: a band of no rows still ends its stream.
        repeat {
            let chunk = y..<min(rows.upperBound, y + chunks.rowsPerChunk)
            guard let bytes = chunks.fill(chunk) else { return nil }
            adler = libdeflate_adler32(adler, bytes.baseAddress, bytes.count)
            try stream.deflate(bytes, ending: chunk.upperBound < rows.upperBound ? .nothing : final ? .stream : .block)
            y = chunk.upperBound
        } while y < rows.upperBound
        return Band(length: rows.count * chunks.lineBytes, stream: stream, adler: adler)
    }

    /// zlib's `adler32_combine`: the Adler-32 of two inputs one after the other, from the first's
    /// checksum, the second's and the second's length.
    static func adler32Combine(_ first: UInt32, _ second: UInt32, length: Int) -> UInt32 {
        let base: UInt64 = 65521
        let remainder = UInt64(length) % base
        var sum1 = UInt64(first & 0xFFFF)
        var sum2 = remainder * sum1 % base
        sum1 += UInt64(second & 0xFFFF) + base - 1
        sum2 += UInt64(first >> 16) + UInt64(second >> 16) + base - remainder
        if sum1 >= base { sum1 -= base }
        if sum1 >= base { sum1 -= base }
        if sum2 >= base << 1 { sum2 -= base << 1 }
        if sum2 >= base { sum2 -= base }
        return UInt32(sum2 << 16 | sum1)
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

    /// Rows as deflate's input, each as PNG bytes after its filter byte, made a chunk of rows at a
    /// time into one buffer (overwritten by the next chunk), with what the Up filter carries from
    /// one row to the next; all freed with their owner. One band's, used on one thread.
    final class RowChunks {
        let source: Pixels
        let channels: Int
        let rowBytes: Int
        /// A row's bytes with its filter byte.
        var lineBytes: Int { rowBytes + 1 }
        let rowsPerChunk: Int
        private let chunk: UnsafeMutableRawPointer
        private let scratch: UnsafeMutableRawPointer
        /// Up's rows before filtering: the row above the one being made, and that one.
        private var above: UnsafeMutableRawPointer, current: UnsafeMutableRawPointer
        /// Which row's pixels `above` holds, converted; nil before the first.
        private var aboveRow: Int?

        init(_ source: Pixels, channels: Int, rowsPerChunk: Int) {
            self.source = source
            self.channels = channels
            rowBytes = source.width * channels
            self.rowsPerChunk = max(1, rowsPerChunk)
            chunk = .allocate(byteCount: self.rowsPerChunk * (rowBytes + 1), alignment: 64)
            scratch = .allocate(byteCount: 2 * rowBytes, alignment: 64)
            above = scratch
            current = scratch + rowBytes
        }

        deinit {
            chunk.deallocate()
            scratch.deallocate()
        }

        /// Rows `rows` (at most `rowsPerChunk`, following the rows made before, if any), valid
        /// until the next call; nil when an RGB image met a pixel that is not opaque.
        func fill(_ rows: Range<Int>) -> UnsafeRawBufferPointer? {
            precondition(rows.count <= rowsPerChunk, "a chunk of \(rows.count) rows in room for \(rowsPerChunk)")
            let line = { (y: Int) in self.chunk + (y - rows.lowerBound) * (self.rowBytes + 1) }
            if rowBytes + 1 <= PNGEncoder.widestUnfilteredRow {
                for y in rows {
                    line(y).storeBytes(of: RowFilter.none.rawValue, as: UInt8.self)
                    if y > rows.lowerBound && source.repeatsRowAbove(y) {
                        (line(y) + 1).copyMemory(from: line(y - 1) + 1, byteCount: rowBytes)
                    } else if !convert(y, into: line(y) + 1) {
                        return nil
                    }
                }
            } else {
                for y in rows where !up(y, into: line(y)) { return nil }
            }
            return UnsafeRawBufferPointer(start: chunk, count: rows.count * (rowBytes + 1))
        }

        /// Row `y` as Up (the first row of the image as it is) with its filter byte at `out`.
        private func up(_ y: Int, into out: UnsafeMutableRawPointer) -> Bool {
            guard y > 0 else {
                out.storeBytes(of: RowFilter.none.rawValue, as: UInt8.self)
                return convert(y, into: out + 1)
            }
            out.storeBytes(of: RowFilter.up.rawValue, as: UInt8.self)
            if source.repeatsRowAbove(y) {
                memset(out + 1, 0, rowBytes)
                // Row y's pixels are the row above's, so `above` holds them too if it held those.
                if aboveRow == y - 1 { aboveRow = y }
                return true
            }
            if aboveRow != y - 1 {
                guard convert(y - 1, into: above) else { return false }
            }
            guard convert(y, into: current) else { return false }
            let a = above.assumingMemoryBound(to: UInt8.self), b = current.assumingMemoryBound(to: UInt8.self)
            let o = (out + 1).assumingMemoryBound(to: UInt8.self)
            for i in 0..<rowBytes { o[i] = b[i] &- a[i] }
            swap(&above, &current)
            aboveRow = y
            return true
        }

        /// Row `y` as PNG's RGB or RGBA bytes at `out`; false when RGB met a translucent pixel.
        private func convert(_ y: Int, into out: UnsafeMutableRawPointer) -> Bool {
            let bytes = out.assumingMemoryBound(to: UInt8.self)
            if channels == 3 { return PNGEncoder.rgb(source.row(y), count: source.width, into: bytes) }
            PNGEncoder.unpremultiply(source.row(y), count: source.width, into: bytes)
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

/// An ISA-L deflate stream and the raw deflate it has written, all freed with their owner.
final class DeflateStream {
    private let state: UnsafeMutablePointer<isal_zstream>
    private let levelBuffer: UnsafeMutableRawBufferPointer?
    private var output: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes of deflate `output` holds.
    private(set) var count = 0

    /// A stream at ISA-L's `level`, with room for `expecting` bytes of output to start with.
    init(level: UInt32, expecting: Int) throws(RenderError) {
        let levelBytes = Int(designable_isal_level_buffer_size(level))
        capacity = max(expecting, 1 << 16)
        guard let output = malloc(capacity) else { throw RenderError("encoding PNG: no memory for \(capacity) bytes of deflate") }
        self.output = output
        state = .allocate(capacity: 1)
        isal_deflate_init(state)
        levelBuffer = levelBytes > 0 ? .allocate(byteCount: levelBytes, alignment: 64) : nil
        state.pointee.level = level
        state.pointee.level_buf = levelBuffer?.baseAddress?.assumingMemoryBound(to: UInt8.self)
        state.pointee.level_buf_size = UInt32(levelBytes)
    }

    deinit {
        free(output)
        levelBuffer?.deallocate()
        state.deallocate()
    }

    /// The deflate written so far.
    var baseAddress: UnsafeRawPointer? { UnsafeRawPointer(output) }

    /// How a call to `deflate` leaves the stream.
    enum Ending {
        /// Open for more input, which continues the same deflate data with this input as history.
        case nothing
        /// On a byte, after a sync flush (an empty stored block, not final), so that another
        /// stream can follow it.
        case block
        /// Ended: its final block written.
        case stream
    }

    /// Deflates `input`, leaving the stream as `ending` says.
    func deflate(_ input: UnsafeRawBufferPointer, ending: Ending) throws(RenderError) {
        var rest = input
        state.pointee.flush = UInt16(ending == .nothing ? NO_FLUSH : SYNC_FLUSH)
        repeat {
            // ISA-L counts in 32 bits: the input goes in pieces of at most a gibibyte.
            let piece = UnsafeRawBufferPointer(rebasing: rest.prefix(1 << 30))
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(piece.count))
            state.pointee.next_in = UnsafeMutablePointer(mutating: piece.baseAddress?.assumingMemoryBound(to: UInt8.self))
            state.pointee.avail_in = UInt32(piece.count)
            state.pointee.end_of_stream = ending == .stream && rest.isEmpty ? 1 : 0
            while true {
                if capacity - count < 1 << 16 {
                    capacity *= 2
                    guard let grown = realloc(output, capacity) else { throw RenderError("encoding PNG: no memory for \(capacity) bytes of deflate") }
                    output = grown
                }
                state.pointee.next_out = (output + count).assumingMemoryBound(to: UInt8.self)
                state.pointee.avail_out = UInt32(min(capacity - count, 1 << 30))
                let room = Int(state.pointee.avail_out)
                let status = isal_deflate(state)
                guard status == COMP_OK else { throw RenderError("encoding PNG: ISA-L failed to deflate (\(status))") }
                count += room - Int(state.pointee.avail_out)
                // Done with this piece once its input is taken and the output was not filled up
                // (ISA-L's own test that a flush is complete), and the stream ended if asked to.
                let ended = state.pointee.end_of_stream == 0 || state.pointee.internal_state.state == ZSTATE_END
                if state.pointee.avail_in == 0 && state.pointee.avail_out > 0 && ended { break }
            }
        } while !rest.isEmpty
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
