import Foundation
import XCTest

/// The real binary, end to end: outputs, messages and exit codes (0 done, 1 a finding, 64 usage).
final class CommandLineTests: XCTestCase {
    private let gallery = projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/gallery.yaml").path

    /// The shipped examples check without a finding: the only test that reads them, so
    /// editing an example breaks nothing else.
    func testTheExamplesLoadCleanly() throws {
        let folder = projectRoot.appendingPathComponent("assets/examples")
        let examples = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        XCTAssertFalse(examples.isEmpty)
        for example in examples {
            let run = try runDesignable(["check", folder.appendingPathComponent(example).path])
            XCTAssertEqual(run.status, 0, example)
            XCTAssertEqual(run.stderr, "", example)
        }
    }

    /// The cards example, all views inside views (pins, stacks, a compound preset), renders at
    /// 2× without a finding: no pin that cannot hold, no subview a parent cuts off, no shadow
    /// the canvas cuts.
    func testTheCardsExampleRendersWithoutFindings() throws {
        let out = try temporaryFolder().appendingPathComponent("cards.png")
        let run = try runDesignable(["render", projectRoot.appendingPathComponent("assets/examples/cards.yaml").path, "--scale", "2", "-o", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path))
    }

    func testRenderTheGalleryAtOneAndTwoTimes() throws {
        let folder = try temporaryFolder()
        let one = folder.appendingPathComponent("one.png"), two = folder.appendingPathComponent("two.png")
        let first = try runDesignable(["render", gallery, "-o", one.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "", "the gallery should render without findings")
        let second = try runDesignable(["render", gallery, "--output", two.path, "--scale", "2", "--state", "selected"])
        XCTAssertEqual(second.status, 0, second.stderr)
        // The grid's and the snapshots' fifth state, its two words in either order: a selected
        // button held down, drawn neither as selected nor as highlighted alone.
        var drawn: [String: Data] = [:]
        for state in ["selected", "highlighted", "selected+highlighted", "highlighted+selected"] {
            let out = folder.appendingPathComponent("state.png")
            let run = try runDesignable(["render", gallery, "-o", out.path, "--state", state])
            XCTAssertEqual(run.status, 0, run.stderr)
            drawn[state] = try Data(contentsOf: out)
            try FileManager.default.removeItem(at: out)
        }
        XCTAssertEqual(drawn["selected+highlighted"], drawn["highlighted+selected"])
        XCTAssertNotEqual(drawn["selected+highlighted"], drawn["selected"])
        XCTAssertNotEqual(drawn["selected+highlighted"], drawn["highlighted"])
        for wrong in ["selected+", "+selected", "selected+selected"] {
            XCTAssertEqual(try runDesignable(["render", gallery, "-o", "x.png", "--state", wrong]).status, 64, wrong)
        }
        let size1 = try XCTUnwrap(pngSize(one)), size2 = try XCTUnwrap(pngSize(two))
        XCTAssertEqual(size1.width, 375)
        XCTAssertGreaterThan(size1.height, 1000)
        // A canvas fitted to views of fractional heights rounds up to whole pixels at each scale.
        XCTAssertEqual(size2.width, size1.width * 2)
        XCTAssertLessThanOrEqual(abs(size2.height - size1.height * 2), 1)
        // No temporary file is left beside the output.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["one.png", "two.png"])
    }

    /// A canvas too large to draw even at 1× is one finding that every command gives alike.
    func testACanvasTooLargeToDrawIsTheSameFindingEverywhere() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("huge.yaml")
        try "canvas: {size: [100000, 100000]}\nviews:\n  - {class: UIButton, title: Hi}\n".write(to: style, atomically: true, encoding: .utf8)
        let check = try runDesignable(["check", style.path])
        let render = try runDesignable(["render", style.path, "-o", folder.appendingPathComponent("out.png").path])
        let inspect = try runDesignable(["inspect", style.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(check.stderr.contains("huge.yaml:1:9: error: the canvas is 100000×100000 points"), check.stderr)
        // render's last line says that nothing was written, as for any file it does not draw.
        XCTAssertEqual(render.stderr, check.stderr + "designable: \(style.path): 1 error; nothing rendered\n")
        XCTAssertEqual(inspect.stderr, check.stderr)
    }

    /// `check --scale N` finds a canvas that draws at 1× but not at the scale a render will ask.
    func testCheckAtAScaleFindsACanvasTooLargeThere() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("wide.yaml")
        try "canvas: {size: [30000, 4000]}\nviews: []\n".write(to: style, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runDesignable(["check", style.path]).status, 0)
        let atTwo = try runDesignable(["check", style.path, "--scale", "2"])
        XCTAssertEqual(atTwo.status, 1)
        XCTAssertEqual(atTwo.stderr, "\(style.path):1:9: error: the canvas is 30000×4000 points, 60000×8000 pixels at 2×: too large to draw (at most 32767 pixels a side and 128 megapixels)\n")
    }

    func testCheckReportsFindingsAndExitsOneOnErrors() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("bad.yaml")
        try "views:\n  - class: FancyButton\n    borderColor: rde\n    cornerRadus: 3\n".write(to: style, atomically: true, encoding: .utf8)
        let run = try runDesignable(["check", style.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, """
            \(style.path):3:18: error: borderColor: unknown colour 'rde' (did you mean 'red'?)
            \(style.path):4:5: warning: FancyButton has no property 'cornerRadus' (did you mean 'cornerRadius'?); it is ignored

            """)
        let good = try runDesignable(["check", gallery])
        XCTAssertEqual(good.status, 0, good.stderr)
        // Rendering a file with errors writes nothing and exits 1.
        let render = try runDesignable(["render", style.path, "-o", folder.appendingPathComponent("x.png").path])
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.stderr.hasSuffix("1 error; nothing rendered\n"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }

    func testSyntaxErrorPointsAtTheBracketToClose() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("broken.yaml")
        try "views:\n  - class: FancyButton\n    title: [unclosed\n".write(to: style, atomically: true, encoding: .utf8)
        let run = try runDesignable(["check", style.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("\(style.path):3:12: error: YAML syntax: this '[' is not closed by the end of its line"), run.stderr)
    }

    /// A program copied away from its install finds none of its own icons: a view that would draw
    /// one says so at its class, and still draws (the placeholder), rather than a silent magenta.
    func testAMissingShippedIconIsAWarningAtEachViewThatDrawsIt() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("subscribe.yaml")
        try """
            views:
              - class: SubscribeButton
                isSelected: true
              - {class: FancyButton, title: Plain}
              - {class: SubscribeButton}

            """.write(to: style, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("no-icons")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try runDesignable(["check", style.path], environment: ["DESIGNABLE_ASSETS": empty.path])
        XCTAssertEqual(missing.status, 0, "a warning is not an error: \(missing.stderr)")
        let warnings = missing.stderr.split(separator: "\n").filter { $0.contains("Designable's own icons") }
        XCTAssertEqual(warnings.map { String($0.prefix { $0 != " " }) }, ["\(style.path):2:12:", "\(style.path):5:13:"], missing.stderr)
        XCTAssertTrue(warnings.allSatisfy {
            $0.contains("SubscribeButton draws the check mark of its selected look") && $0.contains("icon-check.svg is not in DESIGNABLE_ASSETS (\(empty.path))")
                && $0.contains("make install")
        }, missing.stderr)
        let rendered = try runDesignable(["render", style.path, "-o", folder.appendingPathComponent("out.png").path],
                                         environment: ["DESIGNABLE_ASSETS": empty.path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(rendered.stderr.contains("Designable's own icons"), rendered.stderr)

        // Where the icons are (the source tree's, here), nothing is said.
        let found = try runDesignable(["check", style.path])
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertFalse(found.stderr.contains("own icons"), found.stderr)
    }

    func testInspectListsHumanisedPropertiesWithTheirSource() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("inspect.yaml")
        try """
            canvas: {width: 375}
            views:
              - class: SubscribeButton
              - class: FancyButton
                id: sign-in
                title: SIGN IN
                size: [343, 50]
                cornerRadius: 4
                borderColor: red
                isSelected: true

            """.write(to: style, atomically: true, encoding: .utf8)
        let run = try runDesignable(["inspect", style.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "\(style.path): 2 views on a 375×140 canvas")
        XCTAssertEqual(lines[2], "#1 SubscribeButton  line 3  frame 102.5,16 170×46")
        XCTAssertEqual(lines.first { $0.hasPrefix("#2") }, "#2 FancyButton \"sign-in\"  line 4  frame 16,74 343×50  starts selected")
        func row(_ label: String, after heading: String) -> [String] {
            let start = lines.firstIndex { $0.hasPrefix(heading) } ?? 0
            let line = lines[start...].prefix { !$0.isEmpty }.first { $0.hasPrefix("  " + label + " ") } ?? ""
            return line.split(separator: " ").map(String.init)
        }
        XCTAssertEqual(row("Corner Radius", after: "#2").suffix(4), ["CGFloat", "4", "view", "8:19"])
        XCTAssertEqual(row("Border Color", after: "#2").suffix(4), ["UIColor", "\"#FF0000\"", "view", "9:18"])
        XCTAssertEqual(row("Gradient Color 1", after: "#2").suffix(3), ["UIColor", "\"#000000\"", "default"])
        XCTAssertEqual(row("Enable Image Right Aligned", after: "#2").suffix(3), ["Bool", "false", "default"])
        XCTAssertEqual(row("Corner Radius", after: "#1").suffix(3), ["CGFloat", "12", "default"])
        XCTAssertEqual(row("Tint Color", after: "#1").suffix(3), ["UIColor", "\"#5B2A86\"", "default"])
        XCTAssertEqual(row("Title", after: "#1").suffix(3), ["String", "\"Subscribe\"", "default"])
    }

    /// Through presets and imports, `inspect` names the chain with where each preset is, and the
    /// preset (file and line), view or state map each value comes from; a mistake in an imported
    /// file is reported at its own path and line, by every command alike.
    func testInspectAndCheckFollowPresetsThroughImports() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("design"), withIntermediateDirectories: true)
        let tokens = folder.appendingPathComponent("design/tokens.yaml")
        try """
            theme: {fonts: {body: "DejaVu Sans 15"}}
            styles:
              Base: {class: UIButton, font: body}
              Primary: {extends: Base, class: FancyButton, cornerRadius: 10}

            """.write(to: tokens, atomically: true, encoding: .utf8)
        let style = folder.appendingPathComponent("screen.yaml")
        try """
            import: [design/tokens.yaml]
            views:
              - style: Primary
                title: OK
                isSelected: true
                selected: {borderWidth: 2}

            """.write(to: style, atomically: true, encoding: .utf8)
        let run = try runDesignable(["inspect", style.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].hasPrefix("#1 FancyButton  line 3  frame 16,16 ") && lines[1].hasSuffix("  starts selected"), lines[1])
        XCTAssertEqual(lines[2], "  style Primary (\(tokens.path):4) → Base (\(tokens.path):3)")
        func source(_ label: String) -> String? {
            lines.first { $0.hasPrefix("  " + label + "  ") }?.components(separatedBy: "  ").last { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(source("Corner Radius"), "preset Primary \(tokens.path):4:62")
        XCTAssertEqual(source("Font"), "preset Base \(tokens.path):3:33")
        XCTAssertEqual(source("Title"), "view 4:12")
        XCTAssertEqual(source("Border Width"), "selected map 6:29")
        XCTAssertEqual(source("Tint Color"), "default")

        try "styles:\n  Primary: {class: FancyButon}\n".write(to: tokens, atomically: true, encoding: .utf8)
        for command in ["check", "inspect", "render"] {
            let arguments = command == "render" ? [command, style.path, "-o", folder.appendingPathComponent("out.png").path] : [command, style.path]
            let broken = try runDesignable(arguments)
            XCTAssertEqual(broken.status, 1, command)
            XCTAssertTrue(broken.stderr.hasPrefix("\(tokens.path):2:20: error: preset 'Primary': unknown class 'FancyButon' (did you mean 'FancyButton'?)"), broken.stderr)
        }
    }

    /// A card with pinned subviews, and a compound preset used with values set on its subviews
    /// by id, by a preset that extends it and by the view that uses it.
    private static let nestedStyle = """
        canvas: {width: 375}
        styles:
          Profile:
            class: UIView
            size: [300, 80]
            backgroundColor: white
            subviews:
              - {class: UILabel, id: name, text: Name, pin: {top: 8, leading: 8}}
              - class: UIStackView
                id: row
                spacing: 6
                pin: {top: 40, leading: 8, trailing: 8, height: 24}
                subviews:
                  - {class: UILabel, id: title, text: Title}
                  - {class: UIButton, id: go, title: Go, selected: {titleColor: red}}
          Warm: {extends: Profile, backgroundColor: yellow, nested: {name: {textColor: red}}}
        views:
          - class: UIView
            id: card
            size: [343, 120]
            subviews:
              - {class: UILabel, id: title, text: Hello, frame: [16, 16, 200, 24]}
              - {class: UIButton, title: Buy, pin: {trailing: 16, bottom: 16, width: 80, height: 32}}
          - style: Warm
            id: ada
            nested:
              name: {text: Ada}
              "row/title": {text: Wi-Fi}
              "row/go": {selected: {titleColor: blue}}

        """

    /// `inspect` lists a tree with each subview under its parent by its path, at its frame on the
    /// canvas, and says what set each nested value: the preset its subviews are written in, a
    /// preset's `nested:` or the use site's.
    func testInspectListsSubviewsUnderTheirParentsWithWhatSetEachValue() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("card.yaml")
        try Self.nestedStyle.write(to: style, atomically: true, encoding: .utf8)
        let run = try runDesignable(["inspect", style.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "\(style.path): 2 views and 6 subviews on a 375×244 canvas")
        let headings = lines.filter { $0.contains("  frame ") }
        XCTAssertEqual(headings.map { $0.components(separatedBy: "  line ")[0] }, [
            "#1 UIView \"card\"", "  card/title UILabel", "  card/#2 UIButton",
            "#2 UIView \"ada\"", "  ada/name UILabel", "  ada/row UIStackView", "    ada/row/title UILabel", "    ada/row/go UIButton",
        ])
        XCTAssertTrue(lines.contains("  card/title UILabel  line 22  frame 32,32 200×24"), run.stdout)
        XCTAssertTrue(lines.contains("  card/#2 UIButton  line 23  frame 263,88 80×32"), run.stdout)
        XCTAssertTrue(lines.contains("  ada/row UIStackView  line 9  frame 45.5,188 284×24"), run.stdout)
        XCTAssertTrue(lines.contains("#2 UIView \"ada\"  line 24  frame 37.5,148 300×80"), run.stdout)
        XCTAssertTrue(lines.contains("  style Warm (line 16) → Profile (line 3)"), run.stdout)

        /// The source column of the row labelled `label` under the heading starting `heading`.
        func source(_ label: String, under heading: String) -> String? {
            guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(heading + " ") }) else { return nil }
            let row = lines[(start + 1)...].prefix { !$0.contains("  frame ") }.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + "  ") }
            return row?.components(separatedBy: "  ").last { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(source("Text", under: "card/title"), "view 22:43")
        XCTAssertEqual(source("Background Color", under: "#2"), "preset Warm 16:45")
        XCTAssertEqual(source("Text", under: "ada/name"), "ada nested: 27:20")
        XCTAssertEqual(source("Text Color", under: "ada/name"), "preset Warm nested: 16:80")
        XCTAssertEqual(source("Spacing", under: "ada/row"), "preset Profile 11:18")
        XCTAssertEqual(source("Text", under: "ada/row/title"), "ada nested: 28:27")
        XCTAssertEqual(source("Title", under: "ada/row/go"), "preset Profile 15:46")
        XCTAssertEqual(source("Font", under: "ada/row/go"), "default")
        // A state map of a nested view is indented under it, with what set each of its values.
        let map = try XCTUnwrap(lines.firstIndex(of: "      selected map, line 15:"), run.stdout)
        XCTAssertTrue(lines[map + 1].hasPrefix("        Title Color  UIColor?  \"#0000FF\"  "), lines[map + 1])
        XCTAssertTrue(lines[map + 1].hasSuffix("  ada nested: selected map 29:41"), lines[map + 1])
        // Rows sit under their view's heading.
        XCTAssertTrue(lines.contains { $0.hasPrefix("      Text  ") && $0.hasSuffix("ada nested: 28:27") }, run.stdout)
    }

    func testInspectJSONNestsSubviewsWithTheirPaths() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("card.yaml")
        try Self.nestedStyle.write(to: style, atomically: true, encoding: .utf8)
        let run = try runDesignable(["inspect", "--json", style.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        func subviews(_ view: [String: Any]) -> [[String: Any]] { view["subviews"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(views.map { $0["path"] as? String }, ["card", "ada"])
        XCTAssertEqual(subviews(views[0]).map { $0["path"] as? String }, ["card/title", "card/#2"])
        XCTAssertEqual(subviews(views[0]).map { $0["number"] as? Int }, [1, 2])
        XCTAssertEqual(subviews(views[0])[1]["frame"] as? [Double], [263, 88, 80, 32])
        XCTAssertEqual(subviews(views[0])[1]["id"] as? NSNull, NSNull())
        let row = subviews(views[1])[1]
        XCTAssertEqual(row["class"] as? String, "UIStackView")
        XCTAssertEqual(row["frame"] as? [Double], [45.5, 188, 284, 24])
        XCTAssertEqual(subviews(row).map { $0["path"] as? String }, ["ada/row/title", "ada/row/go"])
        XCTAssertEqual(subviews(subviews(row)[0]).count, 0)

        func property(_ name: String, of view: [String: Any]) -> [String: Any]? {
            (view["properties"] as? [[String: Any]])?.first { $0["name"] as? String == name }
        }
        let name = subviews(views[1])[0]
        XCTAssertEqual(property("text", of: name)?["value"] as? String, "Ada")
        XCTAssertEqual(property("text", of: name)?["source"] as? String, "ada nested: 27:20")
        XCTAssertEqual(property("text", of: name)?["setAt"] as? [String: Int], ["line": 27, "column": 20])
        XCTAssertEqual(property("textColor", of: name)?["source"] as? String, "preset Warm nested: 16:80")
        XCTAssertEqual(property("font", of: name)?["source"] as? String, "default")
        let go = subviews(row)[1]
        let states = try XCTUnwrap(go["states"] as? [[String: Any]])
        XCTAssertEqual(states.map { $0["state"] as? String }, ["selected"])
        let selected = try XCTUnwrap(states[0]["properties"] as? [[String: Any]])
        XCTAssertEqual(selected.first?["source"] as? String, "ada nested: selected map 29:41")
    }

    func testMissingImageWarnsAndStillRenders() throws {
        let folder = try temporaryFolder()
        let style = folder.appendingPathComponent("icons.yaml")
        try "views:\n  - class: FancyButton\n    title: Go\n    image: no-such-icon\n".write(to: style, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("icons.png")
        let run = try runDesignable(["render", style.path, "-o", out.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.hasPrefix("\(style.path):4:12: warning: image 'no-such-icon' not found"), run.stderr)
        XCTAssertNotNil(pngSize(out))
    }

    /// An image name that leaves the style file's folder is an error at its line, for every
    /// command, unless --allow-outside-images is given.
    func testImagesOutsideTheProjectNeedAnOption() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("project"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/assets/heart.png").path,
                                         toPath: folder.appendingPathComponent("heart.png").path)
        let style = folder.appendingPathComponent("project/style.yaml")
        try "views:\n  - class: FancyButton\n    title: Go\n    image: ../heart\n".write(to: style, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.png").path
        for arguments in [["check", style.path], ["inspect", style.path], ["render", style.path, "-o", out]] {
            let refused = try runDesignable(arguments)
            XCTAssertEqual(refused.status, 1, arguments[0])
            XCTAssertTrue(refused.stderr.hasPrefix("\(style.path):4:12: error: image: '../heart' is outside the style file's folder: image names are relative to the style file's folder"),
                          refused.stderr)
            let allowed = try runDesignable(arguments + ["--allow-outside-images"])
            XCTAssertEqual(allowed.status, 0, "\(arguments[0]): \(allowed.stderr)")
        }
    }

    /// A corrupt image is a warning at its line saying what is wrong; the render goes on with a placeholder.
    func testACorruptImageIsAWarningAtItsLine() throws {
        let folder = try temporaryFolder()
        try Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: folder.appendingPathComponent("noise.png"))
        let style = folder.appendingPathComponent("noise.yaml")
        try "views:\n  - class: FancyButton\n    title: Go\n    image: noise\n".write(to: style, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("noise-out.png")
        for arguments in [["check", style.path], ["render", style.path, "-o", out.path]] {
            let run = try runDesignable(arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, "\(style.path):4:12: warning: image 'noise': noise.png is not a PNG file (it does not start with PNG's signature); drawing a placeholder\n")
        }
        XCTAssertNotNil(pngSize(out))
    }

    /// A PNG whose header and end are sound and whose image data is damaged: `check` reads only
    /// headers and says nothing, but `render`, which decodes it, says at its line that it could
    /// not be, and why, and draws the placeholder. A named pipe with an image's name is said to be one.
    func testAPNGWhoseDataIsCorruptIsAWarningWhenRendered() throws {
        let folder = try temporaryFolder()
        var bytes = [UInt8](try Data(contentsOf: projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/assets/heart.png")))
        let idat = try XCTUnwrap((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) })
        for index in idat + 6..<idat + 40 { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: folder.appendingPathComponent("pic.png"))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600), 0)
        let style = folder.appendingPathComponent("style.yaml")
        try "views:\n  - class: FancyButton\n    title: Go\n    image: pic\n".write(to: style, atomically: true, encoding: .utf8)
        let check = try runDesignable(["check", style.path])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "")
        let out = folder.appendingPathComponent("out.png")
        let render = try runDesignable(["render", style.path, "-o", out.path])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stderr.hasPrefix("\(style.path):4:12: warning: image 'pic': pic.png could not be decoded: its PNG data is corrupt ("),
                      render.stderr)
        XCTAssertTrue(render.stderr.hasSuffix("); drawing a placeholder\n") && render.stderr.split(separator: "\n").count == 1, render.stderr)
        XCTAssertNotNil(pngSize(out))

        try "views:\n  - class: FancyButton\n    image: pipe\n".write(to: style, atomically: true, encoding: .utf8)
        for arguments in [["check", style.path], ["render", style.path, "-o", out.path]] {
            let run = try runDesignable(arguments, timeout: 10)
            XCTAssertEqual(run.stderr, "\(style.path):3:12: warning: image 'pipe': pipe.png is a named pipe, not a file; drawing a placeholder\n", arguments[0])
        }
    }

    func testRenderToStandardOutput() throws {
        let run = try runDesignable(["render", gallery, "-o", "-"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Array(run.stdoutBytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("gallery.png")
        try run.stdoutBytes.write(to: file)
        XCTAssertEqual(pngSize(file)?.width, 375)
    }

    func testUnwritableOutputIsAClearMessage() throws {
        let run = try runDesignable(["render", gallery, "-o", "/nonexistent-folder/out.png"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "designable: cannot write /nonexistent-folder/out.png: No such file or directory\n")
    }

    /// The README's choice: the rename replaces a symlinked output, and its target is left as it was.
    func testRenderReplacesASymlinkedOutputAndLeavesItsTarget() throws {
        let folder = try temporaryFolder()
        let target = folder.appendingPathComponent("target.txt")
        try "keep me".write(to: target, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.png")
        try FileManager.default.createSymbolicLink(atPath: out.path, withDestinationPath: target.path)
        let run = try runDesignable(["render", gallery, "-o", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertThrowsError(try FileManager.default.destinationOfSymbolicLink(atPath: out.path))
        XCTAssertNotNil(pngSize(out))
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "keep me")
    }

    func testAbsurdInputsAreErrorsNotCrashes() throws {
        let folder = try temporaryFolder()
        let cases: [(String, String)] = [
            ("canvas: {size: [30000, 30000]}\nviews: []\n", "too large to draw"),
            ("views:\n  - {class: FancyButton, borderWidth: .nan}\n", "expected a finite number"),
            ("views:\n  - {class: FancyButton, size: [-5, 10]}\n", "width must not be negative"),
            ("views:\n  - {class: PillUILabel, font: Sans 99999}\n", "font size 99999 is out of range"),
            ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                + "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
                + "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n", "aliases expand this document"),
            (String(repeating: "[", count: 50_000), "nests deeper than"),
            ("\u{0}\u{1}\u{2}binary", "YAML syntax"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let style = folder.appendingPathComponent("case\(index).yaml")
            try text.write(to: style, atomically: true, encoding: .utf8)
            let run = try runDesignable(["render", style.path, "-o", folder.appendingPathComponent("case\(index).png").path], timeout: 20)
            XCTAssertEqual(run.status, 1, "case \(index): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(expected), "case \(index): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("\(style.path):"), "case \(index) names no place: \(run.stderr)")
        }
    }

    /// A pipe, a device behind a symlink, a socket and a huge file are refused at once, never read to their end.
    func testStyleFilesThatAreNotFilesAreRefusedAtOnce() throws {
        let folder = try temporaryFolder()
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let zero = folder.appendingPathComponent("zero.yaml").path
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        let big = folder.appendingPathComponent("big.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, off_t(17 << 20)), 0)
        // A socket cannot even be opened (ENXIO): it is said to be one all the same.
        let socketPath = folder.appendingPathComponent("socket.yaml").path
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(socketFD, 0)
        defer { close(socketFD) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in socketPath.utf8.prefix(path.count - 1).enumerated() { path[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind \(socketPath)")
        let cases = [(fifo, "is a named pipe, not a file"), (zero, "is a device, not a file"), (big, "is 17825792 bytes, over the 16 MB limit"),
                     (socketPath, "is a socket, not a file")]
        for command in ["check", "render", "inspect"] {
            for (path, expected) in cases {
                let arguments = command == "render" ? [command, path, "-o", folder.appendingPathComponent("out.png").path] : [command, path]
                let run = try runDesignable(arguments, timeout: 10)
                XCTAssertEqual(run.status, 1, "\(command) \(path): \(run.stderr)")
                XCTAssertTrue(run.stderr.hasPrefix("\(path):1:1: error: cannot read the style file: \(expected)\n"), "\(command): \(run.stderr)")
            }
        }
    }

    /// The README's memory bound: checking any style file up to the size limit, however small
    /// its nodes, peaks under 100 MB (before the compact tree, these files cost 280–830 MB).
    func testCheckingAnyFileAtTheSizeLimitPeaksUnderTheDocumentedBound() throws {
        let binary = try XCTUnwrap(TestPaths.binary)
        // AddressSanitizer's shadow memory and quarantine are not the program's.
        try XCTSkipIf(binary.contains("/asan/"), "peak memory is not the program's under AddressSanitizer")
        let folder = try temporaryFolder()
        let size = 16 << 20 - 64
        let files: [(String, (Int) -> String)] = [
            ("views", { "views:\n" + String(repeating: "- {class: FancyButton}\n", count: $0 / 23) }),
            ("flow", { "views: [" + String(repeating: "a,", count: $0 / 2 - 8) + "a]\n" }),
            ("block", { "views:\n" + String(repeating: "- a\n", count: $0 / 4 - 4) }),
            ("aliases", { "a: &a x\nviews: [" + String(repeating: "*a,", count: $0 / 3 - 8) + "*a]\n" }),
        ]
        for (name, make) in files {
            let style = folder.appendingPathComponent("\(name).yaml")
            try make(size).write(to: style, atomically: false, encoding: .utf8)
            let (status, peak, findings) = try peakMemory(of: [binary, "check", style.path])
            XCTAssertEqual(status, 1, "\(name): \(findings)")
            XCTAssertTrue(findings.contains("at most") || findings.contains("refusing it"), "\(name) is refused by a limit: \(findings)")
            XCTAssertLessThan(peak, 100 << 10, "\(name).yaml peaked at \(peak) KB")
        }
    }

    /// The README's bound for files a check accepts, at the size limit, made of what costs the
    /// most to hold: long titles (shaped by Pango to size the buttons), titles in every state
    /// map, a long text an alias repeats, and a font size per view. Before their bounds these
    /// took 580, 270, 1,050 and 420 MB.
    func testCheckingLargeAcceptedFilesPeaksUnderTheDocumentedBound() throws {
        let binary = try XCTUnwrap(TestPaths.binary)
        try XCTSkipIf(binary.contains("/asan/"), "peak memory is not the program's under AddressSanitizer")
        let folder = try temporaryFolder()
        let title = { (seed: Int) in String((0..<1_600).map { Character(UnicodeScalar(UInt8(97 + ($0 * 7 + seed) % 26))) }) }
        let files: [(String, String)] = [
            ("titles", "views:\n" + (0..<9_990).map { "  - {class: FancyButton, title: \(title($0))}\n" }.joined()),
            ("states", "views:\n" + (0..<2_400).map { index in
                "  - class: FancyButton\n    title: \(title(index))\n" + ["highlighted", "selected", "disabled"].enumerated().map {
                    "    \($0.element): {title: \(title(index + $0.offset + 1))}\n"
                }.joined()
            }.joined()),
            ("alias", "x-text: &text " + String(repeating: "x", count: 1 << 20) + "\nviews:\n"
                + String(repeating: "  - {class: FancyButton, title: *text}\n", count: 1_000)),
            ("fonts", "views:\n" + (0..<3_000).map { "  - {class: FancyButton, title: Hello, font: \"DejaVu Sans \(8 + Double($0) / 100)\"}\n" }.joined()),
        ]
        for (name, text) in files {
            XCTAssertLessThanOrEqual(text.utf8.count, 16 << 20, name)
            let style = folder.appendingPathComponent("\(name).yaml")
            try text.write(to: style, atomically: false, encoding: .utf8)
            let (status, peak, findings) = try peakMemory(of: [binary, "check", style.path])
            // Each is read, built and laid out whole; only its canvas is then too large to draw.
            XCTAssertEqual(status, 1, "\(name): \(findings.prefix(500))")
            XCTAssertTrue(findings.contains("too large to draw") && !findings.contains("YAML"), "\(name): \(findings.prefix(500))")
            XCTAssertLessThan(peak, 256 << 10, "\(name).yaml peaked at \(peak) KB")
        }
    }

    /// The README's bound on writing a PNG: the canvas's pixels and a chunk of rows per core, not
    /// the picture's rows again (a 4000×4000 canvas took 106 MB more than a tiny one when they
    /// were; its surface alone is 64 MB).
    func testWritingAPNGAddsItsSurfaceButNotItsRowsToThePeak() throws {
        let binary = try XCTUnwrap(TestPaths.binary)
        try XCTSkipIf(binary.contains("/asan/"), "peak memory is not the program's under AddressSanitizer")
        let folder = try temporaryFolder()
        var peaks: [Int] = []
        for side in [40, 4_000] {
            let style = folder.appendingPathComponent("\(side).yaml")
            try "canvas: {size: [\(side), \(side)], background: \"#F2F2F7\"}\nviews:\n  - {class: FancyButton, frame: [8, 8, 20, 20], title: Hi}\n"
                .write(to: style, atomically: false, encoding: .utf8)
            let (status, peak, findings) = try peakMemory(of: [binary, "render", style.path, "-o", folder.appendingPathComponent("\(side).png").path])
            XCTAssertEqual(status, 0, findings)
            peaks.append(peak)
        }
        let surfaceKB = 4_000 * 4_000 * 4 / 1_024
        XCTAssertLessThan(peaks[1] - peaks[0], surfaceKB + 16 * 1_024, "peaks \(peaks) KB")
    }

    /// The README's bound on decoded images: at most 256 MB kept, and the one being drawn, so
    /// twelve 4000×4000 PNGs (64 MB each decoded, 768 MB together) do not add up.
    func testImagesKeptWhileDrawingStayWithinTheirBound() throws {
        let binary = try XCTUnwrap(TestPaths.binary)
        try XCTSkipIf(binary.contains("/asan/"), "peak memory is not the program's under AddressSanitizer")
        let folder = try temporaryFolder()
        let make = "import struct, sys, zlib\n"
            + "def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))\n"
            + "row = b'\\x00' + b'\\xc0\\x20\\x20' * 4000\n"
            + "png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 4000, 4000, 8, 2, 0, 0, 0))"
            + " + chunk(b'IDAT', zlib.compress(row * 4000, 1)) + chunk(b'IEND', b'')\n"
            + "for name in sys.argv[1:]: open(name, 'wb').write(png)\n"
        let names = (1...12).map { folder.appendingPathComponent("big\($0).png").path }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", make] + names
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let style = folder.appendingPathComponent("images.yaml")
        try ("canvas: {size: [600, 60]}\nviews:\n" + (1...12).map { "  - {class: UIButton, frame: [\(($0 - 1) * 48), 0, 40, 40], image: big\($0)}\n" }.joined())
            .write(to: style, atomically: false, encoding: .utf8)
        let (status, peak, findings) = try peakMemory(of: [binary, "render", style.path, "-o", folder.appendingPathComponent("images.png").path])
        XCTAssertEqual(status, 0, findings)
        XCTAssertFalse(findings.contains("warning"), "every image decoded and drawn, none a placeholder: \(findings)")
        XCTAssertLessThan(peak, (256 + 64 + 100) << 10, "peaked at \(peak) KB")
    }

    /// Runs `arguments` as the only child of a fresh process: its exit status, its peak resident
    /// memory in KB, and what it wrote on standard error.
    private func peakMemory(of arguments: [String]) throws -> (status: Int, peakKB: Int, errors: String) {
        let measure = "import resource, subprocess, sys\n"
            + "run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
            + "print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            + "sys.stderr.write(run.stderr.decode())\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", measure] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = report.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else {
            throw NSError(domain: "peakMemory", code: 1, userInfo: [NSLocalizedDescriptionKey: "no status and peak in '\(report)': \(errors)"])
        }
        return (fields[0], fields[1], errors)
    }

    func testUsageMistakesExit64WithTheUsageLine() throws {
        let cases: [([String], String)] = [
            (["rendr", "x.yaml"], "Error: unknown command 'rendr' (did you mean 'render'?)"),
            (["render", gallery], "Error: render needs -o OUT.png"),
            (["render", gallery, "-o", "x.png", "--scael", "2"], "Error: unknown option '--scael' for 'render' (did you mean '--scale'?)"),
            (["render", gallery, "-o", "x.png", "--scale", "9"], "Error: --scale takes a number from 0.5 to 4, not '9'"),
            (["render", gallery, "-o", "x.png", "--state", "hilighted"], "Error: --state takes normal, highlighted, selected, selected+highlighted or disabled, not 'hilighted' (did you mean 'highlighted'?)"),
            (["check"], "Error: missing STYLE argument"),
            (["render", gallery, "-o", "out.jpg"], "Error: render writes PNG, SVG or PDF, by the output's extension: name it .png, .svg or .pdf (or - for PNG on standard output), not 'out.jpg'"),
            (["check", "a.yaml", "b.yaml"], "Error: unexpected argument 'b.yaml'"),
            // A flag is on when given: a value would read as a way to turn it off, and must not turn it on.
            (["bench", gallery, "--json=no"], "Error: --json takes no value: give --json alone, or leave it out (not '--json=no')"),
            (["preview", gallery, "--trace=false"], "Error: --trace takes no value: give --trace alone, or leave it out (not '--trace=false')"),
            (["render", gallery, "--help=yes"], "Error: --help takes no value"),
            ([], "Usage: designable STYLE"),
        ]
        for (arguments, expected) in cases {
            let run = try runDesignable(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "")
        }
    }

    func testHelpAndVersion() throws {
        let help = try runDesignable(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["render", "check", "inspect", "schema"] { XCTAssertTrue(help.stdout.contains("  \(command) "), command) }
        let renderHelp = try runDesignable(["render", "--help"])
        XCTAssertEqual(renderHelp.status, 0)
        XCTAssertTrue(renderHelp.stdout.contains("Usage: designable render STYLE"))
        XCTAssertTrue(renderHelp.stdout.contains("--scale N"))
        let version = try runDesignable(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("designable "))
    }

    func testSchemaIsJSONDerivedFromTheDeclarations() throws {
        let run = try runDesignable(["schema"])
        XCTAssertEqual(run.status, 0)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let fancy = try XCTUnwrap(definitions["FancyButton"] as? [String: Any])
        let properties = try XCTUnwrap(fancy["properties"] as? [String: Any])
        let radius = try XCTUnwrap(properties["cornerRadius"] as? [String: Any])
        // A number, or the same number quoted ("4"), as the loader reads both; never negative.
        XCTAssertEqual(radius["type"] as? [String], ["number", "string"])
        XCTAssertEqual(radius["minimum"] as? Int, 0)
        XCTAssertEqual(radius["description"] as? String, "Radius of the rounded corners (layer.cornerRadius); the background, border and clipped content follow it. Default: 0.")
        let alignment = try XCTUnwrap(properties["alignment"] as? [String: Any])
        XCTAssertEqual(alignment["enum"] as? [String], ["left", "center", "right", "fill", "leading", "trailing"])
        XCTAssertNotNil(definitions["SubscribeButtonState"])
    }
}
