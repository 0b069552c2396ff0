@testable import DesignableCore
import XCTest

/// The text search the program uses instead of the string-processing module's (not loaded at
/// start): the compiler's and the YAML parser's messages are read with it.
final class TextSearchTests: XCTestCase {
    func testFindsTheFirstWholeOccurrence() throws {
        let line = "File.swift:4:7: error: cannot find 'x' in scope: error: again"
        let range = try XCTUnwrap(line.firstRange(ofText: ": error: "))
        XCTAssertEqual(String(line[..<range.lowerBound]), "File.swift:4:7")
        XCTAssertEqual(String(line[range.upperBound...]), "cannot find 'x' in scope: error: again")
    }

    func testAPartialMatchIsNoMatchAndSearchGoesOn() {
        XCTAssertEqual("aab".firstRange(ofText: "ab").map { "aab".distance(from: "aab".startIndex, to: $0.lowerBound) }, 1)
        XCTAssertNil("class Fancy".firstRange(ofText: "class FancyButton"))
        XCTAssertFalse("while parsing a block".containsText("flow"))
        XCTAssertTrue("did not find expected ',' or ']' while parsing a flow sequence".containsText("flow"))
    }

    func testWorksOnSubstringsAndBeyondASCII() throws {
        let text = "« Grüße » — class Café: Component"
        let line = text[text.index(after: text.startIndex)...]
        let range = try XCTUnwrap(line.firstRange(ofText: "class Café"))
        XCTAssertEqual(String(line[range]), "class Café")
        XCTAssertEqual(String(line[range.upperBound...]), ": Component")
        XCTAssertNil("Cafe".firstRange(ofText: "Café"), "an accent is part of the text searched for")
    }

    func testEmptyTextIsFoundAtTheStart() {
        XCTAssertEqual("abc".firstRange(ofText: ""), "abc".startIndex..<"abc".startIndex)
        XCTAssertNil("".firstRange(ofText: "a"))
    }
}
