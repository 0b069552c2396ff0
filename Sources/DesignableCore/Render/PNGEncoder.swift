import CZlib

/// Writes Cairo image surfaces as PNG, several times faster than Cairo's own writer.
///
/// libpng as Cairo drives it tries every row filter on every row and deflates at the default
/// level; that search dominated a render (about 88% of a gallery frame). Flat UI pictures need
/// none of it: the "Up" filter turns vertically repeating rows (solid fills, horizontal gradients,
/// the background) into runs of zeros, which deflate's fastest level packs about as well. An
/// opaque canvas (the usual case) is written as RGB, a quarter less to compress.
public enum PNGEncoder {
    public static func encode(_ surface: ImageSurface, level: Int32 = 1) throws(RenderError) -> [UInt8] {
        guard let pixels = surface.data else { throw RenderError("encoding PNG: the surface has no pixels") }
        let width = surface.width, height = surface.height, stride = surface.stride
        let opaque = isOpaque(pixels, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels

        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0] // 8 bits, RGB or RGBA, deflate, adaptive filtering, no interlace
        output.appendChunk("IHDR", header)

        var stream = z_stream()
        guard czlib_deflate_init(&stream, level, Z_DEFAULT_STRATEGY) == Z_OK else {
            throw RenderError("encoding PNG: zlib could not start")
        }
        defer { deflateEnd(&stream) }

        // One filtered row at a time: the filter byte, then the row minus the row above.
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        filtered[0] = 2 // Up
        var compressed = [UInt8](repeating: 0, count: 1 << 16)
        var idat: [UInt8] = []
        idat.reserveCapacity(height * rowBytes / 8)

        func pump(_ flush: Int32) throws(RenderError) {
            repeat {
                let status = compressed.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let status = deflate(&stream, flush)
                    idat.append(contentsOf: buffer[0..<(buffer.count - Int(stream.avail_out))])
                    return status
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw RenderError("encoding PNG: deflate failed (\(status))")
                }
            } while stream.avail_out == 0
        }

        for y in 0..<height {
            let row = pixels.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            current.withUnsafeMutableBufferPointer { out in
                unpremultiply(row, count: width, into: out.baseAddress!, opaque: opaque)
            }
            filtered.withUnsafeMutableBufferPointer { out in
                current.withUnsafeBufferPointer { now in
                    previous.withUnsafeBufferPointer { above in
                        for index in 0..<rowBytes { out[index + 1] = now[index] &- above[index] }
                    }
                }
            }
            swap(&previous, &current)
            try filtered.withUnsafeMutableBufferPointer { (input: inout UnsafeMutableBufferPointer<UInt8>) throws(RenderError) in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                try pump(Z_NO_FLUSH)
            }
        }
        stream.next_in = nil
        stream.avail_in = 0
        try pump(Z_FINISH)
        output.appendChunk("IDAT", idat)
        output.appendChunk("IEND", [])
        return output
    }

    private static func isOpaque(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = pixels.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Cairo's premultiplied native-endian ARGB to PNG's straight RGB(A) bytes.
    private static func unpremultiply(_ row: UnsafeMutablePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>, opaque: Bool) {
        if opaque {
            for x in 0..<count {
                let pixel = row[x]
                out[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
            }
            return
        }
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

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, typeBytes, UInt32(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        appendBigEndian(UInt32(crc))
    }
}
