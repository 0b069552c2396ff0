@_spi(Reflection) import Swift
#if canImport(Glibc)
import Glibc
#endif

/// Something with inspectable properties that a style file configures by name.
open class PropertyHolder {
    public required init() {}

    /// A holder whose properties a table declares rather than `@Inspectable` fields
    /// (`LayerAttributes`), listed in its order under its names.
    init(listing: [(name: String, property: AnyInspectable)]) {
        properties = listing
    }

    /// The holder's inspectable properties in declaration order, each with its name.
    public private(set) var properties: [(name: String, property: AnyInspectable)] = []

    /// A new instance holding its defaults, with its properties found.
    public class func make() -> Self {
        let (instance, wrappers) = PropertyCollector.gathering(expecting: PropertyNames.wrapperCount(of: Self.self)) { Self() }
        if instance.properties.isEmpty {
            instance.properties = PropertyNames.bind(wrappers, of: Self.self, instance: instance)
        }
        return instance
    }

    /// Writes into `layer` each property the file set that stands for a layer field, in
    /// declaration order: a later one setting the same field wins (UIView's `alpha` over a
    /// designable's `opacity`).
    func writeLayerFields(to layer: inout Layer) {
        for (_, property) in properties where property.setAt != nil { property.write(to: &layer) }
    }

    /// The names this holder's class accepts, in declaration order.
    public class var propertyNames: [String] { PropertyNames.of(self, sample: nil) }

    /// Whether `other` is of the same class with every property equal: drawn in the same frame,
    /// the two give the same pixels, so a reload can skip redrawing it.
    open func hasSameLook(as other: PropertyHolder) -> Bool {
        guard type(of: self) == type(of: other), properties.count == other.properties.count else { return false }
        return zip(properties, other.properties).allSatisfy { $0.property.hasSameValue(as: $1.property) }
    }

    public func property(named name: String) -> AnyInspectable? {
        guard let index = PropertyNames.index(of: name, in: type(of: self)), index < properties.count else { return nil }
        return properties[index].property
    }

    /// The properties `apply` assigned, a bit each by index; every other one holds its default.
    /// `assignedPastMask`: one past the 64th was assigned too, and only a copy of all is sure.
    private var assignedMask: UInt64 = 0
    private var assignedPastMask = false

    /// Takes from `other`, of the same class and made as this one was, the values its file
    /// assigned and where each was set: what assigning this one the same way gives. A copy that
    /// touches only those costs a few properties of a view rather than all thirty or more.
    func takeAssignedValues(from other: PropertyHolder) {
        (assignedMask, assignedPastMask) = (other.assignedMask, other.assignedPastMask)
        guard !other.assignedPastMask else {
            for (mine, theirs) in zip(properties, other.properties) { mine.property.take(from: theirs.property) }
            return
        }
        var mask = other.assignedMask
        while mask != 0 {
            let index = mask.trailingZeroBitCount
            mask &= mask - 1
            guard index < properties.count, index < other.properties.count else { continue }
            properties[index].property.take(from: other.properties[index].property)
        }
    }

    private func noteAssigned(_ index: Int) {
        if index < UInt64.bitWidth { assignedMask |= 1 << UInt64(index) } else { assignedPastMask = true }
    }

