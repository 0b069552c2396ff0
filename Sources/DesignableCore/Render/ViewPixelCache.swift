/// Views' pixels as last drawn, each on a transparent surface of what it covers (its shadow
/// included), so a frame that must repaint a view whose own look did not change (the canvas
/// background changed, or a neighbour, or the canvas scrolled) composites those pixels over the
/// background instead of drawing the view again. The live preview keeps one; a one-shot render
/// has nothing to reuse and keeps none.
///
/// A view is known by its component, the object the document makes for one state and keeps while
/// the view's text is unchanged: a save that changes the view's look makes a new one, so its old
/// pixels are never asked for again, and go once nothing but the cache holds the old component.
/// The same component at the same size and sub-pixel position draws the same pixels anywhere, so
/// a view moved by whole pixels (a row above it grew) is composited too. What else a look depends
/// on is in the key (appearance, direction) or drops everything when it changes: the scale, and
/// any image file read again.
///
/// Bounded: at most `limit` bytes of pixels (64 MB unless told), the least recently used dropped
/// first; a view larger than `entryLimit` is never kept. A view is kept only the second time it
/// is drawn unchanged: the first frame of a file, and an edited view, draw as fast as without it.
public final class ViewPixelCache {
    /// 64 MB: a screenful of views at 3× several times over.
    public static let defaultLimit = 64 << 20
    /// What a view seen once (and not kept) counts for: its entry, so a flood of views seen once
    /// cannot grow the cache past its bound either.
    static let entryCost = 128
    /// Pixels kept around each view's visual bounds: antialiasing and a blurred shadow's last
    /// faint pixels may fall just outside them.
    static let margin = 2
    /// Entries looked at each frame for a component nothing else holds any more: a few at a time,
    /// so that a frame of a file with thousands of views costs no more than one with a few.
    static let sweepLength = 64

    /// Most bytes the cache holds: its surfaces' pixels and its entries.
    public let limit: Int
    /// Most bytes one view's surface may take: a larger view is drawn each time, and not kept.
    public let entryLimit: Int
    /// Bytes held now; never more than `limit`.
    public private(set) var bytes = 0
    /// How many views' pixels are kept.
    public private(set) var count = 0
    /// How many times kept pixels were handed out instead of a view being drawn.
    public private(set) var hits = 0
    /// The scale the kept pixels were drawn at.
    public private(set) var scale: Double?

    /// What drawing a view's component depends on besides the component itself.
    struct Key: Hashable {
        let component: ObjectIdentifier
        let size: Size
        /// Where the frame's top-left falls within its pixel, 0 to 1 each way: antialiasing
        /// depends on it, the pixels do not depend on where the view is otherwise.
        let phaseX: Double, phaseY: Double
        let appearance: Appearance
        let direction: LayoutDirection
    }

    /// One view's pixels, or the note that it was seen once; linked from the most recently used
    /// (`newest`) to the least (`oldest`), the next to go. A class: walking the entries must not
    /// copy each one's weak and strong references.
    private final class Entry {
        let key: Key
        /// The component the key names, held so that no other can take its address while the
        /// entry lives; when nothing else holds it, its view has changed or gone.
        var component: Component
        /// Nil until the view is drawn a second time unchanged.
        var surface: ImageSurface?
        /// The surface's top-left from the frame's top-left pixel.
        var offsetX = 0, offsetY = 0
        /// A rectangle of the surface's pixels that are all opaque, nil when none is worth keeping.
        var opaque: PixelRect?
        var cost = ViewPixelCache.entryCost
        var newer = -1, older = -1

        init(key: Key, component: Component) {
            self.key = key
            self.component = component
        }
    }

    /// The entries by slot; a removed one leaves nil, its slot to be reused.
    private var entries: [Entry?] = []
    private var unused: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest = -1, oldest = -1
    /// The image files' generation the kept pixels were drawn with (`ImageCache.generation`).
    private var images: Int?
    /// The slot the next look for forgotten components starts at.
    private var sweep = 0
    /// Components of views gone from the document, dropped with their pixels but not yet let go:
    /// freeing one (its wrappers and layer) costs tens of microseconds, which the preview puts
    /// after the frame is on screen (`releaseForgotten()`). At most `4 * sweepLength` wait.
    private var forgotten: [Component] = []

