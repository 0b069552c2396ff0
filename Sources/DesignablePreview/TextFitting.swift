import DesignableCore

/// Shortens text with an ellipsis to fit a width, for banners and inspector values that must
/// stay on one line. Measuring goes through the text engine's layout cache, so a redraw of the
/// same text does no shaping.
enum TextFitting {
    static func fit(_ text: String, font: Font, width: Double, painter: Painter) -> String {
        guard width > 0 else { return "" }
        if painter.measure(text, font: font).width <= width { return text }
        let characters = Array(text)
        var low = 0, high = characters.count
        // The longest prefix that fits with the ellipsis, by bisection: a handful of measurements.
        while low < high {
            let middle = (low + high + 1) / 2
            if painter.measure(String(characters[..<middle]) + "…", font: font).width <= width {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low == 0 ? "…" : String(characters[..<low]) + "…"
    }
}
