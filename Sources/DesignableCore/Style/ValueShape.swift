/// The forms a style file may write a value in, described once per value type: decoding reads
/// a node through it (its "expected …, found …" messages come from it) and `designable schema`
/// renders it as JSON Schema, so the two cannot drift apart.
///
///     extension Size: InspectableValue {
///         public static let shape = ValueShape.numbers("a size", ["width", "height"], nonNegative: true)
///         ...
///     }
public enum ValueShape: Sendable {
    /// A finite number within ±`maximumLength`: YAML's `12`, `-0.5`, `1e3`, or the same quoted
    /// (`"4"`), as the loader reads either; `minimum` and `maximum` bound it further.
    case number(minimum: Double? = nil, maximum: Double? = nil)
    /// A whole number, plain or quoted, at least `minimum` when given.
    case integer(minimum: Int? = nil)
    /// `true` or `false`, or YAML 1.1's `yes`, `no`, `on`, `off`, in any case, plain or quoted.
    case bool
    /// Any scalar, as written: `title: 12` is the text "12". Blank text is refused unless allowed.
    case text(allowsBlank: Bool = true)
    /// Text of a syntax only the value type checks in full (a colour, which may name a theme
    /// colour): `pattern` (ECMA and Python regular expressions alike) and `examples` are for the schema.
    case string(pattern: String, examples: [String])
    /// One of these words, exactly as written.
    case words([String])
    /// A fixed number of values, as a list `[w, h]` or a mapping `{width: w, height: h}`;
    /// `noun` names the whole in messages ("a size").
    case fields(noun: String, [Field])
    /// A list of any length up to `maximumCount`, each item of the inner shape (`[minXMinY,
    /// maxXMinY]`); `noun` names one item in messages ("a corner").
    indirect case list(noun: String, of: ValueShape, maximumCount: Int)
    /// The inner shape, or null (`~`, `null`, or nothing at all).
    indirect case nullable(ValueShape)
    /// Whichever of these shapes fits the node's kind (a scalar, a list or mapping, null).
    case oneOf([ValueShape])
    /// The inner shape, with its own words for what it expects.
    indirect case described(String, ValueShape)

    /// One named part of a `fields` shape.
    public struct Field: Sendable {
        public var name: String
        public var shape: ValueShape
        /// Whether a mapping may leave the part out (a pin's edges: `{top: 16, leading: 16}`);
        /// it then reads as null.
        public var isOptional: Bool
        public init(_ name: String, _ shape: ValueShape, isOptional: Bool = false) {
            self.name = name
            self.shape = shape
            self.isOptional = isOptional
        }
    }

    /// `[a, b, …]` or `{a:, b:, …}` of numbers; with `nonNegative`, the parts named `width` and
    /// `height` must not be negative.
    public static func numbers(_ noun: String, _ names: [String], nonNegative: Bool = false) -> ValueShape {
        .fields(noun: noun, names.map { name in
            Field(name, nonNegative && (name == "width" || name == "height") ? .number(minimum: 0) : .number())
        })
    }

    /// This shape with its numbers bounded further, as a property's `minimum:` and `maximum:` ask.
    public func bounded(minimum: Double?, maximum: Double?) -> ValueShape {
        switch self {
        case .number(let low, let high):
            return .number(minimum: tighter(low, minimum, by: max), maximum: tighter(high, maximum, by: min))
        case .integer(let low):
            return .integer(minimum: tighter(low, minimum.map { Int($0.rounded(.up)) }, by: max))
        case .nullable(let inner): return .nullable(inner.bounded(minimum: minimum, maximum: maximum))
        case .described(let text, let inner): return .described(text, inner.bounded(minimum: minimum, maximum: maximum))
        case .oneOf(let shapes): return .oneOf(shapes.map { $0.bounded(minimum: minimum, maximum: maximum) })
        default: return self
        }
    }

    /// The tighter of two optional bounds (`pick` is `max` for minimums), either when one is nil.
    private func tighter<Bound>(_ a: Bound?, _ b: Bound?, by pick: (Bound, Bound) -> Bound) -> Bound? {
        guard let a else { return b }
        guard let b else { return a }
        return pick(a, b)
    }

