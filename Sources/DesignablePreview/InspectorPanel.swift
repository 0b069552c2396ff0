import DesignableCore

/// The panel beside the canvas that `i` shows, as Interface Builder's Attributes inspector: the
/// focused view's class, id, state and frame, then each property under its humanised label with
/// its value in the state the view is drawn in. A dot and a bold label mark what the file set:
/// blue when the view set it, purple when a preset did; a tag at the right names the preset or
/// the state map, and the heading lists the view's presets with where each is written.
struct InspectorPanel {
    static let width = 420.0

    private static let background = Color(rgb: 0xF5F5F7)
    private static let separator = Color(rgb: 0xC6C6C8)
    private static let secondary = Color(rgb: 0x6E6E73)
    private static let accent = Color(rgb: 0x007AFF)
    private static let auditColor = Color(rgb: 0xFF9500)
    private static let presetAccent = Color(rgb: 0xAF52DE)
    private static let tagFont = Font("Sans 12")
    // Sizes in pixels at 1× (a point is a pixel, as on the canvas), readable on a desktop screen.
    private static let headingFont = ChromeText.heading
    private static let titleFont = Font("Sans Bold 20")
    private static let detailFont = Font("Sans 14.7")
    private static let labelFont = ChromeText.label
    private static let setLabelFont = Font("Sans Bold 14")
    private static let valueFont = Font("Monospace 13.3")
    private static let rowHeight = 19.0
    /// The narrowest column the values keep, however long the labels are.
    private static let minimumValueWidth = 150.0

    /// Draws the panel into `area` (window pixels) on `context`, whose unit is a pixel; with the
    /// focused view's `audit` findings when the audit is on.
    /// Where the property rows are scrolled to, for the view they were scrolled on: the mouse
    /// wheel over the panel moves `firstRow`, and each drawing keeps it within `furthest`.
    struct Scroll {
        var view: ViewPath?
        var firstRow = 0
        /// The last first row that still fills the panel, as the last drawing found it.
        var furthest = 0
    }

