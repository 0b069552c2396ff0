import CCairo

/// A Cairo failure, with Cairo's own words for it.
public struct RenderError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    init(_ status: cairo_status_t, doing what: String) {
        message = "\(what): \(String(cString: cairo_status_to_string(status)))"
    }
    public var description: String { message }
}

// MARK: - Surfaces

/// A Cairo surface with one Swift owner: what a `DrawingContext` draws on.
public protocol Surface: AnyObject {
    var pointer: OpaquePointer { get }
}

/// An in-memory Cairo image surface, destroyed with its owner.
public final class ImageSurface: Surface {
    public let pointer: OpaquePointer

    /// Largest side Cairo's image backend takes.
    public static let maximumSide = 32_767

    /// How a surface stores a pixel.
    public enum PixelFormat {
        /// Premultiplied 32-bit ARGB: what the window blits and the PNG encoder takes.
        case argb32
        /// One byte of alpha: a mask (a shadow's).
        case alpha8

        var cairo: cairo_format_t { self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8 }
    }

    /// A cleared image of `width`×`height` pixels.
    public init(width: Int, height: Int, format: PixelFormat = .argb32) throws(RenderError) {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw RenderError("cannot make a \(width)×\(height) pixel image: each side must be 1 to \(Self.maximumSide)")
        }
        pointer = cairo_image_surface_create(format.cairo, Int32(width), Int32(height))
        try check("creating a \(width)×\(height) image")
    }

    /// A surface over memory the caller owns and keeps alive longer than the surface (shared memory for the window).
    public init(wrapping data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws(RenderError) {
        pointer = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                      Int32(width), Int32(height), Int32(stride))
        try check("wrapping a \(width)×\(height) image")
    }

    /// Reads a PNG file.
    public init(png path: String) throws(RenderError) {
        pointer = cairo_image_surface_create_from_png(path)
        try check("reading \(path)")
    }

    /// Decodes a PNG file's bytes, held in memory; what is wrong, in words that follow the file's
    /// name, when Cairo (libpng) cannot decode them.
    public init(pngBytes bytes: [UInt8]) throws(RenderError) {
        /// Where Cairo's reads have got to, handed to its read function.
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard reader.bytes.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + reader.offset, count: count) }
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        // The reader lives through the call, the only time Cairo reads.
        pointer = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())
        }
        let status = cairo_surface_status(pointer)
        // A surface in error is still destroyed by `deinit`, as every owner's is.
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(Self.decodingFailure(status, png: bytes)) }
    }

    /// Why Cairo could not decode `bytes`, a PNG. Cairo 1.16 reports every error of libpng (a
    /// damaged chunk, a stream that does not inflate) as "out of memory": when an image of the
    /// PNG's size can be made, memory was not what failed.
    private static func decodingFailure(_ status: cairo_status_t, png bytes: [UInt8]) -> String {
        let said = String(cString: cairo_status_to_string(status))
        guard status == CAIRO_STATUS_NO_MEMORY else { return "could not be decoded: its PNG data is corrupt (Cairo's status: \(said))" }
        if bytes.count >= 24 {
            let (width, height) = ImageProbe.pixelSize(ofHeader: Array(bytes.prefix(24)))
            if (try? ImageSurface(width: width, height: height)) == nil { return "could not be decoded: \(said)" }
        }
        return "could not be decoded: its PNG data is corrupt (libpng refused it, which Cairo reports as '\(said)')"
    }

    deinit { cairo_surface_destroy(pointer) }

    private func check(_ what: String) throws(RenderError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status, doing: what) }
    }

    public var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    public var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    public var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// The pixels, after pending drawing is flushed; call `markDirty()` after writing them.
    public var data: UnsafeMutableRawPointer? {
        cairo_surface_flush(pointer)
        return cairo_image_surface_get_data(pointer).map(UnsafeMutableRawPointer.init)
    }

    public func markDirty() { cairo_surface_mark_dirty(pointer) }

    /// The pixel at (`x`, `y`) as 0xAARRGGBB, premultiplied as Cairo keeps it.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height, let data else { return 0 }
        return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// The surface as PNG bytes.
    public func pngData() throws(RenderError) -> [UInt8] {
        try PNGEncoder.encode(self)
    }
}

