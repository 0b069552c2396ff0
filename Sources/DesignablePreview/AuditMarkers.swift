import DesignableCore

/// The preview's `u`: the accessibility audit of each view in the state it is drawn in and the
/// appearance on show, marked on the view (an orange outline and a tag with the numbers). Views
/// are measured when first drawn or inspected, and again only after the document, its layout, a
/// state, the appearance or the layout direction changed: a frame that changed none of them measures nothing, and a
/// document of thousands of views measures the ones in sight.
final class AuditMarkers {
    private static let outline = Color(rgb: 0xFF9500)
    private static let tag = Color(rgb: 0xFFCC00)
    private static let tagText = Color(rgb: 0x1C1C1E)
    private static let font = Font("Sans Bold 10")
    /// How far a mark reaches past its view's frame: the outline, and the tag above it.
    private static let reach = 20.0

    private weak var document: StyleDocument?
    private var frames: [Rect] = []
    private var states: [ControlState] = []
    private var nestedStates: [ViewPath: ControlState] = [:]
    private var appearance: Appearance?
    private var direction: LayoutDirection?
    /// Each view's findings, by index, for the views measured since the last change.
    private var measured: [Int: [Audit.Finding]] = [:]

    /// View `index`'s findings as the session shows it, measured now if need be.
    func findings(of index: Int, in session: PreviewSession) -> [Audit.Finding] {
        guard let document = session.document, let layout = session.layout, index < document.views.count else { return [] }
        forgetChanges(document: document, layout: layout, session: session)
        if let known = measured[index] { return known }
        let states = self.states, appearance = session.renderer.appearance
        let found = Audit.view(index, of: document, layout: layout, renderer: session.renderer, states: [states[index]],
                               appearances: [appearance], beneath: { states[$0] })
        measured[index] = found
        return found
    }

    /// The views whose marks reach into `visible` (canvas points), with their findings.
    func findings(in visible: Rect, of session: PreviewSession) -> [(index: Int, findings: [Audit.Finding])] {
        guard let layout = session.layout else { return [] }
        let reach = visible.insetBy(dx: -Self.reach, dy: -Self.reach)
        return layout.frames.indices.filter { layout.frames[$0].intersects(reach) }.map { ($0, findings(of: $0, in: session)) }
    }

    /// What a note says when the audit is switched on: the findings on the views in `visible`.
    func summary(in visible: Rect, of session: PreviewSession) -> String {
        let found = findings(in: visible, of: session).filter { !$0.findings.isEmpty }
        let count = found.reduce(0) { $0 + $1.findings.count }
        guard count > 0 else { return "Audit: no findings in sight" }
        return "Audit: \(count) finding\(count == 1 ? "" : "s") on \(found.count) view\(found.count == 1 ? "" : "s") in sight"
    }

    /// Marks each view with findings that reaches into `visible` with `painter`, drawing in canvas points.
    func draw(in visible: Rect, of session: PreviewSession, painter: Painter) {
        guard let layout = session.layout, let document = session.document else { return }
        for (index, all) in findings(in: visible, of: session) where !all.isEmpty {
            // A view inside another is marked on its own frame, not its top-level view's.
            var paths: [ViewPath] = []
            for path in all.map(\.path) where !paths.contains(path) { paths.append(path) }
            for path in paths {
                guard let frame = path.isTopLevel ? layout.frames[index] : session.renderer.canvasFrame(of: path, in: document, layout: layout)
                else { continue }
                mark(frame, with: all.filter { $0.path == path }, painter: painter)
            }
        }
    }

    private func mark(_ frame: Rect, with found: [Audit.Finding], painter: Painter) {
        painter.stroke(frame.insetBy(dx: -2, dy: -2), width: 2, color: Self.outline)
        // One tag with every finding's numbers, on the outline above the view's top-left
        // corner: over the view it would hide a small one's title, the very thing audited.
        var labels: [String] = []
        for label in found.map(\.label) where !labels.contains(label) { labels.append(label) }
        let text = "⚠ " + labels.joined(separator: " · ")
        let size = painter.measure(text, font: Self.font)
        let tag = Rect(x: frame.x - 3, y: frame.y - 3 - (size.height + 2), width: size.width + 8, height: size.height + 2)
        painter.fill(tag, radius: 3, with: .color(Self.tag))
        painter.drawText(text, font: Self.font, color: Self.tagText, at: Point(x: tag.x + 4, y: tag.y + 1))
    }

    /// Forgets every measurement when the document, the layout, a view's state, the appearance or
    /// the direction is not what it was measured in (a view's background is the views beneath it).
    private func forgetChanges(document: StyleDocument, layout: Layout, session: PreviewSession) {
        let (appearance, direction) = (session.renderer.appearance, session.renderer.layoutDirection)
        let unchanged = document === self.document && layout.frames == frames && appearance == self.appearance && direction == self.direction
            && states.count == document.views.count && states.indices.allSatisfy { states[$0] == session.state(of: $0) }
            && nestedStates == session.renderer.nestedStates
        guard !unchanged else { return }
        (self.document, frames, self.appearance, self.direction) = (document, layout.frames, appearance, direction)
        states = document.views.indices.map(session.state(of:))
        nestedStates = session.renderer.nestedStates
        measured = [:]
    }
}
