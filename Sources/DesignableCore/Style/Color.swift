/// The appearance a picture is drawn in: UIKit's `userInterfaceStyle`.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark
}

/// An sRGB colour with straight (not premultiplied) alpha, each channel in 0...1.
///
/// A colour may be dynamic, as UIKit's are: the system colours, and a theme colour written
/// `{light: …, dark: …}`, carry a second value for dark appearance. Drawing resolves a colour for
/// the appearance it draws in (`DrawingContext.appearance`); the channels are the light value.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// The value in dark appearance, when it differs from the light one.
    public private(set) var darkValue: Channels?

    /// A static colour's channels.
    public struct Channels: Hashable, Sendable {
        public var red: Double, green: Double, blue: Double, alpha: Double
    }

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A dynamic colour: `light` in light appearance, `dark` in dark.
    public init(light: Color, dark: Color) {
        self = light.resolved(for: .light)
        let dark = dark.resolved(for: .dark)
        if dark != self { darkValue = Channels(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha) }
    }

    /// The colour as drawn in `appearance`: a static colour.
    public func resolved(for appearance: Appearance) -> Color {
        guard let darkValue else { return self }
        return appearance == .dark
            ? Color(red: darkValue.red, green: darkValue.green, blue: darkValue.blue, alpha: darkValue.alpha)
            : Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var isDynamic: Bool { darkValue != nil }

    /// The colour with its alpha (in both appearances) multiplied by `factor`.
    public func multiplyingAlpha(_ factor: Double) -> Color {
        var color = self
        color.alpha *= factor
        color.darkValue?.alpha *= factor
        return color
    }

    /// 0xRRGGBB.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// The colour with `alpha` in place of its own (in both appearances).
    public func withAlpha(_ alpha: Double) -> Color {
        var color = self
        color.alpha = alpha
        color.darkValue?.alpha = alpha
        return color
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ value: Double) -> String {
            let text = String(Int((max(0, min(1, value)) * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public var description: String {
        guard isDynamic else { return hex }
        return "{light: \"\(hex)\", dark: \"\(resolved(for: .dark).hex)\"}"
    }
}

// MARK: - Reading colours

extension Color {
    public enum ParseError: Error, Equatable {
        case malformedHex(String)
        case unknownName(String, suggestion: String?)
        case badAlpha(String)
        /// A colour in a form other tools read (`rgb(229, 72, 77)`, `0xE5484D`, `E5484D`), with
        /// the hex that writes it here.
        case foreignForm(String, hex: String)
    }

    /// Reads `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS or UIKit system colour name, or a theme name,
    /// any of them followed by `@alpha` (`purple@0.85`), which multiplies the colour's own alpha.
    public static func parse(_ text: String, theme: [String: Color] = [:]) -> Result<Color, ParseError> {
        var themeName: String?
        return parse(text, theme: theme, themeName: &themeName)
    }

    /// `parse`, saying in `themeName` the theme colour the colour was read from, if any.
    static func parse(_ text: String, theme: [String: Color], themeName: inout String?) -> Result<Color, ParseError> {
        // Most colours in a style are plain `#RRGGBB` or a name: read those without slicing the text.
        if text.utf8.first == UInt8(ascii: "#"), let color = fromHex(text.utf8.dropFirst()) { return .success(color) }
        if let color = theme[text] {
            themeName = text
            return .success(color)
        }
        if let color = systemColors[text] ?? cssColors[text] { return .success(color) }
        var body = Substring(text.trimmingWhitespace())
        var alphaFactor = 1.0
        if let at = body.lastIndex(of: "@") {
            let suffix = body[body.index(after: at)...]
            guard let value = Double(suffix), value.isFinite, (0...1).contains(value) else {
                return .failure(.badAlpha(String(suffix)))
            }
            alphaFactor = value
            body = body[..<at]
        }
        let base: Color
        if body.hasPrefix("#") {
            guard let color = fromHex(body.utf8.dropFirst()) else { return .failure(.malformedHex(String(body))) }
            base = color
        } else if let color = theme[String(body)] {
            themeName = String(body)
            base = color
        } else if let color = named(String(body)) {
            base = color
        } else {
            if let color = fromForeignForm(body) { return .failure(.foreignForm(String(body), hex: color.hex)) }
            // Sorted: a dictionary's order is its storage's, and a name as close as another (sunrise1
            // and sunrise2 for sunrise12) must be offered the same way by every load.
            let candidates = theme.keys.sorted() + cssColors.keys.sorted() + systemColors.keys.sorted()
            return .failure(.unknownName(String(body), suggestion: closestMatch(to: String(body), in: candidates)))
        }
        return .success(base.multiplyingAlpha(alphaFactor))
    }

    /// A CSS or UIKit name, case-insensitive for CSS as browsers are.
    public static func named(_ name: String) -> Color? {
        systemColors[name] ?? cssColors[name.lowercased()]
    }

    /// What a colour written as CSS's `rgb(…)`/`rgba(…)` or `hsl(…)`/`hsla(…)`, as a `0x` literal, or as hex digits
    /// without their `#` means, so the refusal can give the form to write instead.
    private static func fromForeignForm(_ text: Substring) -> Color? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") { return fromHex(text.utf8.dropFirst(2)) }
        if text.utf8.count == 6 || text.utf8.count == 8 { return fromHex(text.utf8) }
        for prefix in ["rgba(", "rgb("] where lowered.hasPrefix(prefix) && lowered.hasSuffix(")") {
            let numbers = lowered.dropFirst(prefix.count).dropLast().split(separator: ",").compactMap { Double($0.trimmingWhitespace()) }
            guard numbers.count == 3 || numbers.count == 4, numbers.prefix(3).allSatisfy({ (0...255).contains($0) }),
                  (0...1).contains(numbers.count == 4 ? numbers[3] : 1) else { return nil }
            return Color(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255,
                         alpha: numbers.count == 4 ? numbers[3] : 1)
        }
        // CSS's `hsl(0, 100%, 50%)`: hue in degrees, saturation and lightness in percent.
        for prefix in ["hsla(", "hsl("] where lowered.hasPrefix(prefix) && lowered.hasSuffix(")") {
            let parts = lowered.dropFirst(prefix.count).dropLast().split(separator: ",").map { $0.trimmingWhitespace() }
            guard parts.count == 3 || parts.count == 4, let hue = Double(parts[0]),
                  let saturation = Double(parts[1].hasSuffix("%") ? parts[1].dropLast() : parts[1]),
                  let lightness = Double(parts[2].hasSuffix("%") ? parts[2].dropLast() : parts[2]),
                  (0...100).contains(saturation), (0...100).contains(lightness) else { return nil }
            let alpha = parts.count == 4 ? Double(parts[3]) : 1
            guard let alpha, (0...1).contains(alpha) else { return nil }
            let (s, l) = (saturation / 100, lightness / 100)
            let chroma = (1 - abs(2 * l - 1)) * s
            let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
            let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
            let (r, g, b): (Double, Double, Double) = h < 1 ? (chroma, x, 0) : h < 2 ? (x, chroma, 0) : h < 3 ? (0, chroma, x)
                : h < 4 ? (0, x, chroma) : h < 5 ? (x, 0, chroma) : (chroma, 0, x)
            let m = l - chroma / 2
            return Color(red: r + m, green: g + m, blue: b + m, alpha: alpha)
        }
        return nil
    }

    /// `RGB`, `RGBA`, `RRGGBB` or `RRGGBBAA` hex digits (after the `#`).
    private static func fromHex<Digits: Collection>(_ digits: Digits) -> Color? where Digits.Element == UInt8 {
        // Read into one word as they come: most colours of a style are written this way.
        var value: UInt32 = 0
        var count = 0
        for byte in digits {
            let nibble: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            count += 1
            if count > 8 { return nil }
            value = value << 4 | nibble
        }
        switch count {
        case 3, 4:
            // Each short digit doubled: `#F80` is `#FF8800`.
            var doubled: UInt32 = 0
            for shift in stride(from: 4 * (count - 1), through: 0, by: -4) {
                let nibble = (value >> UInt32(shift)) & 0xF
                doubled = doubled << 8 | nibble << 4 | nibble
            }
            value = doubled
            count *= 2
        case 6, 8: break
        default: return nil
        }
        return count == 8 ? Color(rgb: value >> 8, alpha: Double(value & 0xFF) / 255) : Color(rgb: value)
    }
}

extension Color.ParseError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .malformedHex(let text):
            return "'\(text)' is not a hex colour: write #RGB, #RRGGBB or #RRGGBBAA"
        case .unknownName(let name, let suggestion):
            return "unknown colour '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .foreignForm(let text, let hex):
            return "'\(text)' is not a colour form a style file takes (#RGB, #RRGGBB, #RRGGBBAA, a CSS or system colour name, or a theme colour); write \"\(hex)\""
        case .badAlpha(let text):
            return "'@\(text)' is not an alpha: write a number from 0 to 1, as in purple@0.85"
        }
    }
}

