/// The rectangles Interface Builder's layout rectangles show for one view, in canvas points.
public struct LayoutRectangles: Equatable, Sendable {
    /// What each rectangle is, with the look its outline is drawn in.
    public enum Kind: CaseIterable, Sendable {
        case frame, content, image, title

        /// The legend's word for it.
        public var label: String {
            switch self {
            case .frame: "frame"
            case .content: "content insets"
            case .image: "image"
            case .title: "title"
            }
        }

        /// Interface Builder's blue for frames; the others in system colours far from it and
        /// from each other, so four outlines on one button stay apart.
        public var color: Color {
            switch self {
            case .frame: Color(rgb: 0x007AFF)
            case .content: Color(rgb: 0xFF9500)
            case .image: Color(rgb: 0x34C759)
            case .title: Color(rgb: 0xAF52DE)
            }
        }

        /// The content-inset rectangle is dashed, as a guide rather than a thing drawn.
        var dash: [Double]? { self == .content ? [4, 2] : nil }
        /// The image and title are tinted inside too: they are what is drawn there.
        var fillAlpha: Double { self == .image || self == .title ? 0.12 : 0 }
    }

    public var frame: Rect
    /// The frame less the content insets, where the content is aligned; nil for a view without them.
    public var content: Rect?
    public var image: Rect?
    public var title: Rect?

    public init(frame: Rect, content: Rect? = nil, image: Rect? = nil, title: Rect? = nil) {
        self.frame = frame
        self.content = content
        self.image = image
        self.title = title
    }

    /// Each rectangle there is, frame first; a content rectangle only where an inset moves it off the frame.
    public var all: [(kind: Kind, rect: Rect)] {
        let content = self.content == frame ? nil : self.content
        return [(Kind.frame, frame)] + [(Kind.content, content), (.image, image), (.title, title)].compactMap { kind, rect in rect.map { (kind, $0) } }
    }
}

/// Layout rectangles drawn over a canvas, as Interface Builder's "Show Layout Rectangles" draws
/// them: a hairline for each view's frame, its content-inset rectangle dashed, its image and title
/// tinted; and a legend that says which colour is which.
public enum LayoutOutlines {
    /// Draws the rectangles of each view (only view `only` when given), in the state `states`
    /// gives it, with `painter`, which is drawing in canvas points.
    ///
    /// Subviews are outlined at every depth after their parents, their frames dashed
    /// (`subviewDash`) so a parent's frame and its children's are told apart where they meet;
    /// `nestedStates` gives nested controls' states (their initial state when missing).
    public static func draw(_ document: StyleDocument, layout: Layout, states: (Int) -> ControlState, only: Int? = nil,
                            nestedStates: [ViewPath: ControlState] = [:], painter: Painter) {
        for index in document.views.indices where only == nil || index == only {
            let frame = layout.frames[index]
            let view = document.views[index]
            draw(view.component(in: states(index)).layoutRectangles(in: frame, with: painter).all, painter: painter)
            drawSubviews(of: view, at: ViewPath(index), in: frame, nestedStates: nestedStates, painter: painter)
        }
    }

    /// A subview's frame is dashed in the frame's colour.
    static let subviewDash: [Double] = [3, 2]

    private static func drawSubviews(of view: StyledView, at path: ViewPath, in frame: Rect, nestedStates: [ViewPath: ControlState],
                                     painter: Painter) {
        let frames = view.subviewFrames(in: frame.size, painter: painter)
        for (index, child) in view.subviews.enumerated() {
            let childPath = path.child(index)
            let childFrame = frames[index].offsetBy(dx: frame.x, dy: frame.y)
            let rectangles = child.component(in: nestedStates[childPath] ?? child.initialState).layoutRectangles(in: childFrame, with: painter)
            draw(rectangles.all, painter: painter, subview: true)
            drawSubviews(of: child, at: childPath, in: childFrame, nestedStates: nestedStates, painter: painter)
        }
    }

