/// One line of an Attributes inspector: a property under its humanised label with its value,
/// and where the style file set it. `inspect` and the preview's panel both list these.
public struct PropertyRow: Equatable {
    public var name: String
    public var label: String
    public var typeName: String
    public var value: String
    public var help: String
    public var setAt: SourceLocation?
    /// What set the value (the view, a state map, a preset); nil while it holds its default.
    public var origin: ValueOrigin?
    /// The colour a colour property holds, for a swatch beside its text: the one it falls back
    /// to while it has none of its own.
    public var color: Color?
    /// For a property left unset that takes another's value while it is (an unset `titleColor`
    /// takes the tint), that property and its value: what is drawn.
    public var fallback: Fallback?

    /// The property an unset one takes its value from, and the value.
    public struct Fallback: Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A row as another process sent it (the preview's component worker).
    public init(name: String, label: String, typeName: String, value: String, help: String, setAt: SourceLocation?,
                origin: ValueOrigin?, color: Color?, fallback: Fallback? = nil) {
        self.name = name; self.label = label; self.typeName = typeName; self.value = value; self.help = help
        self.setAt = setAt; self.origin = origin; self.color = color; self.fallback = fallback
    }

    /// The value as an inspector shows it: its own, or the one it falls back to, marked with an
    /// arrow from where it comes (`"#FF0000" ← tintColor`): short, for the panel's narrow column.
    public var shownValue: String {
        fallback.map { "\($0.value) ← \($0.name)" } ?? value
    }

    /// The holder's properties; for a component, then each `layer:` attribute the file set, as
    /// Interface Builder lists runtime attributes (`layer.shadowOpacity`).
    public static func rows(of holder: PropertyHolder) -> [PropertyRow] {
        var rows = holder.properties.map { row($0.name, $0.property, label: humanise($0.name)) }
        if let attributes = (holder as? Component)?.layerAttributes {
            rows += attributes.properties.filter { $0.property.setAt != nil }.map { name, property in
                row("layer." + name, property, label: "Layer " + humanise(name))
            }
        }
        return rows.map { withFallback($0, in: holder) }
    }

    /// `row` with the value it falls back to, when it is unset (nil) and its class names one.
    private static func withFallback(_ row: PropertyRow, in holder: PropertyHolder) -> PropertyRow {
        guard let source = (holder as? Component).flatMap({ type(of: $0).fallbacks[row.name] }),
              let own = holder.property(named: row.name), isNil(own.value),
              let other = holder.property(named: source) else { return row }
        var row = row
        row.fallback = Fallback(name: source, value: other.styleText)
        row.color = other.value as? Color ?? row.color
        return row
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    private static func row(_ name: String, _ property: AnyInspectable, label: String) -> PropertyRow {
        PropertyRow(name: name, label: label, typeName: property.valueType.typeName,
                    value: property.styleText, help: property.help, setAt: property.setAt,
                    origin: property.setAt == nil ? nil : property.origin,
                    color: property.value as? Color ?? (property.value as? Color?) ?? nil)
    }

    /// Where the value came from, as `inspect` prints it: `default`, `view 8:19`,
    /// `selected map 12:5`, `preset Primary tokens.yaml:3:5`, `preset Primary highlighted map 9:20`.
    /// A place in `file` (the style file) is line:col; one in another file (an import) has its path.
    public func source(in file: SourceFile) -> String {
        guard let setAt, let origin else { return "default" }
        let place = setAt.file == file ? "\(setAt.line):\(setAt.column)" : "\(setAt.file.path):\(setAt.line):\(setAt.column)"
        return origin.label + " " + place
    }
}

extension ValueOrigin {
    /// What set a value, in a word or three: `view`, `selected map`, `preset Primary`,
    /// `preset Primary highlighted map`.
    public var label: String {
        switch self {
        case .view: return "view"
        case .stateMap(let state): return "\(state) map"
        case .preset(let name, nil): return "preset \(name)"
        case .preset(let name, let state?): return "preset \(name) \(state) map"
        }
    }
}
