@testable import DesignableCore
import XCTest

final class ColorTests: XCTestCase {
    private func parse(_ text: String, theme: [String: Color] = [:]) -> Color? {
        try? Color.parse(text, theme: theme).get()
    }

    func testHexForms() {
        XCTAssertEqual(parse("#F00"), Color(rgb: 0xFF0000))
        XCTAssertEqual(parse("#5B2A86"), Color(rgb: 0x5B2A86))
        XCTAssertEqual(parse("#5b2a86"), Color(rgb: 0x5B2A86))
        XCTAssertEqual(parse("#FF000080"), Color(rgb: 0xFF0000, alpha: 128.0 / 255))
        XCTAssertEqual(parse("#F008"), Color(rgb: 0xFF0000, alpha: 136.0 / 255))
    }

    func testNames() {
        XCTAssertEqual(parse("red"), Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(parse("Red"), Color(rgb: 0xFF0000))
        XCTAssertEqual(parse("rebeccapurple"), Color(rgb: 0x663399))
        XCTAssertEqual(parse("systemBlue"), Color(light: Color(rgb: 0x007AFF), dark: Color(rgb: 0x0A84FF)))
        XCTAssertEqual(parse("systemBlue")?.resolved(for: .light), Color(rgb: 0x007AFF))
        XCTAssertEqual(parse("systemBlue@0.5")?.resolved(for: .dark), Color(rgb: 0x0A84FF, alpha: 0.5), "an alpha applies in both appearances")
        XCTAssertFalse(parse("red")!.isDynamic)
        XCTAssertEqual(parse("clear")?.alpha, 0)
        XCTAssertEqual(Color.cssColors.count, 149) // 148 names and 'transparent'
    }

    func testThemeNamesWinOverCSS() {
        let theme = ["purple": Color(rgb: 0x5B2A86)]
        XCTAssertEqual(parse("purple", theme: theme), Color(rgb: 0x5B2A86))
        XCTAssertEqual(parse("purple"), Color(rgb: 0x800080))
    }

    func testAlphaSuffixMultiplies() {
        let theme = ["purple": Color(rgb: 0x5B2A86)]
        XCTAssertEqual(parse("purple@0.85", theme: theme), Color(rgb: 0x5B2A86, alpha: 0.85))
        XCTAssertEqual(parse("#FF000080@0.5")!.alpha, 128.0 / 255 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(parse(" red@1 "), Color(rgb: 0xFF0000))
    }

    func testMistakesSayWhatIsWrong() {
        XCTAssertEqual(Color.parse("#12345").failureDescription, "'#12345' is not a hex colour: write #RGB, #RRGGBB or #RRGGBBAA")
        XCTAssertEqual(Color.parse("#GGGGGG").failureDescription, "'#GGGGGG' is not a hex colour: write #RGB, #RRGGBB or #RRGGBBAA")
        XCTAssertEqual(Color.parse("systemBlu").failureDescription, "unknown colour 'systemBlu' (did you mean 'systemBlue'?)")
        XCTAssertEqual(Color.parse("qqqqqq").failureDescription, "unknown colour 'qqqqqq'")
        XCTAssertEqual(Color.parse("red@2").failureDescription, "'@2' is not an alpha: write a number from 0 to 1, as in purple@0.85")
        XCTAssertEqual(Color.parse("red@x").failureDescription, "'@x' is not an alpha: write a number from 0 to 1, as in purple@0.85")
    }

    func testHexRoundTrips() {
        XCTAssertEqual(Color(rgb: 0x5B2A86).hex, "#5B2A86")
        XCTAssertEqual(Color(rgb: 0x5B2A86, alpha: 0.5).hex, "#5B2A8680")
    }
}

private extension Result where Success == Color, Failure == Color.ParseError {
    var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
