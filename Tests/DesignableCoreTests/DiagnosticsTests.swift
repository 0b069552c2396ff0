@testable import DesignableCore
import Foundation
import XCTest

/// What a person sees for each kind of mistake: the place, what was expected, what was found.
final class DiagnosticsTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    func testEveryMistakeInOneFileIsReportedAtItsPlace() {
        let text = """
        canvas: {size: [375, 667], backgrund: "#fff"}
        views:
          - class: FancyButon
            title: hi
          - class: FancyButton
            cornerRadus: 4
            borderWidth: -1
            borderColor: rde
            tintColor: "#12345"
            font: Sans 0
            alignment: centre
            size: [.nan, 3]
            enableGradientBackground: maybe
            selected: {titleColor: blu, nope: 1}
          - class: PillUILabel
            text: x
            selected: {textColor: red}
        """
        XCTAssertEqual(findings(text), [
            "1:28: warning: canvas has no property 'backgrund' (did you mean 'background'?); it is ignored",
            "3:12: error: unknown class 'FancyButon' (did you mean 'FancyButton'?); expected one of UIButton, RoundedCornerButton, FancyButton, SubscribeButton, BWGradientView, PillUILabel, UILabel, UIImageView, UIView, DesignableView, DesignableButton, UIStackView",
            "6:5: warning: FancyButton has no property 'cornerRadus' (did you mean 'cornerRadius'?); it is ignored",
            "7:18: error: borderWidth: must not be negative, found -1",
            "8:18: error: borderColor: unknown colour 'rde' (did you mean 'red'?)",
            "9:16: error: tintColor: '#12345' is not a hex colour: write #RGB, #RRGGBB or #RRGGBBAA",
            "10:11: error: font: font size 0 is out of range: write a size from 1 to 1000",
            "11:16: error: alignment: expected one of left, center, right, fill, leading, trailing, found 'centre' (did you mean 'center'?)",
            "12:12: error: size: expected a finite number, found '.nan'",
            "13:31: error: enableGradientBackground: expected true or false, found 'maybe'",
            "14:28: error: titleColor: unknown colour 'blu' (did you mean 'blue'?)",
            "14:33: warning: FancyButton in its selected state has no property 'nope'; it is ignored",
            "17:15: warning: PillUILabel is not a control and never shows a 'selected' state; this map is ignored",
        ])
    }

    func testPathIsPrefixedForEditors() {
        let result = StyleLoader.load(text: "views:\n  - class: Nope\n", path: "styles/a.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description),
                       ["styles/a.yaml:2:12: error: unknown class 'Nope'; expected one of UIButton, RoundedCornerButton, FancyButton, SubscribeButton, BWGradientView, PillUILabel, UILabel, UIImageView, UIView, DesignableView, DesignableButton, UIStackView"])
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.first?.shortDescription.hasPrefix("2:12: unknown class"), true)
    }

    func testWarningsStillGiveADocument() {
        let result = StyleLoader.load(text: "views:\n  - class: FancyButton\n    colour: red\n")
        XCTAssertNotNil(result.document)
        XCTAssertEqual(result.diagnostics.map(\.severity), [.warning])
    }

    func testWrongShapes() {
        XCTAssertEqual(findings("- a\n- b\n"), ["1:1: error: expected a mapping with 'views:' (and optionally 'canvas:', 'components:', 'import:', 'styles:' and 'theme:'), found a list of 2"])
        XCTAssertEqual(findings(""), ["1:1: error: the file is empty: expected a mapping with 'views:' (and optionally 'canvas:', 'components:', 'import:', 'styles:' and 'theme:')"])
        // What a text YAML reads as nothing holds: a byte order mark and markers are not comments.
        for (text, what) in [("\u{FEFF}\n", "is empty"), ("---\n...\n", "is empty"), ("--- # draft\n", "has only comments"), ("# soon\n", "has only comments"), ("~\n", "holds only null")] {
            XCTAssertEqual(findings(text).first?.hasPrefix("1:1: error: the file \(what): expected a mapping"), true, "\(text.debugDescription): \(findings(text))")
        }
        XCTAssertEqual(findings("views: 3\n"), ["1:8: error: views: expected a list of views, found 3"])
        XCTAssertEqual(findings("views:\n  - FancyButton\n"), ["2:5: error: a view must be a mapping with 'class:' and its properties, found 'FancyButton'"])
        XCTAssertEqual(findings("views:\n  - title: x\n"), ["2:5: error: this view has no 'class:'; expected one of UIButton, RoundedCornerButton, FancyButton, SubscribeButton, BWGradientView, PillUILabel, UILabel, UIImageView, UIView, DesignableView, DesignableButton, UIStackView"])
        XCTAssertEqual(findings("veiws: []\n"), ["1:1: warning: unknown top-level key 'veiws' (did you mean 'views'?); expected canvas, components, import, styles, theme or views (keys starting with x- are free for anchors)",
                                                "1:1: warning: no 'views:' list: the canvas is empty"])
    }

    func testGeometryValues() {
        XCTAssertEqual(findings("views:\n  - class: BWGradientView\n    size: [10]\n"),
                       ["3:11: error: size: expected a size [width, height], found a list of 1"])
        XCTAssertEqual(findings("views:\n  - class: BWGradientView\n    size: [-10, 5]\n"),
                       ["3:12: error: size: width must not be negative, found -10"])
        XCTAssertEqual(findings("views:\n  - class: BWGradientView\n    frame: {x: 1, y: 2, width: 3, hieght: 4}\n"),
                       ["3:12: error: frame: expected a rectangle [x, y, width, height]; the mapping lacks 'height'"])
        XCTAssertEqual(findings("views:\n  - class: BWGradientView\n    size: [1e9, 5]\n"),
                       ["3:12: error: size: 1e9 is out of range: at most 100000 is allowed"])
        // A number past every length's range still names the bound it breaks first.
        XCTAssertEqual(findings("views:\n  - class: BWGradientView\n    size: [-1e308, 5]\n"),
                       ["3:12: error: size: width must not be negative, found -1e308"])
        XCTAssertEqual(findings("views:\n  - class: BWGradientView\n    frame: [-1e9, 0, 5, 5]\n"),
                       ["3:13: error: frame: -1e9 is out of range: at least -100000 is allowed"])
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    contentInsets: [1, 2]\n"),
                       ["3:20: error: contentInsets: expected insets [top, leading, bottom, trailing] or one number for all four, found a list of 2"])
    }

    func testThemeColoursAreCheckedAndUsable() throws {
        XCTAssertEqual(findings("theme: {colors: {brand: nope}}\nviews: []\n"),
                       ["1:25: error: theme colour 'brand': unknown colour 'nope'"])
        let document = try XCTUnwrap(loadStyle("theme: {colors: {brand: '#112233', soft: brand@0.5}}\nviews:\n  - class: FancyButton\n    tintColor: soft\n"))
        let button = try XCTUnwrap(document.views[0].component(in: .normal) as? FancyButton)
        XCTAssertEqual(button.tintColor, Color(rgb: 0x112233, alpha: 0.5))
    }

    func testMissingImageIsAWarningWithASuggestion() {
        let result = StyleLoader.load(text: "views:\n  - class: FancyButton\n    image: facebok\n", path: fixturesFolder.path + "/x.yaml")
        XCTAssertNotNil(result.document)
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        XCTAssertTrue(result.diagnostics.first!.message.contains("image 'facebok' not found"))
        XCTAssertTrue(result.diagnostics.first!.message.contains("(did you mean 'facebook'?)"))
    }

    func testAMissingImageNamesThePathsItLookedFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("designable-missing-image-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("style.yaml").path
        let withExtension = StyleLoader.load(text: "views:\n  - {class: UIButton, image: heart.png}\n", path: path)
        XCTAssertEqual(withExtension.diagnostics.map(\.message), [
            "image 'heart.png' not found: looked for heart.png beside the style file, in assets/ and in assets/icons/; drawing a placeholder",
        ])
        let withoutExtension = StyleLoader.load(text: "views:\n  - {class: UIButton, image: icons/star}\n", path: path)
        XCTAssertEqual(withoutExtension.diagnostics.map(\.message), [
            "image 'icons/star' not found: looked for icons/star.svg, icons/star.png, icons/star@2x.png and icons/star@3x.png beside the style file, in assets/ and in assets/icons/; drawing a placeholder",
        ])
        // With --allow-outside-images; without, an absolute name is refused (ImageInputTests).
        StyleLoader.allowsOutsideImages = true
        defer { StyleLoader.allowsOutsideImages = false }
        let absolute = StyleLoader.load(text: "views:\n  - {class: UIButton, image: /no/such/heart.png}\n", path: path)
        XCTAssertEqual(absolute.diagnostics.map(\.message), ["image '/no/such/heart.png' not found: looked for /no/such/heart.png; drawing a placeholder"])
    }

    func testCanvasTooLargeToAllocate() throws {
        let document = try XCTUnwrap(loadStyle("canvas: {size: [20000, 20000]}\nviews: []\n"))
        XCTAssertThrowsError(try Renderer.checkCanvas(Size(width: 20000, height: 20000), scale: 1, of: document)) { error in
            let diagnostic = error as! Diagnostic
            XCTAssertEqual(diagnostic.location, SourceLocation(line: 1, column: 9, file: SourceFile(path: "/tmp/designable-test/style.yaml")))
            XCTAssertEqual(diagnostic.path, "/tmp/designable-test/style.yaml", "the path comes from the location")
            XCTAssertTrue(diagnostic.message.contains("too large to draw"))
        }
        XCTAssertNoThrow(try Renderer.checkCanvas(Size(width: 2000, height: 2000), scale: 3, of: document))
        XCTAssertThrowsError(try Renderer.checkCanvas(Size(width: 12000, height: 100), scale: 3, of: document))
    }

    func testSilentMistakesAreWarnings() {
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    title: Hi\n    title: Bye\n"),
                       ["4:5: warning: 'title' is given twice in this mapping (first at line 3); the last one wins"])
        XCTAssertEqual(findings("views:\n  - {class: FancyButton, id: a}\n  - {class: FancyButton, id: a}\n"),
                       ["3:5: warning: id 'a' is used by another view too (line 2); the preview keeps states by id, so give each view its own"])
        XCTAssertEqual(findings("x-base: &base {class: FancyButton, cornerRadius: 4}\nviews:\n  - <<: *base\n"), [])
    }

    func testAFontFamilyThatIsNotInstalledIsAWarning() {
        XCTAssertEqual(findings("views:\n  - {class: PillUILabel, font: DejaVu Sanss Bold 12}\n"),
                       ["2:32: warning: font family 'DejaVu Sanss' is not installed (did you mean 'DejaVu Sans'?); the text falls back to another font"])
        XCTAssertEqual(findings("views:\n  - {class: PillUILabel, font: Comic Nonexistent 17}\n").count, 1)
        for installed in ["DejaVu Sans Bold 12", "Sans 15", "serif 9", "Nonexistent, DejaVu Serif 12", "17"] {
            XCTAssertEqual(findings("views:\n  - {class: PillUILabel, font: \"\(installed)\"}\n"), [], installed)
        }
    }

    func testHelpfulColourMessages() {
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    borderColor: #FF0000\n"),
                       ["3:18: error: borderColor: expected a colour (#RRGGBB, a CSS or system colour name, or a theme colour), found nothing; a # after a space starts a YAML comment, so quote it: \"#FF0000\""])
        XCTAssertEqual(findings("theme: {colors: {a: b, b: '#fff'}}\nviews: []\n"),
                       ["1:21: error: theme colour 'a' uses 'b', which is defined after it (or uses it in turn); define 'b' first"])
    }

    /// libyaml counts characters, not bytes: after a title of several-byte characters the `#`
    /// that emptied a value is still found, and the finding is at it.
    func testAValueEmptiedByACommentAfterOtherScriptsIsStillSaid() {
        XCTAssertEqual(findings("views:\n  - {class: PillUILabel, text: 登入 · 新訊息}\n  - class: PillUILabel\n    textColor: #FF0000\n"),
                       ["4:16: error: textColor: expected a colour (#RRGGBB, a CSS or system colour name, or a theme colour), found nothing; a # after a space starts a YAML comment, so quote it: \"#FF0000\""])
    }

    /// A property that may be left unset reads YAML's null as "none": an unquoted hex there is
    /// still a value the comment took, said as for any other property, in a state map too. A
    /// comment that reads as one (`# none yet`) leaves the property unset without a word.
    func testAnUnquotedHexOnAnOptionalPropertyIsSaidNotDropped() {
        let colour = "expected a colour (#RRGGBB, a CSS or system colour name, or a theme colour), found nothing; a # after a space starts a YAML comment, so quote it"
        XCTAssertEqual(findings("views:\n  - class: DesignableView\n    startColor: #FF0000\n  - class: UIButton\n    titleColor: #00FF00\n    selected:\n      titleColor: #0000FF\n"), [
            "3:17: error: startColor: \(colour): \"#FF0000\"",
            "5:17: error: titleColor: \(colour): \"#00FF00\"",
            "7:19: error: titleColor: \(colour): \"#0000FF\"",
        ])
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    image: #star\n"),
                       ["3:12: error: image: expected an image name (name.svg or name.png beside the style file or in its assets/ folder), found nothing; a # after a space starts a YAML comment, so quote it: \"#star\""])
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    titleColor: # none yet\n    title: x\n"), [])
        // With an anchor before the comment, and in brackets closed on the next line.
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    titleColor: &c #00FF00\n  - {class: UIButton, titleColor: *c}\n  - {class: UIButton, titleColor: #FF0000\n    }\n"), [
            "3:20: error: titleColor: \(colour): \"#00FF00\"",
            "5:35: error: titleColor: \(colour): \"#FF0000\"",
        ])
        // A text too: an unquoted `#` there empties the title.
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    title: #1 Best seller\n").first?.hasPrefix("3:12: error: title: expected text"), true,
                       "\(findings("views:\n  - class: UIButton\n    title: #1 Best seller\n"))")
        // A number, a size or a mask never starts with #: there, a comment is a comment.
        XCTAssertEqual(findings("canvas:\n  width: #auto\nviews:\n  - {class: UIButton, title: x}\n"), [])
    }

    /// A list of two is a colour's [light, dark]: a mistake in it says which side, and why a list.
    func testAListForAColourSaysHowItWasRead() {
        XCTAssertEqual(findings("views:\n  - {class: UIButton, title: x, titleColor: [1, 2]}\n"),
                       ["2:46: error: titleColor: a list of two colours is [light, dark]; its light one: unknown colour '1'"])
        XCTAssertEqual(findings("views:\n  - {class: UIButton, title: x, titleColor: [red, \"#0000FF\"]}\n"), [])
    }

    func testColoursInOtherToolsFormsSuggestTheHex() {
        for form in ["rgb(229, 72, 77)", "0xE5484D", "E5484D"] {
            XCTAssertEqual(findings("views:\n  - class: FancyButton\n    tintColor: \"\(form)\"\n"),
                           ["3:16: error: tintColor: '\(form)' is not a colour form a style file takes (#RGB, #RRGGBB, #RRGGBBAA, a CSS or system colour name, or a theme colour); write \"#E5484D\""])
        }
    }

    func testAnUnquotedHexInTheThemeIsReportedOnceNotAtEachUse() {
        XCTAssertEqual(findings("theme:\n  colors:\n    accent: #FF0000\nviews:\n  - {class: FancyButton, tintColor: accent}\n  - {class: FancyButton, borderColor: accent}\n"),
                       ["3:13: error: theme colour 'accent': expected a colour (#RRGGBB, a CSS or system colour name, or a theme colour), found nothing; a # after a space starts a YAML comment, so quote it: \"#FF0000\""])
    }

    func testDidYouMeanCatchesCaseLongerNamesAndOtherClasses() {
        XCTAssertEqual(findings("canvas: {backgroundColor: red}\nviews:\n  - {class: FancyButton, CornerRadius: 4}\n  - {class: UIButton, cornerRadius: 4}\n"), [
            "1:10: warning: canvas has no property 'backgroundColor' (did you mean 'background'?); it is ignored",
            "3:26: warning: FancyButton has no property 'CornerRadius' (did you mean 'cornerRadius'?); it is ignored",
            "4:23: warning: UIButton has no property 'cornerRadius' (RoundedCornerButton, FancyButton, SubscribeButton, DesignableView and DesignableButton have it; any view takes it in its layer: map); it is ignored",
        ])
    }

    /// A closing quote forgotten: YAML reads on to the next quote of the file, and libyaml's error
    /// comes lines later, about a bracket or a key. The finding names the quote left open.
    func testAQuoteLeftOpenIsNamedWhereItOpens() {
        let later = "  - class: PillUILabel\n    text: NEW\n    font: \"DejaVu Sans Bold 13\"\n"
        XCTAssertEqual(findings("views:\n  - {class: UIButton, id: save, title: \"Save changes}\n  - {class: UIButton, title: Cancel}\n" + later),
                       ["2:40: error: YAML syntax: this \" opens a quoted value that is not closed on its line, so YAML reads on to the \" on line 6, taking in the lines between; close it on line 2"])
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    title: \"Accent with shadow\n    tintColor: red\n" + later),
                       ["3:12: error: YAML syntax: this \" opens a quoted value that is not closed on its line, so YAML reads on to the \" on line 7, taking in the lines between; close it on line 3"])
        // A quote left open that YAML closes on a later colour's quote parses, taking views in:
        // it is said all the same, as the quote is what swallowed them.
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    title: \"Save\n  - class: UIButton\n    title: Cancel\n    titleColor: \"#FF0000\"\n"),
                       ["3:12: error: YAML syntax: this \" opens a quoted value that is not closed on its line, so YAML reads on to the \" on line 6, taking in the lines between; close it on line 3"])
        XCTAssertEqual(findings("views:\n  - {class: UIButton, title: \"Go}\n  - class: UIButton\n    titleColor: \"#FF0000\"\n").first?.hasPrefix("2:30: error: YAML syntax: this \" opens"), true)
        // An apostrophe inside a plain value opens nothing, and a quoted value that goes on to
        // the next line far above an error is not blamed for it.
        XCTAssertEqual(findings("views:\n  - class: UIButton\n    title: Bob's button\n    tintColor: red\n      cornerRadius: 4\n"),
                       ["5:7: error: YAML syntax: line 5 is indented more than line 4 ('tintColor: red'), so YAML reads it as part of that line's value; align it with line 4 (column 5)"])
        let long = "views:\n  - class: UIButton\n    title: \"two\n      lines\"\n" + String(repeating: "  - {class: UIButton}\n", count: 6)
        XCTAssertEqual(findings(long + "  - class: UIButton\n    title: hi\n      cornerRadius: 4\n"),
                       ["13:7: error: YAML syntax: line 13 is indented more than line 12 ('title: hi'), so YAML reads it as part of that line's value; align it with line 12 (column 5)"])
        // Nor is one that rightly goes on to the next line just above an error: it ends where a
        // value may end. Quotes after a comma or a dash inside a plain value, and quotes in a
        // block scalar's text, open nothing.
        let indented = "      cornerRadius: 4\n"
        for (text, line) in [("views:\n  - class: UIButton\n    title: \"two\n      lines\"\n    tintColor: red\n", 5),
                             ("views:\n  - class: UIButton\n    title: Yes, 'cause I said so\n  - class: UIButton\n    title: Don't\n    tintColor: red\n", 6),
                             ("views:\n  - class: UIButton\n    title: Rock - 'n roll\n  - class: UIButton\n    title: Don't\n    tintColor: red\n", 6),
                             ("views:\n  - class: PillUILabel\n    text: >\n      He said: \"stop\n      now\" and left\n    textColor: red\n", 6)] {
            let found = findings(text + indented)
            XCTAssertEqual(found.count, 1, text)
            XCTAssertTrue(found.first?.hasPrefix("\(line + 1):7: error: YAML syntax: line \(line + 1) is indented more than line \(line)") == true, "\(text): \(found)")
        }
    }

    func testSyntaxErrorsSayWhatToFixWhereItIs() {
        XCTAssertEqual(findings("views:\n  - {class: FancyButton, backgroundColor: #FF0000}\n  - {class: FancyButton}\n"),
                       ["2:43: error: YAML syntax: a # after a space starts a YAML comment, so the rest of line 2 is ignored, closing bracket and all; quote it: \"#FF0000\""])
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    title: Note: this\n"),
                       ["3:16: error: YAML syntax: a value containing ': ' must be quoted: title: \"Note: this\""])
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    title: hi\n      cornerRadius: 4\n"),
                       ["4:7: error: YAML syntax: line 4 is indented more than line 3 ('title: hi'), so YAML reads it as part of that line's value; align it with line 3 (column 5)"])
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    title: hi\n  cornerRadius: 4\n"),
                       ["4:3: error: YAML syntax: line 4 is indented less than line 3 ('title: hi') but lines up with no block above it; align it with line 3 (column 5), or start a new list item with '- '"])
    }

    func testAnUnclosedQuotePointsWhereItOpens() {
        XCTAssertEqual(findings("views:\n  - class: FancyButton\n    title: \"SIGN IN\n    cornerRadius: 4\n"),
                       ["3:12: error: YAML syntax: this \" opens a quoted value that is not closed on its line, so YAML reads on for its closing \" and finds the end of the file first; close it on line 3"])
    }

    func testViewsOutsideTheCanvasAreReported() throws {
        let document = try XCTUnwrap(loadStyle("canvas: {size: [100, 100]}\nviews:\n  - {class: BWGradientView, frame: [500, 500, 50, 50]}\n  - {class: BWGradientView, size: [400, 20]}\n  - {class: BWGradientView, frame: [10, 10, 20, 20]}\n"))
        let layout = Renderer().layout(document)
        XCTAssertEqual(layout.findings(for: document).map(\.description), [
            "/tmp/designable-test/style.yaml:3:5: warning: this BWGradientView (500,500 50×50) lies outside the 100×100 canvas",
            "/tmp/designable-test/style.yaml:4:5: warning: this BWGradientView (-150,16 400×20) sticks out of the 100×100 canvas",
        ])
    }

    func testEditDistanceSuggestions() {
        XCTAssertEqual(closestMatch(to: "cornerRaduis", in: ["cornerRadius", "borderWidth"]), "cornerRadius")
        XCTAssertEqual(closestMatch(to: "bordrColor", in: ["borderColor", "borderWidth"]), "borderColor")
        XCTAssertNil(closestMatch(to: "xyz", in: ["cornerRadius"]))
        XCTAssertEqual(editDistance("ab", "ba"), 1)
    }
}