/// A Cairo SVG or PDF surface, destroyed with its owner: one page of `width`×`height` points
/// whose file is gathered in memory, so the caller writes it as every output is written
/// (atomically, beside its target). Text, paths and gradients stay vector; images and shadow
/// masks are embedded as the pixels they were made in.
public final class VectorSurface: Surface {
    /// The vector files Cairo writes.
    public enum Format: String, CaseIterable, Sendable {
        case svg, pdf
    }

    public let pointer: OpaquePointer
    public let format: Format
    private let sink = Sink()

    /// The file as Cairo writes it, in pieces, as it goes.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    public init(_ format: Format, width: Double, height: Double) throws(RenderError) {
        self.format = format
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        // The sink lives as long as this owner, which finishes the surface before letting it go.
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        switch format {
        case .svg:
            pointer = cairo_svg_surface_create_for_stream(write, closure, width, height)
            // A point is a CSS pixel, as a design tool's SVG export counts iOS points; Cairo
            // would otherwise write `pt`, which viewers draw 4/3 as large.
            cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
        case .pdf:
            pointer = cairo_pdf_surface_create_for_stream(write, closure, width, height)
        }
        let status = cairo_surface_status(pointer)
        // A surface in error is still destroyed by `deinit`, as every owner's is.
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(status, doing: "starting a \(formatNumber(width))×\(formatNumber(height)) point \(format.rawValue.uppercased()) page")
        }
    }

    deinit {
        // Finished here, while the sink is alive: Cairo writes a file's end when it finishes.
        cairo_surface_finish(pointer)
        cairo_surface_destroy(pointer)
    }

    /// Makes what is drawn in `scale` units a point come out in points: the renderer draws in
    /// device pixels, and the pixels it makes (shadows, images) are embedded at that density.
    public func drawsPixels(atScale scale: Double) {
        cairo_surface_set_device_scale(pointer, 1 / scale, 1 / scale)
    }

    /// Ends the file and returns it whole; nothing may be drawn after.
    public func finish() throws(RenderError) -> [UInt8] {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status, doing: "writing the \(format.rawValue.uppercased())") }
        return sink.bytes
    }
}

// MARK: - Drawing contexts

/// A Cairo drawing context on a surface.
public final class DrawingContext {
    public let pointer: OpaquePointer
    private let target: any Surface
    /// Whether the target is a vector page, drawn once from empty, rather than pixels drawn over.
    private let targetIsVector: Bool
    /// On a vector page, each group composited, held until the page is finished: Cairo 1.16's
    /// SVG backend keeps a snapshot of a group it painted, and a group let go of before the page
    /// is written leaves a copy of itself in that snapshot, never freed (472 bytes a group, which
    /// LeakSanitizer reports).
    private var paintedGroups: [OpaquePointer] = []

