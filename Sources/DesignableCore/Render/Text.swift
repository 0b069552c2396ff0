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

/// UIKit's `NSLineBreakMode`: how a label's text wraps and where it is cut when it does not fit.
public enum LineBreakMode: String, InspectableEnum, Sendable {
    /// Wraps at word boundaries, breaking a word only when it is wider than the line.
    case byWordWrapping
    /// Wraps before the first character that does not fit.
    case byCharWrapping
    /// Draws what fits and cuts the rest off at the edge.
    case byClipping
    /// Keeps the end, an ellipsis where the beginning was.
    case byTruncatingHead
    /// Keeps the beginning, an ellipsis where the end was.
    case byTruncatingTail
    /// Keeps the beginning and the end, an ellipsis in the middle.
    case byTruncatingMiddle
    public static var typeName: String { "NSLineBreakMode" }
}

/// UIKit's `NSTextAlignment`: where a label's lines sit across its width.
public enum TextAlignment: String, InspectableEnum, Sendable {
    /// The layout's leading edge: the left, or the right in a right-to-left layout.
    case natural
    /// `left` and `right` never flip with the layout's direction.
    case left, center, right
    /// Every line but a paragraph's last stretched to the full width; the last one natural.
    case justified
    public static var typeName: String { "NSTextAlignment" }

    /// The side the lines sit on in a layout that reads `direction`: left, center or right
    /// (natural and justified lines start at the leading edge).
    public func physical(in direction: LayoutDirection) -> TextAlignment {
        switch self {
        case .natural, .justified: return direction == .leftToRight ? .left : .right
        default: return self
        }
    }
}

/// The room a block of text has, as a `UILabel` gives it: a width, the most lines it may take
/// (`numberOfLines`, 0 for any number) and what happens to what does not fit.
public struct TextBox: Hashable, Sendable {
    /// Nil for as wide as the text's longest line: nothing wraps or truncates (an intrinsic size).
    public var width: Double?
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// The layout the text sits in: its lines align to its leading edge (UIKit's natural
    /// alignment), the right in a right-to-left one, whichever way the text itself reads.
    public var direction: LayoutDirection
    /// Where the lines sit across `width` relative to each other; natural follows `direction`.
    public var alignment: TextAlignment
    /// Extra space after each character, in points (`NSAttributedString.Key.kern`).
    public var kern: Double
    /// Extra space between lines, in points (`NSParagraphStyle.lineSpacing`).
    public var lineSpacing: Double

    public init(width: Double? = nil, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail,
                direction: LayoutDirection = .leftToRight, alignment: TextAlignment = .natural,
                kern: Double = 0, lineSpacing: Double = 0) {
        self.width = width.map { max(0, $0) }
        self.numberOfLines = max(0, numberOfLines)
        self.lineBreakMode = lineBreakMode
        self.direction = direction
        self.alignment = alignment
        self.kern = kern
        self.lineSpacing = max(0, lineSpacing)
    }

    /// One line as wide as the text, as a label sized to fit it.
    public static let singleLine = TextBox()

    /// Whether the text is cut at the box's edge rather than wrapped or ellipsised there: one
    /// line with `byClipping`, which Pango has no mode for.
    var clips: Bool { width != nil && numberOfLines == 1 && lineBreakMode == .byClipping }

    /// `text` with the line breaks beyond the box's last line taken out: a break starts a new line
    /// only while the box has lines left, and the rest runs on in the last one (where a truncating
    /// mode then puts its ellipsis), as a one-line label keeps a title with a `\n` on one line.
    func fitting(_ text: String) -> String {
        guard numberOfLines > 0, text.contains(where: \.isNewline) else { return text }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard lines.count > numberOfLines else { return text }
        let last = lines[(numberOfLines - 1)...].joined(separator: " ")
        return (lines[..<(numberOfLines - 1)].map(String.init) + [last]).joined(separator: "\n")
    }
}