    /// Draws one view's rectangles (as `LayoutRectangles.all` lists them) with `painter`: what
    /// the preview does with the rectangles its component worker sends.
    public static func draw(_ rectangles: [(kind: LayoutRectangles.Kind, rect: Rect)], painter: Painter, subview: Bool = false) {
        // A device pixel wide, as Interface Builder's lines stay at any zoom.
        let width = 1 / painter.scale
        // The frame's line goes last, over a content rectangle's dashes where an inset is zero.
        for (kind, rect) in rectangles.reversed() {
            if kind.fillAlpha > 0 { painter.fill(rect, with: .color(kind.color.withAlpha(kind.fillAlpha))) }
            painter.stroke(rect, width: width, color: kind.color, dash: subview && kind == .frame ? subviewDash : kind.dash)
        }
    }

    /// One entry of the legend: a kind of rectangle, or the subviews' dashed frames.
    private struct Item {
        let label: String, color: Color, dash: [Double]?, fillAlpha: Double
        init(_ kind: LayoutRectangles.Kind) { (label, color, dash, fillAlpha) = (kind.label, kind.color, kind.dash, kind.fillAlpha) }
        init(subviewFrame: ()) { (label, color, dash, fillAlpha) = ("subview frame", LayoutRectangles.Kind.frame.color, LayoutOutlines.subviewDash, 0) }
    }

    /// What a legend lists: the subviews' frames only for a canvas that has any.
    private static func items(nested: Bool) -> [Item] {
        LayoutRectangles.Kind.allCases.map(Item.init) + (nested ? [Item(subviewFrame: ())] : [])
    }

    // MARK: - The legend

    private static let font = Font("Sans 11")
    private static let textColor = Color(rgb: 0x3C3C43)
    private static let background = Color(rgb: 0xFFFFFF, alpha: 0.94)
    private static let separator = Color(rgb: 0xC6C6C8)
    private static let rowHeight = 20.0
    private static let padding = 8.0
    private static let swatch = Size(width: 16, height: 10)
    /// Between a swatch and its word, and between one item and the next.
    private static let gaps = (inside: 4.0, between: 10.0)

    /// Where each item goes in a legend `width` points wide: rows from the top-left, an item
    /// moved to the next row when it would not fit; and the legend's height.
    private static func arrange(width: Double, nested: Bool, painter: Painter) -> (items: [(kind: Item, at: Point)], height: Double) {
        var items: [(kind: Item, at: Point)] = []
        var x = padding, row = 0.0
        for kind in Self.items(nested: nested) {
            let itemWidth = swatch.width + gaps.inside + painter.measure(kind.label, font: font).width
            if x > padding, x + itemWidth > width - padding {
                x = padding
                row += 1
            }
            items.append((kind, Point(x: x, y: padding / 2 + row * rowHeight)))
            x += itemWidth + gaps.between
        }
        return (items, (row + 1) * rowHeight + padding)
    }

    /// The height a legend `width` points wide takes.
    public static func legendHeight(width: Double, nested: Bool = false, painter: Painter) -> Double {
        arrange(width: width, nested: nested, painter: painter).height
    }

    /// The narrowest a legend may be: its widest item and the padding, so no word is cut.
    public static func minimumLegendWidth(nested: Bool = false, painter: Painter) -> Double {
        let widest = items(nested: nested).map { painter.measure($0.label, font: font).width }.max() ?? 0
        return swatch.width + gaps.inside + widest + 2 * padding
    }

    /// Draws the legend across `rect` (canvas points, its height `legendHeight`'s) with `painter`.
    public static func drawLegend(in rect: Rect, nested: Bool = false, painter: Painter) {
        painter.fill(rect, with: .color(background))
        painter.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1 / painter.scale), with: .color(separator))
        for (kind, at) in arrange(width: rect.width, nested: nested, painter: painter).items {
            let origin = Point(x: rect.x + at.x, y: rect.y + at.y)
            let box = Rect(x: origin.x, y: origin.y + (rowHeight - swatch.height) / 2, width: swatch.width, height: swatch.height)
            if kind.fillAlpha > 0 { painter.fill(box, with: .color(kind.color.withAlpha(kind.fillAlpha))) }
            painter.stroke(box, width: 1, color: kind.color, dash: kind.dash.map { $0.map { $0 / 2 } })
            let size = painter.measure(kind.label, font: font)
            painter.drawText(kind.label, font: font, color: textColor,
                             at: Point(x: box.maxX + gaps.inside, y: origin.y + (rowHeight - size.height) / 2))
        }
    }
}
