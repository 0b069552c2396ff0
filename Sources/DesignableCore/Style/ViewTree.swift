/// Where a view sits in a document's tree: the index of its top-level view in `views:`, then
/// the index of each subview on the way down. Stable while the file's structure is: what states,
/// selection and findings of nested views are kept by.
public struct ViewPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var indices: [Int]

    public init(_ indices: [Int]) { self.indices = indices }
    public init(_ topLevel: Int) { indices = [topLevel] }

    /// The top-level view the path runs through.
    public var root: Int { indices[0] }
    public var depth: Int { indices.count }
    public var isTopLevel: Bool { indices.count == 1 }
    /// The view holding this one; nil for a top-level view.
    public var parent: ViewPath? { indices.count > 1 ? ViewPath(Array(indices.dropLast())) : nil }

    public func child(_ index: Int) -> ViewPath { ViewPath(indices + [index]) }

    /// Whether `other` is this view or lies inside it.
    public func contains(_ other: ViewPath) -> Bool { other.indices.starts(with: indices) }

    /// Tree order: a view before its subviews, siblings in the order written.
    public static func < (lhs: ViewPath, rhs: ViewPath) -> Bool { lhs.indices.lexicographicallyPrecedes(rhs.indices) }

    /// `#1/2`: numbered from 1, as `inspect` numbers views.
    public var description: String { "#" + indices.map { String($0 + 1) }.joined(separator: "/") }
}

// MARK: - Finding views in the tree

extension StyleDocument {
    /// The view at `path`; nil when the document has none there.
    public func view(at path: ViewPath) -> StyledView? {
        guard let first = path.indices.first, views.indices.contains(first) else { return nil }
        var view = views[first]
        for index in path.indices.dropFirst() {
            guard view.subviews.indices.contains(index) else { return nil }
            view = view.subviews[index]
        }
        return view
    }

    /// The path `name` names: ids joined by `/` from a top-level view down (`card/buy`), each step
    /// an id or `#N` for the Nth view at that level (from 1); nil when none.
    public func path(named name: String) -> ViewPath? {
        // An id is taken whole first, in case it has a '/' of its own.
        if let index = view(named: name) { return ViewPath(index) }
        let steps = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let first = steps.first, let top = view(named: first) else { return nil }
        var path = ViewPath(top)
        var level = views[top].subviews
        for step in steps.dropFirst() {
            let index: Int?
            if let found = level.firstIndex(where: { $0.id == step }) {
                index = found
            } else if step.hasPrefix("#"), let number = Int(step.dropFirst()), level.indices.contains(number - 1) {
                index = number - 1
            } else {
                index = nil
            }
            guard let index else { return nil }
            path = path.child(index)
            level = level[index].subviews
        }
        return path
    }

    /// The name of the view at `path` as `path(named:)` reads it: each step its id, else `#N`.
    public func name(of path: ViewPath) -> String {
        var names: [String] = []
        var level = views
        for index in path.indices {
            guard level.indices.contains(index) else { break }
            names.append(level[index].id ?? "#\(index + 1)")
            level = level[index].subviews
        }
        return names.joined(separator: "/")
    }

    /// Every view's path in tree order: each top-level view, then its subviews, depth first.
    public var allPaths: [ViewPath] {
        var paths: [ViewPath] = []
        func walk(_ view: StyledView, at path: ViewPath) {
            paths.append(path)
            for (index, child) in view.subviews.enumerated() { walk(child, at: path.child(index)) }
        }
        for (index, view) in views.enumerated() { walk(view, at: ViewPath(index)) }
        return paths
    }

    /// Whether any view holds subviews.
    public var isNested: Bool { views.contains { !$0.subviews.isEmpty } }
}

// MARK: - Laying out subviews

