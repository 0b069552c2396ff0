import DesignableCore

/// The flash note on show, if any: showing one or taking it away gives the window pixels to
/// redraw, the old note's and the new one's. When it goes is the loop's `.note` deadline.
struct NoteBoard {
    private(set) var note: FlashNote?

    /// Shows `text` in place of any note on show; the regions of the canvas `area` to redraw.
    mutating func show(_ text: String, in area: PixelRect, scale: Double, painter: Painter) -> [PixelRect] {
        let old = note?.frame(in: area, scale: scale, painter: painter)
        let new = FlashNote(text: text)
        note = new
        return [old, new.frame(in: area, scale: scale, painter: painter)].compactMap { $0 }
    }

    /// Takes the note away; the region it covered (empty without one).
    mutating func clear(in area: PixelRect, scale: Double, painter: Painter) -> PixelRect {
        defer { note = nil }
        return note?.frame(in: area, scale: scale, painter: painter) ?? .empty
    }
}