    /// What a style file must write, for "expected …" messages: "a size [width, height]".
    public var expectation: String {
        switch self {
        case .number: return "a number"
        case .integer: return "a whole number"
        case .bool: return "true or false"
        case .text, .string: return "text"
        case .words(let words): return "one of " + words.joined(separator: ", ")
        case .fields(let noun, let fields): return noun + " [" + fields.map(\.name).joined(separator: ", ") + "]"
        case .nullable(let inner): return inner.expectation + " or null"
        case .oneOf(let shapes): return shapes.map(\.expectation).joined(separator: " or ")
        case .described(let text, _): return text
        case .list(let noun, _, _): return "a list of \(noun)s"
        }
    }
}

/// What a `ValueShape` read from a node: its numbers, words and parts, checked and in order (a
/// mapping form's parts in the order the shape names them), for the value type to build from.
public enum ShapeReading: Equatable, Sendable {
    case null
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case text(String)
    case list([ShapeReading])

    public var number: Double? { if case .number(let value) = self { return value } else { return nil } }
    public var text: String? { if case .text(let value) = self { return value } else { return nil } }
    public var list: [ShapeReading]? { if case .list(let items) = self { return items } else { return nil } }
    /// The parts' numbers, for a `fields` shape of numbers.
    public var numbers: [Double] { list?.compactMap(\.number) ?? [] }
}

// MARK: - Reading

extension ValueShape {
    /// Reads `node` as this shape, or throws the finding a person should see, at its place.
    public func read(_ node: YAMLNode) throws(Diagnostic) -> ShapeReading {
        try read(node, expecting: nil, subject: nil)
    }

    /// `expecting` overrides what a mismatch says was expected (a described or one-of shape's
    /// words), and is worked out only for a mismatch: a one-of shape's words are a sentence built
    /// from its forms, too dear to build for every value read. `subject` names the part being
    /// read, for bounds ("width must not be negative").
    private func read(_ node: YAMLNode, expecting: @autoclosure () -> String?, subject: String?) throws(Diagnostic) -> ShapeReading {
        func mismatch() -> Diagnostic {
            .error("expected \(expecting() ?? expectation), found \(node.summary)", at: node.location)
        }
        switch self {
        case .number(let minimum, let maximum):
            // Most numbers are whole and short, read from the file's bytes without a string.
            guard let value = node.wholeNumber ?? (node.isNull ? nil : node.scalar.flatMap(parseNumber)) else { throw mismatch() }
            guard value.isFinite else { throw .error("expected a finite number, found \(node.summary)", at: node.location) }
            let name = subject.map { $0 + " " } ?? ""
            // The value's own bound first: `-1e308` for a length is a negative length, and saying
            // so helps more than the far bound every number has.
            if let minimum, value < minimum {
                let bound = minimum == 0 ? "must not be negative" : "must be at least \(formatNumber(minimum))"
                let found = abs(value) <= maximumLength ? formatNumber(value) : String((node.scalar ?? "").trimmingWhitespace())
                throw .error("\(name)\(bound), found \(found)", at: node.location)
            }
            guard abs(value) <= maximumLength else {
                let bound = value < 0 ? "at least -\(Int(maximumLength))" : "at most \(Int(maximumLength))"
                throw .error("\(node.summary) is out of range: \(bound) is allowed", at: node.location)
            }
            if let maximum, value > maximum {
                throw .error("\(name)must be at most \(formatNumber(maximum)), found \(formatNumber(value))", at: node.location)
            }
            return .number(value)
        case .integer(let minimum):
            guard let text = node.scalar, let value = Int(text.trimmingWhitespace()) else { throw mismatch() }
            if let minimum, value < minimum {
                let bound = minimum == 0 ? "must not be negative" : "must be at least \(minimum)"
                throw .error("\(subject.map { $0 + " " } ?? "")\(bound), found \(value)", at: node.location)
            }
            return .integer(value)
        case .bool:
            switch node.scalar?.lowercased() {
            case "true", "yes", "on": return .bool(true)
            case "false", "no", "off": return .bool(false)
            default: throw mismatch()
            }
        case .text(let allowsBlank):
            guard !node.isNull, let text = node.scalar, allowsBlank || !isBlank(text) else { throw mismatch() }
            return .text(text)
        case .string:
            guard !node.isNull, let text = node.scalar else { throw mismatch() }
            return .text(text)
        case .words(let words):
            guard let text = node.scalar else { throw mismatch() }
            guard words.contains(text) else {
                throw .error("expected \(expecting() ?? expectation), found \(node.summary)\(didYouMean(text, words))", at: node.location)
            }
            return .text(text)
        case .fields(_, let fields):
            return .list(try readFields(fields, of: node, expecting: expecting() ?? expectation))
        case .list(_, let inner, let maximumCount):
            guard case .sequence(let items) = node.kind else { throw mismatch() }
            guard items.count <= maximumCount else {
                throw .error("expected \(expecting() ?? expectation), at most \(maximumCount); found \(items.count)", at: node.location)
            }
            var readings: [ShapeReading] = []
            readings.reserveCapacity(items.count)
            for item in items { readings.append(try inner.read(item, expecting: nil, subject: subject)) }
            return .list(readings)
        case .nullable(let inner):
            return node.isNull ? .null : try inner.read(node, expecting: expecting(), subject: subject)
        case .oneOf(let shapes):
            // The forms that fit the node's kind, in order, the first that reads winning; the
            // first one's finding when none does. (No list of the fitting ones: every colour
            // read goes through here.)
            var firstProblem: Diagnostic?
            for shape in shapes where shape.fits(node) {
                do { return try shape.read(node, expecting: expecting() ?? expectation, subject: subject) } catch {
                    firstProblem = firstProblem ?? error
                }
            }
            throw firstProblem ?? mismatch()
        case .described(let text, let inner):
            return try inner.read(node, expecting: text, subject: subject)
        }
    }