extension StyledView {
    /// The size the view's content gives it when the file gives none (UIKit's intrinsic content
    /// size): a stack's from its arranged subviews, any other view's from its component; nil
    /// for a view that has none (a plain view, whatever it holds).
    public func intrinsicSize(_ painter: Painter) -> Size? {
        let extent = intrinsicExtent(painter)
        guard let width = extent.width, let height = extent.height else { return nil }
        return Size(width: width, height: height)
    }

    /// The intrinsic size on each axis that has one: a stack's from its arranged subviews; a
    /// component's own; else, on an axis where a subview is pinned to both edges and has a
    /// length, the length those pins and it make (as Auto Layout sizes a view whose content is
    /// pinned all round: a chat bubble around its label).
    func intrinsicExtent(_ painter: Painter) -> (width: Double?, height: Double?) {
        let component = component(in: .normal)
        if type.arrangesSubviews {
            let size = component.fittingSize(arranging: arrangedItems(painter))
            return (size.map { max(0, $0.width) }, size.map { max(0, $0.height) })
        }
        Component.willRun?(component, "intrinsicContentSize")
        // Insets larger than the content would make a negative size: UIKit's layout takes none.
        if let size = component.intrinsicContentSize(painter) { return (max(0, size.width), max(0, size.height)) }
        var width: Double?, height: Double?
        for child in subviews where child.frame == nil {
            guard let pins = child.decoding.pins else { continue }
            let own = child.intrinsicExtent(painter)
            let start = pins.leading ?? pins.left, end = pins.trailing ?? pins.right
            if let start, let end, let length = pins.width ?? child.size?.width ?? own.width {
                width = max(width ?? 0, start + length + end)
            }
            if let top = pins.top, let bottom = pins.bottom, let length = pins.height ?? child.size?.height ?? own.height {
                height = max(height ?? 0, top + length + bottom)
            }
        }
        return (width, height)
    }

    /// What a stack learns of each subview: its intrinsic size (its own `size:` standing in),
    /// whether it is hidden, the spacing after it, and its baselines.
    private func arrangedItems(_ painter: Painter) -> [ArrangedItem] {
        subviews.map { child in
            let intrinsic = child.intrinsicExtent(painter)
            let size = child.size ?? intrinsic.width.flatMap { width in intrinsic.height.map { Size(width: width, height: $0) } }
            let component = child.component(in: .normal)
            let bounds = Rect(origin: .zero, size: size ?? .zero)
            let baselines = child.type.arrangesSubviews
                ? component.baselines(arranging: child.arrangedItems(painter), in: bounds.size, direction: painter.layoutDirection)
                : component.baselines(in: bounds, with: painter)
            return ArrangedItem(intrinsicWidth: intrinsic.width, intrinsicHeight: intrinsic.height,
                                isHidden: component.layer(in: bounds).isHidden, customSpacingAfter: child.decoding.spacingAfter,
                                firstBaseline: baselines?.first, lastBaseline: baselines?.last,
                                fixedWidth: child.size?.width, fixedHeight: child.size?.height)
        }
    }

    /// Where each subview goes inside the view's bounds of `size`, in its own space (its
    /// top-left at 0, 0): a stack arranges them; any other view's subviews take their `frame`,
    /// else their `pin:` against its bounds, else their size at its top-left (UIKit's frame of
    /// a subview given none is at the origin).
    ///
    /// Without a painter (what a view covers, asked between frames), the frames last laid out at
    /// that size are taken, whichever way the layout read; else they are measured left to right.
    public func subviewFrames(in size: Size, painter: Painter?) -> [Rect] {
        let subviews = subviews
        guard !subviews.isEmpty else { return [] }
        if let known = decoding.known.subviewFrames, known.size == size, painter == nil || known.direction == painter?.layoutDirection {
            return known.frames
        }
        let painter = painter ?? Painter.measuring
        let direction = painter.layoutDirection
        let frames: [Rect]
        if type.arrangesSubviews, let arranged = component(in: .normal).arrange(arrangedItems(painter), in: size, direction: direction) {
            frames = zip(subviews, arranged).map { $1 ?? Rect(origin: .zero, size: .zero) }
        } else {
            frames = subviews.map { $0.placement(in: size, painter: painter) }
        }
        decoding.known.subviewFrames = (size, direction, frames)
        return frames
    }

