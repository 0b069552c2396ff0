// MARK: - The vocabulary

extension Layer {
    /// CALayer's vocabulary as a style file writes it: each attribute a `layer:` map takes, in the
    /// order `inspect`, the schema and the inspector list them, stated once. Its type and its
    /// default, CALayer's, are those of the `Layer` field it sets. `LayerAttributes` is made from
    /// this table, and a class whose own property means the same declares it from it
    /// (`@Inspectable(layer: \.cornerRadius)`), so a name, a default or a help text is never
    /// written twice.
    public static let attributes: [any AnyLayerAttribute] = [
        LayerAttribute("cornerRadius", \.cornerRadius, "Radius of the rounded corners (layer.cornerRadius); the background, border and clipped content follow it.", minimum: 0),
        LayerAttribute("maskedCorners", \.maskedCorners, "Which corners cornerRadius rounds (layer.maskedCorners)."),
        LayerAttribute("cornerCurve", \.cornerCurve, "How the corners bend: circular arcs, or Apple's continuous curve (layer.cornerCurve)."),
        LayerAttribute("masksToBounds", \.masksToBounds, "Clips the content, and the shadow with it, to the rounded bounds (layer.masksToBounds)."),
        LayerAttribute("borderWidth", \.borderWidth, "Width of the border, drawn inside the bounds (layer.borderWidth).", minimum: 0),
        LayerAttribute("borderColor", \.borderColor, "Colour of the border (layer.borderColor)."),
        LayerAttribute("backgroundColor", \.backgroundColor, "Colour behind the content (layer.backgroundColor)."),
        LayerAttribute("shadowColor", \.shadowColor, "Colour of the shadow (layer.shadowColor)."),
        LayerAttribute("shadowOpacity", \.shadowOpacity, "Opacity of the shadow, 0 to 1; 0 draws none (layer.shadowOpacity).", minimum: 0, maximum: 1),
        LayerAttribute("shadowRadius", \.shadowRadius, "Blur of the shadow in points: the Gaussian's standard deviation, half a Figma or CSS blur (layer.shadowRadius).", minimum: 0, maximum: 1000),
        LayerAttribute("shadowOffset", \.shadowOffset, "Offset of the shadow [width, height]; a positive height moves it down (layer.shadowOffset)."),
        LayerAttribute("opacity", \.opacity, "Opacity of the whole view and its shadow, 0 to 1 (layer.opacity).", minimum: 0, maximum: 1),
    ]

    /// The value `field` holds in a new layer: CALayer's default.
    static func defaultValue<Value>(at field: WritableKeyPath<Layer, Value>) -> Value {
        initial.pointer(to: field)!.pointee
    }

    /// A layer as Core Animation makes one, kept in place: reading a field through its offset
    /// costs a third of a key path's projection, and every view reads three as it is made.
    private static let initial: UnsafePointer<Layer> = {
        let layer = UnsafeMutablePointer<Layer>.allocate(capacity: 1)
        layer.initialize(to: Layer())
        return UnsafePointer(layer)
    }()

    /// The attribute of `attributes` that sets `field`. Asking for a field no style file names
    /// is a mistake in the declaring code, found the first time the class is made.
    static func attribute<Value>(for field: WritableKeyPath<Layer, Value>) -> LayerAttribute<Value> {
        guard let index = attributeIndex(of: field) else { preconditionFailure("\(field) is not one of Layer.attributes") }
        // The field at the same place in the struct is the same field, of the same type.
        return unsafeDowncast(attributes[index], to: LayerAttribute<Value>.self)
    }

    /// Where the attribute that sets `field` stands in `attributes`, found by the field's place
    /// in the struct: hashing a key path costs several times as much, and a designable view
    /// asks eight times each time one is made.
    static func attributeIndex(of field: PartialKeyPath<Layer>) -> Int? {
        MemoryLayout<Layer>.offset(of: field).flatMap(attributeOffsets.firstIndex(of:))
    }

    private static let attributeOffsets: [Int?] = attributes.map { MemoryLayout<Layer>.offset(of: $0.anyField) }
}

/// One attribute of a layer's look: the name a style file writes, the `Layer` field it sets, and
/// what it means. A class, so that a property declared from it takes it without a cast.
public final class LayerAttribute<Value: InspectableValue>: AnyLayerAttribute {
    public let name: String
    public let field: WritableKeyPath<Layer, Value>
    public let help: PropertyHelp
    /// CALayer's default: the field's value in a new layer.
    public let defaultValue: Value

    init(_ name: String, _ field: WritableKeyPath<Layer, Value>, _ help: String, minimum: Double? = nil, maximum: Double? = nil) {
        self.name = name
        self.field = field
        self.help = PropertyHelp(help, minimum: minimum, maximum: maximum)
        defaultValue = Layer.defaultValue(at: field)
    }

    public var anyField: PartialKeyPath<Layer> { field }

    public func makeProperty() -> AnyInspectable { Inspectable(self) }
}

/// A `LayerAttribute` seen without its value type, as the table holds it.
public protocol AnyLayerAttribute: AnyObject {
    var name: String { get }
    var help: PropertyHelp { get }
    /// The `Layer` field the attribute sets.
    var anyField: PartialKeyPath<Layer> { get }
    /// A property holding the attribute's default, that writes the field where a file sets it.
    func makeProperty() -> AnyInspectable
}

/// What an inspectable means: its words, and the bounds of a number's value.
public struct PropertyHelp: Sendable {
    public let text: String
    public let minimum: Double?
    public let maximum: Double?

    public init(_ text: String, minimum: Double? = nil, maximum: Double? = nil) {
        self.text = text
        self.minimum = minimum
        self.maximum = maximum
    }
}

// MARK: - The layer map

/// A view's `layer:` map: Interface Builder's "User Defined Runtime Attributes" with `layer.`
/// key paths, under CALayer's own names, defaults and meanings (`Layer.attributes`). Set on any
/// view, seed classes included, they are written into the layer after the class has configured
/// it, as runtime attributes are set after a view's own set-up: `layer: {masksToBounds: false}`
/// on a FancyButton undoes what its `cornerRadius` turned on.
///
/// Only the attributes a file sets are written; the others leave the class's layer as it is.
public final class LayerAttributes: PropertyHolder {
    public required init() {
        super.init(listing: Layer.attributes.map { ($0.name, $0.makeProperty()) })
    }

    /// The attribute that sets `field`, with its value and where the file set it.
    public subscript<Value>(field: WritableKeyPath<Layer, Value>) -> Inspectable<Value> {
        guard let index = Layer.attributeIndex(of: field), let property = properties[index].property as? Inspectable<Value> else {
            preconditionFailure("\(field) is not one of Layer.attributes")
        }
        return property
    }

    /// The attribute that asks for a shadow, for a finding about it: the opacity that raised it.
    var shadowLocation: SourceLocation? {
        self[\.shadowOpacity].setAt ?? self[\.shadowColor].setAt ?? self[\.shadowRadius].setAt ?? self[\.shadowOffset].setAt
    }
}
