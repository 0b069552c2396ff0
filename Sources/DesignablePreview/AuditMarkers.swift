import DesignableCore

/// The preview's `u`: the accessibility audit of each view in the state it is drawn in and the
/// appearance on show, marked on the view (an orange outline and a tag with the numbers). The
/// findings are measured again only when the document, its layout, a state or the appearance
/// changed, so a frame that changed none of them measures nothing.
final class AuditMarkers {
    private static let outline = Color(rgb: 0xFF9500)
    private static let tag = Color(rgb: 0xFFCC00)
    private static let tagText = Color(rgb: 0x1C1C1E)
    private static let font = Font("Sans Bold 10")

    private weak var document: StyleDocument?
    private var frames: [Rect] = []
    private var states: [ControlState] = []
    private var appearance: Appearance?
    /// Each view's findings, in the document's order.
    private(set) var findings: [[Audit.Finding]] = []

    /// The findings for the session's views as they are shown, measured again when needed.
    @discardableResult
    func update(for session: PreviewSession) -> [[Audit.Finding]] {
        guard let document = session.document, let layout = session.layout else {
            self.document = nil
            findings = []
            return findings
        }
        let states = document.views.indices.map(session.state(of:))
        let appearance = session.renderer.appearance
        if document === self.document, layout.frames == frames, states == self.states, appearance == self.appearance { return findings }
        (self.document, frames, self.states, self.appearance) = (document, layout.frames, states, appearance)
        findings = document.views.indices.map { index in
            Audit.view(index, of: document, layout: layout, renderer: session.renderer, states: [states[index]],
                       appearances: [appearance], beneath: { states[$0] })
        }
        return findings
    }

    /// What a note says when the audit is switched on: how many findings on how many views.
    var summary: String {
        let views = findings.filter { !$0.isEmpty }.count, count = findings.reduce(0) { $0 + $1.count }
        guard count > 0 else { return "Audit: no findings in the states shown" }
        return "Audit: \(count) finding\(count == 1 ? "" : "s") on \(views) view\(views == 1 ? "" : "s")"
    }

    /// Marks each view with findings (from the last `update`) with `painter`, drawing in canvas points.
    func draw(layout: Layout, painter: Painter) {
        for (index, found) in findings.enumerated() where !found.isEmpty && index < layout.frames.count {
            let frame = layout.frames[index]
            painter.stroke(frame.insetBy(dx: -2, dy: -2), width: 2, color: Self.outline)
            // One tag with every finding's numbers, across the view's top-left corner.
            var labels: [String] = []
            for label in found.map(\.label) where !labels.contains(label) { labels.append(label) }
            let text = "⚠ " + labels.joined(separator: " · ")
            let size = painter.measure(text, font: Self.font)
            let tag = Rect(x: frame.x - 2, y: frame.y - 2 - (size.height + 2) / 2, width: size.width + 8, height: size.height + 2)
            painter.fill(tag, radius: 3, with: .color(Self.tag))
            painter.drawText(text, font: Self.font, color: Self.tagText, at: Point(x: tag.x + 4, y: tag.y + 1))
        }
    }
}
