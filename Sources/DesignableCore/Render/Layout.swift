/// Where every view of a document goes, and how large the canvas is.
public struct Layout: Equatable {
    public var canvasSize: Size
    /// One frame per view, in the document's order, in points.
    public var frames: [Rect]

    /// A layout computed elsewhere (the preview's component worker sends its frames).
    public init(canvasSize: Size, frames: [Rect]) {
        self.canvasSize = canvasSize
        self.frames = frames
    }

    /// Height a view takes when it has neither a size nor an intrinsic one (a plain UIView).
    public static let fallbackHeight = 100.0

    /// Lays out `document`: views with a `frame` where it says; the others in a centred column,
    /// `padding` from the edges and `spacing` apart, each at its `size` or intrinsic size. The
    /// canvas is the file's `size`, else `availableWidth` (a window) by the content's height,
    /// else fitted to the content.
    public static func compute(_ document: StyleDocument, painter: Painter, availableWidth: Double? = nil) -> Layout {
        let canvas = document.canvas
        let padding = max(0, canvas.padding), spacing = max(0, canvas.spacing)
        let sizes: [Size?] = document.views.map { view in
            if let frame = view.frame { return frame.size }
            if let size = view.size { return size }
            // Insets larger than the content would make a negative size: UIKit's layout takes none.
            let component = view.component(in: .normal)
            Component.willRun?(component, "intrinsicContentSize")
            return component.intrinsicContentSize(painter).map {
                Size(width: max(0, $0.width), height: max(0, $0.height))
            }
        }
        let columnWidth = document.views.indices
            .filter { document.views[$0].frame == nil }
            .compactMap { sizes[$0]?.width }
            .max() ?? 0
        let givenWidth = canvas.size?.width ?? availableWidth ?? canvas.width
        let width = givenWidth ?? (columnWidth + 2 * padding)
        let fallbackWidth = max(0, (givenWidth ?? max(columnWidth + 2 * padding, 320)) - 2 * padding)

        var frames: [Rect] = []
        var y = padding
        var placedInColumn = false
        var contentBottom = 0.0
        for (index, view) in document.views.enumerated() {
            if let frame = view.frame {
                frames.append(frame)
                contentBottom = max(contentBottom, frame.maxY)
                continue
            }
            let size = sizes[index] ?? Size(width: fallbackWidth, height: fallbackHeight)
            if placedInColumn { y += spacing }
            frames.append(Rect(x: (width - size.width) / 2, y: y, width: size.width, height: size.height))
            y += size.height
            placedInColumn = true
            contentBottom = max(contentBottom, y)
        }
        // A fitted canvas leaves room for what views draw past their frames (a shadow): the
        // column is moved in from the edges it would reach past, so only a canvas whose size the
        // file gives ends where a shadow is cut.
        var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
        // A canvas whose size the file gives is not fitted: what the views cover does not matter.
        if canvas.size == nil {
            for (index, view) in document.views.enumerated() {
                let covered = view.visualBounds(in: frames[index])
                guard covered != frames[index] else { continue }
                (left, top) = (min(left, covered.x), min(top, covered.y))
                (right, bottom) = (max(right, covered.maxX), max(bottom, covered.maxY))
            }
        }
        var fittedWidth = width
        if givenWidth == nil, left < 0 || right > width {
            let shift = max(0, -left, right - width)
            fittedWidth = width + 2 * shift
            for index in frames.indices where document.views[index].frame == nil { frames[index].origin.x += shift }
        }
        let down = canvas.size == nil ? max(0, -top) : 0
        if down > 0 {
            for index in frames.indices where document.views[index].frame == nil { frames[index].origin.y += down }
        }
        let height = canvas.size?.height ?? max(contentBottom + down + padding, bottom + down)
        return Layout(canvasSize: Size(width: max(1, fittedWidth), height: max(1, height)), frames: frames)
    }

    /// Warnings for views whose look sticks out of the canvas, where nobody would see that part.
    public func findings(for document: StyleDocument) -> [Diagnostic] {
        let canvas = Rect(origin: .zero, size: canvasSize)
        return frames.indices.compactMap { index in
            let frame = frames[index]
            let view = document.views[index]
            let covered = view.visualBounds(in: frame)
            guard covered.x < -0.5 || covered.y < -0.5 || covered.maxX > canvas.maxX + 0.5 || covered.maxY > canvas.maxY + 0.5 else { return nil }
            let place = "\(formatNumber(frame.x)),\(formatNumber(frame.y)) \(formatNumber(frame.width))×\(formatNumber(frame.height))"
            let size = "\(formatNumber(canvasSize.width))×\(formatNumber(canvasSize.height))"
            let framed = frame.x >= -0.5 && frame.y >= -0.5 && frame.maxX <= canvas.maxX + 0.5 && frame.maxY <= canvas.maxY + 0.5
            if framed {
                // Only what it draws past its frame (a shadow) is cut: say so, and how to keep it.
                return Diagnostic.warning("the shadow of this \(document.views[index].type.className) (\(place)) is cut off by the edge of the \(size) canvas; move the view in, or make the canvas larger", at: document.views[index].location)
            }
            let how = covered.intersects(canvas) ? "sticks out of" : "lies outside"
            return Diagnostic.warning("this \(document.views[index].type.className) (\(place)) \(how) the \(size) canvas",
                                      at: document.views[index].location)
        }
    }

    /// Warnings for shadows iOS would clip away: a layer that masks to its bounds clips its
    /// shadow with its content, so the shadow asked for is not drawn, here as on a device. Said
    /// at the shadow's line, once per place, whichever states show it.
    public func shadowFindings(for document: StyleDocument) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var said: Set<SourceLocation> = []
        for (index, view) in document.views.enumerated() {
            for state in view.clippedShadowStates(in: frames[index]) {
                let component = view.component(in: state)
                let layer = component.layer(in: frames[index])
                guard let place = view.place(component.shadowLocation) ?? Optional(view.location), said.insert(place).inserted else { continue }
                let reason: String
                if let set = view.place(component.layerAttributes?.$masksToBounds.setAt) {
                    reason = "layer.masksToBounds is true (line \(set.line))"
                } else {
                    reason = component.masksToBoundsReason(layer)
                }
                findings.append(.warning("this shadow is not drawn: \(reason), and iOS clips a layer's shadow with its content. Use DesignableButton or DesignableView (their shadow is a layer of its own, rounded with the corners), set layer: {masksToBounds: false} if the content need not be clipped, or give the shadow to a view behind this one", at: place))
            }
        }
        return findings
    }

    /// The index of the topmost view under `point`.
    public func view(at point: Point) -> Int? {
        frames.indices.reversed().first { frames[$0].contains(point) }
    }
}