    /// The view's intrinsic size when `pins` leave an axis's length to it (neither both edges nor
    /// a length on that axis), else nil: measuring a label's text for a length its pins set
    /// anyway is most of laying out a card.
    func intrinsicSizeIfPinsNeedIt(_ pins: Pins, _ painter: Painter) -> Size? {
        let horizontal = (pins.leading ?? pins.left) != nil && (pins.trailing ?? pins.right) != nil || pins.width != nil || size?.width != nil
        let vertical = pins.top != nil && pins.bottom != nil || pins.height != nil || size?.height != nil
        return horizontal && vertical ? nil : intrinsicSize(painter)
    }

    /// Where the view goes in a parent whose bounds are `size` and which does not arrange it.
    func placement(in parent: Size, painter: Painter) -> Rect {
        if let frame { return frame }
        if let pins = decoding.pins {
            // Where a pin cannot hold, Auto Layout breaks a constraint and lays out with the rest.
            return PinLayout.resolve(pins, intrinsic: intrinsicSizeIfPinsNeedIt(pins, painter), size: size, in: parent,
                                     direction: painter.layoutDirection).frame
        }
        return Rect(origin: .zero, size: size ?? intrinsicSize(painter) ?? .zero)
    }

    // MARK: - Drawing a tree

    /// Draws the view at `frame` (canvas points) in `state`, with its subviews inside it, each in
    /// the state `states` gives its path (its own initial state when nil).
    public func draw(in frame: Rect, state: ControlState, painter: Painter, path: ViewPath,
                     states: (ViewPath) -> ControlState? = { _ in nil }) {
        draw(in: frame, state: state, painter: painter, path: path, states: states, subview: { $0.draw() })
    }

    /// A subview about to be drawn inside its parent, for `draw(in:state:painter:path:states:subview:)`.
    struct SubviewDrawing {
        let path: ViewPath
        /// Where it goes, in canvas points.
        let frame: Rect
        /// Draws it as the tree would, with its own subviews (each handed over in turn).
        let draw: () -> Void
    }

    /// Draws the view as `draw(in:state:painter:path:states:)` does, handing each subview at any
    /// depth to `subview` instead of drawing it: the audit draws only what lies beneath a nested
    /// view, through its parents' clips, opacity and rotation, and the view without its text.
    func draw(in frame: Rect, state: ControlState, painter: Painter, path: ViewPath,
              states: (ViewPath) -> ControlState?, subview: (SubviewDrawing) -> Void) {
        let component = component(in: state)
        let subviews = subviews
        guard !subviews.isEmpty else { return component.draw(in: frame, with: painter) }
        let frames = subviewFrames(in: frame.size, painter: painter)
        withoutActuallyEscaping(states) { states in
            withoutActuallyEscaping(subview) { subview in
                component.draw(in: frame, with: painter, subviews: {
                    for (index, child) in subviews.enumerated() {
                        let childPath = path.child(index)
                        let childFrame = frames[index].offsetBy(dx: frame.x, dy: frame.y)
                        subview(SubviewDrawing(path: childPath, frame: childFrame) {
                            child.draw(in: childFrame, state: states(childPath) ?? child.initialState,
                                       painter: painter, path: childPath, states: states, subview: subview)
                        })
                    }
                }, subviewExtent: subtreeExtent(in: frame, painter: painter).map(frame.union) ?? frame)
            }
        }
    }