    /// `scroll`: the first property row shown, when they do not all fit; another view's start
    /// at the top.
    static func draw(_ session: PreviewSession, audit: [Audit.Finding]?, in area: PixelRect, scale: Double, on context: DrawingContext,
                     painter: Painter, scroll: inout Scroll) {
        context.save()
        context.translate(Double(area.x), Double(area.y))
        context.scale(scale)
        painter.drawing(on: context, scale: scale) {
            let size = Size(width: Double(area.width) / scale, height: Double(area.height) / scale)
            painter.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), with: .color(background))
            painter.fill(Rect(x: 0, y: 0, width: 1 / scale, height: size.height), with: .color(separator))
            if scroll.view != session.focus { scroll = Scroll(view: session.focus) }
            drawContent(session, audit: audit, size: size, painter: painter, scroll: &scroll)
        }
        context.restore()
    }

    private static func drawContent(_ session: PreviewSession, audit: [Audit.Finding]?, size: Size, painter: Painter, scroll: inout Scroll) {
        let left = 14.0, right = size.width - 12
        var y = 12.0
        painter.drawText("ATTRIBUTES INSPECTOR", font: headingFont, color: secondary, at: Point(x: left, y: y))
        y += 22
        if session.document == nil, let remote = session.remote, !remote.views.isEmpty {
            return drawRemote(remote, session: session, left: left, right: right, y: y, size: size, painter: painter, scroll: &scroll)
        }
        guard let document = session.document, let focus = session.focus, let view = document.view(at: focus) else {
            let message = session.document == nil ? "No document to inspect." : "No view selected."
            painter.drawText(message, font: titleFont, color: .black, at: Point(x: left, y: y))
            painter.drawText("Press Tab or click a view.", font: detailFont, color: secondary, at: Point(x: left, y: y + 24))
            return
        }
        let state = session.state(at: focus)
        painter.drawText(TextFitting.fit(view.type.className, font: titleFont, width: right - left, painter: painter),
                         font: titleFont, color: .black, at: Point(x: left, y: y))
        y += 24
        // A nested view says where it is in the tree (card › buy), and the keys that walk it.
        let position = focus.isTopLevel ? "View \(focus.root + 1) of \(document.views.count)"
            : document.name(of: focus).split(separator: "/").joined(separator: " › ")
        var steps: [String] = []
        if !focus.isTopLevel { steps.append("[ parent") }
        let count = view.subviews.count
        if count > 0 { steps.append("] \(count) subview" + (count == 1 ? "" : "s")) }
        let tree = steps.joined(separator: ", ")
        let lines: [String] = ["\(position), line \(view.location.line)",
                     tree,
                     view.id.map { "id: " + $0 } ?? "",
                     "State: " + (view.type.isControl ? state.description : "— (not a control)"),
                     view.presets.isEmpty ? "" : "Style: " + view.presets.map { "\($0.name) (\(place($0.location, in: document)))" }.joined(separator: " → ")]
        for line in lines where !line.isEmpty {
            painter.drawText(TextFitting.fit(line, font: detailFont, width: right - left, painter: painter),
                             font: detailFont, color: secondary, at: Point(x: left, y: y))
            y += 17
        }
        // The layout rectangles `o` outlines, each beside a swatch of its outline's colour.
        if let frame = session.canvasFrame(of: focus) {
            let rectangles = view.component(in: state).layoutRectangles(in: frame, with: painter)
            drawRectangles(rectangles.all, left: left, right: right, y: &y, painter: painter)
        }
        // What the audit found (`u`), each finding whole, as `check --audit` words it.
        if let audit {
            y += 4
            if audit.isEmpty {
                painter.drawText("Audit: no findings", font: detailFont, color: secondary, at: Point(x: left, y: y))
                y += 17
            }
            let box = TextBox(width: right - left - 16, numberOfLines: 0, lineBreakMode: .byWordWrapping)
            for finding in audit {
                painter.fill(Rect(x: left + 2, y: y + 5, width: 7, height: 7), radius: 3.5, with: .color(auditColor))
                painter.drawText(finding.message, font: detailFont, color: .black, at: Point(x: left + 16, y: y), in: box)
                y += painter.measure(finding.message, font: detailFont, in: box).height + 4
            }
        }
        y += 6
        painter.fill(Rect(x: left, y: y, width: right - left, height: 1), with: .color(separator))
        y += 8

        drawRows(PropertyRow.rows(of: view.component(in: state)), left: left, right: right, y: y, size: size, painter: painter, scroll: &scroll)
    }

    /// The layout rectangles, a line each below `y`, which they move down.
    private static func drawRectangles(_ rectangles: [(kind: LayoutRectangles.Kind, rect: Rect)], left: Double, right: Double,
                                       y: inout Double, painter: Painter) {
        for (kind, rect) in rectangles {
            painter.stroke(Rect(x: left, y: y + 4, width: 10, height: 10), width: 1.5, color: kind.color)
            let line = kind.label.prefix(1).uppercased() + kind.label.dropFirst() + ": " + rectText(rect)
            painter.drawText(TextFitting.fit(line, font: detailFont, width: right - left - 16, painter: painter),
                             font: detailFont, color: secondary, at: Point(x: left + 16, y: y))
            y += 17
        }
    }

    /// The property rows from `y` down, from the scroll's first row on, as many as the panel's
    /// height holds. When they do not all fit, the last line says which are shown and that the
    /// wheel shows the rest (a panel of one row shows the row), and the scroll is kept within
    /// what it can reach.
    private static func drawRows(_ rows: [PropertyRow], left: Double, right: Double, y start: Double, size: Size, painter: Painter,
                                 scroll: inout Scroll) {
        var y = start
        let room = max(0, Int((size.height - start) / rowHeight))
        let fits = rows.count <= room
        let noted = !fits && room >= 2
        let shown = fits ? rows.count : noted ? room - 1 : room
        scroll.furthest = rows.count - shown
        scroll.firstRow = min(max(0, scroll.firstRow), scroll.furthest)
        let firstRow = scroll.firstRow
        // The labels get the width their longest one needs (set in bold), so none is cut short
        // as Interface Builder cuts them; the values take the rest.
        let widestLabel = rows.map { painter.measure($0.label, font: setLabelFont).width }.max() ?? 0
        let labelColumn = min(left + widestLabel + 6, right - minimumValueWidth)
        for row in rows[firstRow..<(firstRow + shown)] {
            let isSet = row.setAt != nil
            let font = isSet ? setLabelFont : labelFont
            if isSet {
                var fromPreset = false
                if case .preset? = row.origin { fromPreset = true }
                painter.fill(Rect(x: 5, y: y + rowHeight / 2 - 5, width: 6, height: 6), radius: 3, with: .color(fromPreset ? presetAccent : accent))
            }
            let label = TextFitting.fit(row.label, font: font, width: labelColumn - left - 6, painter: painter)
            let labelSize = painter.measure(label, font: font)
            // Labels right-aligned against the values, as Interface Builder sets them.
            painter.drawText(label, font: font, color: isSet ? .black : secondary,
                             at: Point(x: labelColumn - 6 - labelSize.width, y: y + (rowHeight - labelSize.height) / 2 - 1))
            var x = labelColumn + 2
            if let color = row.color {
                let swatch = Rect(x: x, y: y + rowHeight / 2 - 6, width: 12, height: 12)
                painter.fill(swatch, radius: 2, with: .color(.white))
                painter.fill(swatch, radius: 2, with: .color(color))
                painter.border(Shape(swatch, cornerRadius: 2), width: 0.5, color: separator)
                x += 17
            }
            // The preset or state map that set it, at the right; the view's own values need no tag.
            var valueRight = right
            if let tag = tag(for: row.origin) {
                let text = TextFitting.fit(tag, font: tagFont, width: (right - x) / 2, painter: painter)
                let tagSize = painter.measure(text, font: tagFont)
                painter.drawText(text, font: tagFont, color: secondary, at: Point(x: right - tagSize.width, y: y + (rowHeight - tagSize.height) / 2 - 1))
                valueRight = right - tagSize.width - 6
            }
            let value = TextFitting.fit(row.shownValue, font: valueFont, width: valueRight - x, painter: painter)
            let valueSize = painter.measure(value, font: valueFont)
            // A value taken from another property while this one is unset is greyed, as IB greys a placeholder.
            painter.drawText(value, font: valueFont, color: row.fallback == nil ? .black : secondary,
                             at: Point(x: x, y: y + (rowHeight - valueSize.height) / 2 - 1))
            y += rowHeight
        }
        if noted {
            let way = firstRow == 0 ? "scroll down for more" : firstRow + shown == rows.count ? "scroll up for the rest" : "scroll for more"
            let note = "Properties \(firstRow + 1)–\(firstRow + shown) of \(rows.count): \(way)"
            let text = TextFitting.fit(note, font: tagFont, width: right - left, painter: painter)
            let textSize = painter.measure(text, font: tagFont)
            painter.drawText(text, font: tagFont, color: secondary, at: Point(x: left, y: y + (rowHeight - textSize.height) / 2 - 1))
        }
    }

    /// A file with Swift components: its views live in the worker, which sends each view's class,
    /// id, kind and frame with the load, and the shown view's rows and rectangles with the frame
    /// drawn after it was chosen (reading them runs user code, which the window never does).
    private static func drawRemote(_ remote: RemoteCanvas, session: PreviewSession, left: Double, right: Double, y start: Double,
                                   size: Size, painter: Painter, scroll: inout Scroll) {
        var y = start
        guard let focus = session.focusedRoot, focus < remote.views.count else {
            painter.drawText("No view selected.", font: titleFont, color: .black, at: Point(x: left, y: y))
            painter.drawText("Press Tab or click a view.", font: detailFont, color: secondary, at: Point(x: left, y: y + 24))
            return
        }
        let view = remote.views[focus]
        painter.drawText(TextFitting.fit(view.className, font: titleFont, width: right - left, painter: painter),
                         font: titleFont, color: .black, at: Point(x: left, y: y))
        y += 24
        let state = session.state(of: focus)
        let lines = ["View \(focus + 1) of \(remote.views.count)",
                     view.id.map { "id: " + $0 } ?? "",
                     "State: " + (view.isControl ? state.description : "— (not a control)")]
        for line in lines where !line.isEmpty {
            painter.drawText(TextFitting.fit(line, font: detailFont, width: right - left, painter: painter),
                             font: detailFont, color: secondary, at: Point(x: left, y: y))
            y += 17
        }
        // The worker's reading of this view in this state; until it comes, the frame alone.
        guard let inspected = remote.inspected, inspected.view == focus, inspected.state == state.rawValue else {
            drawRectangles([(.frame, view.frame)], left: left, right: right, y: &y, painter: painter)
            return
        }
        drawRectangles(LayoutRectangles.Kind.allCases.compactMap { kind in inspected.rectangles[kind].map { (kind, $0) } },
                       left: left, right: right, y: &y, painter: painter)
        y += 6
        painter.fill(Rect(x: left, y: y, width: right - left, height: 1), with: .color(separator))
        y += 8
        drawRows(inspected.rows, left: left, right: right, y: y, size: size, painter: painter, scroll: &scroll)
    }

    /// The tag beside a value: the preset (and its state map) or the view's state map that set it.
    private static func tag(for origin: ValueOrigin?) -> String? {
        switch origin {
        case .preset(let name, let state)?: return state.map { "\(name) · \($0)" } ?? name
        case .stateMap(let state)?: return "\(state)"
        case .view?, nil: return nil
        }
    }

    /// `line 3` in the style file, `tokens.yaml:3` in a file it imports (by name: the panel is narrow).
    private static func place(_ location: SourceLocation, in document: StyleDocument) -> String {
        location.file == SourceFile(path: document.path) ? "line \(location.line)" : "\(FileSystem.fileName(of: location.file.path)):\(location.line)"
    }

    /// Tenths of a point are as fine as a rectangle is worth reading in a 420-point panel.
    private static func rectText(_ rect: Rect) -> String {
        func short(_ value: Double) -> String { formatNumber((value * 10).rounded() / 10) }
        return "\(short(rect.x)), \(short(rect.y))  \(short(rect.width))×\(short(rect.height))"
    }
}
