import CCairo
import CPango
import CRsvg

/// An SVG document parsed by librsvg, freed with its owner.
final class SVGDocument {
    let pointer: OpaquePointer
    /// The document's own size in points (its width/height, else its viewBox).
    let size: Size
    /// The bytes parsed: what an image cache counts the document as.
    let fileSize: Int
    private let functions: Librsvg.Functions

    /// Parses the SVG at `path`, read through `FileSystem.read` so a pipe or a huge file is
    /// refused rather than handed to librsvg. Without a base file, an SVG cannot pull in files
    /// beside it: images stay within what the style file names.
    convenience init(path: String) throws(RenderError) {
        try self.init(bytes: try ImageProbe.read(path))
    }

    /// Parses an SVG document held in memory.
    init(bytes: [UInt8]) throws(RenderError) {
        let rsvg = try Librsvg.loaded.get()
        var error: UnsafeMutablePointer<GError>?
        let made = bytes.withUnsafeBufferPointer { rsvg.newFromData($0.baseAddress, UInt($0.count), &error) }
        guard let handle = made else {
            // libxml's messages end with a newline; the finding is one line.
            let reason = error.map { String(String(cString: $0.pointee.message).trimmingWhitespace()) } ?? "unreadable SVG"
            if let error { g_error_free(error) }
            throw RenderError(reason)
        }
        pointer = handle
        functions = rsvg
        fileSize = bytes.count
        rsvg.setDPI(handle, 96)
        var width = 0.0, height = 0.0
        if rsvg.intrinsicSizeInPixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg.intrinsicDimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            (width, height) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (24, 24)
        }
        size = Size(width: width, height: height)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Rasterises the whole document to a `width`×`height` pixel surface.
    func rasterise(width: Int, height: Int) throws(RenderError) -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height)
        let drawing = try DrawingContext(surface)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        // librsvg fits a document into a viewport of another shape, keeping its own; an image
        // view's scaleToFill stretches it instead. Within a pixel of its shape it is fitted as is.
        let (across, down) = (Double(width) / max(size.width, 0.001), Double(height) / max(size.height, 0.001))
        if abs(across - down) * max(size.width, size.height) > 1 {
            cairo_scale(drawing.pointer, across, down)
            viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        }
        var error: UnsafeMutablePointer<GError>?
        if functions.renderDocument(pointer, drawing.pointer, &viewport, &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "could not draw"
            if let error { g_error_free(error) }
            throw RenderError(reason)
        }
        try drawing.check("drawing SVG")
        return surface
    }
}

