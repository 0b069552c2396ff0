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
    /// The colour a colour property holds, for a swatch beside its text.
    public var color: Color?

    public static func rows(of holder: PropertyHolder) -> [PropertyRow] {
        holder.properties.map { name, property in
            PropertyRow(name: name, label: humanise(name), typeName: property.valueType.typeName,
                        value: property.styleText, help: property.help, setAt: property.setAt,
                        origin: property.setAt == nil ? nil : property.origin,
                        color: property.value as? Color ?? (property.value as? Color?) ?? nil)
        }
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
