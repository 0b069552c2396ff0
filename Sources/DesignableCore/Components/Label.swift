/// A `UILabel`: text in one font and colour, aligned, wrapped or truncated in its bounds and
/// centred vertically in them, as UIKit draws it.
///
/// The Swift class is `Label` so that a designer's own UIKit code can declare a `UILabel`
/// subclass of its own; a style file names it `UILabel`.
open class Label: Component {
    @Inspectable("Text of the label; a \\n starts a new line while lines are left.") public var text = ""
    @Inspectable("Font, as Pango describes one; UIKit's default is the system font at 17 points.") public var font = Font("Sans 17")
    @Inspectable("Colour of the text; label (black, or white in dark appearance) by default.") public var textColor = Color.label
    @Inspectable("Where the lines sit across the width: natural (the leading edge), left, center, right or justified; left and right do not flip right to left.") public var textAlignment = TextAlignment.natural
    @Inspectable("Most lines the text takes, 0 for as many as it needs (and the bounds' height holds).", minimum: 0) public var numberOfLines = 1
    @Inspectable("How text that does not fit wraps or is cut; the last line shown is truncated at its end by default.") public var lineBreakMode = LineBreakMode.byTruncatingTail
    @Inspectable("Shrinks the font of one line of text wider than the label until it fits, down to minimumScaleFactor of its size.") public var adjustsFontSizeToFitWidth = false
    @Inspectable("Smallest multiple of the font size adjustsFontSizeToFitWidth shrinks it to; 0 does not shrink it.", minimum: 0, maximum: 1) public var minimumScaleFactor = 0.0
    @Inspectable("Extra space after each character in points, as NSAttributedString's kern; negative tightens.") public var kern = 0.0
    @Inspectable("Extra space between lines in points (NSParagraphStyle.lineSpacing).", minimum: 0) public var lineSpacing = 0.0
    @Inspectable("Width a wrapping label's intrinsic size wraps its text at; 0 for none (one line as long as the text).", minimum: 0) public var preferredMaxLayoutWidth = 0.0
    @Inspectable("Fill behind the text.") public var backgroundColor = Color.clear
    @Inspectable("Shows the highlighted look: the text in highlightedTextColor.") public var isHighlighted = false
    @Inspectable("Colour of the text while highlighted; textColor when unset.") public var highlightedTextColor: Color? = nil

    open override class var className: String { "UILabel" }
    open override class var summary: String { "A label: text aligned, wrapped or truncated in its bounds, centred vertically." }
    open override class var fallbacks: [String: String] { ["highlightedTextColor": "textColor"] }

    /// As UIKit measures a label: the text on one line, or wrapped at `preferredMaxLayoutWidth`
    /// when it may take more lines; (0, 0) for no text, as `UILabel.intrinsicContentSize` gives.
    open override func intrinsicContentSize(_ painter: Painter) -> Size? {
        guard !text.isEmpty else { return .zero }
        let wraps = numberOfLines != 1 && preferredMaxLayoutWidth > 0
        return painter.measure(text, font: font, in: box(width: wraps ? preferredMaxLayoutWidth : nil, direction: painter.layoutDirection))
    }

    open override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.backgroundColor = backgroundColor
    }

    /// The text's room: `width` (nil for as wide as the text) with the label's lines, mode,
    /// alignment and spacing.
    func box(width: Double?, direction: LayoutDirection, numberOfLines: Int? = nil) -> TextBox {
        TextBox(width: width, numberOfLines: numberOfLines ?? self.numberOfLines, lineBreakMode: lineBreakMode,
                direction: direction, alignment: textAlignment, kern: kern, lineSpacing: lineSpacing)
    }

    /// The text as drawn in `bounds`: its font (shrunk to fit when asked), its box and its rect.
    public struct TextPlacement: Equatable {
        public var font: Font
        public var box: TextBox
        /// The lines' logical box: vertically centred in the bounds, placed across them by the alignment.
        public var rect: Rect
    }

    /// Lays the text out as `UILabel.drawText(in:)` does: fitted to the bounds' width, its lines
    /// limited to those the height holds (the last one shown truncated as `lineBreakMode` says),
    /// and the block centred vertically.
    public func placement(in bounds: Rect, with painter: Painter) -> TextPlacement {
        let direction = painter.layoutDirection
        var font = self.font
        // Only one line shrinks: UIKit's docs give the minimum scale factor, and 0 shrinks nothing
        // ("If you specify a value of 0 for this property, the label doesn't scale the text down").
        if adjustsFontSizeToFitWidth, minimumScaleFactor > 0, numberOfLines == 1 {
            let natural = painter.measure(text, font: font, in: box(width: nil, direction: direction)).width
            if natural > bounds.width, natural > 0 {
                font = painter.text.font(font, scaledBy: max(minimumScaleFactor, bounds.width / natural))
            }
        }
        var box = box(width: bounds.width, direction: direction)
        var layout = painter.text.layout(text, font: font, in: box)
        // The lines past those the bounds hold are not drawn, and the last one shown is cut as a
        // label's last line is: lines are of one height, `lineSpacing` apart.
        if layout.lineCount > 1, layout.size.height > bounds.height + 0.01 {
            let count = Double(layout.lineCount)
            let lineHeight = (layout.size.height - (count - 1) * lineSpacing) / count
            let held = max(1, Int(((bounds.height + lineSpacing) / (lineHeight + lineSpacing) + 0.001).rounded(.down)))
            if held < layout.lineCount {
                box.numberOfLines = held
                layout = painter.text.layout(text, font: font, in: box)
            }
        }
        let size = layout.size
        let x: Double
        switch textAlignment.physical(in: direction) {
        case .right: x = bounds.maxX - size.width
        case .center: x = bounds.midX - size.width / 2
        default: x = bounds.x
        }
        return TextPlacement(font: font, box: box, rect: Rect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height))
    }

    /// The first and last lines' baselines as drawn in `bounds`; nil for no text.
    open override func baselines(in bounds: Rect, with painter: Painter) -> (first: Double, last: Double)? {
        guard !text.isEmpty else { return nil }
        let placed = placement(in: bounds, with: painter)
        let lines = painter.text.layout(text, font: placed.font, in: placed.box).baselines
        let top = placed.rect.y - bounds.y
        return (top + lines.first, top + lines.last)
    }

    open override func layoutRectangles(in bounds: Rect, with painter: Painter) -> LayoutRectangles {
        LayoutRectangles(frame: bounds, title: text.isEmpty ? nil : placement(in: bounds, with: painter).rect)
    }

    /// The text's ink, a pixel wider all round for hinting. Only for Designable's own class: a
    /// Swift subclass may draw more in its `drawContent`.
    open override func contentExtent(in bounds: Rect, with painter: Painter) -> Rect? {
        guard Self.isBuiltIn else { return nil }
        guard !text.isEmpty else { return Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0) }
        let placed = placement(in: bounds, with: painter)
        let margin = 1 / painter.scale
        return painter.text.layout(text, font: placed.font, in: placed.box).ink
            .offsetBy(dx: placed.rect.x, dy: placed.rect.y).insetBy(dx: -margin, dy: -margin)
    }

    open override func drawContent(in bounds: Rect, with painter: Painter) {
        guard !text.isEmpty else { return }
        let placed = placement(in: bounds, with: painter)
        let color = isHighlighted ? highlightedTextColor ?? textColor : textColor
        painter.drawText(text, font: placed.font, color: color, at: placed.rect.origin, in: placed.box)
    }
}
