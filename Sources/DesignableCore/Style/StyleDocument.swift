/// A file besides the style file that a document's look depends on, and what it is to it: the
/// preview watches each and acts by kind when one changes.
public struct Dependency: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The style file itself.
        case style
        /// An image a view draws, or a place a missing one would appear.
        case image
        /// Another style file this one imports (`import:`), at any depth.
        case `import`
        /// A Swift file of user components (`components:`).
        case component
    }

    public var path: String
    public var kind: Kind

    public init(_ path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// A style file, read and checked: the canvas, the theme and the views, each view able to make
/// its component in any state.
public final class StyleDocument {
    public let path: String
    public let canvas: CanvasSettings
    public let canvasLocation: SourceLocation
    public let theme: [String: Color]
    /// The theme's named fonts.
    public let fonts: [String: Font]
    /// The presets of `styles:` (its own and its imports') by name.
    let presets: [String: Preset]
    public let views: [StyledView]
    /// Files besides the style file that its look depends on (its images), with their kind.
    public let dependencies: Set<Dependency>
    /// Which view of the document it was loaded over each of its views continues, as the loader
    /// matched them (`ViewIdentity`), so a reload does not match them twice.
    let continuity: Continuity?
    /// The text the document was read from, for reading only what the next save changes; nil
    /// when the file's views cannot be told apart by their lines (see `LoadedText.make`).
    var loadedText: LoadedText?
    /// How many views a first read left out because they lie off its first screen
    /// (`StyleLoader.load(firstScreen:)`): 0 for a whole document. A document with views left
    /// out is only ever drawn on that screen, and read whole (taking its views over) right after.
    public internal(set) var viewsLeftOut = 0

    struct Continuity {
        weak var previous: StyleDocument?
        let matches: [ViewIdentity.Match?]
    }

    init(path: String, canvas: CanvasSettings, canvasLocation: SourceLocation, theme: [String: Color], fonts: [String: Font] = [:],
         presets: [String: Preset] = [:], views: [StyledView], dependencies: Set<Dependency>, continuity: Continuity? = nil) {
        self.path = path
        self.canvas = canvas
        self.canvasLocation = canvasLocation
        self.theme = theme
        self.fonts = fonts
        self.presets = presets
        self.views = views
        self.dependencies = dependencies
        self.continuity = continuity
    }

    /// The index of the view `name` names: its `id`, else `#N` for the Nth view as `inspect`
    /// numbers them (from 1); nil when none.
    public func view(named name: String) -> Int? {
        if let index = views.firstIndex(where: { $0.id == name }) { return index }
        guard name.hasPrefix("#"), let number = Int(name.dropFirst()), views.indices.contains(number - 1) else { return nil }
        return number - 1
    }
}

/// One entry of `views:`: its class, where it goes, and the property maps that configure it.
///
/// What decoding made (the properties and the components built from them) lives in a `Decoding`
/// that a later load shares when the view is written the same way, even lines further down.
public final class StyledView {
    public typealias Pairs = YAMLNode.Pairs

    /// The view as decoded: everything that does not depend on where in the file it is written.
    final class Decoding {
        let type: Component.Type
        let id: String?
        let frame: Rect?
        let size: Size?
        let properties: Pairs
        let stateMaps: [(state: ControlState, pairs: Pairs)]
        let context: DecodingContext
        /// The presets its `style:` applies, the furthest ancestor first; empty without one.
        let chain: [Preset]
        /// What its components are built from, in cascade order: the chain's presets, then the view.
        let sources: [Cascade.Source]
        /// Image files the view's look depends on, found or looked for.
        var dependencies: Set<Dependency> = []
        /// The theme colours and fonts its values were read from, its presets' included.
        var themeNames: [String] = []
        /// The components made so far, by state (`ControlState.rawValue`): looked up for every
        /// view on every frame, so an array rather than a dictionary.
        var made = [Component?](repeating: nil, count: ControlState.all.rawValue + 1)
        /// The line the view was written at when decoded: its own text is there and below, the
        /// presets of its own file above (`styles:` comes before the views that may move).
        let line: Int
        /// What its components say, kept once asked for: every save lays out and checks every view
        /// of the file, and asking each of thousands of components again is most of a save's time.
        /// Shared with the decoding it was recoloured from (`StyledView.rethemed`): what it holds
        /// is where the view goes and what it covers, which no colour changes.
        let known: Known
        /// The normal state's component of the view this one was recoloured from, while its own
        /// is not made: `component(in:)` makes it from this one when it is first asked for, so a
        /// theme colour every view of a large file reads costs only the views drawn.
        var recolouredFrom: Component?
        /// The views of its `subviews:`, in order, decoded with it: a change to one is a change
        /// to the view's text, which is decoded again whole.
        let subviews: [StyledView]
        /// The space a stack leaves after it (`spacingAfter:`, UIStackView's `setCustomSpacing(_:after:)`).
        let spacingAfter: Double?
        /// Where its parent's edges and centre hold it (`pin:`), in place of a frame.
        let pins: Pins?

        final class Known {
            var initialState: ControlState?
            var styledStates: ControlState?
            /// What it covers in the state and at the frame last asked (its drawing alone, then
            /// with the focus ring), and the states whose shadow iOS clips at the frame last asked.
            var covered: (frame: Rect, state: ControlState, bounds: Rect)?
            var coverage: (frame: Rect, state: ControlState, bounds: Rect)?
            var clippedShadows: (frame: Rect, states: [ControlState])?
            /// Where its subviews go inside bounds of the size last asked, in its own space.
            var subviewFrames: (size: Size, direction: LayoutDirection, frames: [Rect])?
        }

        init(type: Component.Type, id: String?, frame: Rect?, size: Size?, properties: Pairs,
             stateMaps: [(state: ControlState, pairs: Pairs)], context: DecodingContext, chain: [Preset] = [], line: Int,
             sources: [Cascade.Source]? = nil, known: Known = Known(), subviews: [StyledView] = [], spacingAfter: Double? = nil, pins: Pins? = nil) {
            self.known = known
            self.subviews = subviews
            self.spacingAfter = spacingAfter
            self.pins = pins
            self.line = line
            self.type = type
            self.id = id
            self.frame = frame
            self.size = size
            self.properties = properties
            self.stateMaps = stateMaps
            self.context = context
            self.chain = chain
            // A preset for no class is checked by the views that use it; one for a class was checked once, by itself.
            self.sources = sources ?? (chain.map { $0.source(throughViews: $0.type == nil) }
                + [Cascade.Source(properties: properties, stateMaps: stateMaps, reserved: StyleLoader.viewKeys, preset: nil, classNote: "")])
        }
    }

    let decoding: Decoding
    public let location: SourceLocation
    /// The view's mapping as written, to tell an unchanged view on the next load: its text, which
    /// may sit lines above `location` (a view that lines added above it moved, see `moved(by:)`).
    let node: YAMLNode
    /// What checking the view found, given again (moved with the view) when a later load reuses it.
    var findings: [Diagnostic] = []
    /// The view's text, ignoring where in the file it starts: made when a reload compares it.
    private(set) lazy var content = ViewContent(node)
    /// The views of its `subviews:`, in order, where the file has them now: moved with the view.
    public private(set) lazy var subviews: [StyledView] =
        lineShift == 0 ? decoding.subviews : decoding.subviews.map { $0.moved(by: lineShift, from: movesFrom ?? decoding.line) }
    /// How many lines below the place it was decoded at the view is now written. Its decoding
    /// (the components, where each value was set) is shared with the view it was taken over
    /// from, so the places it holds are that many lines up: `place(_:)` moves them down.
    let lineShift: Int
    /// For a subview, the first line that moved with its top-level view: a compound preset's
    /// subviews are written above it, with the presets, and stay where they are; the values its
    /// use sets on them (`nested:`) move. Nil for a top-level view.
    let movesFrom: Int?

    public var type: Component.Type { decoding.type }
    public var id: String? { decoding.id }
    public var frame: Rect? { decoding.frame }
    public var size: Size? { decoding.size }
    var properties: Pairs { decoding.properties }
    var stateMaps: [(state: ControlState, pairs: Pairs)] { decoding.stateMaps }
    var dependencies: Set<Dependency> { decoding.dependencies }

    init(decoding: Decoding, node: YAMLNode, location: SourceLocation? = nil, findings: [Diagnostic] = [], lineShift: Int = 0,
         movesFrom: Int? = nil) {
        self.movesFrom = movesFrom
        self.decoding = decoding
        self.node = node
        self.location = location ?? node.location
        self.findings = findings
        self.lineShift = lineShift
    }

    /// This view as written again at `node`, the same text lines away: its decoding and
    /// components are shared, its findings move with it. Itself when nothing moved.
    func moved(to node: YAMLNode) -> StyledView {
        guard node.location.line != location.line || node.location.file != location.file else { return self }
        return written(at: node, decoding: decoding)
    }

    /// A view of `decoding` written at `node`, with this view's findings and places moved there.
    private func written(at node: YAMLNode, decoding: Decoding) -> StyledView {
        let shift = node.location.line - location.line
        return StyledView(decoding: decoding, node: node, findings: shifted(findings, by: shift, to: node.location.file),
                          lineShift: lineShift + shift)
    }

    /// This view as written again at `node`, the same text, in a load whose theme gives other
    /// values to names the view reads (and has the same names): its values read from the theme
    /// are read again in `context`, the rest taken over, as are its findings (a theme value
    /// changes none) and where it moved. What decoding it again gives, for a tenth of the work
    /// or less; nil when a value cannot be read again that way. Only the normal state's
    /// component is carried over: another state's is built again when asked for, as its state's
    /// own defaults may have overridden a value it read from the theme.
    ///
    /// `recolouring`: the names it reads changed colour only, each keeping its alpha
    /// (`ThemeChange.Effect.recolours`), so it covers what it covered: that knowledge
    /// is shared, and its normal component is made when first asked for. A save of a colour
    /// that 2,000 views read then re-reads only the views it draws, not 2,000.
    func rethemed(to node: YAMLNode, in context: DecodingContext, recolouring: Bool = false) -> StyledView? {
        let old = decoding
        // Its subviews read the theme too, each with components of its own: decoded again whole.
        guard old.subviews.isEmpty else { return nil }
        let decoding = Decoding(type: old.type, id: old.id, frame: old.frame, size: old.size, properties: old.properties,
                                stateMaps: old.stateMaps, context: context, chain: old.chain, line: old.line, sources: old.sources,
                                known: recolouring ? old.known : Decoding.Known())
        decoding.dependencies = old.dependencies
        decoding.themeNames = old.themeNames
        // The view it was read from may itself wait to be recoloured: its source is this one's.
        if let normal = old.made[ControlState.normal.rawValue] ?? old.recolouredFrom {
            if recolouring, normal.canBeRethemed {
                decoding.recolouredFrom = normal
            } else {
                guard let copy = normal.rethemed(in: context) else { return nil }
                decoding.made[ControlState.normal.rawValue] = placed(copy, in: .normal)
            }
        }
        return written(at: node, decoding: decoding)
    }

    /// Whether this view is `other` recoloured (`rethemed(to:in:recolouring:)`): it covers what
    /// `other` covers, and its look changed.
    func isRecoloured(from other: StyledView) -> Bool {
        decoding !== other.decoding && decoding.known === other.decoding.known
    }

    /// This view, its text unchanged, `lines` further down the file (lines were added or taken
    /// out above it, below any preset of the file): it keeps the node it was read from, which no
    /// longer says where it is.
    ///
    /// `from`: for a subview, the first line that moves (its top-level view's); lines above it stay.
    func moved(by lines: Int, from: Int? = nil) -> StyledView {
        guard lines != 0 else { return self }
        var location = location
        if from.map({ location.line >= $0 }) ?? true { location.line += lines }
        return StyledView(decoding: decoding, node: node, location: location, findings: shifted(findings, by: lines, to: location.file),
                          lineShift: lineShift + lines, movesFrom: from ?? movesFrom)
    }

    /// Whether a preset the view takes is written in the view's own file: its places stay when
    /// the view moves.
    private var hasPresetOfItsFile: Bool { decoding.chain.contains { $0.location.file == location.file } }

    /// `findings`, those of the view's own text `lines` further down (and in `file`).
    private func shifted(_ findings: [Diagnostic], by lines: Int, to file: SourceFile) -> [Diagnostic] {
        let keepsAbove = hasPresetOfItsFile
        return findings.map { finding in
            var finding = finding
            if finding.location.file == location.file, !keepsAbove || finding.location.line >= location.line {
                finding.location.line += lines
                finding.location.file = file
            }
            return finding
        }
    }

    /// Where a place its decoding holds (a value's `setAt`, its shadow) is now. A view taken over
    /// from one written elsewhere moved with everything it took from its own file, but for the
    /// presets of that file: those are written above the views and stay (`moved(to:)` takes over
    /// no view with such a preset that moved, see `presetsHold`; `moved(by:)` moves views below
    /// the presets).
    public func place(_ location: SourceLocation?) -> SourceLocation? {
        guard var location, lineShift != 0, location.file == self.location.file else { return location }
        if let movesFrom {
            guard location.line >= movesFrom else { return location }
        } else {
            guard location.line >= decoding.line || !hasPresetOfItsFile else { return location }
        }
        location.line += lineShift
        return location
    }

    /// The inspector's rows for the view's component in `state`, each value's place as the file
    /// has it now: `PropertyRow.rows` of `component(in:)`, moved with the view.
    public func propertyRows(in state: ControlState) -> [PropertyRow] {
        let rows = PropertyRow.rows(of: component(in: state))
        guard lineShift != 0 else { return rows }
        return rows.map { row in
            var row = row
            row.setAt = place(row.setAt)
            return row
        }
    }

    /// Whether `other` was decoded from the same text: it draws the same in every state without
    /// building or comparing anything.
    public func isSameDecoding(as other: StyledView) -> Bool { self === other || decoding === other.decoding }

    /// The states the file gave a look of their own, in the view or its presets.
    public var styledStates: ControlState {
        if let states = decoding.known.styledStates { return states }
        let states = decoding.sources.reduce(into: ControlState.normal) { states, source in
            for map in source.stateMaps { states.formUnion(map.state) }
        }
        decoding.known.styledStates = states
        return states
    }

    /// What the view covers laid out at `frame` in `state` (the state it starts in when not
    /// given), shadow and border included: `component(in: state).visualBounds(in: frame)`.
    public func visualBounds(in frame: Rect, state: ControlState? = nil) -> Rect {
        let state = state ?? initialState
        if let covered = decoding.known.covered, covered.frame == frame, covered.state == state { return covered.bounds }
        let bounds = subviews.isEmpty ? component(in: state).visualBounds(in: frame) : visualBounds(in: frame, state: state, painter: nil)
        decoding.known.covered = (frame, state, bounds)
        return bounds
    }

    /// The states it is drawn in (normal, and each the file gives a look) whose shadow iOS would
    /// clip with the content, laid out at `frame`.
    func clippedShadowStates(in frame: Rect) -> [ControlState] {
        if let clipped = decoding.known.clippedShadows, clipped.frame == frame { return clipped.states }
        let styled = styledStates
        let states = ([ControlState.normal] + ControlState.layered.map(\.state)).filter { state in
            (state == .normal || styled.contains(state)) && component(in: state).layer(in: frame).shadowIsClipped
        }
        decoding.known.clippedShadows = (frame, states)
        return states
    }

    /// The presets the view's `style:` applies, itself first and the furthest ancestor last,
    /// each with where its name is written: what `inspect` and the inspector show.
    public var presets: [(name: String, location: SourceLocation)] {
        decoding.chain.reversed().map { ($0.name, $0.location) }
    }

    /// Whether what the view took from its presets holds in a load whose presets are
    /// `presets`, the view now written at `node`: each preset of its chain is written the same
    /// way at the same place. A view that moved keeps no preset of its own file: its findings
    /// move with it, the preset's do not.
    func presetsHold(in presets: [String: Preset], at node: YAMLNode) -> Bool {
        let chain = decoding.chain
        guard !chain.isEmpty else { return true }
        let moved = node.location != location
        return chain.allSatisfy { old in
            guard let new = presets[old.name], new.isUnchanged(from: old) else { return false }
            return !moved || old.location.file != location.file
        }
    }

    /// The component as it looks in `state`: its defaults, the file's properties, then for each
    /// state it is in (selected, highlighted, disabled, in that order) the component's own look for
    /// that state and the file's map for it. Made once per state, then reused.
    public func component(in state: ControlState) -> Component {
        let state = type.isControl ? state : .normal
        if let component = decoding.made[state.rawValue] { return component }
        var ignored: [Diagnostic] = []
        let component: Component
        if state == .normal, let source = decoding.recolouredFrom {
            decoding.recolouredFrom = nil
            component = source.rethemed(in: decoding.context).map { placed($0, in: .normal) } ?? build(state, diagnostics: &ignored)
        } else {
            component = build(state, diagnostics: &ignored)
        }
        decoding.made[state.rawValue] = component
        return component
    }

    func keep(_ component: Component, for state: ControlState) {
        decoding.made[(type.isControl ? state : .normal).rawValue] = component
    }

    /// Makes the component for `state` (`Cascade` says in what order its presets, properties
    /// and state maps apply); findings go to `diagnostics`, only those of the maps for
    /// `reportingOnly` when it is given (the base properties were checked already), and a
    /// preset's only when it is for no class (one for a class was checked by itself).
    func build(_ state: ControlState, diagnostics: inout [Diagnostic], reportingOnly: ControlState? = nil) -> Component {
        let chain = decoding.chain
        let component = Cascade.build(type, from: decoding.sources, in: state, context: decoding.context, diagnostics: &diagnostics) { index, layer in
            // The view's own values and those set on it from above (`nested:`), past the chain.
            guard index >= chain.count || chain[index].type == nil else { return false }
            return layer == nil ? reportingOnly == nil : reportingOnly == nil || reportingOnly == layer
        }
        return placed(component, in: state)
    }

    /// `component`, a button told the state it is drawn in and the states the file styles.
    private func placed(_ component: Component, in state: ControlState) -> Component {
        if let button = component as? Button {
            button.state = state
            button.styledStates = styledStates
        }
        return component
    }

    /// Everything drawing the view in `frame` and `state` touches, the focus ring the preview may
    /// draw around it included: what a change to the view must repaint.
    public func coverage(in frame: Rect, state: ControlState) -> Rect {
        if let coverage = decoding.known.coverage, coverage.frame == frame, coverage.state == state { return coverage.bounds }
        let layer = component(in: state).layer(in: frame)
        let bounds = visualBounds(in: frame, state: state).union(FocusRing.bounds(around: layer.shape(in: frame)))
        decoding.known.coverage = (frame, state, bounds)
        return bounds
    }

    /// The state the view starts in (`isSelected`, `isEnabled`).
    public var initialState: ControlState {
        if let state = decoding.known.initialState { return state }
        let state = component(in: .normal).initialState
        decoding.known.initialState = state
        return state
    }
}

// MARK: - State maps, for listings

extension StyledView {
    /// A state's map as the file writes it (`selected: {…}`): the state, where its key is, and a
    /// row for each property it sets, valued as the view has it in that state.
    public struct StateMap {
        public let state: ControlState
        public let location: SourceLocation
        public let rows: [PropertyRow]
    }

    /// The view's state maps, in the order their looks layer over each other; what `inspect`
    /// and its JSON list.
    public var writtenStateMaps: [StateMap] {
        stateMaps.map { map in
            var names = Set(map.pairs.compactMap(\.key.scalar))
            if case .mapping(let layer)? = map.pairs.value(forKey: "layer")?.kind {
                names.formUnion(layer.compactMap { $0.key.scalar.map { "layer." + $0 } })
            }
            let key = properties.first { $0.key.scalar == map.state.description }?.key
            return StateMap(state: map.state, location: place(key?.location) ?? location,
                            rows: propertyRows(in: map.state).filter { names.contains($0.name) })
        }
    }
}