    /// What the subviews cover, the view laid out at `frame`, unrotated, in every state any of
    /// them is drawn in: what a change of a nested control's state may repaint. Nil without subviews.
    func subtreeExtent(in frame: Rect, painter: Painter?) -> Rect? {
        let subviews = subviews
        guard !subviews.isEmpty else { return nil }
        let frames = subviewFrames(in: frame.size, painter: painter)
        var extent: Rect?
        for (child, place) in zip(subviews, frames) {
            let childFrame = place.offsetBy(dx: frame.x, dy: frame.y)
            for state in child.drawnStates {
                let covered = painter == nil ? child.visualBounds(in: childFrame, state: state)
                    : child.visualBounds(in: childFrame, state: state, painter: painter)
                guard covered.width > 0 || covered.height > 0 else { continue }
                extent = extent.map { $0.union(covered) } ?? covered
            }
        }
        return extent
    }

    /// The states the view is drawn in: normal, and each the file gives a look.
    var drawnStates: [ControlState] {
        let styled = styledStates
        return [ControlState.normal] + ControlState.layered.map(\.state).filter { type.isControl && styled.contains($0) }
    }

    /// What the view covers with its subviews, laid out at `frame` in `state`.
    func visualBounds(in frame: Rect, state: ControlState, painter: Painter?) -> Rect {
        let layer = component(in: state).layer(in: frame)
        return layer.visualBounds(in: frame, sublayers: subtreeExtent(in: frame, painter: painter))
    }
}

// MARK: - Comparing looks

extension StyledView {
    /// Whether this view in `state` draws what `other` drew in `was`, its subviews included:
    /// the same look, and the same subviews placed the same way looking the same (each in its
    /// initial state). A save that changed only a nested label's text changes its top-level view.
    func drawsSame(as other: StyledView, in state: ControlState, was: ControlState) -> Bool {
        guard component(in: state).hasSameLook(as: other.component(in: was)) else { return false }
        let (mine, theirs) = (subviews, other.subviews)
        guard mine.count == theirs.count else { return false }
        return zip(mine, theirs).allSatisfy { child, old in
            child.isSameDecoding(as: old) || (child.type == old.type && child.frame == old.frame && child.size == old.size
                && child.decoding.pins == old.decoding.pins && child.decoding.spacingAfter == old.decoding.spacingAfter
                && child.drawsSame(as: old, in: child.initialState, was: old.initialState))
        }
    }
}

// MARK: - Findings about the look

extension StyledView {
    /// The view's warnings about its look in each state it is drawn in, laid out at `frame`: a
    /// shadow iOS would clip away, values that do not fit together; then its subviews' at every
    /// depth, with what only a tree can get wrong (pins that cannot hold, a subview its clipping
    /// parent cuts off, a subview with no size at all). Before `Layout.oncePerPlace`.
    func lookWarnings(in frame: Rect) -> [Diagnostic] {
        let states = drawnStates
        var warnings = clippedShadows(in: frame) + states.flatMap { state in
            component(in: state).combinationWarnings.map { Diagnostic.warning($0.message, at: place($0.location) ?? location) }
        }
        let subviews = subviews
        guard !subviews.isEmpty else { return warnings }
        let frames = subviewFrames(in: frame.size, painter: nil)
        let parentLayer = component(in: .normal).layer(in: frame)
        let className = type.className
        if type.arrangesSubviews, let squeezed = squeezedWarning(frames: frames, in: frame) { warnings.append(squeezed) }
        for (child, place) in zip(subviews, frames) {
            let childFrame = place.offsetBy(dx: frame.x, dy: frame.y)
            let childLayer = child.component(in: .normal).layer(in: childFrame)
            if !type.arrangesSubviews, child.frame == nil, let pins = child.decoding.pins {
                let problems = PinLayout.resolve(pins, intrinsic: child.intrinsicSizeIfPinsNeedIt(pins, Painter.measuring), size: child.size,
                                                 in: frame.size, direction: .leftToRight).problems
                for problem in problems { warnings.append(.warning("pin: \(problem.description)", at: child.placeOfKey("pin"))) }
            }
            let bounds = Rect(origin: .zero, size: frame.size)
            if !childLayer.isHidden, place.width <= 0 || place.height <= 0, !type.arrangesSubviews, child.decoding.pins == nil {
                let how = child.decoding.pins != nil ? "its pins and its content give it" : "it has no frame, pin or size, and its content gives it"
                warnings.append(.warning("this \(child.type.className) is \(formatNumber(place.width))×\(formatNumber(place.height)): \(how) no size, so iOS draws nothing of it; give it a size: or a frame", at: child.location))
            } else if !childLayer.isHidden, parentLayer.clipsToOutline, !bounds.insetBy(dx: -0.5, dy: -0.5).contains(place) {
                let how = place.intersects(bounds) ? "partly outside" : "wholly outside"
                let parent = id.map { "'\($0)'" } ?? "its \(className)"
                warnings.append(.warning("this \(child.type.className) (\(formatNumber(place.x)),\(formatNumber(place.y)) \(formatNumber(place.width))×\(formatNumber(place.height))) lies \(how) the bounds of \(parent) (\(formatNumber(frame.width))×\(formatNumber(frame.height))), which clips to them: that part is not drawn", at: child.location))
            }
            warnings += child.lookWarnings(in: childFrame)
        }
        return warnings
    }

