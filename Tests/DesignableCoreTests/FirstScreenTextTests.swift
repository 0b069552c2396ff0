import XCTest
@testable import DesignableCore

/// The first read's blanking of off-screen views in the text (`FirstScreenText`): what it blanks
/// and what it must leave to the parse, and that a first read over the blanked text is the first
/// read over the whole text, for thousands of files a person could write or break.
final class FirstScreenTextTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    override func tearDown() {
        StyleLoader.blanksOffScreenViews = true
    }

    private static let screen = FirstScreenReadTests.screen
    private static let reach = ViewsSection.firstScreenReach(screen)

    /// `count` views far off the screen, each as `view(index)` writes it, after `before`.
    private static func file(_ count: Int, before: [String] = [], view: (Int) -> String) -> String {
        (["canvas: {size: [4000, 40000]}", "views:"] + before + (0..<count).map(view)).joined(separator: "\n") + "\n"
    }

    private static func far(_ index: Int) -> String { "[8, \(2000 + index * 40), 100, 32]" }

    private func blanked(_ text: String) -> FirstScreenText.Blanked? {
        FirstScreenText.blanking(Array(text.utf8), outside: Self.reach)
    }

    // MARK: - What is blanked

    /// Flow and block views off the screen go, every line keeping its break; the views on the
    /// screen, and every other line, stay byte for byte.
    func testViewsOffTheScreenAreBlankedAndEveryOtherLineStays() throws {
        let near = ["  - {class: UIView, frame: [8, 8, 100, 32], backgroundColor: red}  # on the screen",
                    "  - class: FancyButton", "    title: Near", "    frame: [8, 48, 100, 32]"]
        let text = Self.file(300, before: near) { index in
            index % 2 == 0
                ? "  - {class: FancyButton, frame: \(Self.far(index)), title: \"It's #\(index)\", titleColor: \"#FFFFFF\"}"
                : "  - class: FancyButton\n    title: Far \(index)\n    frame: \(Self.far(index))\n    layer: {shadowOpacity: 0.5}\n    subtitle: |\n      - {frame: [0, 0, 10, 10]}\n    highlighted:\n      alpha: 0.5"
        }
        let result = try XCTUnwrap(blanked(text))
        XCTAssertEqual(result.count, 300)
        XCTAssertEqual(result.keptItems.count, 2)
        let before = text.split(separator: "\n", omittingEmptySubsequences: false)
        let after = String(decoding: result.text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(after.count, before.count, "each blanked line keeps its line break")
        XCTAssertEqual(Array(after.prefix(6)), Array(before.prefix(6)), "the canvas, views: and the views on the screen")
        XCTAssertTrue(after.dropFirst(6).allSatisfy(\.isEmpty))
    }

    /// A view that may matter to another, or whose frame the text cannot tell for certain, is
    /// kept: the parse decides.
    func testViewsTheTextCannotSpeakForAreKept() throws {
        let kept = [
            "  - &anchored {class: UIView, frame: [8, 9000, 10, 10]}",
            "  - {<<: *base, frame: [8, 9000, 10, 10]}",
            "  - {class: UIView, frame: *far}",
            "  - {class: !!str UIView, frame: [8, 9000, 10, 10]}",
            "  - {\"frame\": [0, 0, 10, 10], frame: [8, 9000, 10, 10]}",
            "  - {class: UIView, frame: [8, 9000, 10, 10], frame: [0, 0, 10, 10]}",
            "  - {class: UIView, frame: [08, 9000, 10, 10]}",
            "  - {class: UIView, frame: [8, 9e3, 10, 10]}",
            "  - {class: UIView, frame: [8, 99999999999999999999999999, 10, 10]}",
            "  - {class: UIView, frame: [8, 9000, -10, 10]}",
            "  - {class: UIView, frame: [8, 9000, 10]}",
            "  - {class: UIView, frame: {x: 8, y: 9000, width: 10, height: 10}}",
            "  - class: UIView\n    frame: [8, 9000, 10, 10]\n    <<: *base",
            "  - class: UIView\n    frame: [8, 9000, 10, 10]\n    layer: &layer {opacity: 0.5}",
            "  - class: UIView\n    frame: [8, 9000, 10, 10]\n    frame: [0, 0, 10, 10]",
            "  - class: UIView",
        ]
        let text = Self.file(300, before: ["x: &base {cornerRadius: 4}"] + kept) { "  - {class: UIView, frame: \(Self.far($0))}" }
            .replacingOccurrences(of: "views:\nx: &base {cornerRadius: 4}", with: "x: &base {cornerRadius: 4}\nviews:")
        let result = try XCTUnwrap(blanked(text))
        XCTAssertEqual(result.count, 300, "the plain views, and none of the others")
        XCTAssertEqual(result.keptItems.count, kept.count)
    }

    /// A quoted scalar or flow collection that runs onto the next line may hold lines that look
    /// like views: from the view it begins in, nothing more is blanked.
    func testBlankingStopsAtAViewWhoseTextMayRunOn() throws {
        for opener in ["  - {class: FancyButton, title: \"open", "  - class: FancyButton\n    title: 'open", "  - {class: UIView, frame: [8, 9000,"] {
            let text = Self.file(600) { index in
                (index == 400 ? opener + "\n" : "") + "  - {class: UIView, frame: \(Self.far(index))}"
            }
            let result = try XCTUnwrap(blanked(text), opener)
            XCTAssertEqual(result.count, 400, opener)
            XCTAssertEqual(result.keptItems.count, 201, opener)
        }
    }

    /// A view whose last value is a block scalar ends that scalar with the next view's first
    /// line: the next view is kept, or its lines and the comments after it would become the text.
    func testTheViewAfterABlockScalarIsKept() throws {
        let text = Self.file(300) { index in
            index == 100
                ? "  - class: FancyButton\n    frame: [8, 8, 100, 32]\n    title: |+\n      hello"
                : "  - {class: UIView, frame: \(Self.far(index))}" + (index == 101 ? "\n      # shadowOpacity: 0.5" : "")
        }
        let result = try XCTUnwrap(blanked(text))
        XCTAssertEqual(result.count, 298, "all but the button and the view after its text")
        XCTAssertEqual(result.keptItems.map(\.lowerBound), [102, 106])
    }

    /// A tab may change where text ends (libyaml takes it as a space after a key, and refuses it
    /// elsewhere): blanking stops there. What libyaml refuses outright (a control character, an
    /// invalid UTF-8 sequence, an unknown escape) keeps its view for the parse to report, and the
    /// views after it are blanked as before.
    func testTabsStopBlankingAndUnreadableTextKeepsItsView() throws {
        func count(_ odd: String) throws -> (blanked: Int, kept: Int) {
            let text = Self.file(600) { index in
                index == 300 ? "  - {class: UIView, frame: \(Self.far(index)), title: \(odd)}" : "  - {class: UIView, frame: \(Self.far(index))}"
            }
            let result = try XCTUnwrap(blanked(text), odd)
            return (result.count, result.keptItems.count)
        }
        XCTAssertTrue(try count("\t\"x") == (300, 300), "a tab")
        for unreadable in ["\"a\u{01}\"", "\"a\u{80}\"", "\"\\q\"", "\"\\x4\""] {
            XCTAssertTrue(try count(unreadable) == (599, 1), unreadable)
        }
        var bytes = Array(Self.file(600) { "  - {class: UIView, frame: \(Self.far($0))\($0 == 300 ? ", title: caf" : "")}" }.utf8)
        let at = try XCTUnwrap(bytes.firstRange(of: Array("caf".utf8))).upperBound
        bytes.insert(0xE9, at: at)  // Latin-1's é, not UTF-8
        XCTAssertEqual(FirstScreenText.blanking(bytes, outside: Self.reach)?.count, 599, "an invalid UTF-8 byte")
        XCTAssertTrue(try count("\"café ✓\"") == (600, 0), "UTF-8 is text like any other")
    }

    /// A frame the reading would miss, and nesting deeper than it follows.
    func testAKeyBeforeASpacedColonAndDeepNestingAreRead() throws {
        let spaced = Self.file(300, before: ["  - class: UIView\n    frame: [8, 9000, 10, 10]\n    frame : [8, 8, 100, 32]"]) {
            "  - {class: UIView, frame: \(Self.far($0))}"
        }
        XCTAssertEqual(try XCTUnwrap(blanked(spaced)).keptItems.count, 1, "frame : is a second frame")
        let deep = Self.file(300) { "  - {class: UIView, frame: \(Self.far($0))}" } + "  - {class: UIView, x: " + String(repeating: "[", count: 100_000) + "}\n"
        XCTAssertEqual(try XCTUnwrap(blanked(deep)).count, 300, "read without running out of stack; the deep view kept")
    }

    /// A flow collection in the lines before the list that runs on through it: the parse finds
    /// no list where the text had one, and the first read is that of the whole text.
    func testAListTheParseDoesNotFindIsReadWhole() throws {
        let text = "canvas: {size: [4000, 40000],\nviews:\n" + (0..<300).map { "  - {class: UIView, frame: \(Self.far($0))}" }.joined(separator: "\n") + "\n}\n"
        XCTAssertNotNil(blanked(text), "the text alone looks like a list")
        let blankedRead = StyleLoader.load(bytes: Array(text.utf8), path: FirstScreenReadTests.path, firstScreen: Self.screen)
        StyleLoader.blanksOffScreenViews = false
        let wholeRead = StyleLoader.load(bytes: Array(text.utf8), path: FirstScreenReadTests.path, firstScreen: Self.screen)
        XCTAssertEqual(blankedRead.diagnostics, wholeRead.diagnostics)
        XCTAssertEqual(blankedRead.document == nil, wholeRead.document == nil)
        XCTAssertTrue(wholeRead.diagnostics.hasErrors, "\(wholeRead.diagnostics)")
    }

    /// Text this reading does not take on leaves the whole file to the parse.
    func testFilesOfAnotherShapeAreNotBlanked() {
        let views = (0..<300).map { "  - {class: UIView, frame: \(Self.far($0))}" }
        let plain = (["canvas: {size: [4000, 40000]}", "views:"] + views).joined(separator: "\n")
        XCTAssertNotNil(blanked(plain))
        for (variant, why) in [
            (plain.replacingOccurrences(of: "}\n  - {class: UIView, frame: [8, 4000,", with: "}\r  - {class: UIView, frame: [8, 4000,"), "a lone CR breaks a line"),
            (plain + "\n\u{85}", "NEL breaks a line"),
            (plain + "\nviews: []", "a second views: key"),
            ("---\n" + plain, "a document marker"),
            ("%YAML 1.1\n" + plain, "a directive"),
            (plain.replacingOccurrences(of: "views:", with: "views: # the list"), "a comment after views: is fine"),
            (plain.replacingOccurrences(of: "\n  - {class: UIView, frame: [8, 2000,", with: "\n\t- {class: UIView, frame: [8, 2000,"), "a tab indents"),
            (plain.replacingOccurrences(of: "views:", with: "views: [") + "]", "a flow list"),
            (Array(plain.split(separator: "\n").prefix(257)).joined(separator: "\n"), "255 views to leave out"),
        ] {
            XCTAssertEqual(blanked(variant) != nil, why.hasSuffix("is fine"), why)
        }
    }

    // MARK: - The same first read

    /// Random saves of a 1,200-view file (flow and block views, presets, anchors, merge keys,
    /// comments, broken lines): the first read over the blanked text gives the document, views,
    /// findings outside the blanked lines and pixels of the first read over the whole text.
    func testFirstReadsOfRandomFilesAreThoseOfTheWholeText() throws {
        let extra = ["  - {class: FancyButton, frame: [8, 3000, 100, 32], title: \"It's far\", titleColor: \"#FFFFFF\"}  # a comment",
                     "  - class: FancyButton", "    frame: [8, 3040, 100, 32]", "    title: |", "      - {frame: [0, 0, 10, 10]}",
                     "  - {class: PillUILabel, text: 'Column', font: Sans 12}",
                     "  - {class: UIView, frame: [8, 40, 100, 32], backgroundColor: \"#123456\"}"]
        let original = Array(FirstScreenReadTests.file(1200, extra: extra).utf8)
        var random = SeededRandom(seed: 0x5EED_F125)
        let comparison = LoadComparison()
        var text = original, goodText = original, blankedReads = 0
        for step in 0..<800 {
            let previousText = text
            text = step % 40 == 0 ? original : EditWalk.edit(text, random: &random)
            defer {
                // After an edit that breaks the file, the walk often goes back to its last good
                // text, as a person fixes a typo.
                if StyleLoader.load(bytes: text, path: FirstScreenReadTests.path).document == nil {
                    if random.chance(0.7) { text = goodText }
                } else {
                    goodText = text
                }
            }
            StyleLoader.blanksOffScreenViews = true
            var blankedRead = StyleLoader.load(bytes: text, path: FirstScreenReadTests.path, firstScreen: Self.screen)
            StyleLoader.blanksOffScreenViews = false
            let wholeRead = StyleLoader.load(bytes: text, path: FirstScreenReadTests.path, firstScreen: Self.screen)
            guard let blanking = FirstScreenText.blanking(text, outside: Self.reach) else { continue }
            // Findings in blanked lines of a first read that has a document are the parse's
            // alone (a repeated key, say), which the whole read after the first frame reports;
            // every other one must be the same. (With errors, both are whole reads.)
            let lines = Set(blanking.blankedItems.joined().map { $0 + 1 })
            var whole = wholeRead
            if whole.document != nil {
                whole.diagnostics.removeAll { lines.contains($0.location.line) }
                blankedRead.diagnostics.removeAll { lines.contains($0.location.line) }
            }
            if blankedRead.document?.viewsLeftOut ?? 0 >= blanking.count { blankedReads += 1 }
            XCTAssertEqual(blankedRead.document?.viewsLeftOut, wholeRead.document?.viewsLeftOut, "step \(step): \(wholeRead.diagnostics.prefix(3)) \(EditWalk.difference(previousText, text))")
            if let difference = comparison.difference(whole, blankedRead, pixels: step % 5 == 0, rowsOf: [0, 1]) {
                XCTFail("step \(step): \(difference)")
                return
            }
        }
        XCTAssertGreaterThan(blankedReads, 300, "most first reads blanked views")
        XCTAssertGreaterThan(comparison.pictures, 60)
    }
}
