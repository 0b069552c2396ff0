import DesignableCore

/// The strip across the top of the canvas area that says what is wrong with the file: red for
/// errors (the first one, `line:col: message`), grey when the file is gone. It wraps to a second
/// line rather than cut the message in a narrow window. The canvas under it keeps the last good frame.
struct Banner {
    /// 16 pixels at 1×: a point is a pixel in the preview as on the canvas.
    static let font = Font("Sans 16")
    static let errorColor = Color(rgb: 0xD70015)
    static let absentColor = Color(rgb: 0x48484A)
    private static let lineHeight = 17.0
    private static let padding = (horizontal: 10.0, vertical: 5.5)

    var text: String
    var isError: Bool

    /// The strip in window pixels across the top of `area` at `scale`.
    func frame(in area: PixelRect, scale: Double, painter: Painter) -> PixelRect {
        let lines = self.lines(width: Double(area.width) / scale, painter: painter)
        let height = Double(lines.count) * Self.lineHeight + 2 * Self.padding.vertical
        return PixelRect(x: area.x, y: area.y, width: area.width, height: Int((height * scale).rounded(.up)))
    }

    /// Draws across the top of `area` on `context`, whose origin is the window's top-left and unit a pixel.
    func draw(in area: PixelRect, scale: Double, on context: DrawingContext, painter: Painter) {
        let width = Double(area.width) / scale
        let lines = self.lines(width: width, painter: painter)
        let height = Double(area.height) / scale
        context.save()
        context.translate(Double(area.x), Double(area.y))
        context.scale(scale)
        painter.drawing(on: context, scale: scale) {
            painter.fill(Rect(x: 0, y: 0, width: width, height: height), with: .color(isError ? Self.errorColor : Self.absentColor))
            for (index, line) in lines.enumerated() {
                let size = painter.measure(line, font: Self.font)
                let y = Self.padding.vertical + Double(index) * Self.lineHeight + (Self.lineHeight - size.height) / 2
                painter.drawText(line, font: Self.font, color: .white, at: Point(x: Self.padding.horizontal, y: y))
            }
        }
        context.restore()
    }

    /// One line when it fits, else two: broken after the last word that fits, the rest elided.
    private func lines(width: Double, painter: Painter) -> [String] {
        let text = (isError ? "⚠ " : "") + self.text
        let available = width - 2 * Self.padding.horizontal
        guard painter.measure(text, font: Self.font).width > available else { return [text] }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var count = words.count - 1
        while count > 1, painter.measure(words[..<count].joined(separator: " "), font: Self.font).width > available {
            count -= 1
        }
        let first = words[..<count].joined(separator: " ")
        let rest = words[count...].joined(separator: " ")
        return [TextFitting.fit(first, font: Self.font, width: available, painter: painter),
                TextFitting.fit(rest, font: Self.font, width: available, painter: painter)]
    }
}
