#if canImport(Glibc)
import Glibc
#endif

/// WCAG 2's contrast between two colours: each colour's relative luminance, and the ratio of the
/// lighter's to the darker's, each plus 0.05 (the flare of a screen), from 1:1 to 21:1.
public enum Contrast {
    /// Relative luminance of an opaque sRGB colour (its alpha is not looked at): each channel
    /// made linear, then weighted 0.2126 red, 0.7152 green, 0.0722 blue.
    public static func luminance(_ color: Color) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The same for a pixel's 8-bit channels, through a table: the audit asks it for every
    /// pixel under a title.
    static func luminance(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        0.2126 * linearTable[Int(red)] + 0.7152 * linearTable[Int(green)] + 0.0722 * linearTable[Int(blue)]
    }

    /// The contrast ratio of two luminances, whichever is lighter: 1 to 21.
    public static func ratio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The contrast ratio of two opaque colours: `#767676` on white is 4.54.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        ratio(luminance(a), luminance(b))
    }

    /// A ratio as WCAG tools print it, to two decimals without trailing zeros (`4.54:1`, `21:1`);
    /// with more where rounding would lift a ratio under `threshold` to it, so a failing ratio
    /// never reads as the one it needs (`4.497:1`, not `4.5:1`).
    public static func format(_ ratio: Double, threshold: Double? = nil) -> String {
        var places = 2
        while places < 6, let threshold, ratio < threshold, rounded(ratio, places) >= threshold { places += 1 }
        var text = String(rounded(ratio, places))
        if text.hasSuffix(".0") { text.removeLast(2) }
        // Binary fractions print more digits than were kept: cut at the places asked for.
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > places + 1 {
            text = String(text[..<text.index(dot, offsetBy: places + 1)])
        }
        return text + ":1"
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (value * factor).rounded() / factor
    }

    /// sRGB's transfer function undone: 0.04045 is the standard's knee (WCAG 2.0 printed 0.03928,
    /// which no 8-bit value falls between).
    private static func linear(_ channel: Double) -> Double {
        let c = max(0, min(1, channel))
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static let linearTable: [Double] = (0..<256).map { linear(Double($0) / 255) }
}