    /// For a view that arranges its subviews: the warning that it has too little room for them,
    /// naming those laid out smaller than their content or size asks (Auto Layout compresses one
    /// when required constraints leave no other way, and says nothing on screen); nil when all fit.
    private func squeezedWarning(frames: [Rect], in frame: Rect) -> Diagnostic? {
        var squeezed: [String] = []
        for (index, (child, place)) in zip(subviews, frames).enumerated() {
            guard !child.component(in: .normal).layer(in: place).isHidden else { continue }
            let wanted = child.intrinsicExtent(Painter.measuring)
            let width = child.size?.width ?? wanted.width, height = child.size?.height ?? wanted.height
            let short = [width.map { $0 - place.width > 0.5 } ?? false, height.map { $0 - place.height > 0.5 } ?? false]
            guard short.contains(true) else { continue }
            let name = child.id.map { "'\($0)'" } ?? "#\(index + 1) (\(child.type.className))"
            let asked = "\(formatNumber(width ?? place.width))×\(formatNumber(height ?? place.height))"
            squeezed.append("\(name) to \(formatNumber(place.width))×\(formatNumber(place.height)) of the \(asked) it asks")
        }
        guard !squeezed.isEmpty else { return nil }
        return .warning("this \(type.className) (\(formatNumber(frame.width))×\(formatNumber(frame.height))) is too small for its arranged views, so they are compressed, as Auto Layout compresses them on iOS: \(squeezed.joined(separator: "; ")). Give it more room, or its views less", at: location)
    }

    /// Where the file writes the view's key `key`, as it has it now; the view's own place without one.
    func placeOfKey(_ key: String) -> SourceLocation {
        guard let written = node[key]?.location else { return location }
        var moved = written
        moved.line += location.line - node.location.line
        return moved
    }

    /// Warnings of a shadow iOS would clip away (a layer that masks to its bounds clips its
    /// shadow with its content, so the shadow asked for is not drawn, here as on a device), one
    /// per state that shows it.
    func clippedShadows(in frame: Rect) -> [Diagnostic] {
        clippedShadowStates(in: frame).map { state in
            let component = component(in: state)
            let place = place(component.shadowLocation) ?? location
            let reason: String
            if let set = self.place(component.layerAttributes?[\.masksToBounds].setAt) {
                reason = "layer.masksToBounds is true (line \(set.line))"
            } else if let set = self.place(component.view.clipsLocation) {
                reason = "clipsToBounds is true (line \(set.line))"
            } else {
                reason = component.masksToBoundsReason(component.layer(in: frame))
            }
            return .warning("this shadow is not drawn: \(reason), and iOS clips a layer's shadow with its content. Use DesignableButton or DesignableView (their shadow is a layer of its own, rounded with the corners), set layer: {masksToBounds: false} if the content need not be clipped, or give the shadow to a view behind this one", at: place)
        }
    }
}
