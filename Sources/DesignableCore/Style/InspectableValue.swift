/// A type a component property can have: how a style file writes it, how it reads back.
///
/// These are the types Interface Builder lets `@IBInspectable` carry, plus enums written as words.
/// A new type declares its `shape` (the forms a file may write) and builds itself from what the
/// shape read; decoding, the messages and the schema all follow from those two:
///
///     extension Size: InspectableValue {
///         public static let shape = ValueShape.numbers("a size", ["width", "height"], nonNegative: true)
///         public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Size {
///             let v = reading.numbers
///             return Size(width: v[0], height: v[1])
///         }
///     }
public protocol InspectableValue: Equatable {
    /// The Interface Builder / UIKit name of the type, as `inspect` and the schema show it.
    static var typeName: String { get }
    /// The forms a style file may write the value in.
    static var shape: ValueShape { get }
    /// The value from what `shape` (or a narrower one: a property's `minimum:`) read from `node`;
    /// throws for what only the type can check (an unknown colour name).
    static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Self
    /// Reads `node` through `shape` (`Self.shape` when nil) and makes the value. Types rarely
    /// need their own; one may, to explain a mistake the shape cannot see.
    static func decode(_ node: YAMLNode, as shape: ValueShape?, in context: DecodingContext) throws(Diagnostic) -> Self
    /// The value as a style file would write it.
    var styleText: String { get }
    /// Whether a value may be written starting with `#` (a hex colour, a text, a name): left
    /// unquoted it is a comment to YAML, and a property that may be left unset says so rather
    /// than read "none". False unless the type says otherwise.
    static var isWrittenWithHash: Bool { get }
}

extension InspectableValue {
    public static var isWrittenWithHash: Bool { false }

    /// What a style file must write, for "expected ..." messages.
    public static var expectation: String { shape.expectation }

    public static func decode(_ node: YAMLNode, as shape: ValueShape?, in context: DecodingContext) throws(Diagnostic) -> Self {
        try make(from: (shape ?? Self.shape).read(node), at: node, in: context)
    }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Self {
        try decode(node, as: nil, in: context)
    }
}

/// What decoding a value may need beyond the node itself.
public final class DecodingContext {
    public let theme: [String: Color]
    /// Named fonts (`theme: {fonts: {body: "DejaVu Sans 15"}}`), usable wherever a font is.
    public let fonts: [String: Font]
    /// Folder of the style file, where images are looked up.
    public let directory: String
    /// Whether image names may leave `directory` (`../x`, `/x`, `~/x`); see `ImageReference.make`.
    public let allowsOutsideImages: Bool
    /// Findings that do not stop decoding, such as a missing image.
    public private(set) var warnings: [Diagnostic] = []
    private var warned: Set<SourceLocation> = []
    /// Image files the view being decoded depends on, found or looked for, for the watcher: a
    /// missing image that appears later must be noticed too.
    public var dependencies: Set<String> = []
    /// The presets of `styles:` (and of imported files) by name, their chains resolved.
    var presets: [String: Preset] = [:]
    /// What the values being decoded now are written in (the view, a state map, a preset):
    /// each property records it with its place, so `inspect` can say where a value came from.
    /// Read for every value decoded: unchecked, as decoding is single-threaded and never holds
    /// an access across a call (a dynamic exclusivity check per value would cost more than the value).
    @exclusivity(unchecked) public internal(set) var origin = ValueOrigin.view
    /// Font descriptions already read without a finding in this load.
    var soundFonts: Set<String> = []
    /// What the disk said about each image name in this load: hundreds of views name the same
    /// few icons, and each lookup is several stat() calls and a read of the file's header.
    var imageLookups: [String: ImageReference.Lookup] = [:]
    /// The theme colours and fonts the view being decoded read its values from: a save that
    /// changes none of their values leaves the view as it was (`ViewsSection.ThemeChange`).
    /// A list rather than a set: a view names a few at most, and a set's storage and hashing
    /// cost more than the colour they are noted for.
    var themeNames: [String] = []

    public init(theme: [String: Color] = [:], fonts: [String: Font] = [:], directory: String = ".", allowsOutsideImages: Bool = false) {
        self.theme = theme
        self.fonts = fonts
        self.directory = directory
        self.allowsOutsideImages = allowsOutsideImages
    }

    /// Records a warning once for the view being decoded, however many times (in how many
    /// states) its value is decoded.
    public func warn(_ diagnostic: Diagnostic) {
        if warned.insert(diagnostic.location).inserted { warnings.append(diagnostic) }
    }

