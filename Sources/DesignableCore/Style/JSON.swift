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
