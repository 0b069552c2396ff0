import DesignableCore

/// The strip across the top of the window (beside the inspector) that says what is wrong with the
/// file: red for errors, yellow for warnings (the first one, `line:col: message` with its advice),
/// grey when the file is gone. It wraps onto as many lines as the finding needs, up to two fifths
/// of the window (three lines at least), and the canvas starts below it rather than under it.
struct Banner: Equatable {
    /// What the banner is about, which sets its colours.
    enum Kind: Equatable {
        case error, warning, absent

        var background: Color {
            switch self {
            case .error: Color(rgb: 0xD70015)
            case .warning: Color(rgb: 0xFFCC00)
            case .absent: Color(rgb: 0x48484A)
            }
        }

        /// White on red and grey; near-black on yellow, where white would not read.
        var foreground: Color { self == .warning ? Color(rgb: 0x1C1C1E) : .white }
    }

    /// 16 pixels at 1×: a point is a pixel in the preview as on the canvas.
    static let font = Font("Sans 16")
    private static let padding = (horizontal: 10.0, vertical: 5.5)
    /// The most of the window's height the banner takes; what does not fit ends in "…".
    private static let greatestShare = 0.4
    /// Lines the banner may take whatever the window's height: in a window as small as a narrow
    /// canvas, a component's crash ("….draw crashed: Fatal error: Index out of range at
    /// StarRating.swift:41") needs three for its place, the part the user acts on, to show.
    private static let fewestLines = 3

    var text: String
    var kind: Kind

    /// The strip in window pixels across the top of `area` (the window less the inspector) at `scale`.
    func frame(in area: PixelRect, scale: Double, painter: Painter) -> PixelRect {
        let height = painter.measure(shownText, font: Self.font, in: box(in: area, scale: scale, painter: painter)).height + 2 * Self.padding.vertical
        return PixelRect(x: area.x, y: area.y, width: area.width, height: min(area.height, Int((height * scale).rounded(.up))))
    }

    /// Draws across the top of `area` on `context`, whose origin is the window's top-left and unit a pixel.
    func draw(in area: PixelRect, scale: Double, on context: DrawingContext, painter: Painter) {
        let frame = self.frame(in: area, scale: scale, painter: painter)
        context.save()
        context.translate(Double(frame.x), Double(frame.y))
        context.scale(scale)
        painter.drawing(on: context, scale: scale) {
            painter.fill(Rect(x: 0, y: 0, width: Double(frame.width) / scale, height: Double(frame.height) / scale), with: .color(kind.background))
            painter.drawText(shownText, font: Self.font, color: kind.foreground,
                             at: Point(x: Self.padding.horizontal, y: Self.padding.vertical), in: box(in: area, scale: scale, painter: painter))
        }
        context.restore()
    }

    private var shownText: String { (kind == .absent ? "" : "⚠ ") + text }

    /// The text's room: the strip's width less its padding, words wrapped onto the lines that fit
    /// in its share of the window, the last one cut with "…" if even they are too few.
    private func box(in area: PixelRect, scale: Double, painter: Painter) -> TextBox {
        let lineHeight = painter.measure("Ag", font: Self.font).height
        let room = Double(area.height) / scale * Self.greatestShare - 2 * Self.padding.vertical
        return TextBox(width: max(1, Double(area.width) / scale - 2 * Self.padding.horizontal),
                       numberOfLines: max(Self.fewestLines, Int(room / lineHeight)), lineBreakMode: .byTruncatingTail)
    }
}