    /// Notes that the view being decoded read `name` from the theme.
    func noteThemeName(_ name: String) {
        if !themeNames.contains(name) { themeNames.append(name) }
        readThemeName = true
    }

    /// Whether a theme name was read since `takeThemeRead` last asked: whether the value being
    /// assigned comes from the theme.
    private var readThemeName = false

    func takeThemeRead() -> Bool {
        defer { readThemeName = false }
        return readThemeName
    }

    /// The values of the component being built whose last assignment read the theme, each with
    /// the node it was read from and its holder by identity (`Cascade.build` gathers them and
    /// gives them to the component, `PropertyHolder.apply` notes them).
    var themeBindings: [(holder: ObjectIdentifier, index: Int, node: YAMLNode, origin: ValueOrigin)] = []

    /// Notes that property `index` of `holder` was just assigned from `node`: bound to the theme
    /// when the value read it, and no longer bound to an earlier node either way.
    func noteAssignment(to holder: PropertyHolder, index: Int, from node: YAMLNode) {
        let fromTheme = takeThemeRead()
        let identity = ObjectIdentifier(holder)
        if !themeBindings.isEmpty { themeBindings.removeAll { $0.holder == identity && $0.index == index } }
        if fromTheme { themeBindings.append((identity, index, node, origin)) }
    }

    /// Starts a view: it records every warning of its own values, those it shares with other
    /// views through an anchor included.
    func beginView() {
        warned.removeAll(keepingCapacity: true)
    }
}

/// A value of a component that its last assignment read from the theme: what a save that
/// changes only the theme's values decodes again (`StyledView.rethemed`), instead of the view.
struct ThemeBinding {
    /// Whose property: the component's own, or its layer attributes'. (Not the object itself: a
    /// component holding a reference to itself would never be freed.)
    enum Holder { case component, layer }
    let holder: Holder
    let index: Int
    let node: YAMLNode
    let origin: ValueOrigin
}

extension Diagnostic {
    /// A reading that does not fit the type: only when a type's `make` is handed a reading its
    /// shape cannot give (a narrower shape of the wrong kind), which is a mistake in the code.
    static func unreadable<T: InspectableValue>(_ type: T.Type, _ node: YAMLNode) -> Diagnostic {
        .error("expected \(T.expectation), found \(node.summary)", at: node.location)
    }
}

// MARK: - Numbers

/// Longest length, in points, that any property or canvas may have: far beyond any screen,
/// short of what would make Cairo allocate without bound.
public let maximumLength = 100_000.0

extension Double: InspectableValue {
    public static var typeName: String { "CGFloat" }
    public static let shape = ValueShape.number()

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Double {
        guard let value = reading.number else { throw .unreadable(Double.self, node) }
        return value
    }

    public var styleText: String { formatNumber(self) }
}

extension Int: InspectableValue {
    public static var typeName: String { "Int" }
    public static let shape = ValueShape.integer()

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Int {
        guard case .integer(let value) = reading else { throw .unreadable(Int.self, node) }
        return value
    }

    public var styleText: String { String(self) }
}

/// YAML 1.1 numbers as people write them: `12`, `-0.5`, `1e3`, `.5`, and the words `.nan`/`.inf` (which
/// decode and are then refused with a clear message rather than read as text).
func parseNumber(_ text: String) -> Double? {
    var text = text
    if let value = text.withUTF8(wholeNumber) { return value }
    if let value = Double(text) { return value }
    let trimmed = text.trimmingWhitespace()
    if let value = Double(trimmed) { return value }
    switch trimmed.lowercased() {
    case ".nan", "nan": return .nan
    case ".inf", "+.inf", "inf", "infinity": return .infinity
    case "-.inf", "-inf", "-infinity": return -.infinity
    default: return nil
    }
}