    public init(_ surface: any Surface) throws(RenderError) {
        target = surface
        targetIsVector = surface is VectorSurface
        pointer = cairo_create(surface.pointer)
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status, doing: "starting to draw") }
    }

    deinit {
        cairo_destroy(pointer)
        paintedGroups.forEach { cairo_pattern_destroy($0) }
    }

    /// Cairo latches its first error and ignores later calls, so one check at the end of a frame suffices.
    public func check(_ what: String) throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status, doing: what) }
    }

    public func save() { cairo_save(pointer) }
    /// Draws what follows into a group of its own, until `endGroup(alpha:)` composites it.
    public func beginGroup() { cairo_push_group(pointer) }
    /// Composites the group begun last at `alpha`.
    public func endGroup(alpha: Double) {
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
        if targetIsVector, let group = cairo_get_source(pointer) {
            paintedGroups.append(cairo_pattern_reference(group))
        }
    }
    public func restore() { cairo_restore(pointer) }
    public func scale(_ factor: Double) { cairo_scale(pointer, factor, factor) }
    public func translate(_ dx: Double, _ dy: Double) { cairo_translate(pointer, dx, dy) }

    /// The appearance colours are drawn in: a dynamic colour takes its value for it.
    public var appearance = Appearance.light

    public func setSource(_ color: Color) {
        let color = color.resolved(for: appearance)
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    /// The device pixels `rect` (user space) covers under the current transform: its corners'
    /// bounding box, so a rotated rectangle's too.
    public func deviceBounds(of rect: Rect) -> Rect {
        var (left, top, right, bottom) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in [(rect.x, rect.y), (rect.maxX, rect.y), (rect.x, rect.maxY), (rect.maxX, rect.maxY)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(pointer, &dx, &dy)
            (left, top, right, bottom) = (min(left, dx), min(top, dy), max(right, dx), max(bottom, dy))
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func rectangle(_ rect: Rect) {
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
    }

    public func fill() { cairo_fill(pointer) }
    public func clip() { cairo_clip(pointer) }
    public func paint() { cairo_paint(pointer) }
    public func newPath() { cairo_new_path(pointer) }
    public func moveTo(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    public func lineTo(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }

    public func stroke(width: Double) {
        cairo_set_line_width(pointer, width)
        cairo_stroke(pointer)
    }

    /// Fills the current path with the even-odd rule, for rings.
    public func fillEvenOdd() {
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(pointer)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
    }

    /// Sets a linear gradient from `start` to `end` as the source, `colors` spread evenly along it.
    public func setLinearGradient(from start: Point, to end: Point, _ colors: [Color]) {
        setLinearGradient(from: start, to: end, stops: Gradient(colors: colors).stops)
    }

    /// Sets a linear gradient from `start` to `end` as the source, each colour at its offset (0 to 1).
    public func setLinearGradient(from start: Point, to end: Point, stops: [(offset: Double, color: Color)]) {
        setGradient(cairo_pattern_create_linear(start.x, start.y, end.x, end.y), stops: stops)
    }

    /// Sets a radial gradient as the source: from `centre` out to the ellipse of radii `radii`.
    public func setRadialGradient(centre: Point, radii: Size, stops: [(offset: Double, color: Color)]) {
        let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
        // The unit circle's pattern, stretched to the ellipse: Cairo maps user space to pattern space.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, centre.x, centre.y)
        cairo_matrix_scale(&matrix, max(radii.width, 1e-6), max(radii.height, 1e-6))
        cairo_matrix_invert(&matrix)
        cairo_pattern_set_matrix(pattern, &matrix)
        setGradient(pattern, stops: stops)
    }

    private func setGradient(_ pattern: OpaquePointer?, stops: [(offset: Double, color: Color)]) {
        for (offset, dynamic) in stops {
            let color = dynamic.resolved(for: appearance)
            cairo_pattern_add_color_stop_rgba(pattern, min(1, max(0, offset)), color.red, color.green, color.blue, color.alpha)
        }
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// Rotates what follows by `degrees` clockwise about `centre`.
    public func rotate(degrees: Double, about centre: Point) {
        cairo_translate(pointer, centre.x, centre.y)
        cairo_rotate(pointer, degrees * .pi / 180)
        cairo_translate(pointer, -centre.x, -centre.y)
    }

    /// Strokes the current path `width` wide, dashed by `pattern` ([on, off, …] in user units) when given.
    public func stroke(width: Double, dash pattern: [Double]?) {
        if let pattern, !pattern.isEmpty { cairo_set_dash(pointer, pattern, Int32(pattern.count), 0) }
        cairo_set_line_width(pointer, width)
        cairo_stroke(pointer)
        cairo_set_dash(pointer, nil, 0, 0)
    }

    /// Paints `surface`, whose pixels are `pixelScale` to a point (`verticalPixelScale` down,
    /// when it is stretched), with its top-left at `origin`.
    public func paint(_ surface: ImageSurface, at origin: Point, pixelScale: Double, verticalPixelScale: Double? = nil, alpha: Double = 1) {
        save()
        translate(origin.x, origin.y)
        cairo_scale(pointer, 1 / pixelScale, 1 / (verticalPixelScale ?? pixelScale))
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(pointer, alpha)
        restore()
    }

    /// The current transform, to composite in it later (`composite(_:x:y:in:)`).
    var transform: cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        return matrix
    }

    /// Composites `surface` over what is there with its top-left at (`x`, `y`) of `space`, a
    /// transform taken earlier whose units are pixels: whole pixels, so its pixels are put down
    /// as they are, unfiltered, within the current clip.
    func composite(_ surface: ImageSurface, x: Int, y: Int, in space: cairo_matrix_t) {
        cairo_save(pointer)
        var space = space
        cairo_set_matrix(pointer, &space)
        cairo_set_source_surface(pointer, surface.pointer, Double(x), Double(y))
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// Where user space lies on the target's pixels, when a mask of whole pixels can stand in
    /// for a fill: a pixel target and a transform that only scales and moves. Nil otherwise (a
    /// vector page keeps its fills as paths; a rotated view is filled as drawn).
    var pixelPlacement: (scaleX: Double, scaleY: Double, x: Double, y: Double)? {
        guard !targetIsVector else { return nil }
        let matrix = transform
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
        return (matrix.xx, matrix.yy, matrix.x0, matrix.y0)
    }

    /// Whether `rect` (user space) lies whole within one rectangle of the clip, the target's
    /// extent included; false for a clip no list of rectangles describes.
    func clipHolds(_ rect: Rect) -> Bool {
        guard let list = cairo_copy_clip_rectangle_list(pointer) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, let rectangles = list.pointee.rectangles else { return false }
        for index in 0..<Int(list.pointee.num_rectangles) {
            let clip = rectangles[index]
            if rect.x >= clip.x, rect.y >= clip.y, rect.maxX <= clip.x + clip.width, rect.maxY <= clip.y + clip.height { return true }
        }
        return false
    }

    /// Puts the source down through `mask` (alpha only) with its top-left at target pixel
    /// (`x`, `y`), within the current clip: what filling the path the mask holds puts down.
    func fill(through mask: ImageSurface, x: Int, y: Int) {
        cairo_save(pointer)
        // The source was placed when it was set; only the mask is placed in pixels.
        cairo_identity_matrix(pointer)
        cairo_mask_surface(pointer, mask.pointer, Double(x), Double(y))
        cairo_restore(pointer)
    }

    /// Fills `color` through the alpha of `surface` (a template image), placed as `paint` places it.
    public func mask(_ surface: ImageSurface, at origin: Point, pixelScale: Double, verticalPixelScale: Double? = nil, color: Color) {
        save()
        translate(origin.x, origin.y)
        cairo_scale(pointer, 1 / pixelScale, 1 / (verticalPixelScale ?? pixelScale))
        if targetIsVector, let tinted = tinted(surface, color) {
            // An SVG writes a mask as SVG's luminance mask, whose black alpha image hides everything
            // in every viewer: a page gets the colour already through the alpha, as an image.
            cairo_set_source_surface(pointer, tinted.pointer, 0, 0)
            cairo_paint(pointer)
        } else {
            setSource(color)
            cairo_mask_surface(pointer, surface.pointer, 0, 0)
        }
        restore()
    }

    /// `color` through the alpha of `mask`, as a colour image of the same size.
    private func tinted(_ mask: ImageSurface, _ color: Color) -> ImageSurface? {
        guard let image = try? ImageSurface(width: mask.width, height: mask.height),
              let context = try? DrawingContext(image) else { return nil }
        context.appearance = appearance
        context.setSource(color)
        cairo_mask_surface(context.pointer, mask.pointer, 0, 0)
        cairo_surface_flush(image.pointer)
        return image
    }

    /// Replaces the target's pixels inside the current clip with `color`, ignoring what was there.
    public func clear(to color: Color) {
        cairo_save(pointer)
        // A vector page starts empty and is drawn once, so painting over it is the same, and
        // keeps a translucent background a vector fill rather than a rasterised fallback.
        if !targetIsVector { cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE) }
        setSource(color)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}
