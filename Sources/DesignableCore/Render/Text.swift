import CCairo
import CPango

/// A Pango font description, freed with its owner.
final class FontDescription {
    let pointer: OpaquePointer

    init(_ font: Font) {
        pointer = pango_font_description_from_string(font.description)
        // `font: 17` names no family, which Pango would draw in its serif default.
        if pango_font_description_get_family(pointer) == nil {
            pango_font_description_set_family(pointer, "Sans")
        }
        // A description without a size would fall back to Pango's tiny default; UIKit's is 17.
        if pango_font_description_get_size(pointer) == 0 {
            pango_font_description_set_size(pointer, 17 * PANGO_SCALE)
        }
    }

    deinit { pango_font_description_free(pointer) }
}

/// One line of shaped text, with its measured size; freed with its owner.
public final class TextLayout {
    let pointer: OpaquePointer
    /// Logical size in points: the advance width and the line height (ascent + descent).
    public let size: Size

    init(context: OpaquePointer, text: String, font: FontDescription) {
        pointer = pango_layout_new(context)
        pango_layout_set_font_description(pointer, font.pointer)
        pango_layout_set_single_paragraph_mode(pointer, 1)
        pango_layout_set_text(pointer, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        size = Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// Shapes and measures text with Pango, keeping layouts and font descriptions for reuse: a redraw
/// of unchanged titles does no shaping at all.
public final class TextEngine {
    private let context: OpaquePointer
    private var fonts: [Font: FontDescription] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    private var contextMatrix: (Double, Double) = (1, 1)
    private static let layoutCacheLimit = 8192

    private struct LayoutKey: Hashable {
        let text: String
        let font: Font
    }

    public init() {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        // Metrics that do not snap to whole pixels keep a layout the same at 1×, 2× and 3×:
        // a 2× render is the 1× one, sharper, never re-flowed.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        layouts.removeAll()
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The shaped layout of `text` in `font`, made once and then reused.
    public func layout(_ text: String, font: Font) -> TextLayout {
        let key = LayoutKey(text: text, font: font)
        if let cached = layouts[key] { return cached }
        if layouts.count >= Self.layoutCacheLimit { layouts.removeAll(keepingCapacity: true) }
        let description: FontDescription
        if let known = fonts[font] {
            description = known
        } else {
            description = FontDescription(font)
            fonts[font] = description
        }
        let made = TextLayout(context: context, text: text, font: description)
        layouts[key] = made
        return made
    }

    public func measure(_ text: String, font: Font) -> Size {
        layout(text, font: font).size
    }

    /// Draws `layout` with its top-left at `origin` in `color`.
    func draw(_ layout: TextLayout, at origin: Point, color: Color, in drawing: DrawingContext) {
        let cr = drawing.pointer
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        if (matrix.xx, matrix.yy) != contextMatrix {
            // Glyphs are rasterised for the device scale; the layouts keep their (unhinted) metrics.
            contextMatrix = (matrix.xx, matrix.yy)
            pango_cairo_update_context(cr, context)
        }
        drawing.setSource(color)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, layout.pointer)
    }

    /// Starts fontconfig and loads the default font now, so the first frame does not pay for it.
    public func warmUp(_ font: Font) {
        _ = layout("Designable 0123456789", font: font)
    }
}

// MARK: - Installed fonts

/// The font families this machine has, to warn about a family that would silently fall back.
public enum InstalledFonts {
    /// Names fontconfig resolves itself rather than finding installed: always acceptable.
    static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math"]

    /// Every installed family's name, listed once.
    public static let families: [String] = {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(pango_cairo_font_map_get_default(), &list, &count)
        defer { g_free(list) }
        guard let list else { return [] }
        return (0..<Int(count)).compactMap { list[$0].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) } }
    }()

    private static let lowercased = Set(families.map { $0.lowercased() })

    /// Answers already given, by description: a style repeats the same few fonts many times.
    nonisolated(unsafe) private static var answers: [String: [String]] = [:]

    /// The families of `font` that are neither installed nor generic, in the order written.
    static func missingFamilies(of font: Font) -> [String] {
        if let known = answers[font.description] { return known }
        let missing = findMissingFamilies(of: font)
        answers[font.description] = missing
        return missing
    }

    private static func findMissingFamilies(of font: Font) -> [String] {
        let description = pango_font_description_from_string(font.description)
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return [] }
        let names = String(cString: family).split(separator: ",").map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
        // A list (`"Inter, DejaVu Sans"`) is fine while any of it is there.
        if names.contains(where: { lowercased.contains($0.lowercased()) || genericFamilies.contains($0.lowercased()) }) { return [] }
        return names
    }
}
