/// A type a component property can have: how a style file writes it, how it reads back.
///
/// These are the types Interface Builder lets `@IBInspectable` carry, plus enums written as words.
public protocol InspectableValue: Equatable {
    /// The Interface Builder / UIKit name of the type, as `inspect` and the schema show it.
    static var typeName: String { get }
    /// What a style file must write, for "expected ..." messages.
    static var expectation: String { get }
    /// A JSON Schema fragment (an object's body, without braces) for `designable schema`.
    static var schema: String { get }
    static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Self
    /// The value as a style file would write it.
    var styleText: String { get }
}

/// What decoding a value may need beyond the node itself.
public final class DecodingContext {
    public let theme: [String: Color]
    /// Folder of the style file, where images are looked up.
    public let directory: String
    /// Findings that do not stop decoding, such as a missing image.
    public private(set) var warnings: [Diagnostic] = []
    private var warned: Set<SourceLocation> = []
    /// Image files the view being decoded depends on, found or looked for, for the watcher: a
    /// missing image that appears later must be noticed too.
    public var dependencies: Set<String> = []

    public init(theme: [String: Color] = [:], directory: String = ".") {
        self.theme = theme
        self.directory = directory
    }

    /// Records a warning once, however many times its value is decoded.
    public func warn(_ diagnostic: Diagnostic) {
        if warned.insert(diagnostic.location).inserted { warnings.append(diagnostic) }
    }
}

extension Diagnostic {
    static func mismatch<T: InspectableValue>(_ type: T.Type, _ node: YAMLNode) -> Diagnostic {
        .error("expected \(T.expectation), found \(node.summary)", at: node.location)
    }
}

// MARK: - Numbers

/// Longest length, in points, that any property or canvas may have: far beyond any screen,
/// short of what would make Cairo allocate without bound.
public let maximumLength = 100_000.0

extension Double: InspectableValue {
    public static var typeName: String { "CGFloat" }
    public static var expectation: String { "a number" }
    public static var schema: String { #""type": "number""# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Double {
        guard let text = node.scalar, let value = parseNumber(text) else { throw .mismatch(Double.self, node) }
        guard value.isFinite else { throw .error("expected a finite number, found \(node.summary)", at: node.location) }
        guard abs(value) <= maximumLength else {
            throw .error("\(node.summary) is out of range: at most \(Int(maximumLength)) is allowed", at: node.location)
        }
        return value
    }

    public var styleText: String { formatNumber(self) }
}

extension Int: InspectableValue {
    public static var typeName: String { "Int" }
    public static var expectation: String { "a whole number" }
    public static var schema: String { #""type": "integer""# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Int {
        guard let text = node.scalar, let value = Int(text.trimmingWhitespace()) else { throw .mismatch(Int.self, node) }
        return value
    }

    public var styleText: String { String(self) }
}

/// YAML 1.1 numbers as people write them: `12`, `-0.5`, `1e3`, `.5`, and the words `.nan`/`.inf` (which
/// decode and are then refused with a clear message rather than read as text).
func parseNumber(_ text: String) -> Double? {
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
    public static var typeName: String { "String" }
    public static var expectation: String { "text" }
    public static var schema: String { #""type": "string""# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> String {
        if node.isNull { return "" }
        guard let text = node.scalar else { throw .mismatch(String.self, node) }
        return text
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
    public static var expectation: String { "true or false" }
    public static var schema: String { #""type": "boolean""# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Bool {
        switch node.scalar?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw .mismatch(Bool.self, node)
        }
    }

    public var styleText: String { self ? "true" : "false" }
}

// MARK: - Geometry

/// Reads `[a, b, ...]` or a mapping with the given keys, as numbers.
private func numbers(_ node: YAMLNode, keys: [String], in context: DecodingContext,
                     expected: String) throws(Diagnostic) -> [Double] {
    let items: [YAMLNode]
    switch node.kind {
    case .sequence(let list) where list.count == keys.count:
        items = list
    case .mapping(let pairs):
        var found: [YAMLNode] = []
        for key in keys {
            guard let value = node[key] else {
                throw .error("expected \(expected); the mapping lacks '\(key)'", at: node.location)
            }
            found.append(value)
        }
        if let extra = pairs.first(where: { pair in !keys.contains(pair.key.scalar ?? "") }) {
            let name = extra.key.scalar ?? "?"
            throw .error("'\(name)' is not one of \(keys.joined(separator: ", "))\(didYouMean(name, keys))", at: extra.key.location)
        }
        items = found
    default:
        throw .error("expected \(expected), found \(node.summary)", at: node.location)
    }
    var values: [Double] = []
    for item in items { values.append(try Double.decode(item, in: context)) }
    return values
}