    /// Sets each `name: value` pair, collecting a diagnostic for each that fails; keys in `reserved`
    /// belong to the caller and are skipped.
    public func apply(_ pairs: YAMLNode.Pairs, in context: DecodingContext,
                      className: String, reserved: Set<String> = [], diagnostics: inout [Diagnostic]) {
        // Keys are found by their bytes in the file, and the reserved ones among the class's
        // names once per call: a string made and hashed per key cost more than most values.
        let names = PropertyNames.table(for: type(of: self))
        let reservedIndexes = reserved.compactMap { names.index(of: $0) }
        for (key, value) in pairs {
            guard key.isScalarNode else { continue }
            if let index = key.withScalarBytes({ names.index(of: $0) }) ?? nil, index < properties.count {
                guard reservedIndexes.isEmpty || !reservedIndexes.contains(index) else { continue }
                let (name, property) = properties[index]
                do {
                    _ = context.takeThemeRead()  // what an earlier value read is not this one's
                    try property.assign(value, in: context)
                    noteAssigned(index)
                    context.noteAssignment(to: self, index: index, from: value)
                } catch {
                    var diagnostic = error
                    diagnostic.message = "\(name): \(diagnostic.message)"
                    diagnostics.append(diagnostic)
                }
                continue
            }
            guard let name = key.scalar, !reserved.contains(name) else { continue }
            let candidates = properties.map(\.name) + reserved.sorted()
            var hint = didYouMean(name, candidates)
            if hint.isEmpty {
                // A property of another class (`cornerRadius` on a UIButton): say which have it.
                let owners = ComponentRegistry.all.filter { $0.propertyNames.contains(name) }.map(\.className)
                var places = owners.isEmpty ? [] : ["\(listed(owners)) \(owners.count == 1 ? "has" : "have") it"]
                if self is Component, LayerAttributes.propertyNames.contains(name) { places.append("any view takes it in its layer: map") }
                if !places.isEmpty { hint = " (" + places.joined(separator: "; ") + ")" }
            }
            diagnostics.append(.warning("\(className) has no property '\(name)'\(hint); it is ignored", at: key.location))
        }
    }
}

/// Inspectables several classes share with their meaning (IBAnimatable's designable vocabulary
/// on a view and on a button): a stored property of a group's type is listed flat, its
/// inspectables as the owner's own, declared once for every class that has the group.
open class InspectableGroup {
    public init() {}
}

/// Property names per class, read once by reflection and shared by every instance after.
enum PropertyNames {
    nonisolated(unsafe) private static var cache: [ObjectIdentifier: [String]] = [:]
    nonisolated(unsafe) private static var tables: [ObjectIdentifier: NameTable] = [:]
    /// Per class, each property's name with the place its wrapper takes among those the
    /// initialisers create, matched once by identity: reflecting every instance would be slow,
    /// and creation order need not be declaration order (a wrapper set in `init`'s body).
    nonisolated(unsafe) private static var slots: [ObjectIdentifier: [(name: String, place: Int)]] = [:]

    /// `instance`'s properties in declaration order, from the wrappers its initialisers created.
    static func bind(_ wrappers: [AnyInspectable], of type: PropertyHolder.Type,
                     instance: PropertyHolder) -> [(name: String, property: AnyInspectable)] {
        let key = ObjectIdentifier(type)
        if let table = slots[key], table.count == wrappers.count {
            return table.map { ($0.name, wrappers[$0.place]) }
        }
        // First instance of the class, or one whose initialisers made other wrappers too (a
        // holder made inside another): reflect, and learn the places when every one is known.
        var places: [UInt: Int] = [:]
        for (place, wrapper) in wrappers.enumerated() where places[UInt(bitPattern: ObjectIdentifier(wrapper))] == nil {
            places[UInt(bitPattern: ObjectIdentifier(wrapper))] = place
        }
        let found = reflect(instance, places: places)
        let reflected = found.map { ($0.name, wrappers[$0.place]) }
        if slots[key] == nil, found.count == reflected.count {
            slots[key] = found
        }
        return reflected
    }

    /// How many wrappers an instance of `type` made the last time, to make room for them at once.
    static func wrapperCount(of type: PropertyHolder.Type) -> Int {
        slots[ObjectIdentifier(type)]?.count ?? 0
    }

    /// Where `name` stands among a class's properties, by a table built once per class.
    static func index(of name: String, in type: PropertyHolder.Type) -> Int? {
        table(for: type).index(of: name)
    }

    /// A class's property names by where they stand, built once per class.
    static func table(for type: PropertyHolder.Type) -> NameTable {
        let key = ObjectIdentifier(type)
        if let table = tables[key] { return table }
        let table = NameTable(of(type, sample: nil))
        tables[key] = table
        return table
    }