    /// A cache of at most `limit` bytes, keeping no view whose surface would take more than
    /// `entryLimit` (an eighth of the limit unless told: 8 MB, a 1448-pixel square).
    public init(limit: Int = defaultLimit, entryLimit: Int? = nil) {
        self.limit = max(0, limit)
        self.entryLimit = min(self.limit, entryLimit ?? self.limit / 8)
    }

    /// Drops everything.
    public func removeAll() {
        forgotten = []
        entries = []
        unused = []
        slots = [:]
        sweep = 0
        (newest, oldest) = (-1, -1)
        bytes = 0
        count = 0
    }

    // MARK: - Frames

    /// Called before each frame drawn at `scale` with `painter`: pixels of another scale, or
    /// drawn before an image file was read again, are dropped, and so, a few at a time, are those
    /// of views the document no longer has.
    func prepare(scale: Double, painter: Painter) {
        if scale != self.scale || painter.images.generation != images {
            removeAll()
            self.scale = scale
            images = painter.images.generation
        }
        dropForgotten(upTo: Self.sweepLength)
    }

    /// A view's pixels drawn at `frame`, with where their top-left pixel goes, when they are kept
    /// or worth keeping now: `draw` then draws the view on a context whose transform maps points
    /// to the surface's pixels. Nil when the caller should draw the view itself: the first time
    /// it is seen, when it is too large to keep, or when its surface cannot be made.
    func pixels(of component: Component, in frame: Rect, covering bounds: Rect, appearance: Appearance, direction: LayoutDirection,
                draw: (DrawingContext) -> Void) -> (surface: ImageSurface, x: Int, y: Int)? {
        guard let (key, pixelX, pixelY, scale) = place(component, in: frame, appearance: appearance, direction: direction) else { return nil }
        // The entry holds its component: no other can have been made at its address since.
        if let slot = slots[key], let entry = entries[slot] {
            touch(slot)
            if let surface = entry.surface {
                hits += 1
                return (surface, pixelX + entry.offsetX, pixelY + entry.offsetY)
            }
            // Seen before, unchanged since: it is likely to be asked for again.
            return keep(entry, in: slot, bounds: bounds, pixelX: pixelX, pixelY: pixelY, appearance: appearance, draw: draw)
        }
        guard Self.bytes(of: Self.pixels(covering: bounds, scale: scale)) <= entryLimit else { return nil }
        insert(Entry(key: key, component: component))
        return nil
    }

    /// The canvas pixels (at the kept pixels' scale) where the view's kept pixels are opaque:
    /// where compositing them gives their own pixels whatever is beneath, so a frame that only
    /// changes what is beneath (the canvas background) may leave those pixels as they are. Nil
    /// when its pixels are not kept, or not opaque over a worthwhile rectangle.
    func opaqueBox(of component: Component, in frame: Rect, appearance: Appearance, direction: LayoutDirection) -> PixelRect? {
        guard let (key, pixelX, pixelY, _) = place(component, in: frame, appearance: appearance, direction: direction),
              let slot = slots[key], let entry = entries[slot], entry.surface != nil, let box = entry.opaque else { return nil }
        return box.offsetBy(dx: pixelX + entry.offsetX, dy: pixelY + entry.offsetY)
    }

