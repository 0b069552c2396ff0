/// `text` as a JSON string literal, quotes and escapes included.
public func jsonQuoted(_ text: String) -> String {
    doubleQuoted(text, escapes: [:]) { "\\u00" + hexByte($0) }
}

/// `text` in double quotes with `"`, `\`, tab and line breaks escaped as JSON and YAML both do,
/// the scalars in `escapes` as given, and any other control character by `control`.
func doubleQuoted(_ text: String, escapes: [Unicode.Scalar: String], control: (UInt32) -> String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "\r": quoted += "\\r"
        default:
            if let escape = escapes[scalar] {
                quoted += escape
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                quoted += control(scalar.value)
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
    }
    return quoted + "\""
}

/// Two hex digits: `1B`.
func hexByte(_ value: UInt32) -> String {
    (value < 0x10 ? "0" : "") + String(value, radix: 16, uppercase: true)
}

// MARK: - Values

/// A JSON value, built as data (the schema, a style file for a validator) and written by one
/// deterministic serializer: object members keep the order they were given in.
public indirect enum JSONValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
                                ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// This object with `key` set to `value`, in its place if it has one, else last.
    public func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The value as JSON text. Containers that fit within `width` columns stay on one line;
    /// longer ones put each element on its own line, indented by two spaces.
    public func serialized(width: Int = 100) -> String {
        var text = ""
        write(to: &text, indent: 0, width: width)
        return text
    }

    /// The value on one line.
    public var compact: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSONValue.format(value)
        case .string(let value): return jsonQuoted(value)
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { jsonQuoted($0.key) + ": " + $0.value.compact }.joined(separator: ", ") + "}"
        }
    }

    private func write(to text: inout String, indent: Int, width: Int) {
        let oneLine = compact
        let padding = String(repeating: " ", count: indent + 2)
        switch self {
        case .array(let items) where indent + oneLine.count > width && !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += padding
                item.write(to: &text, indent: indent + 2, width: width)
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "]"
        case .object(let members) where indent + oneLine.count > width && !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += padding + jsonQuoted(member.key) + ": "
                member.value.write(to: &text, indent: indent + 2, width: width)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        default:
            text += oneLine
        }
    }

    /// Whole numbers without a fraction (`12`, as a schema's `integer` wants), others in Swift's
    /// shortest exact form; JSON has no infinity or NaN, so those are null.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

// MARK: - YAML as JSON

extension YAMLNode {
    /// The document as JSON, as the loader reads it, for a JSON Schema validator: plain scalars
    /// become null, a bool (YAML 1.1's true/false/yes/no/on/off, in the spellings YAML allows) or
    /// a number where the loader reads one; quoted scalars stay text. Merge keys (`<<: *base`)
    /// come applied, as the parser applies them to every mapping, and a key given twice keeps
    /// its last value, as the loader does.
    public func json() -> JSONValue {
        switch kind {
        case .scalar(let text):
            guard isPlain else { return .string(text) }
            if isNull { return .null }
            if let truth = YAMLNode.booleans[text] { return .bool(truth) }
            if let number = parseNumber(text), number.isFinite { return .number(number) }
            return .string(text)
        case .sequence(let items):
            return .array(items.map { $0.json() })
        case .mapping(let pairs):
            var members: [(key: String, value: JSONValue)] = []
            var places: [String: Int] = [:]
            for (key, value) in pairs {
                let name = key.scalar ?? key.summary
                let json = value.json()
                if let place = places[name] {
                    members[place].value = json
                } else {
                    places[name] = members.count
                    members.append((name, json))
                }
            }
            return .object(members)
        }
    }

    private static let booleans: [String: Bool] = {
        var table: [String: Bool] = [:]
        for (word, truth) in [("true", true), ("yes", true), ("on", true), ("false", false), ("no", false), ("off", false)] {
            for spelling in [word, word.prefix(1).uppercased() + word.dropFirst(), word.uppercased()] { table[spelling] = truth }
        }
        return table
    }()
}
