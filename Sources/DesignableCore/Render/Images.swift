import CCairo
import CRsvg

/// An SVG document parsed by librsvg, freed with its owner.
final class SVGDocument {
    let pointer: OpaquePointer
    /// The document's own size in points (its width/height, else its viewBox).
    let size: Size

    init(path: String) throws(RenderError) {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable SVG"
            if let error { g_error_free(error) }
            throw RenderError("\(path): \(reason)")
        }
        pointer = OpaquePointer(handle)
        rsvg_handle_set_dpi(handle, 96)
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
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
        var error: UnsafeMutablePointer<GError>?
        if rsvg_handle_render_document(UnsafeMutablePointer(pointer), drawing.pointer, &viewport, &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "could not draw"
            if let error { g_error_free(error) }
            throw RenderError(reason)
        }
        try drawing.check("drawing SVG")
        return surface
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

    public init() {}

    /// Forgets any file whose identity (inode, size, mtime) changed since it was decoded.
    public func revalidate() {
        for (path, entry) in entries where FileSystem.identity(path) != entry.identity {
            forget(path)
        }
    }

    public func forget(_ path: String) {
        entries[path] = nil
        rasters = rasters.filter { $0.key.path != path }
    }

    private func decoded(_ file: ImageReference.File) -> Decoded {
        if let entry = entries[file.path] { return entry.decoded }
        let identity = FileSystem.identity(file.path)
        let decoded: Decoded
        do throws(RenderError) {
            decoded = file.isVector
                ? .vector(try SVGDocument(path: file.path))
                : .bitmap(try ImageSurface(png: file.path), pixelScale: Double(file.scale))
        } catch {
            decoded = .unreadable
        }
        entries[file.path] = Entry(identity: identity, decoded: decoded)
        return decoded
    }

    /// The image's size in points; the placeholder's when it is missing or unreadable.
    public func size(of image: ImageReference, scale: Double = 1) -> Size {
        guard let file = image.bestFile(forScale: scale) else { return Self.placeholderSize }
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
                rasters[key] = raster
                surface = raster
            }
        }
        // Pixels per point, so the surface exactly covers `rect` whatever size it was made at.
        let pixelScale = Double(surface.width) / max(rect.width, 0.001)
        if let tint {
            drawing.mask(surface, at: rect.origin, pixelScale: pixelScale, color: tint.withAlpha(tint.alpha * alpha))
        } else {
            drawing.paint(surface, at: rect.origin, pixelScale: pixelScale, alpha: alpha)
        }
        return true
    }
}