    static func of(_ type: PropertyHolder.Type, sample: PropertyHolder?) -> [String] {
        let key = ObjectIdentifier(type)
        if let names = cache[key] { return names }
        // An instance made knows its names: made once more here only when none was before.
        let names = (slots[key]?.map(\.name)) ?? (sample ?? type.make()).properties.map(\.name)
        cache[key] = names
        return names
    }

    /// The wrappers among `places` (by address) that `subject` stores, each with its name and
    /// place, in declaration order: a class's own before its superclass's, as a `Mirror` lists
    /// them; a stored group's are listed as its owner's own. The fields are read from the type's
    /// metadata with their offsets, and a wrapper is told by the address stored at its field: a
    /// `Mirror` boxes every field's value to hand it over, most of a first decode's cost per class
    /// (a millisecond of the gallery's start).
    private static func reflect(_ subject: AnyObject, places: [UInt: Int]) -> [(name: String, place: Int)] {
        let storage = UnsafeRawPointer(Unmanaged.passUnretained(subject).toOpaque())
        var found: [(name: String, place: Int)] = []
        for fields in ownFields(of: type(of: subject)) {
            for field in fields {
                let address = storage.load(fromByteOffset: field.offset, as: UInt.self)
                guard address != 0 else { continue }
                if let place = places[address] {
                    found.append((field.name.hasPrefix("_") ? String(field.name.dropFirst()) : field.name, place))
                } else if field.type is InspectableGroup.Type {
                    found += reflect(Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue(),
                                     places: places)
                }
            }
        }
        return found
    }

    /// The stored class references of `type` and its superclasses, each class's own fields
    /// together, from `type` up to its root. One pass over the fields, whose types the runtime
    /// resolves from their mangled names (most of a first decode's cost per class): where each
    /// class's own fields begin comes from the number of fields above it, which costs no
    /// resolving, instead of a pass over each superclass's fields (at 4 levels, a millisecond of
    /// every start).
    private static func ownFields(of type: AnyClass) -> [[(name: String, offset: Int, type: Any.Type)]] {
        var chain: [AnyClass] = []
        var current: AnyClass? = type
        while let level = current {
            chain.append(level)
            current = _getSuperclass(level)
        }
        // Each class's field list starts with its superclass's: its own are those past them.
        var all: [(name: String, offset: Int, type: Any.Type, isReference: Bool)] = []
        _forEachField(of: type, options: .classType) { name, offset, fieldType, kind in
            all.append((String(cString: name), offset, fieldType, kind == .class))
            return true
        }
        var levels: [[(name: String, offset: Int, type: Any.Type)]] = []
        var end = all.count
        for level in chain {
            let inherited = _getSuperclass(level).map { min(end, fieldCount(of: $0)) } ?? 0
            levels.append(all[inherited..<end].filter(\.isReference).map { ($0.name, $0.offset, $0.type) })
            end = inherited
        }
        return levels
    }
}

/// How many stored fields a class has with its superclasses', as `_forEachField` lists them, read
/// from the type's field descriptors without resolving any field's type (the runtime entry point
/// `_forEachField` itself counts with).
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func fieldCount(of type: Any.Type) -> Int

/// Names by where they stand in a list, found from their UTF-8 bytes as a file writes them:
/// every key of every view is looked up here, and making a `String` of each and hashing it
/// cost more than decoding most values. The first of a repeated name is the one found.
struct NameTable {
    /// Open addressing, a power of two in size, at most half full: each slot holds a name's
    /// place in the list plus one, or 0 when empty.
    private var slots: [Int32]
    private var names: [[UInt8]] = []

