@testable import DesignableCore
import XCTest

final class YAMLParserTests: XCTestCase {
    func testScalarsKeepTheirPlaceAndQuoting() throws {
        let root = try XCTUnwrap(YAMLParser.parse("a: 12\nb: \"12\"\nc:\n"))
        XCTAssertEqual(root["a"]?.scalar, "12")
        XCTAssertEqual(root["a"]?.isPlain, true)
        XCTAssertEqual(root["b"]?.isPlain, false)
        XCTAssertEqual(root["b"]?.location, SourceLocation(line: 2, column: 4))
        XCTAssertEqual(root["c"]?.isNull, true)
    }

    func testJSONIsYAML() throws {
        let root = try XCTUnwrap(YAMLParser.parse(#"{"views": [{"class": "FancyButton", "size": [10, 20]}]}"#))
        guard case .sequence(let views)? = root["views"]?.kind else { return XCTFail("no views") }
        XCTAssertEqual(views.first?["class"]?.scalar, "FancyButton")
    }

    func testEmptyDocumentIsNil() throws {
        XCTAssertNil(try YAMLParser.parse(""))
        XCTAssertNil(try YAMLParser.parse("# only a comment\n"))
    }

    func testAliasesShareTheAnchoredNode() throws {
        let root = try XCTUnwrap(YAMLParser.parse("base: &b {cornerRadius: 4}\ncopy: *b\n"))
        let base = try XCTUnwrap(root["base"]), copy = try XCTUnwrap(root["copy"])
        XCTAssertTrue(base.isIdentical(to: copy))
    }

    func testAnUnclosedBracketIsReportedWhereItOpens() {
        // libyaml notices past the end of the file (line 4); the bracket to close is on line 3.
        XCTAssertThrowsError(try YAMLParser.parse("views:\n  - class: A\n    title: [open\n")) { error in
            let diagnostic = error as! Diagnostic
            XCTAssertEqual(diagnostic.location, SourceLocation(line: 3, column: 12))
            XCTAssertEqual(diagnostic.message, "YAML syntax: this '[' is not closed by the end of its line: add ']' (or a ',' to go on to the next line)")
        }
    }

    func testNoSyntaxErrorKeepsLibyamlsWordsOrAPlacePastTheFile() {
        // One input for each kind of problem libyaml reports; each must be said in plain words,
        // at a place inside the file.
        let inputs = ["a: |x\n  foo\n", "a: |0\n  foo\n", "a: b\nc\n", "a: [\n", "a: - b\n", "a: \"b\" c\n", "{a: \"b\"c}\n",
                      "a: \"b\n---\n\"\n", "a: !b\"c\"\n", "a: !<> b\n", "a: !<x:%zz> b\n", "a: \"\\uD800\"\n",
                      "a: \"\\uZZZZ\"\n", "%YAML one\n---\na: b\n", "%YAML 1.1\na: b\n", "%TAG e x\n---\na: b\n",
                      "a: {b: c,, d: e}\n", "a: ? b\n", "a: %b\n", "{a: b:[c]}\n", "a:\n  b: c\n d: e\n", "a: \"b\n",
                      // A quoted value running past the error (it held it), and lines broken as
                      // libyaml breaks them (a lone CR, NEL, LS).
                      "{a: x 'y, b: \"c\" d'}\n", "\r%", "\r%FOO x", "a: b\u{85}%FOO x", "a: [b\u{2028}"]
        let raw = ["did not find", "could not find", "while scanning", "while parsing", "in this context", "found unexpected", "found an ", "found invalid"]
        for input in inputs {
            XCTAssertThrowsError(try YAMLParser.parse(input), input) { error in
                let diagnostic = error as! Diagnostic
                XCTAssertFalse(raw.contains { diagnostic.message.contains($0) }, "\(input): \(diagnostic.message)")
                let lines = input.split(omittingEmptySubsequences: false) { "\n\r\u{85}\u{2028}\u{2029}".contains($0) || $0 == "\r\n" }
                XCTAssertLessThanOrEqual(diagnostic.location.line, max(1, lines.count - (lines.last == "" ? 1 : 0)), input)
            }
        }
    }

    /// A plain value whose parentheses a ',' leaves open takes the entries after it in braces
    /// only (`{tintColor: rgb(229, 72, 77)}`, one value); in brackets, or across a collection, the
    /// entries are YAML's.
    func testParenthesesLeftOpenJoinEntriesInBracesOnly() throws {
        let braces = try XCTUnwrap(try YAMLParser.parse("{a: rgb(229, 72, 77), b: c}\n"))
        XCTAssertEqual(braces["a"]?.scalar, "rgb(229, 72, 77)")
        XCTAssertEqual(braces["b"]?.scalar, "c")
        func items(_ node: YAMLNode?) -> [YAMLNode] {
            guard case .sequence(let items)? = node?.kind else { return [] }
            return Array(items)
        }
        let list = try XCTUnwrap(try YAMLParser.parse("a: [Menu (beta, Settings, Help)]\n"))
        XCTAssertEqual(items(list["a"]).map(\.scalar), ["Menu (beta", "Settings", "Help)"])
        let nested = try XCTUnwrap(try YAMLParser.parse("x: {f: g(, y: [a, [)]]}\n"))
        XCTAssertEqual(nested["x"]?["f"]?.scalar, "g(")
        XCTAssertEqual(items(nested["x"]?["y"]).count, 2)
        XCTAssertNoThrow(try YAMLParser.parse("x: [f(, [a, [)]]]\n"))
    }

    func testUnknownAliasSuggestsAnAnchor() {
        XCTAssertThrowsError(try YAMLParser.parse("a: &primary 1\nb: *primery\n")) { error in
            XCTAssertEqual((error as! Diagnostic).message, "the alias *primery names no anchor defined before it (did you mean 'primary'?)")
        }
    }

    func testAliasBombIsRefusedAtOnce() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        // Ten levels of ten would be 10^10 nodes: refusing must happen while reading, long before.
        do {
            _ = try YAMLParser.parse(text)
            XCTFail("an alias bomb was accepted")
        } catch {
            XCTAssertTrue(error.message.contains("aliases expand this document far beyond its own size"), error.message)
            XCTAssertEqual(error.location.line, 4)
        }
    }

    func testModestAliasUseIsAccepted() throws {
        let text = "base: &b {a: 1, b: 2}\nlist: [" + Array(repeating: "*b", count: 200).joined(separator: ", ") + "]\n"
        XCTAssertNotNil(try YAMLParser.parse(text))
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try YAMLParser.parse(text)) { error in
            XCTAssertTrue((error as! Diagnostic).message.contains("nests deeper than"))
        }
    }