/// A block of shaped text in its box, with its measured size; freed with its owner.
public final class TextLayout {
    let pointer: OpaquePointer
    /// Logical size in points: the widest line's advance (at most the box's width) and the
    /// lines' height (ascent + descent each).
    public let size: Size
    /// The width to clip the drawing to, for text cut at the box's edge.
    let clipWidth: Double?
    /// Where the glyphs' ink lies, from the layout's top-left: what a reader sees, which the
    /// accessibility audit measures the background under and checks against the view's bounds.
    public let ink: Rect
    /// Where the glyphs' ink lies before the box's sides clip it, from the layout's top-left:
    /// what drawing them puts down.
    let inkOfGlyphs: Rect
    /// Whether the box took text out: an ellipsis, lines past the last one allowed, or a line
    /// cut at the box's edge.
    public let isTruncated: Bool
    /// How far right of the layout's origin its lines start, in points: lines aligned right in
    /// a box wider than they are start inside it, and `size` and drawing count from there.
    let inset: Double
    /// The first and last lines' baselines, in points down from the layout's top.
    public let baselines: (first: Double, last: Double)
    /// How many lines the text was laid out in.
    public let lineCount: Int

    init(context: OpaquePointer, text: String, font: FontDescription, box: TextBox) {
        pointer = pango_layout_new(context)
        pango_layout_set_font_description(pointer, font.pointer)
        // UIKit breaks a word too long for its line without a hyphen; Pango would add one.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        if box.kern != 0 {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(clamping: Int((box.kern * Double(PANGO_SCALE)).rounded()))))
        }
        pango_layout_set_attributes(pointer, attributes)
        pango_attr_list_unref(attributes)
        if box.lineSpacing > 0 {
            pango_layout_set_spacing(pointer, Int32(clamping: Int((box.lineSpacing * Double(PANGO_SCALE)).rounded())))
        }
        pango_layout_set_text(pointer, box.fitting(text), -1)
        var cut = false
        if let width = box.width, !box.clips {
            cut = Self.fit(pointer, in: box, width: width)
        }
        // Pango sets a paragraph in the direction its first letter that has one gives (Arabic
        // and Hebrew right to left), as UIKit's natural writing direction does, and its left and
        // right alignments are that paragraph's start and end, swapped where it reads right to
        // left. UIKit's natural alignment is the layout's leading edge instead, whatever the text,
        // and a label's left and right are the page's. Set after wrapping (which alignment does
        // not change): only text whose alignment differs from Pango's is laid out twice. The
        // first paragraph decides for all.
        let startsRight = pango_layout_get_direction(pointer, 0) == PANGO_DIRECTION_RTL
        switch box.alignment.physical(in: box.direction) {
        case .center: pango_layout_set_alignment(pointer, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(pointer, startsRight ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        default: pango_layout_set_alignment(pointer, startsRight ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        }
        if box.alignment == .justified { pango_layout_set_justify(pointer, 1) }
        var logical = PangoRectangle(), inked = PangoRectangle()
        pango_layout_get_extents(pointer, &inked, &logical)
        let points = 1 / Double(PANGO_SCALE)
        let natural = Size(width: Double(logical.width) * points, height: Double(logical.height) * points)
        clipWidth = box.clips ? box.width : nil
        inset = Double(logical.x) * points
        size = Size(width: min(natural.width, clipWidth ?? natural.width), height: natural.height)
        // Drawn `inset` to the left of where Pango puts it, as the lines are (`TextEngine.draw`).
        var ink = Rect(x: Double(inked.x) * points - inset, y: Double(inked.y) * points,
                       width: Double(inked.width) * points, height: Double(inked.height) * points)
        inkOfGlyphs = ink
        if let clipWidth {
            // Drawing clips the sides at the box's edge: what lies beyond is never seen.
            let right = min(ink.maxX, clipWidth), left = max(ink.x, 0)
            ink = Rect(x: left, y: ink.y, width: max(0, right - left), height: ink.height)
        }
        self.ink = ink
        isTruncated = cut || (clipWidth.map { natural.width > $0 + 0.01 } ?? false)
        lineCount = Int(pango_layout_get_line_count(pointer))
        let iterator = pango_layout_get_iter(pointer)
        let first = Double(pango_layout_iter_get_baseline(iterator)) * points
        while pango_layout_iter_next_line(iterator) != 0 {}
        baselines = (first, Double(pango_layout_iter_get_baseline(iterator)) * points)
        pango_layout_iter_free(iterator)
    }

    /// Wraps and truncates the layout's text to `width` and the box's lines, as `lineBreakMode`
    /// says; whether text was taken out.
    private static func fit(_ layout: OpaquePointer, in box: TextBox, width: Double) -> Bool {
        if box.lineBreakMode == .byCharWrapping {
            breakBeforeOverflow(layout, width: width)
        } else {
            pango_layout_set_width(layout, Int32(min(width * Double(PANGO_SCALE), Double(Int32.max))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        let lines = box.numberOfLines
        guard lines > 0, pango_layout_get_line_count(layout) > Int32(clamping: lines) else { return false }
        let text = Array(String(cString: pango_layout_get_text(layout)).utf8)
        let lastShown = pango_layout_get_line_readonly(layout, Int32(lines - 1))!.pointee
        let ellipsis: PangoEllipsizeMode
        switch box.lineBreakMode {
        case .byTruncatingHead: ellipsis = PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: ellipsis = PANGO_ELLIPSIZE_MIDDLE
        case .byTruncatingTail: ellipsis = PANGO_ELLIPSIZE_END
        case .byWordWrapping, .byCharWrapping, .byClipping:
            // Wrapping modes stop after the last line, at the word or character it ends with.
            pango_layout_set_text(layout, String(decoding: text, as: UTF8.self), lastShown.start_index + lastShown.length)
            return true
        }
        // The last line shown holds all the rest, truncated where the mode says. Pango limits lines
        // per paragraph (a height in points would depend on the device scale), so the lines before
        // it become paragraphs of their own, each of which fits.
        var shown: [String] = (0..<Int32(lines - 1)).map { index in
            let line = pango_layout_get_line_readonly(layout, index)!.pointee
            // Without the space it wrapped at, which a paragraph of its own would count.
            var shownLine = String(decoding: text[Int(line.start_index)..<Int(line.start_index + line.length)], as: UTF8.self)
            while shownLine.last?.isWhitespace == true { shownLine.removeLast() }
            return shownLine
        }
        let rest = String(decoding: text[Int(lastShown.start_index)...], as: UTF8.self)
        shown.append(rest.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " "))
        pango_layout_set_text(layout, shown.joined(separator: "\n"), -1)
        pango_layout_set_ellipsize(layout, ellipsis)
        pango_layout_set_height(layout, -1)
        // Lines joined into the last one may still fit it (a break the text wrote, say).
        return pango_layout_is_ellipsized(layout) != 0
    }

    /// Breaks the layout's lines before the first character that does not fit `width`, as
    /// `byCharWrapping` does: Pango's own character wrapping still prefers a space that fits.
    private static func breakBeforeOverflow(_ layout: OpaquePointer, width: Double) {
        let text = String(cString: pango_layout_get_text(layout))
        var lines: [Substring] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var rest = paragraph
            repeat {
                pango_layout_set_text(layout, String(rest), -1)
                var index: Int32 = 0, trailing: Int32 = 0
                let x = Int32(min(width * Double(PANGO_SCALE), Double(Int32.max)))
                guard pango_layout_xy_to_index(layout, x, 0, &index, &trailing) != 0 else {
                    lines.append(rest)
                    break
                }
                // At least one character a line, however narrow the width.
                var cut = rest.utf8.index(rest.utf8.startIndex, offsetBy: Int(index))
                if cut == rest.startIndex { cut = rest.index(after: cut) }
                lines.append(rest[..<cut])
                rest = rest[cut...]
            } while !rest.isEmpty
        }
        pango_layout_set_text(layout, lines.joined(separator: "\n"), -1)
    }

    /// The text as shown, line by line: what wrapped onto each, with "…" where a truncating
    /// mode took text out.
    public var shownLines: [String] {
        guard let text = pango_layout_get_text(pointer) else { return [] }
        return (0..<pango_layout_get_line_count(pointer)).map { index in
            var shown = ""
            var run = pango_layout_get_line_readonly(pointer, index)?.pointee.runs
            while let node = run {
                let item = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item.pointee
                if Int32(item.analysis.flags) & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS != 0 {
                    shown += "…"
                } else {
                    let bytes = UnsafeRawBufferPointer(start: text + Int(item.offset), count: Int(item.length))
                    shown += String(decoding: bytes, as: UTF8.self)
                }
                run = node.pointee.next
            }
            return shown
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// Shapes and measures text with Pango, keeping layouts and font descriptions for reuse: a redraw
/// of unchanged titles does no shaping at all.
public final class TextEngine {
    /// Made on first use: a `WarmUp` still loading fonts on another thread is waited for only then.
    private var madeContext: OpaquePointer?
    private var fonts: [Font: FontDescription] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    /// The bytes of text the kept layouts shape: a layout costs some 30 bytes a glyph, so a cap
    /// on the count alone let 8,192 long titles keep 450 MB.
    private var layoutsText = 0
    private var contextMatrix: (Double, Double) = (1, 1)
    /// At most this many layouts are kept, and at most `layoutCacheTextLimit` bytes of text
    /// shaped in them (about 32 MB of layouts); past either, the cache starts again.
    private static let layoutCacheLimit = 8192
    static let layoutCacheTextLimit = 1 << 20
    /// At most this many fonts are kept open; past it, every layout and font starts again.
    static let fontCacheLimit = 64

    private struct LayoutKey: Hashable {
        let text: String
        let font: Font
        let box: TextBox
    }

    public init() {}

    /// An engine on `context` rather than on this thread's default font map (a warm-up's, on its own thread).
    init(context: OpaquePointer) {
        madeContext = context
    }

    deinit {
        layouts.removeAll()
        if let madeContext { g_object_unref(UnsafeMutableRawPointer(madeContext)) }
    }

    private var context: OpaquePointer {
        if let madeContext { return madeContext }
        let made = Self.makeContext(WarmUp.defaultFontMap())
        madeContext = made
        return made
    }

    /// A Pango context on `fontMap` set up as every layout here is made.
    static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        // A font size is in points, and a point is a pixel at 1× as UIKit's is: at Pango's
        // default 96 dpi, `Sans 17` would be drawn 4/3 as large as iOS draws it.
        pango_cairo_context_set_resolution(context, 72)
        // Metrics that do not snap to whole pixels keep a layout the same at 1×, 2× and 3×:
        // a 2× render is the 1× one, sharper, never re-flowed.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    /// The shaped layout of `text` in `font` fitted to `box`, made once and then reused.
    public func layout(_ text: String, font: Font, in box: TextBox = .singleLine) -> TextLayout {
        let key = LayoutKey(text: text, font: font, box: box)
        if let cached = layouts[key] { return cached }
        let length = text.utf8.count
        if layouts.count >= Self.layoutCacheLimit || layoutsText + length > Self.layoutCacheTextLimit {
            layouts.removeAll(keepingCapacity: true)
            layoutsText = 0
        }
        let made = TextLayout(context: context, text: text, font: description(of: font), box: box)
        layouts[key] = made
        layoutsText += length
        return made
    }

    private func description(of font: Font) -> FontDescription {
        if let known = fonts[font] { return known }
        if fonts.count >= Self.fontCacheLimit {
            // Each font Pango opens keeps its glyph caches while a layout holds it: a file giving
            // every view its own size (10,000 of them) kept 400 MB. Letting go of the layouts
            // and descriptions lets Pango close the fonts.
            layouts.removeAll(keepingCapacity: true)
            layoutsText = 0
            fonts.removeAll(keepingCapacity: true)
            if let map = pango_context_get_font_map(context) {
                pango_fc_font_map_cache_clear(OpaquePointer(map))
            }
        }
        let made = FontDescription(font)
        fonts[font] = made
        return made
    }

    /// The size `font` is drawn at, in points, and its weight (400 regular, 700 bold), as Pango
    /// reads its description: WCAG's "large text" depends on both.
    public func traits(of font: Font) -> (size: Double, weight: Int) {
        let pointer = description(of: font).pointer
        // At 72 dpi a point and an absolute size's device unit are the same length.
        return (Double(pango_font_description_get_size(pointer)) / Double(PANGO_SCALE),
                Int(pango_font_description_get_weight(pointer).rawValue))
    }

    /// `font` at `factor` times its size: what a label that shrinks its text to fit draws in.
    public func font(_ font: Font, scaledBy factor: Double) -> Font {
        guard factor != 1, let scaled = pango_font_description_copy(description(of: font).pointer) else { return font }
        defer { pango_font_description_free(scaled) }
        let size = Double(pango_font_description_get_size(scaled)) * factor
        if pango_font_description_get_size_is_absolute(scaled) != 0 {
            pango_font_description_set_absolute_size(scaled, size)
        } else {
            pango_font_description_set_size(scaled, Int32(max(1, size.rounded(.down))))
        }
        guard let text = pango_font_description_to_string(scaled) else { return font }
        defer { g_free(text) }
        return Font(String(cString: text))
    }

    public func measure(_ text: String, font: Font, in box: TextBox = .singleLine) -> Size {
        layout(text, font: font, in: box).size
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
        if let width = layout.clipWidth {
            // Only the sides: a glyph's ink may reach above or below the line's logical box.
            drawing.save()
            drawing.newPath()
            drawing.rectangle(Rect(x: origin.x, y: origin.y - layout.size.height, width: width, height: 3 * layout.size.height))
            drawing.clip()
        }
        drawing.setSource(color)
        if !drawThroughMask(layout, at: origin, in: drawing) { show(layout, at: origin, on: cr) }
        if layout.clipWidth != nil { drawing.restore() }
    }

    /// Most device pixels a glyph run's own mask may have: larger ones are drawn directly.
    static let largestTextMask = 4096 * 4096

    /// Draws `layout` through a mask of its own when the clip (or the target's edge) cuts its
    /// glyphs; false, drawing nothing, when the clip holds them whole or the target is a page.
    /// Cairo 1.16 composites a hinted glyph that a clip cuts (or any glyph under a clip that is
    /// not a rectangle) within the glyph's unhinted box, a pixel short of the hinted image it
    /// rasterised: pixels of the glyph are lost, its top row where the cut lies below it, wherever
    /// a region, a box's side, a rounded layer or the window's edge cuts it. Drawn whole into the
    /// mask, the glyphs are the same pixels; put down through it, the clip cuts them as any fill.
    private func drawThroughMask(_ layout: TextLayout, at origin: Point, in drawing: DrawingContext) -> Bool {
        guard let placement = drawing.pixelPlacement, layout.inkOfGlyphs.width > 0, layout.inkOfGlyphs.height > 0 else { return false }
        // Hinting moves an outline by less than a pixel, and antialiasing reaches one more.
        let reach = 2 / min(placement.scaleX, placement.scaleY)
        let ink = layout.inkOfGlyphs.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -reach, dy: -reach)
        guard !drawing.clipHolds(ink) else { return false }
        let left = (placement.x + ink.x * placement.scaleX).rounded(.down), top = (placement.y + ink.y * placement.scaleY).rounded(.down)
        let width = Int((placement.x + ink.maxX * placement.scaleX).rounded(.up) - left)
        let height = Int((placement.y + ink.maxY * placement.scaleY).rounded(.up) - top)
        guard width > 0, height > 0, width * height <= Self.largestTextMask,
              let mask = try? ImageSurface(width: width, height: height, format: .alpha8),
              let masking = try? DrawingContext(mask) else { return false }
        // The target's transform, moved so the mask's top-left is the pixel (left, top): the
        // glyphs keep their place within a pixel, so they rasterise as they would on the target.
        var matrix = cairo_matrix_t(xx: placement.scaleX, yx: 0, xy: 0, yy: placement.scaleY, x0: placement.x - left, y0: placement.y - top)
        cairo_set_matrix(masking.pointer, &matrix)
        show(layout, at: origin, on: masking.pointer)
        drawing.fill(through: mask, x: Int(left), y: Int(top))
        return true
    }

    /// Puts `layout`'s glyphs down with its top-left at `origin`, its lines starting `inset` in.
    private func show(_ layout: TextLayout, at origin: Point, on cr: OpaquePointer) {
        cairo_move_to(cr, origin.x - layout.inset, origin.y)
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
    public static let families: [String] = WarmUp.familiesWhileWarming() ?? families(of: WarmUp.defaultFontMap())

    /// The families `fontMap` lists, as Pango names them (fontconfig's, and its own aliases).
    static func families(of fontMap: UnsafeMutablePointer<PangoFontMap>) -> [String] {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &list, &count)
        defer { g_free(list) }
        guard let list else { return [] }
        return (0..<Int(count)).compactMap { list[$0].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) } }
    }

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