    init(_ list: [String]) {
        var size = 8
        while size < 2 * list.count { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for (place, name) in list.enumerated() {
            let bytes = Array(name.utf8)
            let known = bytes.withUnsafeBufferPointer { index(of: $0) } != nil
            names.append(bytes)
            if known { continue }
            var slot = bytes.withUnsafeBufferPointer(NameTable.hash) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(place + 1)
        }
    }

    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = NameTable.hash(bytes) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let matches = names[index].withUnsafeBufferPointer { name in
                name.count == bytes.count && (bytes.isEmpty || memcmp(name.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            }
            if matches { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(of: $0) }
    }

    /// FNV-1a: names are short and few. A key that collides with a name only walks on to the
    /// next empty slot, which a table at most half full always has.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }
}

// MARK: - Components

/// The states a control can be in, as `UIControl.State`.
public struct ControlState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1)
    public static let selected = ControlState(rawValue: 2)
    public static let disabled = ControlState(rawValue: 4)
    /// Every state at once: the largest raw value there is.
    public static let all: ControlState = [.highlighted, .selected, .disabled]

    /// The states a style file can write a map for, in the order their maps layer over each other.
    public static let layered: [(name: String, state: ControlState)] =
        [("selected", .selected), ("highlighted", .highlighted), ("disabled", .disabled)]

    public var description: String {
        let names = ControlState.layered.filter { contains($0.state) }.map(\.name)
        return names.isEmpty ? "normal" : names.joined(separator: "+")
    }
}

/// A custom view as a seed tutorial builds it: inspectable properties, an intrinsic size, a drawing.
open class Component: PropertyHolder {
    /// What every view has: alpha, isHidden, clipsToBounds.
    public let view = ViewAttributes()

    /// The class name a style file writes (`FancyButton`), the Swift class's own name.
    open class var className: String { String(describing: self) }
    /// One line about the component, for `inspect` and the schema.
    open class var summary: String { "" }
    /// Controls take the highlighted, selected and disabled states; other views ignore them.
    open class var isControl: Bool { false }
    /// Properties that, left unset (nil), take another's value, by name: the inspector shows that
    /// value where their own is missing (a button's `titleColor` takes its `tintColor`).
    open class var fallbacks: [String: String] { [:] }

    /// Images Designable ships that the component draws by its own defaults: each view of the
    /// class is warned about when one is missing, rather than showing a placeholder unexplained.
    open class var bundledImages: [BundledImage] { [] }

    /// The size the view takes when the file gives neither `size` nor `frame`; nil when it has none.
    open func intrinsicContentSize(_ painter: Painter) -> Size? { nil }

    /// Where the view's first and last lines of text sit, as distances from the top of `bounds`:
    /// what a stack view aligns by `firstBaseline` and `lastBaseline`
    /// (`UIView.forFirstBaselineLayout`). Nil for a view without text, which aligns by its bottom.
    open func baselines(in bounds: Rect, with painter: Painter) -> (first: Double, last: Double)? { nil }

    /// The rectangles Interface Builder's layout rectangles show for the view in `bounds`: what
    /// `render --outline`, the preview's `o` and its inspector show. A view with content says
    /// where it lays it out; a plain view has its frame only.
    open func layoutRectangles(in bounds: Rect, with painter: Painter) -> LayoutRectangles {
        LayoutRectangles(frame: bounds)
    }

    /// Writes the component's look into its layer, as a UIView subclass sets `layer.cornerRadius`
    /// and friends from its inspectables. An override calls `super` first, then sets what it owns.
    open func configure(_ layer: inout Layer, in bounds: Rect) {}

    /// The view's layer when its bounds are `bounds`. A component is made for one state and not
    /// changed after, so its layer is kept for the last bounds: drawing and every damage test
    /// of a frame ask for it again.
    public final func layer(in bounds: Rect) -> Layer {
        if lastBounds != bounds { layOut(in: bounds) }
        return lastLayer
    }

    // The layer for the last bounds, kept as separate fields so that asking for the visual
    // bounds copies two rectangles and no layer.
    private var lastBounds: Rect?
    private var lastLayer = Layer()
    private var lastVisualBounds = Rect.zero

    private func layOut(in bounds: Rect) {
        Component.willRun?(self, "configure")
        var layer = Layer()
        configure(&layer, in: bounds)
        // As Interface Builder sets a view's attributes, then its runtime attributes, after the
        // view's own set-up: what the file set wins over what the class made of its defaults.
        writeLayerFields(to: &layer)
        layerAttributes?.writeLayerFields(to: &layer)
        (lastBounds, lastLayer, lastVisualBounds) = (bounds, layer, layer.visualBounds(in: bounds))
    }

