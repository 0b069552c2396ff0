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

    /// The holder's properties; for a component, then each `layer:` attribute the file set, as
    /// Interface Builder lists runtime attributes (`layer.shadowOpacity`).
    public static func rows(of holder: PropertyHolder) -> [PropertyRow] {
        var rows = holder.properties.map { row($0.name, $0.property, label: humanise($0.name)) }
        if let attributes = (holder as? Component)?.layerAttributes {
            rows += attributes.properties.filter { $0.property.setAt != nil }.map { name, property in
                row("layer." + name, property, label: "Layer " + humanise(name))
            }
        }
        return rows
    }

    private static func row(_ name: String, _ property: AnyInspectable, label: String) -> PropertyRow {
        PropertyRow(name: name, label: label, typeName: property.valueType.typeName,
                    value: property.styleText, help: property.help, setAt: property.setAt,
                    color: property.value as? Color ?? (property.value as? Color?) ?? nil)
    }
}