    /// Whether `text` is empty or only whitespace; ASCII text is told by its bytes.
    private func isBlank(_ text: String) -> Bool {
        var text = text
        let ascii = text.withUTF8 { bytes -> Bool? in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte != 0x20, !(0x09...0x0D).contains(byte) { return false }
            }
            return true
        }
        return ascii ?? text.trimmingWhitespace().isEmpty
    }

    private func readFields(_ fields: [Field], of node: YAMLNode, expecting: @autoclosure () -> String) throws(Diagnostic) -> [ShapeReading] {
        func read<Items: Collection<YAMLNode>>(_ items: Items) throws(Diagnostic) -> [ShapeReading] {
            var readings: [ShapeReading] = []
            readings.reserveCapacity(items.count)
            for (field, item) in zip(fields, items) {
                readings.append(try field.shape.read(item, expecting: nil, subject: field.name))
            }
            return readings
        }
        switch node.kind {
        case .sequence(let list) where list.count == fields.count:
            return try read(list)
        case .mapping(let pairs):
            let names = fields.map(\.name)
            var found: [YAMLNode?] = []
            for field in fields {
                let value = node[field.name]
                if value == nil, !field.isOptional {
                    throw .error("expected \(expecting()); the mapping lacks '\(field.name)'", at: node.location)
                }
                found.append(value)
            }
            if let extra = pairs.first(where: { pair in !names.contains(pair.key.scalar ?? "") }) {
                let name = extra.key.scalar ?? "?"
                throw .error("'\(name)' is not one of \(names.joined(separator: ", "))\(didYouMean(name, names))", at: extra.key.location)
            }
            // A part left out reads as null: only an optional one may be.
            var readings: [ShapeReading] = []
            readings.reserveCapacity(fields.count)
            for (field, value) in zip(fields, found) {
                if let value {
                    readings.append(try field.shape.read(value, expecting: nil, subject: field.name))
                } else {
                    readings.append(.null)
                }
            }
            return readings
        default:
            throw .error("expected \(expecting()), found \(node.summary)", at: node.location)
        }
    }

    /// Whether the node is of the kind this shape reads (a scalar, a collection, null), so a
    /// one-of shape tries only the forms that could apply.
    private func fits(_ node: YAMLNode) -> Bool {
        switch self {
        case .fields: return !node.isScalarNode
        case .list: return node.isSequence
        case .nullable(let inner): return node.isNull || inner.fits(node)
        case .described(_, let inner): return inner.fits(node)
        case .oneOf(let shapes): return shapes.contains { $0.fits(node) }
        default: return node.isScalarNode && !node.isNull
        }
    }
}