/// What an image file is, learnt from its header (a PNG's signature and IHDR, and its last
/// bytes) or, for SVG, from librsvg's parse: the loader checks every image this way, so `check`
/// decodes no pixels, and a broken or huge one is a finding at its line. Commands that draw have
/// a PNG decoded whole as well (`decodesBitmaps`), so data corrupt past the header is found too.
public enum ImageProbe {
    /// The width and height IHDR gives, big-endian in a PNG's bytes 16 to 23 (`header` holds at
    /// least 24 bytes).
    static func pixelSize(ofHeader header: [UInt8]) -> (width: Int, height: Int) {
        func be32(_ offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// Largest image file read: far beyond any icon, small enough to hold at once.
    public static let maximumFileSize = 32 << 20
    /// Most pixels one PNG may have: the canvas's own limit (`Renderer.maximumPixels`), as an
    /// image larger than any canvas could never be drawn whole, and decoding it costs 4 bytes a pixel.
    public static let maximumPixels = Renderer.maximumPixels

    /// A bitmap's size in pixels, or nil for SVG (its size comes from the parse).
    public typealias Pixels = (width: Int, height: Int)

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Recent answers by path, while the file's identity is unchanged: every view naming the
    /// image, and every reload, asks again.
    nonisolated(unsafe) private static var answers: [String: (identity: [Int]?, answer: Result<Pixels?, RenderError>)] = [:]

    /// Whether a PNG's pixels are decoded when it is checked, beyond its header: set by the
    /// commands that draw (`render`, `snapshot`, the preview and its worker), which decode it to
    /// draw it anyway, so a PNG whose image data is corrupt is a finding at its line, as one cut
    /// short is, rather than a placeholder said nowhere. `check` reads only headers.
    nonisolated(unsafe) public static var decodesBitmaps = false {
        didSet { answers = [:] }
    }

    /// Whether librsvg is open: a test makes every read meet it still opening.
    nonisolated(unsafe) static var librsvgIsOpen: () -> Bool = { Librsvg.isOpen }

    /// SVG files taken as drawable by `checkWithoutWaiting`, to be checked when the read ends.
    nonisolated(unsafe) private static var deferred: [ImageReference.File] = []

    /// `check`'s answer, unless it would wait for librsvg to finish opening: then nil, and the
    /// file is noted for `settleDeferred`. The preview's first read starts while its warm-up
    /// thread opens the library (5 ms or so); decoding on meanwhile, rather than waiting at the
    /// first SVG, brings its first frame sooner.
    static func checkWithoutWaiting(_ file: ImageReference.File) -> Result<Pixels?, RenderError>? {
        if file.isVector, !librsvgIsOpen() {
            if let known = keptAnswer(file.path, identity: FileSystem.identity(file.path)) { return known }
            deferred.append(file)
            return nil
        }
        return check(file)
    }

    /// Checks the files `checkWithoutWaiting` left unchecked, waiting for librsvg if need be:
    /// false when one of them cannot be drawn, and the read that took it on trust must be done
    /// again. Every one is checked, so that read has all their answers.
    static func settleDeferred() -> Bool {
        let files = deferred
        deferred = []
        var drawable = true
        for file in files {
            if case .failure = check(file) { drawable = false }
        }
        return drawable
    }

    /// The answer kept for `path` while its identity is unchanged.
    private static func keptAnswer(_ path: String, identity: [Int]?) -> Result<Pixels?, RenderError>? {
        guard let known = answers[path], known.identity == identity else { return nil }
        return known.answer
    }

    /// The file's pixel size (nil for SVG), or what is wrong with it, in words that follow its name.
    public static func check(_ file: ImageReference.File) -> Result<Pixels?, RenderError> {
        let identity = FileSystem.identity(file.path)
        if let known = keptAnswer(file.path, identity: identity) { return known }
        let answer: Result<Pixels?, RenderError>
        do throws(RenderError) {
            answer = .success(file.isVector ? try checkSVG(file.path) : try checkPNG(file.path))
        } catch {
            answer = .failure(error)
        }
        if answers.count > 256 {
            answers.removeAll()
            svgSizes.removeAll()
        }
        answers[file.path] = (identity, answer)
        return answer
    }

    private static func checkSVG(_ path: String) throws(RenderError) -> Pixels? {
        // A pipe or a folder by the name is said as what it is, not as an SVG gone wrong.
        let bytes = try read(path)
        do {
            svgSizes[path] = try SVGDocument(bytes: bytes).size
        } catch {
            throw RenderError("is not a valid SVG: \(error.message)")
        }
        return nil
    }

    /// The sizes of the SVGs `check` parsed, in points, by path: what `pointSize` answers with.
    nonisolated(unsafe) private static var svgSizes: [String: Size] = [:]

    /// The size in points of the file `image` draws at `scale`, as `ImageCache.size` gives it,
    /// from the check the loader made rather than from decoded pixels: for a view's layer, which
    /// is set up without a painter (an image drawn past its bounds). Nil when it cannot be drawn.
    public static func pointSize(of image: ImageReference, scale: Double = 1) -> Size? {
        guard let file = image.bestFile(forScale: scale), case .success(let pixels) = check(file) else { return nil }
        if let pixels { return Size(width: Double(pixels.width) / Double(file.scale), height: Double(pixels.height) / Double(file.scale)) }
        return svgSizes[file.path] ?? (try? SVGDocument(path: file.path))?.size
    }

    private static func checkPNG(_ path: String) throws(RenderError) -> Pixels {
        let ends: (head: [UInt8], tail: [UInt8], size: Int)
        do {
            ends = try FileSystem.readEnds(path, head: 33, tail: 64, limit: maximumFileSize)
        } catch {
            throw RenderError(error.reason)
        }
        let head = ends.head
        guard head.count >= 8, Array(head[0..<8]) == signature else { throw RenderError("is not a PNG file (it does not start with PNG's signature)") }
        // The signature, then IHDR's length and type, width and height (big-endian), depth, colour type...
        guard head.count >= 33 else { throw RenderError("is a truncated PNG (it ends within its header)") }
        guard Array(head[12..<16]) == Array("IHDR".utf8) else { throw RenderError("is not a valid PNG (its first chunk is not IHDR)") }
        let (width, height) = pixelSize(ofHeader: Array(head.prefix(24)))
        guard width > 0, height > 0 else { throw RenderError("is not a valid PNG (it is \(width)×\(height) pixels)") }
        let side = ImageSurface.maximumSide
        guard width <= side, height <= side, width * height <= maximumPixels else {
            throw RenderError("is \(width)×\(height) pixels: too large to draw (images are limited to \(side) pixels a side and \(maximumPixels >> 20) megapixels)")
        }
        // A PNG ends with an IEND chunk; a file cut short (a copy in progress, a broken download) has none.
        let iend = Array("IEND".utf8)
        guard ends.tail.count >= 4, (0...(ends.tail.count - 4)).contains(where: { Array(ends.tail[$0..<$0 + 4]) == iend }) else {
            throw RenderError("is a truncated PNG (it has no end chunk)")
        }
        if decodesBitmaps { _ = try decodePNG(path) }
        return (width, height)
    }

    /// The PNG at `path` decoded, read within the file size limit and without blocking; what
    /// is wrong, in words that follow its name, when it cannot be.
    static func decodePNG(_ path: String) throws(RenderError) -> ImageSurface {
        try ImageSurface(pngBytes: try read(path))
    }

    /// The image file's bytes, refused (in words that follow its name) when it is no regular
    /// file or is over `maximumFileSize`.
    static func read(_ path: String) throws(RenderError) -> [UInt8] {
        do {
            return try FileSystem.read(path, limit: maximumFileSize)
        } catch {
            throw RenderError(error.reason)
        }
    }
}

/// Decoded images, kept while their files are unchanged: a PNG is read and an SVG parsed once,
/// and an SVG is rasterised once per pixel size.
public final class ImageCache {
    private enum Decoded {
        case bitmap(ImageSurface, pixelScale: Double)
        case vector(SVGDocument)
        case unreadable
    }

    private struct Entry {
        var identity: [Int]?
        var decoded: Decoded
    }

    private struct RasterKey: Hashable {
        let path: String
        let width: Int, height: Int
    }

    private var entries: [String: Entry] = [:]
    private var rasters: [RasterKey: ImageSurface] = [:]
    /// The bytes the kept images take: decoded pixels, rasterised SVGs, and each SVG document
    /// counted at its file's size.
    private var keptBytes = 0
    /// Kept images take at most this much: a new one that would pass it lets every other go
    /// (decoded again when next drawn), so a file naming many large images holds at most this
    /// and the one being drawn, not all of them (eight 4000×4000 PNGs kept 527 MB).
    public static let keptBytesLimit = 256 << 20
    private let keptBytesLimit: Int

    /// Counts the files forgotten: pixels drawn from an image (a view's, kept) are stale once it changes.
    public private(set) var generation = 0

    public init() {
        keptBytesLimit = Self.keptBytesLimit
    }

    /// A cache of another bound than `ImageCache.keptBytesLimit`: for tests.
    init(keptBytesLimit: Int) {
        self.keptBytesLimit = keptBytesLimit
    }

    /// Forgets any file whose identity (inode, size, mtime) changed since it was decoded.
    public func revalidate() {
        for (path, entry) in entries where FileSystem.identity(path) != entry.identity {
            forget(path)
        }
    }

    public func forget(_ path: String) {
        generation += 1
        if let entry = entries.removeValue(forKey: path) { keptBytes -= Self.bytes(of: entry.decoded) }
        for (key, raster) in rasters where key.path == path {
            keptBytes -= raster.stride * raster.height
            rasters[key] = nil
        }
    }

    /// Lets go of every kept image but `path`'s (the SVG a raster is being made of, which must
    /// stay known for `revalidate` to forget the raster when the file changes) when `bytes`
    /// more would pass `keptBytesLimit`. What is let go of is not stale, only not kept: no
    /// `generation` passes.
    private func makeRoom(for bytes: Int, keeping path: String? = nil) {
        guard keptBytes + bytes > keptBytesLimit, keptBytes > 0 else { return }
        let kept = path.flatMap { entries[$0] }
        entries.removeAll()
        rasters.removeAll()
        keptBytes = 0
        if let path, let kept {
            entries[path] = kept
            keptBytes = Self.bytes(of: kept.decoded)
        }
    }

    private static func bytes(of decoded: Decoded) -> Int {
        switch decoded {
        case .bitmap(let surface, _): return surface.stride * surface.height
        case .vector(let svg): return svg.fileSize
        case .unreadable: return 0
        }
    }

    private func decoded(_ file: ImageReference.File) -> Decoded {
        if let entry = entries[file.path] { return entry.decoded }
        let identity = FileSystem.identity(file.path)
        let decoded: Decoded
        do throws(RenderError) {
            // The probe bounds what decoding may cost: a file changed since the load was checked.
            if case .failure(let error) = ImageProbe.check(file) { throw error }
            decoded = file.isVector
                ? .vector(try SVGDocument(path: file.path))
                : .bitmap(try ImageProbe.decodePNG(file.path), pixelScale: Double(file.scale))
        } catch {
            decoded = .unreadable
        }
        let bytes = Self.bytes(of: decoded)
        makeRoom(for: bytes)
        entries[file.path] = Entry(identity: identity, decoded: decoded)
        keptBytes += bytes
        return decoded
    }

    /// The image's size in points; the placeholder's when it is missing or unreadable.
    public func size(of image: ImageReference, scale: Double = 1) -> Size {
        guard let file = image.bestFile(forScale: scale) else { return Self.placeholderSize }
        // A bitmap's size is in its header: laying out (as `check` does) decodes no pixels here.
        if !file.isVector, entries[file.path] == nil {
            guard case .success(let pixels?) = ImageProbe.check(file) else { return Self.placeholderSize }
            return Size(width: Double(pixels.width) / Double(file.scale), height: Double(pixels.height) / Double(file.scale))
        }
        switch decoded(file) {
        case .bitmap(let surface, let pixelScale):
            return Size(width: Double(surface.width) / pixelScale, height: Double(surface.height) / pixelScale)
        case .vector(let svg): return svg.size
        case .unreadable: return Self.placeholderSize
        }
    }

    public static let placeholderSize = Size(width: 24, height: 24)

    /// Draws the image into `rect`, filled with `tint` through its alpha when given (a template
    /// image); false when there is nothing to draw and the caller should show a placeholder.
    func draw(_ image: ImageReference, in rect: Rect, tint: Color?, alpha: Double, scale: Double,
              on drawing: DrawingContext) -> Bool {
        guard let file = image.bestFile(forScale: scale) else { return false }
        let surface: ImageSurface
        switch decoded(file) {
        case .unreadable: return false
        case .bitmap(let bitmap, _):
            surface = bitmap
        case .vector(let svg):
            let width = max(1, Int((rect.width * scale).rounded())), height = max(1, Int((rect.height * scale).rounded()))
            let key = RasterKey(path: file.path, width: width, height: height)
            if let raster = rasters[key] {
                surface = raster
            } else {
                guard let raster = try? svg.rasterise(width: width, height: height) else { return false }
                makeRoom(for: raster.stride * raster.height, keeping: file.path)
                rasters[key] = raster
                keptBytes += raster.stride * raster.height
                surface = raster
            }
        }
        // Pixels per point, so the surface exactly covers `rect` whatever size it was made at:
        // stretched where `rect` is of another shape (a view's scaleToFill), one scale both ways
        // where the two differ only by a pixel's rounding.
        let pixelScale = Double(surface.width) / max(rect.width, 0.001)
        let verticalPixelScale = Double(surface.height) / max(rect.height, 0.001)
        let stretch = abs(verticalPixelScale - pixelScale) * max(rect.width, rect.height) > 1 ? verticalPixelScale : nil
        if let tint {
            drawing.mask(surface, at: rect.origin, pixelScale: pixelScale, verticalPixelScale: stretch, color: tint.multiplyingAlpha(alpha))
        } else {
            drawing.paint(surface, at: rect.origin, pixelScale: pixelScale, verticalPixelScale: stretch, alpha: alpha)
        }
        return true
    }
}
