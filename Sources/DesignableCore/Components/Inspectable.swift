/// Marks a component property as inspectable, as `@IBInspectable` does: the one declaration
/// (name, type, default, one line of help) from which decoding, diagnostics, `inspect`, the
/// inspector panel and the schema are all derived.
///
///     @Inspectable("Radius of the rounded clip on the background.") var cornerRadius = 0.0
@propertyWrapper
public final class Inspectable<Value: InspectableValue>: AnyInspectable {
    public var wrappedValue: Value
    public private(set) var defaultValue: Value
    public let help: String
    /// Where the style file set this value, or nil while it holds its default.
    public private(set) var setAt: SourceLocation?
    /// What set it (the view, a state map, a preset), when `setAt` is not nil. Unchecked as
    /// `DecodingContext.origin` is: written once per value decoded.
    @exclusivity(unchecked) public private(set) var origin = ValueOrigin.view

    /// The layer field the property stands for, which `Component` writes where the file sets the
    /// property; nil for one the class writes itself, if at all.
    public let layerField: WritableKeyPath<Layer, Value>?

    /// Bounds on a number property's value (a width or radius is never negative), or nil.
    private let bounds: (minimum: Double?, maximum: Double?)?

    private init(wrappedValue: Value, help: String, minimum: Double?, maximum: Double?, layerField: WritableKeyPath<Layer, Value>?) {
        self.wrappedValue = wrappedValue
        self.defaultValue = wrappedValue
        self.help = help
        self.layerField = layerField
        bounds = minimum == nil && maximum == nil ? nil : (minimum, maximum)
        PropertyCollector.collect(self)
    }

    public convenience init(wrappedValue: Value, _ help: String, minimum: Double? = nil, maximum: Double? = nil) {
        self.init(wrappedValue: wrappedValue, help: help, minimum: minimum, maximum: maximum, layerField: nil)
    }

    /// A layer attribute as `Layer.attributes` declares it: its help, bounds and default
    /// (CALayer's), written into the view's layer where the file sets it.
    ///
    ///     @Inspectable(layer: \.cornerRadius) public var cornerRadius: Double
    public convenience init(layer field: WritableKeyPath<Layer, Value>) {
        self.init(Layer.attribute(for: field))
    }

    /// A layer field under a name and words of its own (UIView's `alpha` is its layer's
    /// `opacity`): its default is the layer's, and it is written into the layer where the file sets it.
    public convenience init(layer field: WritableKeyPath<Layer, Value>, _ help: String, minimum: Double? = nil, maximum: Double? = nil) {
        self.init(wrappedValue: Layer.defaultValue(at: field), help: help, minimum: minimum, maximum: maximum, layerField: field)
    }

    /// A property that means what a layer attribute does but is written by its class's own rules
    /// (a seed class's `cornerRadius` that turns `masksToBounds` on too): the attribute's help and
    /// bounds, with a default of the class's own.
    ///
    ///     @Inspectable(like: \.cornerRadius) public var cornerRadius = 12.0
    public convenience init(wrappedValue: Value, like field: WritableKeyPath<Layer, Value>) {
        let help = Layer.attribute(for: field).help
        self.init(wrappedValue: wrappedValue, help: help.text, minimum: help.minimum, maximum: help.maximum, layerField: nil)
    }

    convenience init(_ attribute: LayerAttribute<Value>) {
        self.init(wrappedValue: attribute.defaultValue, help: attribute.help.text,
                  minimum: attribute.help.minimum, maximum: attribute.help.maximum, layerField: attribute.field)
    }

    public var projectedValue: Inspectable<Value> { self }

    /// Gives a subclass its own default for an inherited property (SubscribeButton's purple tint).
    public func overrideDefault(_ value: Value) {
        wrappedValue = value
        defaultValue = value
    }

    // MARK: AnyInspectable

    public var valueType: any InspectableValue.Type { Value.self }
    public var value: any InspectableValue { wrappedValue }
    public var styleText: String { wrappedValue.styleText }
    public var defaultStyleText: String { defaultValue.styleText }