    /// The larger of two rectangles of opaque pixels around the surface's centre: the widest
    /// band of whole rows opaque across the centre row's opaque run, and the tallest band of
    /// whole columns opaque across the centre column's. A rounded button's is its middle without
    /// the corners; a pill's, its middle between the round ends. Looked for once, when the pixels
    /// are kept, in time proportional to them.
    static func opaqueBox(of surface: ImageSurface) -> PixelRect? {
        let (width, height, stride) = (surface.width, surface.height, surface.stride)
        guard width > 2, height > 2, let data = surface.data else { return nil }
        let pixels = data.assumingMemoryBound(to: UInt8.self)
        func opaque(_ x: Int, _ y: Int) -> Bool {
            // 0xAARRGGBB in native order: alpha is the high byte of each 32-bit pixel.
            (UnsafeRawPointer(pixels + y * stride + x * 4).load(as: UInt32.self) >> 24) == 0xFF
        }
        let (cx, cy) = (width / 2, height / 2)
        guard opaque(cx, cy) else { return nil }
        // Across the centre row, then as many rows above and below as are opaque over that run.
        var (left, right) = (cx, cx + 1)
        while left > 0, opaque(left - 1, cy) { left -= 1 }
        while right < width, opaque(right, cy) { right += 1 }
        func rowOpaque(_ y: Int) -> Bool { (left..<right).allSatisfy { opaque($0, y) } }
        var (top, bottom) = (cy, cy + 1)
        while top > 0, rowOpaque(top - 1) { top -= 1 }
        while bottom < height, rowOpaque(bottom) { bottom += 1 }
        let band = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        // Down the centre column, then as many columns either side as are opaque over that run.
        (top, bottom) = (cy, cy + 1)
        while top > 0, opaque(cx, top - 1) { top -= 1 }
        while bottom < height, opaque(cx, bottom) { bottom += 1 }
        func columnOpaque(_ x: Int) -> Bool { (top..<bottom).allSatisfy { opaque(x, $0) } }
        (left, right) = (cx, cx + 1)
        while left > 0, columnOpaque(left - 1) { left -= 1 }
        while right < width, columnOpaque(right) { right += 1 }
        let column = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        let best = band.area >= column.area ? band : column
        // A sliver would add pieces to the frame's clip and blit for next to no pixels.
        return best.width >= 4 && best.height >= 4 ? best : nil
    }

    /// What `warm` did with one view.
    enum Warming: Equatable {
        /// Its pixels were kept already, or it is too large ever to be kept.
        case skipped
        /// It was drawn and its pixels kept.
        case drawn
        /// Keeping it would push out pixels kept before: the cache is as full as warming makes it.
        case full
    }

    /// Keeps a view's pixels now, without waiting for it to be drawn unchanged a second time:
    /// what the preview does while idle with the views on screen, so that the next frame that
    /// repaints them (a background save) composites them all. It never pushes anything out.
    func warm(_ component: Component, in frame: Rect, covering bounds: Rect, appearance: Appearance, direction: LayoutDirection,
              draw: (DrawingContext) -> Void) -> Warming {
        guard let (key, pixelX, pixelY, scale) = place(component, in: frame, appearance: appearance, direction: direction) else { return .skipped }
        let cost = Self.bytes(of: Self.pixels(covering: bounds, scale: scale))
        guard cost <= entryLimit else { return .skipped }
        let slot: Int
        if let known = slots[key], let entry = entries[known] {
            guard entry.surface == nil else { return .skipped }
            guard bytes - entry.cost + cost <= limit else { return .full }
            slot = known
            touch(slot)
        } else {
            guard bytes + cost <= limit else { return .full }
            insert(Entry(key: key, component: component))
            slot = newest
        }
        return keep(entries[slot]!, in: slot, bounds: bounds, pixelX: pixelX, pixelY: pixelY, appearance: appearance, draw: draw) == nil
            ? .skipped : .drawn
    }

    /// A view's key and the whole pixel its frame's top-left falls in, at the kept pixels' scale
    /// (given too); nil before any frame was prepared.
    private func place(_ component: Component, in frame: Rect, appearance: Appearance,
                       direction: LayoutDirection) -> (key: Key, pixelX: Int, pixelY: Int, scale: Double)? {
        guard let scale else { return nil }
        let (fx, fy) = (frame.x * scale, frame.y * scale)
        let (ix, iy) = (fx.rounded(.down), fy.rounded(.down))
        let key = Key(component: ObjectIdentifier(component), size: frame.size, phaseX: fx - ix, phaseY: fy - iy,
                      appearance: appearance, direction: direction)
        return (key, Int(ix), Int(iy), scale)
    }

    /// Draws the view of `entry` (in `slot`) onto a new surface and keeps it, making room as needed.
    private func keep(_ entry: Entry, in slot: Int, bounds: Rect, pixelX: Int, pixelY: Int, appearance: Appearance,
                      draw: (DrawingContext) -> Void) -> (surface: ImageSurface, x: Int, y: Int)? {
        guard let scale else { return nil }
        let area = Self.pixels(covering: bounds, scale: scale)
        let cost = Self.bytes(of: area)
        guard cost <= entryLimit, let surface = try? ImageSurface(width: area.width, height: area.height),
              let context = try? DrawingContext(surface) else { return nil }
        context.appearance = appearance
        context.translate(Double(-area.x), Double(-area.y))
        context.scale(scale)
        draw(context)
        guard (try? context.check("drawing a view to keep")) != nil else { return nil }
        // The entry is the newest: making room drops others first, and it fits within the limit.
        entry.surface = surface
        entry.opaque = Self.opaqueBox(of: surface)
        (entry.offsetX, entry.offsetY) = (area.x - pixelX, area.y - pixelY)
        bytes += cost - entry.cost
        entry.cost = cost
        count += 1
        evict(keeping: slot)
        return (surface, area.x, area.y)
    }