extension StringProtocol {
    public func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}

// MARK: - Named colours

extension Color {
    /// UIKit's system colours, as iOS draws them in light and dark appearance (Apple's published
    /// values for the default, not increased-contrast, variants).
    public static let systemColors: [String: Color] = {
        let table: [(String, UInt32, UInt32)] = [
            ("systemRed", 0xFF3B30, 0xFF453A), ("systemOrange", 0xFF9500, 0xFF9F0A),
            ("systemYellow", 0xFFCC00, 0xFFD60A), ("systemGreen", 0x34C759, 0x30D158),
            ("systemMint", 0x00C7BE, 0x63E6E2), ("systemTeal", 0x30B0C7, 0x40C8E0),
            ("systemCyan", 0x32ADE6, 0x64D2FF), ("systemBlue", 0x007AFF, 0x0A84FF),
            ("systemIndigo", 0x5856D6, 0x5E5CE6), ("systemPurple", 0xAF52DE, 0xBF5AF2),
            ("systemPink", 0xFF2D55, 0xFF375F), ("systemBrown", 0xA2845E, 0xAC8E68),
            ("systemGray", 0x8E8E93, 0x8E8E93), ("systemGray2", 0xAEAEB2, 0x636366),
            ("systemGray3", 0xC7C7CC, 0x48484A), ("systemGray4", 0xD1D1D6, 0x3A3A3C),
            ("systemGray5", 0xE5E5EA, 0x2C2C2E), ("systemGray6", 0xF2F2F7, 0x1C1C1E),
            ("systemBackground", 0xFFFFFF, 0x000000), ("secondarySystemBackground", 0xF2F2F7, 0x1C1C1E),
            ("tertiarySystemBackground", 0xFFFFFF, 0x2C2C2E), ("systemGroupedBackground", 0xF2F2F7, 0x000000),
            ("secondarySystemGroupedBackground", 0xFFFFFF, 0x1C1C1E), ("tertiarySystemGroupedBackground", 0xF2F2F7, 0x2C2C2E),
            ("opaqueSeparator", 0xC6C6C8, 0x38383A), ("link", 0x007AFF, 0x0984FF),
            ("label", 0x000000, 0xFFFFFF),
        ]
        var colors = Dictionary(uniqueKeysWithValues: table.map { name, light, dark in
            (name, Color(light: Color(rgb: light), dark: Color(rgb: dark)))
        })
        colors["secondaryLabel"] = Color(light: Color(rgb: 0x3C3C43, alpha: 0.6), dark: Color(rgb: 0xEBEBF5, alpha: 0.6))
        colors["tertiaryLabel"] = Color(light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3))
        colors["separator"] = Color(light: Color(rgb: 0x3C3C43, alpha: 0.29), dark: Color(rgb: 0x545458, alpha: 0.6))
        colors["quaternaryLabel"] = Color(light: Color(rgb: 0x3C3C43, alpha: 0.18), dark: Color(rgb: 0xEBEBF5, alpha: 0.16))
        colors["placeholderText"] = Color(light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3))
        // The fills for thin and small shapes (a slider's track, a switch's off state), translucent greys.
        colors["systemFill"] = Color(light: Color(rgb: 0x787880, alpha: 0.2), dark: Color(rgb: 0x787880, alpha: 0.36))
        colors["secondarySystemFill"] = Color(light: Color(rgb: 0x787880, alpha: 0.16), dark: Color(rgb: 0x787880, alpha: 0.32))
        colors["tertiarySystemFill"] = Color(light: Color(rgb: 0x767680, alpha: 0.12), dark: Color(rgb: 0x767680, alpha: 0.24))
        colors["quaternarySystemFill"] = Color(light: Color(rgb: 0x747480, alpha: 0.08), dark: Color(rgb: 0x767680, alpha: 0.18))
        colors["clear"] = .clear
        return colors
    }()

    /// `UIColor.systemBlue`: the tint of a system button.
    public static let systemBlue = systemColors["systemBlue"]!
    /// `UIColor.systemBackground`: white in light appearance, black in dark.
    public static let systemBackground = systemColors["systemBackground"]!
    /// `UIColor.label`: black in light appearance, white in dark.
    public static let label = systemColors["label"]!

    /// The 148 CSS Color Module Level 4 names.
    public static let cssColors: [String: Color] = {
        let table: [(String, UInt32)] = [
            ("aliceblue", 0xF0F8FF), ("antiquewhite", 0xFAEBD7), ("aqua", 0x00FFFF), ("aquamarine", 0x7FFFD4),
            ("azure", 0xF0FFFF), ("beige", 0xF5F5DC), ("bisque", 0xFFE4C4), ("black", 0x000000),
            ("blanchedalmond", 0xFFEBCD), ("blue", 0x0000FF), ("blueviolet", 0x8A2BE2), ("brown", 0xA52A2A),
            ("burlywood", 0xDEB887), ("cadetblue", 0x5F9EA0), ("chartreuse", 0x7FFF00), ("chocolate", 0xD2691E),
            ("coral", 0xFF7F50), ("cornflowerblue", 0x6495ED), ("cornsilk", 0xFFF8DC), ("crimson", 0xDC143C),
            ("cyan", 0x00FFFF), ("darkblue", 0x00008B), ("darkcyan", 0x008B8B), ("darkgoldenrod", 0xB8860B),
            ("darkgray", 0xA9A9A9), ("darkgreen", 0x006400), ("darkgrey", 0xA9A9A9), ("darkkhaki", 0xBDB76B),
            ("darkmagenta", 0x8B008B), ("darkolivegreen", 0x556B2F), ("darkorange", 0xFF8C00), ("darkorchid", 0x9932CC),
            ("darkred", 0x8B0000), ("darksalmon", 0xE9967A), ("darkseagreen", 0x8FBC8F), ("darkslateblue", 0x483D8B),
            ("darkslategray", 0x2F4F4F), ("darkslategrey", 0x2F4F4F), ("darkturquoise", 0x00CED1), ("darkviolet", 0x9400D3),
            ("deeppink", 0xFF1493), ("deepskyblue", 0x00BFFF), ("dimgray", 0x696969), ("dimgrey", 0x696969),
            ("dodgerblue", 0x1E90FF), ("firebrick", 0xB22222), ("floralwhite", 0xFFFAF0), ("forestgreen", 0x228B22),
            ("fuchsia", 0xFF00FF), ("gainsboro", 0xDCDCDC), ("ghostwhite", 0xF8F8FF), ("gold", 0xFFD700),
            ("goldenrod", 0xDAA520), ("gray", 0x808080), ("green", 0x008000), ("greenyellow", 0xADFF2F),
            ("grey", 0x808080), ("honeydew", 0xF0FFF0), ("hotpink", 0xFF69B4), ("indianred", 0xCD5C5C),
            ("indigo", 0x4B0082), ("ivory", 0xFFFFF0), ("khaki", 0xF0E68C), ("lavender", 0xE6E6FA),
            ("lavenderblush", 0xFFF0F5), ("lawngreen", 0x7CFC00), ("lemonchiffon", 0xFFFACD), ("lightblue", 0xADD8E6),
            ("lightcoral", 0xF08080), ("lightcyan", 0xE0FFFF), ("lightgoldenrodyellow", 0xFAFAD2), ("lightgray", 0xD3D3D3),
            ("lightgreen", 0x90EE90), ("lightgrey", 0xD3D3D3), ("lightpink", 0xFFB6C1), ("lightsalmon", 0xFFA07A),
            ("lightseagreen", 0x20B2AA), ("lightskyblue", 0x87CEFA), ("lightslategray", 0x778899), ("lightslategrey", 0x778899),
            ("lightsteelblue", 0xB0C4DE), ("lightyellow", 0xFFFFE0), ("lime", 0x00FF00), ("limegreen", 0x32CD32),
            ("linen", 0xFAF0E6), ("magenta", 0xFF00FF), ("maroon", 0x800000), ("mediumaquamarine", 0x66CDAA),
            ("mediumblue", 0x0000CD), ("mediumorchid", 0xBA55D3), ("mediumpurple", 0x9370DB), ("mediumseagreen", 0x3CB371),
            ("mediumslateblue", 0x7B68EE), ("mediumspringgreen", 0x00FA9A), ("mediumturquoise", 0x48D1CC), ("mediumvioletred", 0xC71585),
            ("midnightblue", 0x191970), ("mintcream", 0xF5FFFA), ("mistyrose", 0xFFE4E1), ("moccasin", 0xFFE4B5),
            ("navajowhite", 0xFFDEAD), ("navy", 0x000080), ("oldlace", 0xFDF5E6), ("olive", 0x808000),
            ("olivedrab", 0x6B8E23), ("orange", 0xFFA500), ("orangered", 0xFF4500), ("orchid", 0xDA70D6),
            ("palegoldenrod", 0xEEE8AA), ("palegreen", 0x98FB98), ("paleturquoise", 0xAFEEEE), ("palevioletred", 0xDB7093),
            ("papayawhip", 0xFFEFD5), ("peachpuff", 0xFFDAB9), ("peru", 0xCD853F), ("pink", 0xFFC0CB),
            ("plum", 0xDDA0DD), ("powderblue", 0xB0E0E6), ("purple", 0x800080), ("rebeccapurple", 0x663399),
            ("red", 0xFF0000), ("rosybrown", 0xBC8F8F), ("royalblue", 0x4169E1), ("saddlebrown", 0x8B4513),
            ("salmon", 0xFA8072), ("sandybrown", 0xF4A460), ("seagreen", 0x2E8B57), ("seashell", 0xFFF5EE),
            ("sienna", 0xA0522D), ("silver", 0xC0C0C0), ("skyblue", 0x87CEEB), ("slateblue", 0x6A5ACD),
            ("slategray", 0x708090), ("slategrey", 0x708090), ("snow", 0xFFFAFA), ("springgreen", 0x00FF7F),
            ("steelblue", 0x4682B4), ("tan", 0xD2B48C), ("teal", 0x008080), ("thistle", 0xD8BFD8),
            ("tomato", 0xFF6347), ("turquoise", 0x40E0D0), ("violet", 0xEE82EE), ("wheat", 0xF5DEB3),
            ("white", 0xFFFFFF), ("whitesmoke", 0xF5F5F5), ("yellow", 0xFFFF00), ("yellowgreen", 0x9ACD32),
        ]
        var colors = Dictionary(uniqueKeysWithValues: table.map { ($0.0, Color(rgb: $0.1)) })
        colors["transparent"] = .clear
        return colors
    }()
}
