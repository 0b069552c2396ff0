/// Carries what a person did to the views (their states, the focus, a press) from one version of
/// a style file to the next, and says which parts of the canvas may look different.
///
/// It is pure: no X, no clock. It takes the old document with its layout and states, and the
/// new document; `states` and `newIndex(ofOld:)` are known at once, `damage` once the new
/// document is laid out. Which old view a new one continues is `ViewIdentity`'s rule, the same
/// the loader uses to take unchanged views over.
public struct Reconciler {
    /// What was on screen before the reload.
    public struct Shown {
        public var document: StyleDocument
        /// Nil when it was never laid out: then everything is redrawn.
        public var layout: Layout?
        /// Each view's own state: selected, disabled, a highlight stuck on.
        public var states: [ControlState]
        /// Views drawn highlighted by a press in progress (the pointer or a key held down on them).
        public var pressed: Set<Int>

        public init(document: StyleDocument, layout: Layout?, states: [ControlState], pressed: Set<Int> = []) {
            self.document = document
            self.layout = layout
            self.states = states
            self.pressed = pressed
        }
    }

    /// The canvas area whose pixels may differ after the reload.
    public enum Damage: Equatable {
        /// Redraw the whole canvas: its size, background or images changed, or nothing was shown.
        case everything
        /// Only these rectangles, in canvas points (empty when nothing changed).
        case rects([Rect])
        /// Only the canvas background: every view is as it was, the canvas is redrawn beneath them.
        case background
    }

    /// What a view covers on the canvas when drawn in `state` at `frame`, border, shadow and focus
    /// ring included: the area redrawn when it appears, goes, moves or changes.
    public typealias Coverage = (_ view: StyledView, _ state: ControlState, _ frame: Rect) -> Rect
    /// What drawing a view touches, its focus ring included: `StyledView.coverage(in:state:)`.
    public static let viewCoverage: Coverage = { view, state, frame in view.coverage(in: frame, state: state) }

    public let shown: Shown?
    public let document: StyleDocument
    /// For each new view, the old view it continues, or nil for a new one.
    public let matches: [Int?]
    /// Each new view's own state: carried from the view it continues, with a start state the
    /// file changed (`isSelected: true` added or removed) applied over it.
    public let states: [ControlState]
    /// For each old view, the new view that continues it, or nil when it went.
    private let continuedBy: [Int?]

    public init(from shown: Shown?, to document: StyleDocument) {
        self.shown = shown
        self.document = document
        let oldViews = shown?.document.views ?? []
        if oldViews.isEmpty {
            matches = Array(repeating: nil, count: document.views.count)
        } else if let continuity = document.continuity, let shown, continuity.previous === shown.document {
            // The loader matched these very documents when it took the unchanged views over.
            matches = continuity.matches.map { $0?.old }
        } else {
            matches = ViewIdentity.match(old: oldViews.map(ViewIdentity.Key.init), new: document.views.map(ViewIdentity.Key.init)).map { $0?.old }
        }
        var continuedBy = [Int?](repeating: nil, count: oldViews.count)
        var states: [ControlState] = []
        states.reserveCapacity(document.views.count)
        // Taken out of `shown` once: binding it in the loop would copy (retain and release) each of its parts per view.
        let oldStates = shown?.states ?? []
        for (index, view) in document.views.enumerated() {
            let state: ControlState
            if let old = matches[index] {
                continuedBy[old] = index
                let oldState = old < oldStates.count ? oldStates[old] : .normal
                if view === oldViews[old] {
                    // The view a save left as it was, the same object: its state was made for its
                    // class already, and looking into the view would wait on memory for nothing.
                    states.append(oldState)
                    continue
                }
                if view.isSameDecoding(as: oldViews[old]) {
                    state = oldState
                } else {
                    // Three-way: what the person did stays, what the file changed applies.
                    let (was, now) = (oldViews[old].initialState, view.initialState)
                    state = oldState.subtracting(was.subtracting(now)).union(now.subtracting(was))
                }
            } else {
                state = view.initialState
            }
            states.append(view.type.isControl ? state : .normal)
        }
        self.states = states
        self.continuedBy = continuedBy
    }

    /// The new index of old view `index` (for the focus and a press), nil when it went.
    public func newIndex(ofOld index: Int) -> Int? {
        index < continuedBy.count ? continuedBy[index] : nil
    }

    /// What to redraw once the new document is laid out at `layout`. A view is redrawn when its
    /// frame, its drawn state or its look changed, over what it covered before and covers now;
    /// an edit to one button redraws one button. `coverage` says what a view covers.
    public func damage(layout: Layout, coverage: Coverage = viewCoverage) -> Damage {
        guard let shown, let oldLayout = shown.layout,
              layout.canvasSize == oldLayout.canvasSize,
              document.dependencies == shown.document.dependencies else { return .everything }
        let backgroundChanged = document.canvas.background != shown.document.canvas.background
        let oldViews = shown.document.views
        var rects: [Rect] = []
        for (index, view) in document.views.enumerated() {
            let frame = layout.frames[index]
            let state = drawnState(index)
            guard let old = matches[index] else {
                rects.append(coverage(view, state, frame))
                continue
            }
            let (oldFrame, oldState) = (oldLayout.frames[old], shown.drawnState(old))
            if frame == oldFrame, state == oldState {
                if view.isSameDecoding(as: oldViews[old]) { continue }
                // A recoloured view is redrawn unlooked at: comparing would make the component of
                // each of thousands of views that a colour save leaves off screen.
                if !view.isRecoloured(from: oldViews[old]),
                   view.drawsSame(as: oldViews[old], in: state, was: oldState) { continue }
            }
            let (now, before) = (coverage(view, state, frame), coverage(oldViews[old], oldState, oldFrame))
            rects.append(now)
            if !now.contains(before) { rects.append(before) }
        }
        for old in oldViews.indices where continuedBy[old] == nil {
            rects.append(coverage(oldViews[old], shown.drawnState(old), oldLayout.frames[old]))
        }
        guard backgroundChanged else { return .rects(rects) }
        return rects.isEmpty ? .background : .everything
    }

    /// The state new view `index` is drawn in: its own, highlighted when a press carried over to it.
    private func drawnState(_ index: Int) -> ControlState {
        guard let pressed = shown?.pressed, !pressed.isEmpty, let old = matches[index] else { return states[index] }
        return Self.drawn(states[index], pressed: pressed.contains(old), view: document.views[index])
    }

    /// A view's state as drawn: highlighted while a press holds it down, if it is a control.
    static func drawn(_ state: ControlState, pressed: Bool, view: StyledView) -> ControlState {
        pressed && view.type.isControl ? state.union(.highlighted) : state
    }

    /// The reconciler (states, focus mapping) and the damage of `layout`, the new document's, in one call.
    public static func reconcile(from shown: Shown?, to document: StyleDocument, layout: Layout,
                                 coverage: Coverage = viewCoverage) -> (reconciler: Reconciler, damage: Damage) {
        let reconciler = Reconciler(from: shown, to: document)
        return (reconciler, reconciler.damage(layout: layout, coverage: coverage))
    }
}

extension Reconciler.Shown {
    /// The state old view `index` was drawn in.
    func drawnState(_ index: Int) -> ControlState {
        Reconciler.drawn(index < states.count ? states[index] : .normal, pressed: pressed.contains(index), view: document.views[index])
    }
}
