import CCairo

/// How much of each pixel an outline (or the ring a border makes inside it) covers, as Cairo
/// rasterises it, kept by geometry: a screen of buttons of one size and corners is rasterised
/// once, and each button, whatever its colours, puts its fills and its border down through the
/// shared mask. Rasterising a rounded path is most of what filling it costs (three times the
/// compositing, for a button), and a save that recolours every view makes every view anew.
///
/// A mask depends on where the outline falls within a pixel, so the key holds that fraction:
/// views on whole points at a whole scale share one. The pixels are those of filling the path
/// directly, to within two levels of 255 on an edge's partly covered pixels, whose coverage the
/// mask holds rounded to a byte; every fill that can go through a mask does, so that a view's
/// pixels do not depend on what was drawn before it.
///
/// Bounded: at most `defaultLimit` bytes (8 MB: some 280 masks of a 100×32-point button at 3×,
/// 2,500 at 1×); an outline whose mask would take more than `defaultEntryLimit` (1 MB) is filled
/// directly.
final class CoverageMasks {
    static let defaultLimit = 8 << 20
    /// A 1024-pixel square: past it rasterising is a small part of the fill.
    static let defaultEntryLimit = 1 << 20

    struct Key: Hashable {
        /// The outline at the origin.
        let outline: Outline
        /// The border's width inside the outline, in points; 0 for the whole outline.
        let ring: Double
        let scaleX, scaleY: Double
        /// Where the outline's top-left falls within its pixel, 0 to 1 each way.
        let phaseX, phaseY: Double
    }

    private let masks: ByteBoundedCache<Key, ImageSurface>
    /// Most bytes one mask may take: a larger outline is filled as a path.
    let entryLimit: Int

    init(limit: Int = defaultLimit, entryLimit: Int = defaultEntryLimit) {
        masks = ByteBoundedCache(limit: limit)
        self.entryLimit = entryLimit
    }

    /// How many masks are kept.
    var count: Int { masks.count }

    /// Fills `outline` (or, with `ring`, the border that wide inside it) with the current source
    /// through its mask; false when it must be filled as a path instead (a vector page, a rotated
    /// view, a mask too large to keep).
    func fill(_ outline: Outline, ring: Double = 0, on drawing: DrawingContext) -> Bool {
        guard let placement = drawing.pixelPlacement else { return false }
        let bounds = outline.bounds
        let left = placement.x + bounds.x * placement.scaleX, top = placement.y + bounds.y * placement.scaleY
        let (pixelX, pixelY) = (left.rounded(.down), top.rounded(.down))
        let key = Key(outline: outline.atOrigin, ring: ring, scaleX: placement.scaleX, scaleY: placement.scaleY,
                      phaseX: left - pixelX, phaseY: top - pixelY)
        guard let x = Int(exactly: pixelX), let y = Int(exactly: pixelY),
              let mask = masks.value(for: key, make: { make(key, size: bounds.size) }) else { return false }
        drawing.fill(through: mask, x: x, y: y)
        return true
    }

    /// Rasterises the key's outline at its phase into a mask just large enough to hold it.
    private func make(_ key: Key, size: Size) -> (value: ImageSurface, bytes: Int)? {
        let width = (key.phaseX + size.width * key.scaleX).rounded(.up)
        let height = (key.phaseY + size.height * key.scaleY).rounded(.up)
        guard width >= 1, height >= 1, width * height <= Double(entryLimit),
              let mask = try? ImageSurface(width: Int(width), height: Int(height), format: .alpha8),
              let context = try? DrawingContext(mask) else { return nil }
        cairo_translate(context.pointer, key.phaseX, key.phaseY)
        cairo_scale(context.pointer, key.scaleX, key.scaleY)
        context.setSource(.black)
        context.newPath()
        context.path(key.outline)
        if key.ring > 0, case .rounded(let shape) = key.outline {
            context.path(shape.inset(by: key.ring))
            context.fillEvenOdd()
        } else {
            context.fill()
        }
        cairo_surface_flush(mask.pointer)
        guard (try? context.check("rasterising a mask")) != nil else { return nil }
        return (mask, mask.stride * mask.height)
    }
}
