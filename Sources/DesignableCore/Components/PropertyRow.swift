/// One line of an Attributes inspector: a property under its humanised label with its value,
/// and whether the style file set it. `inspect` and the preview's panel both list these.
public struct PropertyRow: Equatable {
    public var name: String
    public var label: String
    public var typeName: String
    public var value: String
    public var help: String
    public var setAt: SourceLocation?
    /// The colour a colour property holds, for a swatch beside its text.
    public var color: Color?

    public static func rows(of holder: PropertyHolder) -> [PropertyRow] {
        holder.properties.map { name, property in
            PropertyRow(name: name, label: humanise(name), typeName: property.valueType.typeName,
                        value: property.styleText, help: property.help, setAt: property.setAt,
                        color: property.value as? Color ?? (property.value as? Color?) ?? nil)
        }
    }
}
