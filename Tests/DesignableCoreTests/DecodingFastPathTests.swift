@testable import DesignableCore
import XCTest

/// The shortcuts decoding takes for the common forms (a key found by its bytes, a whole number
/// read without a string, a colour's text read without walking its shape, an optional without
/// building its shape) must give exactly what the general path gives, findings included.
final class DecodingFastPathTests: XCTestCase {
    // MARK: - Numbers

    func testWholeNumbersReadFromBytesAreWhatDoubleReads() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "007", "8", "100", "-12", "999999999999999", "9999999999999999", "-999999999999999",
                     "+1", " 1", "1 ", "1.5", "1e3", "", "-", "--1", "0x10", "١٢", "12a"]
        for _ in 0..<2_000 {
            let digits = (0..<Int.random(in: 1...17, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            texts.append(Bool.random(using: &generator) ? "-" + digits : digits)
        }
        for text in texts {
            var bytes = text
            let fast = bytes.withUTF8(wholeNumber)
            if let fast {
                XCTAssertEqual(fast, Double(text), text)
                XCTAssertEqual(fast.sign, Double(text)?.sign, text)
            }
            // Whatever path reads it, a number is the one Double reads, from the text or trimmed.
            XCTAssertEqual(parseNumber(text), Double(text) ?? Double(text.trimmingWhitespace()), text)
        }
    }

    func testNumbersReadTheSameWrittenAnyWay() throws {
        let node = try XCTUnwrap(YAMLParser.parse(#"[8, "8", -12, "-0", 2.5, " 3 ", 1e2, -5, 99999]"#))
        guard case .sequence(let items) = node.kind else { return XCTFail("not a list") }
        let shape = ValueShape.number()
        XCTAssertEqual(try items.map { try shape.read($0).number }, [8, 8, -12, -0.0, 2.5, 3, 100, -5, 99999])
        // The bound's finding names the value as written, whichever path read it.
        XCTAssertThrowsError(try ValueShape.number(minimum: 0).read(items[7])) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "must not be negative, found -5")
        }
        XCTAssertThrowsError(try ValueShape.number(minimum: 0).read(items[2])) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "must not be negative, found -12")
        }
    }

    // MARK: - Nulls

    func testNullIsReadFromBytesAsYAMLSaysIt() throws {
        let node = try XCTUnwrap(YAMLParser.parse("- ~\n- null\n- Null\n- NULL\n- nULL\n- \"~\"\n- \"null\"\n- ''\n- nil\n- none\n-\n- 0\n- [~]\n"))
        guard case .sequence(let items) = node.kind else { return XCTFail("not a list") }
        XCTAssertEqual(items.map(\.isNull), [true, true, true, true, false, false, false, false, false, false, true, false, false])
    }

    // MARK: - Names

    func testNameTableFindsEveryNameByItsBytesAndTheFirstOfARepeat() {
        let names = (0..<300).map { "property\($0)" } + ["cornerRadius", "property7", "", "é"]
        let table = NameTable(names)
        for (index, name) in names.enumerated() where names.firstIndex(of: name) == index {
            XCTAssertEqual(table.index(of: name), index, name)
            var bytes = name
            XCTAssertEqual(bytes.withUTF8 { table.index(of: $0) }, index, name)
        }
        XCTAssertEqual(table.index(of: "property7"), 7, "the first of a repeated name")
        for missing in ["property300", "Property1", "cornerradius", "property", "e", "é "] {
            XCTAssertNil(table.index(of: missing), missing)
        }
    }

    func testAReservedKeyIsSkippedEvenWhenAClassHasAPropertyOfThatName() throws {
        let button = FancyButton.make()
        let node = try XCTUnwrap(YAMLParser.parse("{cornerRadius: 9, borderWidth: 3, nonsense: 1}"))
        guard case .mapping(let pairs) = node.kind else { return XCTFail("not a mapping") }
        var diagnostics: [Diagnostic] = []
        button.apply(pairs, in: DecodingContext(), className: "FancyButton", reserved: ["cornerRadius", "nonsense"], diagnostics: &diagnostics)
        XCTAssertEqual(button.cornerRadius, 0, "reserved for the caller")
        XCTAssertEqual(button.borderWidth, 3)
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    // MARK: - Colours and optionals

    func testAColourReadDirectlyIsWhatItsShapeReads() throws {
        let theme = ["edge": Color(rgb: 0x1C1C1E), "brand": Color(light: Color(rgb: 0x123456), dark: Color(rgb: 0x654321))]
        let texts = ["\"#FFFFFF\"", "\"#F80\"", "\"#F808\"", "\"#11223344\"", "edge", "brand@0.5", "red", "systemBlue", "Red",
                     "\"#GG0000\"", "\"#12345\"", "edgee", "rgb(1, 2, 3)", "\"E5484D\"", "red@2", "\"  red \"", "12", "true",
                     "[red, blue]", "{light: red, dark: edge}", "{light: red}", "[red]", "{}"]
        for text in texts {
            let node = try XCTUnwrap(YAMLParser.parse("value: \(text)")?["value"], text)
            let context = DecodingContext(theme: theme)
            let direct = Result { () throws(Diagnostic) -> Color in try Color.decode(node, as: nil, in: context) }
            let throughShape = Result { () throws(Diagnostic) -> Color in try Color.make(from: Color.shape.read(node), at: node, in: context) }
            XCTAssertEqual(describe(direct), describe(throughShape), text)
            XCTAssertEqual(describe(Result { () throws(Diagnostic) -> Color? in try Optional<Color>.decode(node, as: nil, in: context) }),
                           describe(Result { () throws(Diagnostic) -> Color? in
                               try Optional<Color>.make(from: Optional<Color>.shape.read(node), at: node, in: context)
                           }), text)
        }
    }

    func testAnOptionalIsNullOrItsWrappedValue() throws {
        for text in ["~", "null", "", "\"\"", "\"null\"", "12", "-3", "abc", "[1, 2]"] {
            let node = try XCTUnwrap(YAMLParser.parse("value: \(text)")?["value"], text)
            let context = DecodingContext()
            for shape in [nil, Optional<Double>.shape, ValueShape.nullable(.number(minimum: 0))] {
                let direct = Result { () throws(Diagnostic) -> Double? in try Optional<Double>.decode(node, as: shape, in: context) }
                let throughShape = Result { () throws(Diagnostic) -> Double? in
                    try Optional<Double>.make(from: (shape ?? Optional<Double>.shape).read(node), at: node, in: context)
                }
                XCTAssertEqual(describe(direct), describe(throughShape), text)
            }
        }
    }

    private func describe<Value>(_ result: Result<Value, Diagnostic>) -> String {
        switch result {
        case .success(let value): return "value \(String(describing: value))"
        case .failure(let diagnostic): return "finding \(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.message)"
        }
    }
}
