/// Every view in each of its states at once, as a reviewer wants to see them: one row per view,
/// captioned at the left with its id (or class); one column per state (normal, highlighted,
/// selected, selected+highlighted, disabled), captioned above; a set of such columns for each
/// variant (light, dark, right to left), each on the canvas background as that variant resolves
/// it. A view that is not a control has its normal cell only. A view holding others is drawn
/// whole; with `nestedRows`, a row follows it for each control inside it, the view drawn whole in
/// each column with that control in the column's state, where the file gives it that look.
/// `render --variants` draws it, and the preview's `g` shows it, clicks reaching the view of the cell clicked.
///
/// All of it is in points, from the grid's top-left; a cell's view is drawn as `Renderer.draw`
/// draws it on the canvas, moved by the cell's offset, so what a cell shows is the canvas's look.
public struct VariantGrid {
    /// One view in one state and variant.
    public struct Cell: Equatable, Sendable {
        /// The view's index in the document.
        public var view: Int
        /// The control inside the view whose state the column shows, the view drawn whole around
        /// it in its starting state; nil when the state is the view's own.
        public var nested: ViewPath?
        /// The state its column shows.
        public var state: ControlState
        /// Its column set, an index into `variants`.
        public var variant: Int
        /// The cell, in grid points.
        public var rect: Rect
        /// Added to a point on the canvas (the view's frame is in canvas points) to give its place in the grid.
        public var offset: Point

        /// The canvas point drawn at `point` of the grid.
        public func canvasPoint(_ point: Point) -> Point {
            Point(x: point.x - offset.x, y: point.y - offset.y)
        }
    }

    /// A caption: its text, font and top-left, in grid points.
    struct Caption {
        var text: String
        var font: Font
        var origin: Point
    }

    /// A variant's columns: where they are and what their captions say.
    struct ColumnSet {
        var rect: Rect
        var captions: [Caption]
    }

    public let document: StyleDocument
    public let layout: Layout
    /// The column sets, left to right.
    public let variants: [Variant]
    /// The states of the columns of each set, left to right.
    public let states: [ControlState]
    /// The grid's size in points.
    public let size: Size
    /// Every cell that shows a view: set by set, column by column, row by row.
    public let cells: [Cell]
    private let sets: [ColumnSet]
    private let labels: [Caption]
    /// Each row's top and height, by the path of the view it is for: a top-level view's, or a
    /// control's inside it.
    private let rows: [ViewPath: (y: Double, height: Double)]

    // MARK: - Measures

    /// Around the whole grid.
    static let margin = 16.0
    /// Inside each column set, around its captions and cells.
    static let setPadding = 12.0
    /// Between the row captions and the first set.
    static let labelGap = 16.0
    /// Around a view's coverage in its cell.
    static let cellPadding = 8.0
    /// Between a set's caption and its columns' captions, and between those and the cells.
    static let captionGap = (afterSet: 4.0, afterStates: 8.0)