    /// The forms the property accepts: its type's, within its bounds.
    public var shape: ValueShape {
        bounds.map { Value.shape.bounded(minimum: $0.minimum, maximum: $0.maximum) } ?? Value.shape
    }

    public func assign(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) {
        // `title: #1 Best seller` unquoted: YAML reads a comment and an empty title (an optional
        // value's type says the same in its own decoding).
        if node.isEmptiedByComment, Value.isWrittenWithHash {
            throw .error("expected \(Value.expectation), found nothing", at: node.location)
        }
        // The type's own shape when unbounded: building a bounded one costs, and most have no bounds.
        wrappedValue = try Value.decode(node, as: bounds == nil ? nil : shape, in: context)
        setAt = node.location
        origin = context.origin
    }


    public func write(to layer: inout Layer) {
        if let layerField { layer[keyPath: layerField] = wrappedValue }
    }

    public func take(from other: AnyInspectable) {
        // The class is final: its own type is the one to match, with no generic metadata looked up.
        guard type(of: other) == type(of: self) else { return }
        let other = unsafeDowncast(other, to: Inspectable<Value>.self)
        wrappedValue = other.wrappedValue
        setAt = other.setAt
        origin = other.origin
    }

    public func hasSameValue(as other: AnyInspectable) -> Bool {
        // A dynamic cast per property would cost more than the comparison it guards.
        guard type(of: other) == type(of: self) else { return false }
        return unsafeDowncast(other, to: Inspectable<Value>.self).wrappedValue == wrappedValue
    }
}

/// What set a property's value, besides its place: `inspect` and the inspector panel say it.
public enum ValueOrigin: Hashable, Sendable {
    /// The view's own mapping (or what it merges with `<<`).
    case view
    /// The view's map for a state (`highlighted:`, `selected:`, `disabled:`).
    case stateMap(ControlState)
    /// A preset of `styles:` the view takes with `style:` (or one it extends); its map for
    /// `state` when that is given.
    case preset(String, state: ControlState?)
}

/// An inspectable property seen without its value type, as decoding and listing see it.
public protocol AnyInspectable: AnyObject {
    var valueType: any InspectableValue.Type { get }
    var help: String { get }
    /// The forms the property accepts, for decoding and the schema.
    var shape: ValueShape { get }
    /// The value itself, for a listing that shows more than text (a colour's swatch).
    var value: any InspectableValue { get }
    var styleText: String { get }
    var defaultStyleText: String { get }
    var setAt: SourceLocation? { get }
    /// What set the value, when `setAt` is not nil.
    var origin: ValueOrigin { get }
    func assign(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic)
    /// Whether `other` is the same property type holding an equal value.
    func hasSameValue(as other: AnyInspectable) -> Bool
    /// Takes `other`'s value and where it was set, when it is the same property type.
    func take(from other: AnyInspectable)
    /// Writes the value into the layer field the property stands for; nothing for one that
    /// stands for none.
    func write(to layer: inout Layer)
}

/// Gathers the `Inspectable` wrappers of one component instance as its initialisers create them,
/// so an instance finds its properties without reflecting on itself every time.
enum PropertyCollector {
    nonisolated(unsafe) private static var collected: [AnyInspectable]?

    static func collect(_ property: AnyInspectable) {
        collected?.append(property)
    }

    static func gathering<T>(expecting count: Int = 0, _ make: () -> T) -> (T, [AnyInspectable]) {
        let outer = collected
        collected = []
        collected?.reserveCapacity(count)
        let made = make()
        let properties = collected ?? []
        collected = outer
        return (made, properties)
    }
}

// MARK: - Names

/// Interface Builder's label for a property name: `cornerRadius` → "Corner Radius",
/// `titleLeftPadding` → "Title Left Padding", `isHorizontal` → "Is Horizontal".
public func humanise(_ name: String) -> String {
    var words: [String] = []
    var current = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let startsWord = character.isUppercase && !current.isEmpty
            && (!(current.last?.isUppercase ?? false) || (next?.isLowercase ?? false))
        let startsNumber = character.isNumber && !(current.last?.isNumber ?? true)
        if startsWord || startsNumber {
            words.append(current)
            current = ""
        }
        current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
}