    /// The whole pixels (at `scale`) a view covering `bounds` (points) is kept in, with a margin.
    static func pixels(covering bounds: Rect, scale: Double) -> (x: Int, y: Int, width: Int, height: Int) {
        // Far beyond any surface (a view placed a billion points away): nothing to keep.
        let reach = Double(1 << 40)
        guard [bounds.x, bounds.y, bounds.maxX, bounds.maxY].allSatisfy({ abs($0 * scale) < reach }) else { return (0, 0, 0, 0) }
        let x0 = Int((bounds.x * scale).rounded(.down)) - margin, x1 = Int((bounds.maxX * scale).rounded(.up)) + margin
        let y0 = Int((bounds.y * scale).rounded(.down)) - margin, y1 = Int((bounds.maxY * scale).rounded(.up)) + margin
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// What keeping a surface of `area` costs: its rows as Cairo pads them (to 4 bytes, which
    /// 32-bit pixels are already), and its entry; more than any limit when it cannot be made.
    static func bytes(of area: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        let side = ImageSurface.maximumSide
        guard area.width > 0, area.height > 0, area.width <= side, area.height <= side else { return .max }
        return area.width * 4 * area.height + entryCost
    }

    // MARK: - Least recently used

    private func insert(_ entry: Entry) {
        let slot: Int
        if let reused = unused.popLast() {
            slot = reused
            entries[slot] = entry
        } else {
            slot = entries.count
            entries.append(entry)
        }
        slots[entry.key] = slot
        bytes += entry.cost
        link(slot)
        evict(keeping: slot)
    }

    /// Drops the least recently used entries until the cache is within its limit, `slot` last of all.
    private func evict(keeping slot: Int) {
        while bytes > limit, oldest != -1, oldest != slot { remove(oldest) }
        if bytes > limit { remove(slot) }
    }

    private func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        link(slot)
    }

    private func link(_ slot: Int) {
        entries[slot]!.older = newest
        entries[slot]!.newer = -1
        if newest != -1 { entries[newest]!.newer = slot }
        newest = slot
        if oldest == -1 { oldest = slot }
    }

    private func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot]!.newer, entries[slot]!.older)
        if newer != -1 { entries[newer]!.older = older } else { newest = older }
        if older != -1 { entries[older]!.newer = newer } else { oldest = newer }
    }

    private func remove(_ slot: Int) {
        unlink(slot)
        let entry = entries[slot]!
        bytes -= entry.cost
        if entry.surface != nil { count -= 1 }
        slots[entry.key] = nil
        entries[slot] = nil
        unused.append(slot)
    }

    /// Drops the entries, of the next `length` from where the last look ended, whose component
    /// nothing else holds any more: its view changed or went. A look at the count alone: a weak
    /// reference's load in every entry cost a tenth of a one-view redraw at 2,000 views.
    private func dropForgotten(upTo length: Int) {
        // Never called to let go (a caller that draws without presenting): they go now.
        if forgotten.count >= 4 * Self.sweepLength { forgotten.removeAll() }
        for _ in 0..<min(length, entries.count) {
            if sweep >= entries.count { sweep = 0 }
            if let entry = entries[sweep], isKnownUniquelyReferenced(&entry.component) {
                forgotten.append(entry.component)
                remove(sweep)
            }
            sweep += 1
        }
    }

    /// Lets go of the components of views the document no longer has, dropped from the cache
    /// since the last call: after a frame is presented, so that freeing them is not in its time.
    public func releaseForgotten() {
        forgotten.removeAll(keepingCapacity: true)
    }

    // MARK: - Inspection

    /// The kept views' components, least recently used first: for tests of the eviction order.
    var componentsByAge: [Component] {
        var found: [Component] = []
        var slot = oldest
        while slot != -1 {
            let entry = entries[slot]!
            if entry.surface != nil { found.append(entry.component) }
            slot = entry.newer
        }
        return found
    }
}