    func testMergeKeysLetOwnKeysWin() throws {
        let text = """
        base: &base {class: FancyButton, cornerRadius: 4, borderWidth: 1}
        views:
          - <<: *base
            borderWidth: 3
        """
        let document = try XCTUnwrap(StyleLoader.load(text: text).document)
        let button = try XCTUnwrap(document.views.first?.component(in: .normal) as? FancyButton)
        XCTAssertEqual(button.cornerRadius, 4)
        XCTAssertEqual(button.borderWidth, 3)
    }

    func testNodesKnowTheirFile() throws {
        let file = SourceFile(path: "styles/a.yaml")
        let root = try XCTUnwrap(YAMLParser.parse("a: {b: 1}\n", file: file))
        XCTAssertEqual(root["a"]?["b"]?.location.file, file)
        XCTAssertEqual(root["a"]?["b"]?.location.file.path, "styles/a.yaml")
        XCTAssertEqual(SourceFile(path: "styles/a.yaml"), file, "one path, one file, load after load")
        XCTAssertEqual(SourceFile(path: "").path, "")
    }

    /// Every mapping, at any depth, gets merge keys and the repeated-key warning the same way.
    func testMergeAndRepeatedKeysAreResolvedForEveryMapping() throws {
        let text = "base: &b {x: 1, y: 2}\nnested:\n  deeper: {<<: *b, y: 3, z: 4, z: 5}\n"
        let document = try YAMLParser.parseDocument(bytes: Array(text.utf8), file: .none)
        let deeper = try XCTUnwrap(document.root?["nested"]?["deeper"])
        guard case .mapping(let pairs) = deeper.kind else { return XCTFail("not a mapping") }
        XCTAssertEqual(pairs.map { $0.key.scalar }, ["x", "y", "z", "z"], "merged first, own keys win")
        XCTAssertEqual(deeper["y"]?.scalar, "3")
        XCTAssertEqual(deeper["z"]?.scalar, "5")
        XCTAssertEqual(document.findings.map(\.description), ["3:32: warning: 'z' is given twice in this mapping (first at line 3); the last one wins"])
    }
}
