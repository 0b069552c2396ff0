import DesignableCore

/// A short note at the bottom of the canvas area ("Saved gallery-20250101-120000.png") that
/// goes away by itself after `duration`, all at once: a fade would draw a frame every few
/// milliseconds, where one timer and one redraw suffice.
struct FlashNote {
    /// How long a note stays, in nanoseconds.
    static let duration: UInt64 = 1_500_000_000
    /// 16 pixels at 1×, as the banner's.
    static let font = Font("Sans 16")
    static let height = 26.0

    var text: String

    /// The note's pixels for a canvas area at `scale`, centred near the bottom.
    func frame(in area: PixelRect, scale: Double, painter: Painter) -> PixelRect {
        let width = min(painter.measure(text, font: Self.font).width + 24, Double(area.width) / scale - 16)
        let rect = Rect(x: (Double(area.width) / scale - width) / 2, y: Double(area.height) / scale - Self.height - 12,
                        width: width, height: Self.height)
        return PixelRect(covering: rect, scale: scale, origin: (area.x, area.y))
    }

    func draw(in area: PixelRect, scale: Double, on context: DrawingContext, painter: Painter) {
        let frame = self.frame(in: area, scale: scale, painter: painter)
        context.save()
        context.translate(Double(frame.x), Double(frame.y))
        context.scale(scale)
        painter.drawing(on: context, scale: scale) {
            let pill = Rect(x: 0, y: 0, width: Double(frame.width) / scale, height: Double(frame.height) / scale)
            painter.fill(pill, radius: pill.height / 2, with: .color(Color(rgb: 0x1C1C1E, alpha: 0.88)))
            let line = TextFitting.fit(text, font: Self.font, width: pill.width - 24, painter: painter)
            let size = painter.measure(line, font: Self.font)
            painter.drawText(line, font: Self.font, color: .white,
                             at: Point(x: (pill.width - size.width) / 2, y: (pill.height - size.height) / 2))
        }
        context.restore()
    }
}