// MARK: - Schema

extension ValueShape {
    /// The shape as JSON Schema (draft 2020-12), accepting every form the loader reads: a number
    /// may be a JSON number or a numeric string, a bool one of YAML's words as a string too.
    public var schema: JSONValue {
        switch self {
        case .number(let minimum, let maximum):
            let low = max(minimum ?? -maximumLength, -maximumLength)
            return .object([
                ("type", ["number", "string"]),
                ("minimum", .number(low)),
                ("maximum", .number(min(maximum ?? maximumLength, maximumLength))),
                // The same number in quotes; a bound below zero cannot be checked in text, so a minus sign is refused only where no negative number is allowed.
                ("pattern", .string(#"^\s*"# + (low < 0 ? "[-+]?" : #"\+?"#) + #"([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$"#)),
            ])
        case .integer(let minimum):
            // As for numbers, a minus sign in quotes is refused only where no negative is allowed.
            let sign = (minimum ?? -1) < 0 ? "[-+]?" : #"\+?"#
            var members: [(key: String, value: JSONValue)] = [("type", ["integer", "string"]), ("pattern", .string(#"^\s*"# + sign + #"[0-9]+\s*$"#))]
            if let minimum { members.append(("minimum", .number(Double(minimum)))) }
            return .object(members)
        case .bool:
            return .object([("type", ["boolean", "string"]), ("pattern", .string(caselessWords(["true", "false", "yes", "no", "on", "off"])))])
        case .text(let allowsBlank):
            // YAML reads `title: 12` or `title: yes` as a number or a bool; the loader takes them as written.
            var members: [(key: String, value: JSONValue)] = [("type", ["string", "number", "boolean"])]
            if !allowsBlank { members.append(("pattern", #"\S"#)) }
            return .object(members)
        case .string(let pattern, let examples):
            return .object([("type", "string"), ("pattern", .string(pattern)), ("examples", .array(examples.map(JSONValue.string)))])
        case .words(let words):
            return .object([("enum", .array(words.map(JSONValue.string)))])
        case .fields(_, let fields):
            // One schema for both forms: array keywords apply to the list, object ones to the mapping.
            let required = fields.filter { !$0.isOptional }.map { JSONValue.string($0.name) }
            return .object([
                ("type", ["array", "object"]),
                ("prefixItems", .array(fields.map(\.shape.schema))),
                ("items", false),
                ("minItems", .number(Double(fields.count))),
                ("properties", .object(fields.map { ($0.name, $0.shape.schema) })),
                ("required", .array(required)),
                ("additionalProperties", false),
            ])
        case .list(_, let inner, let maximumCount):
            return .object([("type", "array"), ("items", inner.schema), ("maxItems", .number(Double(maximumCount)))])
        case .nullable(let inner):
            let schema = inner.schema
            if case .array(let types)? = schema["type"] { return schema.setting("type", .array(types + ["null"])) }
            if case .string(let type)? = schema["type"] { return schema.setting("type", [.string(type), "null"]) }
            if case .array(let words)? = schema["enum"] { return schema.setting("enum", .array(words + [.null])) }
            return .object([("anyOf", [["type": "null"], schema])])
        case .oneOf(let shapes):
            // anyOf, not oneOf: forms may overlap (a number is also text), and any one will do.
            return .object([("anyOf", .array(shapes.map(\.schema)))])
        case .described(_, let inner):
            return inner.schema
        }
    }

    /// A pattern for exactly these words in any case, spelt out (`[Tt][Rr][Uu][Ee]`) because
    /// JSON Schema's regular expressions have no case-insensitive flag.
    private func caselessWords(_ words: [String]) -> String {
        let alternatives = words.map { word in
            word.map { letter in "[\(letter.uppercased())\(letter.lowercased())]" }.joined()
        }
        return "^(" + alternatives.joined(separator: "|") + ")$"
    }
}