    /// Lays out `views` (every view when nil) of `document`, laid out as `layout`, in a column set
    /// for each of `variants` (at least one), measuring captions with `painter`; with
    /// `nestedRows`, a row for each control inside each of them that the file gives a look
    /// besides normal.
    public init(_ document: StyleDocument, layout: Layout, variants: [Variant], views: [Int]? = nil, nestedRows: Bool = false,
                painter: Painter) {
        self.document = document
        self.layout = layout
        self.variants = variants.isEmpty ? [.standard] : variants
        let views = views ?? Array(document.views.indices)
        // Each row's view and, for a control inside it, that control's path and the states it is drawn in.
        var rowsShown: [(index: Int, nested: ViewPath?, states: [ControlState])] = []
        for index in views {
            rowsShown.append((index, nil, []))
            guard nestedRows else { continue }
            for path in document.allPaths where path.root == index && !path.isTopLevel {
                guard let view = document.view(at: path), view.type.isControl else { continue }
                let drawn = view.drawnStates
                if drawn.count > 1 { rowsShown.append((index, path, drawn)) }
            }
        }
        let hasControls = rowsShown.contains { $0.nested != nil || document.views[$0.index].type.isControl }
        states = hasControls ? ControlState.every : [.normal]

        // What each view covers, focus ring included, relative to its frame, in any state it shows.
        var reach: [Int: Rect] = [:]
        for index in views {
            let view = document.views[index], frame = layout.frames[index]
            let shown = view.type.isControl ? states : [.normal]
            let covered = shown.map { view.coverage(in: frame, state: $0) }.reduce(frame) { $0.union($1) }
            reach[index] = covered.offsetBy(dx: -frame.x, dy: -frame.y)
        }
        func width(_ text: String, _ font: Font) -> Double { painter.measure(text, font: font).width }
        let captionHeight = painter.measure("Ag", font: ChromeText.label).height
        let headingHeight = painter.measure("Ag", font: ChromeText.heading).height

        // One width for every column, so states line up across rows and sets.
        let widestView = reach.values.map(\.width).max() ?? 0
        let widestCaption = states.map { width($0.description, ChromeText.label) }.max() ?? 0
        let columnWidth = (max(widestView + 2 * Self.cellPadding, widestCaption + Self.cellPadding)).rounded(.up)
        // A control inside another is captioned by its path (card/buy), which names it in `render --view`.
        let labelTexts = rowsShown.map { row in
            row.nested.map { document.name(of: $0) } ?? document.views[row.index].id ?? document.views[row.index].type.className
        }
        let labelWidth = (labelTexts.map { width($0, ChromeText.label) }.max() ?? 0).rounded(.up)

        let cellsTop = Self.margin + Self.setPadding + headingHeight + Self.captionGap.afterSet + captionHeight + Self.captionGap.afterStates
        var rows: [ViewPath: (y: Double, height: Double)] = [:]
        var labels: [Caption] = []
        var y = cellsTop.rounded(.up)
        for (row, text) in zip(rowsShown, labelTexts) {
            let height = (reach[row.index]!.height + 2 * Self.cellPadding).rounded(.up)
            rows[row.nested ?? ViewPath(row.index)] = (y, height)
            labels.append(Caption(text: text, font: ChromeText.label, origin: Point(x: Self.margin, y: y + (height - captionHeight) / 2)))
            y += height
        }
        let setHeight = y + Self.setPadding - Self.margin
        let setWidth = 2 * Self.setPadding + Double(states.count) * columnWidth

        var sets: [ColumnSet] = [], cells: [Cell] = []
        var x = Self.margin + labelWidth + Self.labelGap
        for (number, variant) in self.variants.enumerated() {
            let rect = Rect(x: x, y: Self.margin, width: setWidth, height: setHeight)
            var captions = [Caption(text: variant.description, font: ChromeText.heading,
                                    origin: Point(x: x + Self.setPadding, y: Self.margin + Self.setPadding))]
            let statesY = Self.margin + Self.setPadding + headingHeight + Self.captionGap.afterSet
            for (column, state) in states.enumerated() {
                let left = x + Self.setPadding + Double(column) * columnWidth
                let text = state.description
                captions.append(Caption(text: text, font: ChromeText.label,
                                        origin: Point(x: left + (columnWidth - width(text, ChromeText.label)) / 2, y: statesY)))
                for shown in rowsShown {
                    let index = shown.index
                    let drawn = shown.nested == nil ? (state == .normal || document.views[index].type.isControl) : shown.states.contains(state)
                    guard drawn else { continue }
                    let row = rows[shown.nested ?? ViewPath(index)]!, covered = reach[index]!
                    let cell = Rect(x: left, y: row.y, width: columnWidth, height: row.height)
                    // The coverage centred in the cell, on whole points so edges stay on pixels.
                    let frame = layout.frames[index]
                    let offset = Point(x: (cell.midX - covered.midX).rounded() - frame.x, y: (cell.midY - covered.midY).rounded() - frame.y)
                    cells.append(Cell(view: index, nested: shown.nested, state: state, variant: number, rect: cell, offset: offset))
                }
            }
            sets.append(ColumnSet(rect: rect, captions: captions))
            x += setWidth
        }
        self.cells = cells
        self.sets = sets
        self.labels = labels
        self.rows = rows
        size = Size(width: x + Self.margin, height: setHeight + 2 * Self.margin)
    }

    // MARK: - Finding

    /// The cell at `point` (grid points), if any.
    public func cell(at point: Point) -> Cell? {
        cells.first { $0.rect.contains(point) }
    }

    /// The row of view `index` across every set, in grid points; nil for a view not in the grid.
    public func rowRect(of index: Int) -> Rect? {
        rowRect(of: ViewPath(index))
    }

    /// The row of the view at `path` (a top-level view's, or a control's inside one) across
    /// every set, in grid points; nil for a view with no row of its own.
    public func rowRect(of path: ViewPath) -> Rect? {
        rows[path].map { Rect(x: 0, y: $0.y, width: size.width, height: $0.height) }
    }

    // MARK: - Drawing