private func nonNegative(_ values: [Double], _ names: [String], _ node: YAMLNode) throws(Diagnostic) {
    for (value, name) in zip(values, names) where value < 0 {
        throw .error("\(name) must not be negative, found \(formatNumber(value))", at: node.location)
    }
}

extension Point: InspectableValue {
    public static var typeName: String { "CGPoint" }
    public static var expectation: String { "a point [x, y]" }
    public static var schema: String { #""type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2"# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Point {
        let v = try numbers(node, keys: ["x", "y"], in: context, expected: expectation)
        return Point(x: v[0], y: v[1])
    }

    public var styleText: String { "[\(formatNumber(x)), \(formatNumber(y))]" }
}

extension Size: InspectableValue {
    public static var typeName: String { "CGSize" }
    public static var expectation: String { "a size [width, height]" }
    public static var schema: String { #""type": "array", "items": {"type": "number", "minimum": 0}, "minItems": 2, "maxItems": 2"# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Size {
        let v = try numbers(node, keys: ["width", "height"], in: context, expected: expectation)
        try nonNegative(v, ["width", "height"], node)
        return Size(width: v[0], height: v[1])
    }

    public var styleText: String { "[\(formatNumber(width)), \(formatNumber(height))]" }
}

extension Rect: InspectableValue {
    public static var typeName: String { "CGRect" }
    public static var expectation: String { "a rectangle [x, y, width, height]" }
    public static var schema: String { #""type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4"# }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Rect {
        let v = try numbers(node, keys: ["x", "y", "width", "height"], in: context, expected: expectation)
        try nonNegative(Array(v[2...]), ["width", "height"], node)
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    public var styleText: String { "[\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height))]" }
}

extension EdgeInsets: InspectableValue {
    public static var typeName: String { "NSDirectionalEdgeInsets" }
    public static var expectation: String { "insets [top, leading, bottom, trailing] or one number for all four" }
    public static var schema: String {
        #""oneOf": [{"type": "number"}, {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4}]"#
    }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> EdgeInsets {
        if node.scalar != nil {
            let all = try Double.decode(node, in: context)
            return EdgeInsets(top: all, leading: all, bottom: all, trailing: all)
        }
        let v = try numbers(node, keys: ["top", "leading", "bottom", "trailing"], in: context, expected: expectation)
        return EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }

    public var styleText: String {
        "[\(formatNumber(top)), \(formatNumber(leading)), \(formatNumber(bottom)), \(formatNumber(trailing))]"
    }
}

// MARK: - Colours

extension Color: InspectableValue {
    public static var typeName: String { "UIColor" }
    public static var expectation: String { "a colour (#RRGGBB, a CSS or system colour name, or a theme colour)" }
    public static var schema: String {
        #""type": "string", "pattern": "^(#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z][A-Za-z0-9]*)(@(0|1|0?\\.[0-9]+|1\\.0+))?$""#
    }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Color {
        if node.isNull {
            // `color: #FF0000` unquoted is a key with a comment after it: say so.
            throw .error("expected \(expectation), found nothing; a # starts a YAML comment, so quote hex colours: \"#FF0000\"", at: node.location)
        }
        guard let text = node.scalar else { throw .mismatch(Color.self, node) }
        switch Color.parse(text, theme: context.theme) {
        case .success(let color): return color
        case .failure(let problem): throw .error(problem.description, at: node.location)
        }
    }

    public var styleText: String { hex }
}

// MARK: - Optionals and enums

extension Optional: InspectableValue where Wrapped: InspectableValue {
    public static var typeName: String { Wrapped.typeName + "?" }
    public static var expectation: String { Wrapped.expectation + " or null" }
    public static var schema: String { Wrapped.schema }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Wrapped? {
        node.isNull ? nil : try Wrapped.decode(node, in: context)
    }

    public var styleText: String { map(\.styleText) ?? "null" }
}

/// An enum written as one of its case names (`alignment: left`).
public protocol InspectableEnum: InspectableValue, CaseIterable, RawRepresentable where RawValue == String {}

extension InspectableEnum {
    public static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
    public static var schema: String { #""enum": ["# + allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]" }

    public static func decode(_ node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Self {
        guard let text = node.scalar else { throw .mismatch(Self.self, node) }
        if let value = Self(rawValue: text) { return value }
        let names = allCases.map(\.rawValue)
        throw .error("expected \(expectation), found \(node.summary)\(didYouMean(text, names))", at: node.location)
    }

    public var styleText: String { rawValue }
}
