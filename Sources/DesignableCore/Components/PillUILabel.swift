/// The seed's pill label: one line of centred text on a background whose ends are half circles.
public final class PillUILabel: Component {
    @Inspectable("Text of the label.") public var text = ""
    @Inspectable("Colour of the text.") public var textColor = Color.black
    @Inspectable("Fill of the pill.") public var backgroundColor = Color.clear
    @Inspectable("Font, as Pango describes one.") public var font = Font("Sans 17")
    @Inspectable("Extra height above and below the text.", minimum: 0) public var verticalPad = 0.0
    @Inspectable("Extra width on each side, beyond the half-height the rounded ends take.", minimum: 0) public var horizontalPad = 0.0

    public override class var className: String { "PillUILabel" }
    public override class var summary: String { "A one-line label on a pill: corner radius half its height, text centred." }

    /// The seed's intrinsic size: the text's, widened by its height (room for the rounded ends)
    /// and by both horizontal pads, heightened by both vertical pads.
    public override func intrinsicContentSize(_ painter: Painter) -> Size? {
        let textSize = painter.measure(text, font: font)
        return Size(width: textSize.width + textSize.height + 2 * horizontalPad, height: textSize.height + 2 * verticalPad)
    }

    public override func masksToBoundsReason(_ layer: Layer) -> String {
        "PillUILabel sets clipsToBounds = true in its seed's set-up"
    }

    /// The seed's set-up: `layer.cornerRadius = frame.height / 2` and `clipsToBounds = true`.
    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.backgroundColor = backgroundColor
        layer.cornerRadius = bounds.height / 2
        layer.masksToBounds = true
    }

    public override func drawContent(in bounds: Rect, with painter: Painter) {
        painter.drawText(text, font: font, color: textColor, at: textRect(in: bounds, with: painter).origin)
    }

    public override func layoutRectangles(in bounds: Rect, with painter: Painter) -> LayoutRectangles {
        LayoutRectangles(frame: bounds, title: text.isEmpty ? nil : textRect(in: bounds, with: painter))
    }

    /// The text's box, centred in the bounds.
    private func textRect(in bounds: Rect, with painter: Painter) -> Rect {
        let size = painter.measure(text, font: font)
        return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
}
