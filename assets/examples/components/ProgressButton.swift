// A circular progress button, ported from an iOS @IBDesignable UIButton subclass: a track
// ring, an arc for the progress drawn clockwise from twelve o'clock, and the percentage in
// the middle. Highlighted, it darkens, as the original's `isHighlighted` did.
import DesignableCore

final class ProgressButton: Component {
    @Inspectable("Progress, 0 to 1.", minimum: 0, maximum: 1) var progress = 0.6
    @Inspectable("Width of the ring.", minimum: 0) var lineWidth = 6.0
    @Inspectable("Colour of the progress arc and the label.") var progressColor = Color(rgb: 0x007AFF)
    @Inspectable("Colour of the ring behind the arc.") var trackColor = Color(rgb: 0xE5E5EA)
    @Inspectable("Font of the percentage.") var font = Font("Sans Bold 15")

    override class var summary: String { "A ring that fills clockwise to its progress, with the percentage inside; 72×72 by default." }
    override class var isControl: Bool { true }

    override func intrinsicContentSize(_ painter: Painter) -> Size? { Size(width: 72, height: 72) }

    override func applyStateDefaults(_ state: ControlState) {
        if state.contains(.highlighted) { progressColor = Color(rgb: 0x0040DD) }
        if state.contains(.disabled) { progressColor = Color(rgb: 0x8E8E93) }
    }

    override func drawContent(in bounds: Rect, with painter: Painter) {
        let centre = Point(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
        guard radius > 0 else { return }
        var track = BezierPath(ovalIn: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        track.lineWidth = lineWidth
        painter.stroke(track, color: trackColor)
        if progress > 0 {
            let start = -Double.pi / 2
            var arc = BezierPath(arcCenter: centre, radius: radius, startAngle: start, endAngle: start + 2 * .pi * progress, clockwise: true)
            arc.lineWidth = lineWidth
            arc.lineCapStyle = .round
            painter.stroke(arc, color: progressColor)
        }
        let label = "\(Int((progress * 100).rounded()))%"
        let size = painter.measure(label, font: font)
        painter.drawText(label, at: Point(x: centre.x - size.width / 2, y: centre.y - size.height / 2), font: font, color: progressColor)
    }
}

let designableComponents: [Component.Type] = [ProgressButton.self]