    /// Draws the grid on `context`, which maps pixels 1:1 with the grid's top-left at its origin,
    /// at `scale` pixels a point: only what meets `damage` (grid points) when given. Each cell's
    /// view is drawn in `state(cell)` (its column's state unless told otherwise), then `overlay`
    /// in the view's canvas coordinates. `renderer`'s appearance and direction are left as they were.
    public func draw(on context: DrawingContext, renderer: Renderer, scale: Double, damage: Rect? = nil,
                     state: (Cell) -> ControlState = { $0.state }, overlay: ((Cell, Painter) -> Void)? = nil) {
        let kept = (renderer.appearance, renderer.layoutDirection)
        defer { (renderer.appearance, renderer.layoutDirection) = kept }
        let painter = renderer.painter
        let background = document.canvas.background
        context.save()
        if let damage { clip(context, to: damage, scale: scale) }
        // Margins and row captions take the first set's look, so a dark-only grid is dark all over.
        context.appearance = variants[0].appearance
        context.clear(to: background)
        drawCaptions(labels, on: context, scale: scale, painter: painter, chrome: chromeAppearance(over: background, in: variants[0].appearance))
        for (number, set) in sets.enumerated() where damage.map(set.rect.intersects) ?? true {
            context.appearance = variants[number].appearance
            context.save()
            clip(context, to: set.rect, scale: scale)
            context.clear(to: background)
            context.restore()
            if number > 0 {
                // A hairline between sets, which may share a background (light and light, right to left).
                context.save()
                context.scale(scale)
                context.newPath()
                context.rectangle(Rect(x: set.rect.x, y: set.rect.y, width: 1 / scale, height: set.rect.height))
                context.setSource(Color.systemColors["separator"]!.resolved(for: chromeAppearance(over: background, in: variants[number].appearance)))
                context.fill()
                context.restore()
            }
            drawCaptions(set.captions, on: context, scale: scale, painter: painter,
                         chrome: chromeAppearance(over: background, in: variants[number].appearance))
        }
        for cell in cells where damage.map(cell.rect.intersects) ?? true {
            let variant = variants[cell.variant]
            renderer.appearance = variant.appearance
            renderer.layoutDirection = variant.direction
            context.save()
            clip(context, to: cell.rect, scale: scale)
            // Whole pixels, as the canvas's views sit.
            context.translate((cell.offset.x * scale).rounded(), (cell.offset.y * scale).rounded())
            let shown = state(cell)
            if let nested = cell.nested {
                // The view whole in its starting state, the one control inside it in the column's.
                let kept = renderer.nestedStates
                renderer.nestedStates = [nested: shown]
                let views = document.views
                renderer.draw(document, layout: layout, scale: scale, on: context, states: { views[$0].initialState }, only: cell.view,
                              overlay: overlay.map { overlay in { overlay(cell, $0) } })
                renderer.nestedStates = kept
            } else {
                renderer.draw(document, layout: layout, scale: scale, on: context, states: { _ in shown }, only: cell.view,
                              overlay: overlay.map { overlay in { overlay(cell, $0) } })
            }
            context.restore()
        }
        context.restore()
    }

    private func drawCaptions(_ captions: [Caption], on context: DrawingContext, scale: Double, painter: Painter, chrome: Appearance) {
        let color = Color.systemColors["secondaryLabel"]!.resolved(for: chrome)
        context.save()
        context.scale(scale)
        painter.drawing(on: context, scale: scale) {
            for caption in captions {
                painter.drawText(caption.text, font: caption.font, color: color, at: caption.origin)
            }
        }
        context.restore()
    }

    /// The appearance the grid's own text and lines take over `background` in a set drawn in
    /// `appearance`: the set's, unless the canvas gives a colour of its own that it would not
    /// show on (dark captions' light grey on a fixed light background). Light text on what is
    /// darker than mid-grey by luminance, where black and white text contrast alike.
    private func chromeAppearance(over background: Color, in appearance: Appearance) -> Appearance {
        let shown = background.resolved(for: appearance)
        guard shown.alpha >= 0.5 else { return appearance }
        return Contrast.luminance(shown) > 0.179 ? .light : .dark
    }

    private func clip(_ context: DrawingContext, to rect: Rect, scale: Double) {
        context.newPath()
        context.rectangle(Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale).pixelAligned(scale: 1))
        context.clip()
    }
}

/// The type the preview's own chrome sets its small text in (the inspector's headings and
/// labels), which the variants grid's captions share: both read as the tool speaking, not as the
/// design. Their colours are UIKit's `secondaryLabel` and `separator`, in the appearance the
/// background they are on calls for.
public enum ChromeText {
    public static let heading = Font("Sans Bold 13.3")
    public static let label = Font("Sans 14")
}

extension ControlState {
    /// Every state a control is shown in, alone or as a snapshot: normal, highlighted, selected,
    /// selected and highlighted at once (a selected button held down), and disabled.
    public static let every: [ControlState] = [.normal, .highlighted, .selected, [.selected, .highlighted], .disabled]
}