    // MARK: - The layer map

    /// The view's `layer:` map, made when the file gives one: most views have none.
    public private(set) var layerAttributes: LayerAttributes?

    /// The values its last assignments read from the theme (`ThemeBinding`); nil when one was
    /// held by something else than the component or its layer attributes, and it cannot be rethemed.
    private(set) var themeBindings: [ThemeBinding]? = []

    /// Whether `rethemed(in:)` can read its theme values again: every one is held by the
    /// component or its layer attributes.
    var canBeRethemed: Bool { themeBindings != nil }

    /// Keeps the bindings a build gathered, each told by its holder's identity.
    func keepThemeBindings(_ gathered: [(holder: ObjectIdentifier, index: Int, node: YAMLNode, origin: ValueOrigin)]) {
        var kept: [ThemeBinding] = []
        for (holder, index, node, origin) in gathered {
            let kind: ThemeBinding.Holder
            if holder == ObjectIdentifier(self) {
                kind = .component
            } else if let layerAttributes, holder == ObjectIdentifier(layerAttributes) {
                kind = .layer
            } else {
                themeBindings = nil
                return
            }
            kept.append(ThemeBinding(holder: kind, index: index, node: node, origin: origin))
        }
        themeBindings = kept
    }

    /// A copy of this component with the values it read from the theme read again in `context`
    /// (a save that changed only the theme's values): what building it again there gives, for
    /// a component built for the normal state. Nil when a value cannot be read again.
    func rethemed(in context: DecodingContext) -> Component? {
        guard let bindings = themeBindings else { return nil }
        let copy = type(of: self).make()
        guard copy.properties.count == properties.count else { return nil }
        copy.takeAssignedValues(from: self)
        if let attributes = layerAttributes {
            let copied = LayerAttributes.make()
            copied.takeAssignedValues(from: attributes)
            copy.layerAttributes = copied
        }
        defer { context.origin = .view }
        for binding in bindings {
            let holder: PropertyHolder
            switch binding.holder {
            case .component: holder = copy
            case .layer:
                guard let attributes = copy.layerAttributes else { return nil }
                holder = attributes
            }
            guard binding.index < holder.properties.count else { return nil }
            context.origin = binding.origin
            do { try holder.properties[binding.index].property.assign(binding.node, in: context) } catch { return nil }
        }
        copy.themeBindings = bindings
        return copy
    }

    /// Applies a `layer:` map (the view's, or a state's over it) to the layer attributes.
    public func applyLayerMap(_ node: YAMLNode, in context: DecodingContext, diagnostics: inout [Diagnostic]) {
        guard case .mapping(let pairs) = node.kind else {
            if !node.isNull {
                diagnostics.append(.error("layer: expected a mapping of CALayer properties (cornerRadius, shadowOpacity, …), found \(node.summary)", at: node.location))
            }
            return
        }
        let attributes = layerAttributes ?? LayerAttributes.make()
        attributes.apply(pairs, in: context, className: "layer", diagnostics: &diagnostics)
        layerAttributes = attributes
        lastBounds = nil
    }

    open override func hasSameLook(as other: PropertyHolder) -> Bool {
        guard super.hasSameLook(as: other), let other = other as? Component else { return false }
        switch (layerAttributes, other.layerAttributes) {
        case (nil, nil): return true
        case let (mine?, theirs?):
            // An attribute set to its default still overrides the class's layer: set-ness counts.
            return zip(mine.properties, theirs.properties).allSatisfy {
                ($0.property.setAt == nil) == ($1.property.setAt == nil) && $0.property.hasSameValue(as: $1.property)
            }
        default: return false
        }
    }

    /// Why the layer's `masksToBounds` is on, for the finding that its shadow is clipped away.
    /// A class that turns it on says which of its properties does.
    open func masksToBoundsReason(_ layer: Layer) -> String { "\(Self.className) clips to its bounds" }