/// A number of up to 15 decimal digits with an optional minus sign (`8`, `100`, `-12`), the way
/// most numbers of a style are written, read without the general parser: each such number is
/// a Double exactly, so the value is the one `Double(text)` gives.
func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var digits = bytes[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= 15 else { return nil }
    var value: Int64 = 0
    for byte in digits {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return negative ? -Double(value) : Double(value)
}

/// Short text for a number, to a thousandth: `4`, `0.85`, `1386.905`.
public func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    let value = abs(value) < 1e12 ? (value * 1000).rounded() / 1000 : value
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    var text = String(value)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

// MARK: - Text and truth

extension String: InspectableValue {
    public static var isWrittenWithHash: Bool { true }
    public static var typeName: String { "String" }
    /// Null is the empty text, as an unset title is.
    public static let shape = ValueShape.nullable(.text())

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> String {
        reading.text ?? ""
    }

    public var styleText: String { yamlQuoted(self) }
}

/// `text` as a YAML double-quoted scalar, the way a style file writes it: quotes, backslashes,
/// line breaks and other control characters escaped, so it reads back as the same text.
public func yamlQuoted(_ text: String) -> String {
    doubleQuoted(text, escapes: yamlEscapes) { "\\x" + hexByte($0) }
}

/// YAML's short escapes beyond JSON's, and the line breaks YAML would fold if left unescaped.
private let yamlEscapes: [Unicode.Scalar: String] = [
    "\u{0}": "\\0", "\u{7}": "\\a", "\u{8}": "\\b", "\u{1B}": "\\e",
    "\u{85}": "\\N", "\u{2028}": "\\L", "\u{2029}": "\\P",
]

extension Bool: InspectableValue {
    public static var typeName: String { "Bool" }
    public static let shape = ValueShape.bool

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Bool {
        guard case .bool(let value) = reading else { throw .unreadable(Bool.self, node) }
        return value
    }

    public var styleText: String { self ? "true" : "false" }
}

// MARK: - Geometry

/// The numbers of a `fields` reading, as many as `count`, or a finding when the reading is not that.
func numbers<T: InspectableValue>(_ reading: ShapeReading, _ count: Int, for type: T.Type,
                                          at node: YAMLNode) throws(Diagnostic) -> [Double] {
    let values = reading.numbers
    guard values.count == count else { throw .unreadable(T.self, node) }
    return values
}

extension Point: InspectableValue {
    public static var typeName: String { "CGPoint" }
    public static let shape = ValueShape.numbers("a point", ["x", "y"])

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Point {
        let v = try numbers(reading, 2, for: Point.self, at: node)
        return Point(x: v[0], y: v[1])
    }

    public var styleText: String { "[\(formatNumber(x)), \(formatNumber(y))]" }
}

extension Size: InspectableValue {
    public static var typeName: String { "CGSize" }
    public static let shape = ValueShape.numbers("a size", ["width", "height"], nonNegative: true)

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Size {
        let v = try numbers(reading, 2, for: Size.self, at: node)
        return Size(width: v[0], height: v[1])
    }

    public var styleText: String { "[\(formatNumber(width)), \(formatNumber(height))]" }
}

extension Rect: InspectableValue {
    public static var typeName: String { "CGRect" }
    public static let shape = ValueShape.numbers("a rectangle", ["x", "y", "width", "height"], nonNegative: true)

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Rect {
        let v = try numbers(reading, 4, for: Rect.self, at: node)
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    public var styleText: String { "[\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height))]" }
}

extension EdgeInsets: InspectableValue {
    public static var typeName: String { "NSDirectionalEdgeInsets" }
    public static let shape = ValueShape.described(
        "insets [top, leading, bottom, trailing] or one number for all four",
        .oneOf([.numbers("insets", ["top", "leading", "bottom", "trailing"]), .number()]))

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> EdgeInsets {
        if let all = reading.number { return EdgeInsets(top: all, leading: all, bottom: all, trailing: all) }
        let v = try numbers(reading, 4, for: EdgeInsets.self, at: node)
        return EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }

    public var styleText: String {
        "[\(formatNumber(top)), \(formatNumber(leading)), \(formatNumber(bottom)), \(formatNumber(trailing))]"
    }
}

// MARK: - Colours

extension Color: InspectableValue {
    public static var isWrittenWithHash: Bool { true }
    public static var typeName: String { "UIColor" }
    /// Hex or a name (CSS, system, or any theme colour's, so any text not starting with `#` and
    /// not ending in a space), either followed by `@alpha`, a decimal from 0 to 1, as `Color.parse`
    /// reads them; only `Color.parse` with the theme can tell which names exist.
    public static let shape = ValueShape.described(
        "a colour (#RRGGBB, a CSS or system colour name, or a theme colour)",
        .oneOf([single, .fields(noun: "a light and a dark colour", [.init("light", single), .init("dark", single)])]))

    /// One colour as text.
    private static let single = ValueShape.string(
        pattern: #"^\s*(#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[^#@\s]([^@]*[^@\s])?)(@\+?(0+(\.[0-9]*)?|\.[0-9]+|0*1(\.0*)?))?\s*$"#,
        examples: ["#FF9500", "systemBlue", "red@0.5", "brand-primary"])

    public static func decode(_ node: YAMLNode, as shape: ValueShape?, in context: DecodingContext) throws(Diagnostic) -> Color {
        if node.isNull {
            // `color: #FF0000` unquoted is a key with a comment after it: say so.
            // The loader names the value the user typed when it can see it (`StyleLoader.quoteHint`).
            throw .error("expected \(expectation), found nothing", at: node.location)
        }
        // A scalar that is not null is the one-colour form, which `Color.shape` reads as its text;
        // read so directly, as most colours of a style file are (the shape's walk cost more).
        if shape == nil, let text = node.scalar { return try make(from: .text(text), at: node, in: context) }
        return try make(from: (shape ?? Color.shape).read(node), at: node, in: context)
    }

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Color {
        // `{light: …, dark: …}`: each side may name a dynamic colour; it takes that side's value.
        if let sides = reading.list, sides.count == 2 {
            let parts: [YAMLNode] = node["light"].flatMap { light in node["dark"].map { [light, $0] } } ?? {
                if case .sequence(let items) = node.kind, items.count == 2 { return Array(items) }
                return [node, node]
            }()
            // A list of two is read as [light, dark]: a mistake in one (`[1, 2]`, meant as numbers)
            // says which side it is and why a list was read that way.
            func side(_ index: Int) throws(Diagnostic) -> Color {
                do { return try make(from: sides[index], at: parts[index], in: context) } catch {
                    guard node.isSequence else { throw error }
                    var said = error
                    said.message = "a list of two colours is [light, dark]; its \(index == 0 ? "light" : "dark") one: " + said.message
                    throw said
                }
            }
            return Color(light: try side(0), dark: try side(1))
        }
        guard let text = reading.text else { throw .unreadable(Color.self, node) }
        var themeName: String?
        defer { if let themeName { context.noteThemeName(themeName) } }
        switch Color.parse(text, theme: context.theme, themeName: &themeName) {
        case .success(let color): return color
        case .failure(let problem): throw .error(problem.description, at: node.location)
        }
    }

    /// Quoted, as a file must write it: unquoted, YAML would read the `#` as a comment.
    public var styleText: String { isDynamic ? description : "\"\(hex)\"" }
}

// MARK: - Optionals and enums

extension Optional: InspectableValue where Wrapped: InspectableValue {
    public static var typeName: String { Wrapped.typeName + "?" }
    public static var shape: ValueShape { .nullable(Wrapped.shape) }

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Wrapped? {
        reading == .null ? nil : try Wrapped.make(from: reading, at: node, in: context)
    }

    /// Null, or the wrapped type's own decoding (its own messages included) through the inner
    /// shape: what reading `.nullable(inner)` gives, without building that shape for every value.
    public static func decode(_ node: YAMLNode, as shape: ValueShape?, in context: DecodingContext) throws(Diagnostic) -> Wrapped? {
        // `titleColor: #FF0000` unquoted: a value the user typed, which YAML read as a comment.
        // Taken as "none", it would vanish without a word; the loader quotes what was typed.
        if node.isEmptiedByComment, Wrapped.isWrittenWithHash {
            throw .error("expected \(Wrapped.shape.expectation), found nothing", at: node.location)
        }
        switch shape {
        case nil:
            return node.isNull ? nil : try Wrapped.decode(node, as: nil, in: context)
        case .nullable(let inner)?:
            return node.isNull ? nil : try Wrapped.decode(node, as: inner, in: context)
        case let other?:
            return try make(from: other.read(node), at: node, in: context)
        }
    }

    public var styleText: String { map(\.styleText) ?? "null" }
}

/// An enum written as one of its case names (`alignment: left`), or as another name UIKit gives
/// the same value (`alwaysTemplate` for `template`), declared once in `aliases`: the shape lists
/// them with the case names, so decoding, "did you mean" and the schema all take them.
public protocol InspectableEnum: InspectableValue, CaseIterable, RawRepresentable where RawValue == String {
    /// Other spellings of a case, in the order messages list them after the case names.
    static var aliases: KeyValuePairs<String, Self> { get }
}

extension InspectableEnum {
    public static var aliases: KeyValuePairs<String, Self> { [:] }

    public static var shape: ValueShape { .words(allCases.map(\.rawValue) + aliases.map(\.key)) }

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Self {
        guard let text = reading.text, let value = Self(rawValue: text) ?? aliases.first(where: { $0.key == text })?.value else {
            throw .unreadable(Self.self, node)
        }
        return value
    }

    /// The case's own name, whichever spelling the file used.
    public var styleText: String { rawValue }
}
