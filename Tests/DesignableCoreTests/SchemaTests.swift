@testable import DesignableCore
import Foundation
import XCTest

/// The schema `designable schema` prints, checked with a real validator (python3-jsonschema,
/// draft 2020-12) against the loader: every file and every form the loader accepts must pass,
/// and every form it refuses must fail both.
final class SchemaTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    /// A theme every sample can use: a colour name with a dash, as themes often have.
    static let theme = "theme: {colors: {brand-primary: \"#3B5998\"}}\n"

    func testEveryFixtureAndExampleIsValid() throws {
        let folders = [fixturesFolder, repositoryRoot.appendingPathComponent("assets/examples")]
        var documents: [(name: String, json: JSONValue)] = []
        for folder in folders {
            // The Swift components' example needs its components compiled: the command-line
            // tests check it (`ComponentTests`), and `schema --components` with it.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".yaml") && $0 != "components.yaml" }.sorted()
            XCTAssertFalse(files.isEmpty, folder.path)
            for file in files {
                let path = folder.appendingPathComponent(file).path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let result = StyleLoader.load(text: text, path: path)
                XCTAssertFalse(result.diagnostics.hasErrors, "\(file): \(result.diagnostics)")
                let node = try XCTUnwrap(YAMLParser.parse(text))
                documents.append((file, node.json()))
            }
        }
        let verdicts = try validate(documents.map(\.json))
        for (document, verdict) in zip(documents, verdicts) {
            XCTAssertNil(verdict, document.name)
        }
    }

    func testEveryAcceptedFormPassesAndEveryRefusedFormFailsBoth() throws {
        var cases: [(text: String, accepted: Bool)] = []
        func add(_ shape: ValueShape, _ place: (String) -> String) {
            for sample in shape.acceptedSamples { cases.append((place(sample), true)) }
            for sample in shape.rejectedSamples { cases.append((place(sample), false)) }
        }
        for type in ComponentRegistry.all {
            let sample = type.make()
            for (name, property) in sample.properties {
                add(property.shape) { "views:\n  - {class: \(type.className), \(name): \($0)}\n" }
            }
            if type.isControl, let (name, property) = sample.properties.first {
                add(property.shape) { "views:\n  - {class: \(type.className), selected: {\(name): \($0)}}\n" }
            }
        }
        for (name, property) in CanvasSettings.make().properties {
            add(property.shape) { "canvas: {\(name): \($0)}\nviews: []\n" }
        }
        add(String.shape) { "views:\n  - {class: UIButton, id: \($0)}\n" }
        add(Rect.shape) { "views:\n  - {class: UIButton, frame: \($0)}\n" }
        add(Size.shape) { "views:\n  - {class: UIButton, size: \($0)}\n" }
        add(Color.shape) { "theme: {colors: {brand-primary: \"#3B5998\", other: \($0)}}\nviews: []\n" }
        // The forms a view itself takes: null state maps, merged properties, a class from a merge.
        for text in ["views:\n  - {class: UIButton, highlighted: null, disabled: {}}\n",
                     "x-base: &base {class: FancyButton, cornerRadius: 4}\nviews:\n  - {<<: *base, title: Hi}\n  - <<: [*base]\n",
                     "canvas:\nviews:\n", "theme:\nviews: []\n"] {
            cases.append((text, true))
        }
        // Presets, imports and theme fonts (`design/tokens.yaml` is beside the sample's path).
        add(Font.shape) { "theme: {fonts: {body: \($0)}}\nviews: []\n" }
        add(Color.shape) { "styles: {P: {class: UIButton, selected: {titleColor: \($0)}}}\nviews: []\n" }
        add(Size.shape) { "styles: {P: {class: UIButton, size: \($0)}}\nviews: []\n" }
        for text in ["styles: {P: {class: FancyButton, cornerRadius: 4, highlighted: {backgroundColor: red}}}\nviews:\n  - {style: P, title: Hi}\n",
                     "styles: {Any: {cornerRadius: 4}, P: {extends: Any, class: FancyButton}}\nviews:\n  - {class: FancyButton, style: P}\n",
                     "import: [design/tokens.yaml]\nviews:\n  - {style: Primary, font: body, titleColor: brand}\n",
                     "import: design/tokens.yaml\nviews: []\n", "import:\nstyles:\nviews: []\n",
                     "x-base: &base {cornerRadius: 4}\nstyles: {P: {<<: *base, class: FancyButton}}\nviews: []\n"] {
            cases.append((text, true))
        }
        for text in ["styles: [a]\nviews: []\n", "styles: {P: blue}\nviews: []\n", "styles: {P: {class: FancyButon}}\nviews: []\n",
                     "styles: {P: {class: FancyButton, cornerRadius: -1}}\nviews: []\n", "styles: {P: {extends: [a]}}\nviews: []\n",
                     "views:\n  - {class: UIButton, style: [a]}\n", "import: {a: b}\nviews: []\n", "import: [\"\"]\nviews: []\n",
                     "theme: {fonts: [body]}\nviews: []\n"] {
            cases.append((text, false))
        }

        var documents: [JSONValue] = []
        for (text, accepted) in cases {
            let document = text.hasPrefix("theme:") ? text : Self.theme + text
            let result = StyleLoader.load(text: document, path: fixturesFolder.appendingPathComponent("sample.yaml").path)
            XCTAssertEqual(!result.diagnostics.hasErrors, accepted, "the loader on \(document): \(result.diagnostics)")
            documents.append(try XCTUnwrap(YAMLParser.parse(document)).json())
        }
        let verdicts = try validate(documents)
        for ((text, accepted), verdict) in zip(cases, verdicts) {
            if accepted {
                XCTAssertNil(verdict, "the schema refuses what the loader accepts: \(text)")
            } else {
                XCTAssertNotNil(verdict, "the schema accepts what the loader refuses: \(text)")
            }
        }
        XCTAssertGreaterThan(cases.count, 500)
    }

    /// Views inside views: each form of `subviews:`, `pin:`, `spacingAfter:`, `nested:` and
    /// compound presets that the loader reads without a word validates; each it refuses, or
    /// warns is ignored, does not.
    func testNestedViewsPassAndFailAsTheLoaderSays() throws {
        let card = """
            views:
              - class: UIView
                id: card
                size: [300, 120]
                subviews:
                  - {class: UILabel, id: title, text: Hello, frame: [16, 16, 200, 24]}
                  - {class: UIButton, id: buy, title: Buy, pin: {trailing: 16, bottom: 16, width: 80, height: 32}}
                  - {class: UIImageView, pin: {centerX: 0, centerY: "-4", width: 24, height: 24}}
                  - class: UIView
                    pin: {left: 8, right: 8, top: 60, height: 1}
                    subviews: [{class: UIView, size: [4, 1]}]
            """
        let stack = """
            views:
              - class: UIStackView
                axis: vertical
                spacing: 8
                size: [200, 100]
                subviews:
                  - {class: UILabel, text: One, spacingAfter: 20}
                  - {class: UIButton, title: Two, size: [80, 30], spacingAfter: null}
                  - class: UIStackView
                    subviews: [{class: UILabel, text: Three}, {class: UILabel, text: Four}]
            """
        let compound = """
            styles:
              Profile:
                class: UIView
                size: [300, 80]
                subviews:
                  - {class: UILabel, id: name, text: Name, pin: {top: 8, leading: 8}}
                  - class: UIStackView
                    id: row
                    pin: {top: 40, leading: 8, trailing: 8, height: 24}
                    subviews:
                      - {class: UILabel, id: title, text: Title}
              Warm: {extends: Profile, backgroundColor: yellow, nested: {name: {textColor: red}}}
            views:
              - style: Profile
                id: ada
                nested:
                  name: {text: Ada, layer: {opacity: 0.5}}
                  "row/title": {text: Wi-Fi, font: "Sans Bold 17"}
              - {style: Warm, nested: {row: {spacing: 4}, "row/title": null}}
              - {class: UIView, style: Warm, nested: null}
            """
        let accepted = [card, stack, compound,
                        "views:\n  - {class: UIView, size: [10, 10], subviews: null}\n",
                        "views:\n  - {class: UIView, size: [10, 10], subviews: []}\n",
                        // A subview's own preset, and a control's state map on a subview.
                        "styles: {P: {class: UIButton, title: Hi}}\nviews:\n  - {class: UIView, size: [50, 50], subviews: [{style: P, size: [40, 40], highlighted: {titleColor: red}}]}\n"]
        let refused = [
            // A misspelt property of a subview, at every depth.
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UILabel, txet: x}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UIView, subviews: [{class: UILabel, txet: x}]}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UILabl}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: a}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [a]}\n",
            // Pins: a mapping of numbers, known names, and only on a subview of a view that does not arrange it.
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UIView, pin: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UIView, pin: {tpo: 1}}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UIView, pin: {top: x}}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UIView, pin: {top: 0, left: 0, width: -1, height: 1}}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], pin: {top: 1}}\n",
            "views:\n  - {class: UIStackView, size: [10, 10], subviews: [{class: UIView, size: [1, 1], pin: {top: 1}}]}\n",
            "views:\n  - {class: UIStackView, size: [10, 10], subviews: [{class: UIView, frame: [0, 0, 1, 1]}]}\n",
            "views:\n  - {class: UIView, size: [10, 10], subviews: [{class: UIView, size: [1, 1], spacingAfter: 4}]}\n",
            "views:\n  - {class: UIStackView, size: [10, 10], subviews: [{class: UIView, size: [1, 1], spacingAfter: x}]}\n",
            // A preset places no view, and a nested: entry is a mapping of values to set.
            "styles: {P: {class: UIView, pin: {top: 1}}}\nviews: []\n",
            "styles: {P: {class: UIView, spacingAfter: 1}}\nviews: []\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a, txet: x}]}}\nviews: []\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}], nested: [a]}}\nviews: []\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}]}}\nviews:\n  - {style: P, size: [9, 9], nested: [a]}\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}]}}\nviews:\n  - {style: P, size: [9, 9], nested: {a: x}}\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}]}}\nviews:\n  - {style: P, size: [9, 9], nested: {\"\": {text: x}}}\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}]}}\nviews:\n  - {style: P, size: [9, 9], nested: {a: {txet: x}}}\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}]}}\nviews:\n  - {style: P, size: [9, 9], nested: {a: {id: b}}}\n",
            "styles: {P: {class: UIView, subviews: [{class: UILabel, id: a}]}}\nviews:\n  - {style: P, size: [9, 9], nested: {a: {subviews: []}}}\n",
        ]
        let cases = accepted.map { ($0, true) } + refused.map { ($0, false) }
        var documents: [JSONValue] = []
        for (text, isAccepted) in cases {
            let document = Self.theme + text
            let result = StyleLoader.load(text: document, path: fixturesFolder.appendingPathComponent("sample.yaml").path)
            // Here a warning refuses too: each says a value is ignored, which the schema refuses.
            XCTAssertEqual(result.diagnostics.isEmpty, isAccepted, "the loader on \(document): \(result.diagnostics)")
            documents.append(try XCTUnwrap(YAMLParser.parse(document)).json())
        }
        let verdicts = try validate(documents)
        for ((text, isAccepted), verdict) in zip(cases, verdicts) {
            if isAccepted {
                XCTAssertNil(verdict, "the schema refuses what the loader accepts: \(text)")
            } else {
                XCTAssertNotNil(verdict, "the schema accepts what the loader refuses: \(text)")
            }
        }
        // The validator points at the misspelt key, however deep.
        XCTAssertTrue(verdicts[accepted.count + 1]?.contains("'txet' was unexpected") == true, verdicts[accepted.count + 1] ?? "accepted")
        XCTAssertTrue(verdicts[accepted.count + 1]?.contains("views/0/subviews/0/subviews/0") == true, verdicts[accepted.count + 1] ?? "accepted")
    }

    func testTheSchemaListsTheViewClassesAndTheirSubviews() throws {
        let definitions = try XCTUnwrap(StyleSchema.document["$defs"])
        for name in ["UILabel", "UIImageView", "UIStackView", "UIView"] {
            let properties = try XCTUnwrap(definitions[name]?["properties"], name)
            for key in ["subviews", "nested", "pin", "spacingAfter", "alpha", "isHidden", "clipsToBounds"] {
                XCTAssertNotNil(properties[key], "\(name) lacks \(key)")
            }
        }
        XCTAssertEqual(definitions["UIStackView"]?["properties"]?["subviews"]?["items"]?["$ref"]?.compact, jsonQuoted("#/$defs/arrangedSubview"))
        XCTAssertEqual(definitions["UIView"]?["properties"]?["subviews"]?["items"]?["$ref"]?.compact, jsonQuoted("#/$defs/plainSubview"))
        XCTAssertEqual(definitions["UIViewPreset"]?["properties"]?["subviews"]?["items"]?["$ref"]?.compact, jsonQuoted("#/$defs/plainSubview"))
        XCTAssertNil(definitions["UIViewPreset"]?["properties"]?["pin"])
    }

    func testTheValidatorNamesTheWrongProperty() throws {
        let texts = ["views:\n  - {class: FancyButton, cornerRadius: -1}\n",
                     "views:\n  - {class: FancyButton, cornerRadus: 4}\n",
                     "views:\n  - {class: FancyButon}\n",
                     // A view whose class comes from its preset: keys no class has, and values
                     // every class that has the property reads alike.
                     "styles: {P: {class: FancyButton}}\nviews:\n  - {style: P, bogus: 1}\n",
                     "styles: {P: {class: FancyButton}}\nviews:\n  - {style: P, cornerRadius: x}\n",
                     "styles: {P: {cornerRadus: 4}}\nviews: []\n",
                     "styles: {P: {class: FancyButton}}\nviews:\n  - {style: P, highlighted: {cornerRadus: 3}}\n"]
        let verdicts = try validate(texts.map { try XCTUnwrap(YAMLParser.parse($0)).json() })
        XCTAssertEqual(verdicts.count, 7)
        XCTAssertTrue(verdicts[6]?.contains("'cornerRadus' was unexpected") == true, verdicts[6] ?? "accepted")
        XCTAssertTrue(verdicts[3]?.contains("'bogus' was unexpected") == true, verdicts[3] ?? "accepted")
        XCTAssertTrue(verdicts[4]?.contains("views/0/cornerRadius") == true, verdicts[4] ?? "accepted")
        XCTAssertTrue(verdicts[5]?.contains("'cornerRadus' was unexpected") == true, verdicts[5] ?? "accepted")
        XCTAssertTrue(verdicts[0]?.contains("views/0/cornerRadius") == true, verdicts[0] ?? "accepted")
        XCTAssertTrue(verdicts[1]?.contains("'cornerRadus' was unexpected") == true, verdicts[1] ?? "accepted")
        XCTAssertTrue(verdicts[2]?.contains("'FancyButon' is not one of") == true, verdicts[2] ?? "accepted")
    }

    func testYAMLBecomesJSONAsTheLoaderReadsIt() throws {
        let node = try XCTUnwrap(YAMLParser.parse("""
            a: [12, "12", -0.5, 1e3, .5, .nan, yes, "yes", Off, y, ~, null, "null", '', text, 0x1F]
            b: &b {k: 1}
            c: {<<: *b, k: 2, m: 3}
            """))
        XCTAssertEqual(node.json().compact, #"""
            {"a": [12, "12", -0.5, 1000, 0.5, ".nan", true, "yes", false, "y", null, null, "null", "", "text", 31], \#
            "b": {"k": 1}, "c": {"k": 2, "m": 3}}
            """#)
        XCTAssertEqual(JSONValue.object([("s", "a\"b\n\u{1}"), ("n", .number(1e20)), ("f", .number(0.1))]).compact,
                       #"{"s": "a\"b\n\u0001", "n": 1e+20, "f": 0.1}"#)
    }

    // MARK: - The validator

    /// For each document, nil when the schema accepts it, else the validator's best message and
    /// the path it points at.
    private func validate(_ documents: [JSONValue]) throws -> [String?] {
        let python = try XCTUnwrap(Self.python, "no python3 with jsonschema: install python3-jsonschema (make deps)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("designable-schema-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.json")
        let bundle: JSONValue = ["schema": StyleSchema.document, "documents": .array(documents)]
        try bundle.compact.write(to: input, atomically: true, encoding: .utf8)
        let output = try run(python, ["-c", Self.validatorScript, input.path])
        let verdicts = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any], output)
        XCTAssertEqual(verdicts.count, documents.count)
        return verdicts.map { $0 as? String }
    }

    private static let validatorScript = """
        import json, sys
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import best_match
        data = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(data["schema"])
        validator = Draft202012Validator(data["schema"])
        verdicts = []
        for document in data["documents"]:
            error = best_match(validator.iter_errors(document))
            verdicts.append(None if error is None else "%s at %s" % (error.message, "/".join(map(str, error.absolute_path))))
        print(json.dumps(verdicts))
        """

    /// The system's python3 (where apt installs python3-jsonschema), else the first on the PATH.
    private static let python: String? = {
        for candidate in ["/usr/bin/python3", "python3"] {
            if (try? run(candidate, ["-c", "import jsonschema; jsonschema.Draft202012Validator"])) != nil { return candidate }
        }
        return nil
    }()

    /// Runs a program to its end; its standard output, or an error when it fails.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "python", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: String(decoding: problems, as: UTF8.self)])
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func run(_ program: String, _ arguments: [String]) throws -> String {
        try Self.run(program, arguments)
    }
}

// MARK: - Samples

/// One sample of each form a shape accepts, and of each way to miss it, as YAML flow text.
extension ValueShape {
    var acceptedSamples: [String] {
        switch self {
        case .number(let minimum, let maximum):
            let low = minimum ?? -2.5, high = maximum ?? maximumLength
            // Quoted, exponent and leading-dot forms, each of a value inside the bounds.
            let inside = [4.0, 100, 0.5].map { min(high, max(low, $0)) }
            return ["\(formatNumber(low))", "\"\(formatNumber(inside[0]))\"", "\(formatNumber(inside[1] / 100))e2",
                    formatNumber(inside[2]).replacingOccurrences(of: "0.", with: "."), "\(formatNumber(high))"]
        case .integer: return ["3", "\"3\""]
        case .bool: return ["true", "false", "yes", "no", "on", "off", "YES", "Off", "\"yes\"", "'TRUE'"]
        case .text(let allowsBlank):
            return ["Hello world", yamlQuoted("say \"hi\"\n"), "'single'", "12", "yes"] + (allowsBlank ? ["\"\""] : [])
        case .string(_, let examples): return examples.map(yamlQuoted) + examples.filter { !$0.hasPrefix("#") }
        case .words(let words): return words
        case .fields(_, let fields):
            let firsts = fields.map { $0.shape.acceptedSamples[0] }
            return ["[" + firsts.joined(separator: ", ") + "]",
                    "{" + zip(fields, firsts).map { "\($0.name): \($1)" }.joined(separator: ", ") + "}"]
        case .list(_, let inner, let maximumCount):
            let items = inner.acceptedSamples
            return ["[]", "[" + items[0] + "]", "[" + items.prefix(maximumCount).joined(separator: ", ") + "]"]
        case .nullable(let inner): return ["null", "~", "Null"] + inner.acceptedSamples
        case .oneOf(let shapes): return shapes.flatMap(\.acceptedSamples)
        case .described(_, let inner): return inner.acceptedSamples
        }
    }

    var rejectedSamples: [String] {
        switch self {
        case .number(let minimum, _):
            return ["abc", "[1]", "{a: 1}", ".nan", "1e9", "true"] + (minimum.map { ["\(formatNumber($0 - 1))"] } ?? [])
        case .integer(let minimum): return ["1.5", "x", "[1]"] + (minimum.map { ["\($0 - 1)", "\"\($0 - 1)\""] } ?? [])
        case .bool: return ["maybe", "2", "y", "[true]"]
        case .text(let allowsBlank): return ["[a, b]", "{a: 1}"] + (allowsBlank ? [] : ["\"\"", "\"  \""])
        case .string: return ["[1, 2]", "{a: 1}", "12", "\"#12345\"", "red@2", "red@", "\"red @0.5\"", "red@-0.5", "\"#GG0000\""]
        case .words(let words): return ["nope", "[\(words[0])]", "\(words[0])x"]
        case .fields(_, let fields):
            let firsts = fields.map { $0.shape.acceptedSamples[0] }
            var samples = ["3", "[" + firsts.dropLast().joined(separator: ", ") + "]",
                           "[" + (firsts + ["1"]).joined(separator: ", ") + "]",
                           "{" + zip(fields, firsts).dropLast().map { "\($0.name): \($1)" }.joined(separator: ", ") + "}",
                           "{" + zip(fields, firsts).map { "\($0.name): \($1)" }.joined(separator: ", ") + ", z: 1}"]
            for (index, field) in fields.enumerated() {
                for wrong in field.shape.rejectedSamples.prefix(2) {
                    var items = firsts
                    items[index] = wrong
                    samples.append("[" + items.joined(separator: ", ") + "]")
                }
            }
            return samples
        case .list(_, let inner, let maximumCount):
            let first = inner.acceptedSamples[0]
            return ["{a: 1}", "[" + Array(repeating: first, count: maximumCount + 1).joined(separator: ", ") + "]"]
                + inner.rejectedSamples.prefix(2).map { "[" + $0 + "]" }
        case .nullable(let inner): return inner.rejectedSamples
        case .oneOf(let shapes):
            // A miss of one form may be another form: keep those of a kind (scalar or collection)
            // no other form takes.
            return shapes.enumerated().flatMap { index, shape in
                shape.rejectedSamples.filter { sample in
                    let isCollection = sample.hasPrefix("[") || sample.hasPrefix("{")
                    return !shapes.enumerated().contains { other in
                        guard other.offset != index else { return false }
                        if case .fields = other.element { return isCollection }
                        return !isCollection
                    }
                }
            }
        case .described(_, let inner): return inner.rejectedSamples
        }
    }
}
