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
    public static func compute(_ document: StyleDocument, painter: Painter, availableWidth: Double? = nil,
                               placements: Placements = Placements()) -> Layout {
        let canvas = document.canvas
        let padding = max(0, canvas.padding), spacing = max(0, canvas.spacing)
        let places = placements.of(document.views)
        var given: [Rect?] = [], sizes: [Size?] = []
        given.reserveCapacity(places.count)
        sizes.reserveCapacity(places.count)
        var columnWidth = 0.0, framedRight = 0.0
        // Views whose content gives a height alone: they take the column's width.
        var partialHeights: [Int: Double] = [:]
        var unsized = false
        for (index, place) in places.enumerated() {
            given.append(place.frame)
            if let frame = place.frame {
                sizes.append(frame.size)
                framedRight = max(framedRight, frame.maxX)
                continue
            }
            var size = place.size
            if size == nil {
                // A view sized on one axis by its content takes the column's fallback on the other.
                let extent = document.views[index].intrinsicExtent(painter)
                if let width = extent.width, let height = extent.height {
                    size = Size(width: width, height: height)
                } else if let width = extent.width {
                    size = Size(width: width, height: fallbackHeight)
                } else if let height = extent.height {
                    partialHeights[index] = height
                }
            }
            sizes.append(size)
            if let size { columnWidth = max(columnWidth, size.width) } else { unsized = true }
        }
        let givenWidth = canvas.size?.width ?? availableWidth ?? canvas.width
        let fallbackWidth = max(0, (givenWidth ?? max(columnWidth + 2 * padding, 320)) - 2 * padding)
        // Fitted, the canvas holds every view: the column (a view of no size at the fallback
        // width), and each framed view with the padding past its right edge, as below its bottom.
        let width = givenWidth ?? max(columnWidth + 2 * padding, unsized ? fallbackWidth + 2 * padding : 0,
                                      framedRight > 0 ? framedRight + padding : 0)

        var frames: [Rect] = []
        frames.reserveCapacity(given.count)
        var y = padding
        var placedInColumn = false
        var contentBottom = 0.0
        for index in given.indices {
            if let frame = given[index] {
                frames.append(frame)
                contentBottom = max(contentBottom, frame.maxY)
                continue
            }
            let size = sizes[index] ?? Size(width: fallbackWidth, height: partialHeights[index] ?? fallbackHeight)
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
            for index in frames.indices where given[index] == nil { frames[index].origin.x += shift }
        }
        let down = canvas.size == nil ? max(0, -top) : 0
        if down > 0 {
            for index in frames.indices where given[index] == nil { frames[index].origin.y += down }
        }
        let height = canvas.size?.height ?? max(contentBottom + down + padding, bottom + down)
        return Layout(canvasSize: Size(width: max(1, fittedWidth), height: max(1, height)), frames: frames)
    }

    /// What each view of the last document laid out says of its place: its `frame`, else its
    /// `size`, both decoded values of the view, taken over for the views a save left as they
    /// were (`KeptViews`).
    public final class Placements {
        private var kept = KeptViews()
        private var places: [(frame: Rect?, size: Size?)] = []

        public init() {}

        /// Each of `views`' frame and size, in order; kept for the next call.
        func of(_ views: [StyledView]) -> [(frame: Rect?, size: Size?)] {
            var places: [(frame: Rect?, size: Size?)] = []
            places.reserveCapacity(views.count)
            for index in views.indices {
                places.append(kept.holds(index, of: views) ? self.places[index] : (views[index].frame, views[index].size))
            }
            kept.keep(views)
            self.places = places
            return places
        }
    }

    /// Warnings for views whose look sticks out of the canvas, where nobody would see that part.
    public func findings(for document: StyleDocument) -> [Diagnostic] {
        frames.indices.compactMap { stickingOut($0, of: document) }
    }

    /// The warning for view `index` when what it draws sticks out of the canvas: a function of
    /// the view, its frame and the canvas's size alone (`LayoutFindings` relies on it).
    func stickingOut(_ index: Int, of document: StyleDocument) -> Diagnostic? {
        let canvas = Rect(origin: .zero, size: canvasSize)
        let frame = frames[index]
        let view = document.views[index]
        let covered = view.visualBounds(in: frame)
        guard covered.x < -0.5 || covered.y < -0.5 || covered.maxX > canvas.maxX + 0.5 || covered.maxY > canvas.maxY + 0.5 else { return nil }
        let place = "\(formatNumber(frame.x)),\(formatNumber(frame.y)) \(formatNumber(frame.width))×\(formatNumber(frame.height))"
        let size = "\(formatNumber(canvasSize.width))×\(formatNumber(canvasSize.height))"
        let framed = frame.x >= -0.5 && frame.y >= -0.5 && frame.maxX <= canvas.maxX + 0.5 && frame.maxY <= canvas.maxY + 0.5
        if framed {
            // Only what it draws past its frame is cut: its subviews, or its shadow. Say which,
            // and how to keep it.
            let reach = view.subtreeExtent(in: frame, painter: nil)
            let layer = view.component(in: view.initialState).layer(in: frame)
            if let reach, !layer.clipsToOutline,
               reach.x < -0.5 || reach.y < -0.5 || reach.maxX > canvas.maxX + 0.5 || reach.maxY > canvas.maxY + 0.5 {
                let whole = "\(formatNumber(reach.x)),\(formatNumber(reach.y)) \(formatNumber(reach.width))×\(formatNumber(reach.height))"
                return Diagnostic.warning("the subviews of this \(view.type.className) (\(place)) reach past the edge of the \(size) canvas (they cover \(whole)), and what lies past it is cut off; move them in, clip them with clipsToBounds, or make the canvas larger", at: view.location)
            }
            return Diagnostic.warning("the shadow of this \(view.type.className) (\(place)) is cut off by the edge of the \(size) canvas; move the view in, or make the canvas larger", at: view.location)
        }
        let how = covered.intersects(canvas) ? "sticks out of" : "lies outside"
        return Diagnostic.warning("this \(view.type.className) (\(place)) \(how) the \(size) canvas", at: view.location)
    }

    /// `findings` without those said at a place already said, in order: a shadow iOS would clip
    /// is said at the shadow's line, once per place, whichever views and states show it.
    static func oncePerPlace<S: Sequence>(_ findings: S) -> [Diagnostic] where S.Element == Diagnostic {
        var said: Set<SourceLocation> = []
        return findings.filter { said.insert($0.location).inserted }
    }

    /// View `index`'s warnings about its look in each state it is drawn in, and about its
    /// subviews at every depth (`StyledView.lookWarnings(in:)`), before `oncePerPlace`: a
    /// function of the view and its frame alone.
    func lookWarnings(_ index: Int, of document: StyleDocument) -> [Diagnostic] {
        document.views[index].lookWarnings(in: frames[index])
    }

    /// The index of the topmost view under `point`.
    public func view(at point: Point) -> Int? {
        frames.indices.reversed().first { frames[$0].contains(point) }
    }
}