    /// The place of the property that asks for a shadow, for findings about it.
    open var shadowLocation: SourceLocation? { layerAttributes?.shadowLocation }

    /// Values that each read well alone but do not fit together, each said at the line of the
    /// value concerned: what iOS would draw instead, and how to write what was meant.
    open var combinationWarnings: [(location: SourceLocation?, message: String)] { [] }

    /// Keeps a shadow made from the content (over a clear background) between frames.
    private lazy var shadowMemo = Painter.ShadowMemo()

    /// Draws what the view shows above its layer's background and below its border: a title, an
    /// image, text (`draw(_:)` of a UIView subclass). `bounds` is in points, in canvas space.
    open func drawContent(in bounds: Rect, with painter: Painter) {}

    /// Draws the whole view: its layer, with its content inside; with `subviews`, what they
    /// draw over the content and under the border, covering `subviewExtent` (the bounds included).
    public final func draw(in bounds: Rect, with painter: Painter, subviews: (() -> Void)? = nil, subviewExtent: Rect? = nil) {
        Component.willRun?(self, "draw")
        let layer = layer(in: bounds)
        painter.draw(layer, in: bounds, memo: layer.castsShadow ? shadowMemo : nil,
                     contentExtent: contentExtent(in: bounds, with: painter), content: { drawContent(in: bounds, with: painter) },
                     sublayers: subviews, sublayerExtent: subviewExtent)
    }

    /// Whether the view places its subviews itself (a stack view arranges them), so a subview's
    /// own `frame` or `pin` is not what places it.
    open class var arrangesSubviews: Bool { false }

    /// Where the subviews go inside `bounds` (the view's own space, origin at its top-left), for
    /// a view that arranges them, each from what `items` say of it; nil for every other view,
    /// whose subviews place themselves.
    open func arrange(_ items: [ArrangedItem], in bounds: Size, direction: LayoutDirection) -> [Rect?]? { nil }

    /// The size arranging `items` takes when the file gives the view none; nil when it does not
    /// arrange its subviews.
    open func fittingSize(arranging items: [ArrangedItem]) -> Size? { nil }

    /// The baselines a view that arranges `items` in bounds of `bounds` takes from them (a
    /// stack's, for the stack that holds it); nil when it does not arrange its subviews.
    open func baselines(arranging items: [ArrangedItem], in bounds: Size, direction: LayoutDirection) -> (first: Double, last: Double)? { nil }

    /// All that `drawContent` can touch when the bounds are `bounds`, ink included; nil when the
    /// class cannot say, which is always safe: the layer then clips the content. An override
    /// promises that `drawContent` draws nowhere else, so a subclass that draws more of its own
    /// overrides it again.
    open func contentExtent(in bounds: Rect, with painter: Painter) -> Rect? { nil }

    /// Whether the class is one of Designable's own: not a Swift component's, not even one that
    /// subclasses a built-in class. By identity: asking for the class's name,
    /// `String(reflecting:)`, cost a first frame 0.3 ms in the runtime's conformance lookups.
    static var isBuiltIn: Bool { ComponentRegistry.builtInClasses.contains(ObjectIdentifier(self)) }

    /// What the view covers on the canvas when its frame is `frame`: the area a change to it
    /// repaints, and what must lie on the canvas to be seen.
    public final func visualBounds(in frame: Rect) -> Rect {
        if lastBounds != frame { layOut(in: frame) }
        return lastVisualBounds
    }

    /// The component's own look for a state, set before the file's map for that state applies
    /// (as a UIButton subclass calls `setTitleColor(_:for:)` in its set-up).
    open func applyStateDefaults(_ state: ControlState) {}

    /// Whether the view starts selected or disabled, from its properties.
    open var initialState: ControlState { .normal }

    /// Told which component is about to run which of its methods (`draw`, `configure`,
    /// `intrinsicContentSize`), in a process that reports where user code crashed (the
    /// preview's worker); nil elsewhere, where it costs one check.
    nonisolated(unsafe) public static var willRun: ((Component, StaticString) -> Void)?
}
