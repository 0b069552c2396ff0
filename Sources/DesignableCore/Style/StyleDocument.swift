/// A style file, read and checked: the canvas, the theme and the views, each view able to make
/// its component in any state.
public final class StyleDocument {
    public let path: String
    public let canvas: CanvasSettings
    public let canvasLocation: SourceLocation
    public let theme: [String: Color]
    public let views: [StyledView]
    /// Files besides the style file that its look depends on (its images).
    public let dependencies: Set<String>

    init(path: String, canvas: CanvasSettings, canvasLocation: SourceLocation, theme: [String: Color],
         views: [StyledView], dependencies: Set<String>) {
        self.path = path
        self.canvas = canvas
        self.canvasLocation = canvasLocation
        self.theme = theme
        self.views = views
        self.dependencies = dependencies
    }
}

/// One entry of `views:`: its class, where it goes, and the property maps that configure it.
public final class StyledView {
    public typealias Pairs = [(key: YAMLNode, value: YAMLNode)]

    public let type: Component.Type
    public let id: String?
    public let location: SourceLocation
    public let frame: Rect?
    public let size: Size?
    /// The view's mapping as written, to tell an unchanged view on the next load.
    let node: YAMLNode
    /// What checking the view found, given again when a later load reuses it.
    var findings: [Diagnostic] = []
    /// Image files the view's look depends on, found or looked for.
    var dependencies: Set<String> = []
    let properties: Pairs
    let stateMaps: [(state: ControlState, pairs: Pairs)]
    private let context: DecodingContext
    private var made: [ControlState: Component] = [:]

    init(type: Component.Type, id: String?, node: YAMLNode, frame: Rect?, size: Size?,
         properties: Pairs, stateMaps: [(state: ControlState, pairs: Pairs)], context: DecodingContext) {
        self.type = type
        self.id = id
        self.node = node
        self.location = node.location
        self.frame = frame
        self.size = size
        self.properties = properties
        self.stateMaps = stateMaps
        self.context = context
    }

    /// The states the file gave a look of their own.
    public var styledStates: ControlState {
        stateMaps.reduce(into: ControlState.normal) { $0.formUnion($1.state) }
    }

    /// The component as it looks in `state`: its defaults, the file's properties, then for each
    /// state it is in (selected, highlighted, disabled, in that order) the component's own look for
    /// that state and the file's map for it. Made once per state, then reused.
    public func component(in state: ControlState) -> Component {
        let state = type.isControl ? state : .normal
        if let component = made[state] { return component }
        var ignored: [Diagnostic] = []
        let component = build(state, diagnostics: &ignored)
        made[state] = component
        return component
    }

    func keep(_ component: Component, for state: ControlState) {
        made[type.isControl ? state : .normal] = component
    }

    /// Makes the component for `state`; findings go to `diagnostics`, only those of the map for
    /// `reportingOnly` when it is given (the base properties were checked already).
    func build(_ state: ControlState, diagnostics: inout [Diagnostic], reportingOnly: ControlState? = nil) -> Component {
        let component = type.make()
        var found: [Diagnostic] = []
        component.apply(properties, in: context, className: type.className, reserved: StyleLoader.viewKeys, diagnostics: &found)
        if reportingOnly == nil { diagnostics += found }
        for (name, layer) in ControlState.layered where state.contains(layer) {
            component.applyStateDefaults(layer)
            for map in stateMaps where map.state == layer {
                found = []
                component.apply(map.pairs, in: context, className: "\(type.className) in its \(name) state", diagnostics: &found)
                if reportingOnly == nil || reportingOnly == layer { diagnostics += found }
            }
        }
        if let button = component as? Button {
            button.state = state
            button.styledStates = styledStates
        }
        return component
    }

    /// Everything drawing the view in `frame` and `state` touches, the focus ring the preview may
    /// draw around it included: what a change to the view must repaint.
    public func coverage(in frame: Rect, state: ControlState) -> Rect {
        let layer = component(in: state).layer(in: frame)
        return layer.visualBounds(in: frame).union(FocusRing.bounds(around: layer.shape(in: frame)))
    }

    /// The state the view starts in (`isSelected`, `isEnabled`).
    public var initialState: ControlState { component(in: .normal).initialState }
}
