import Foundation
import XCTest

/// The command line around the commands: help, colour, the manual and completions, `check`'s
/// summary and `--strict`, `inspect`'s state maps, fallbacks and JSON.
final class CommandLinePolishTests: XCTestCase {
    private let gallery = projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/gallery.yaml").path
    private let commandNames = ["preview", "render", "check", "inspect", "bench", "schema"]

    private func style(_ text: String, named name: String = "style.yaml") throws -> String {
        let path = try temporaryFolder().appendingPathComponent(name)
        try text.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    private func tool(_ name: String) throws -> String {
        try XCTUnwrap(TestPaths.tool(name), "\(name) is not installed: make deps installs it")
    }

    // MARK: - help

    func testHelpCommandPrintsTheCommandsHelp() throws {
        for name in commandNames {
            let help = try runDesignable(["help", name]), flag = try runDesignable([name, "--help"])
            XCTAssertEqual(help.status, 0, name)
            XCTAssertEqual(help.stdout, flag.stdout, name)
            XCTAssertTrue(help.stdout.contains("Usage: designable \(name)"), name)
        }
        let overview = try runDesignable(["help"])
        XCTAssertTrue(overview.stdout.contains("Run 'designable help COMMAND'"), overview.stdout)
        let unknown = try runDesignable(["help", "rendr"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.stderr, "Error: unknown command 'rendr' (did you mean 'render'?)\nUsage: designable help COMMAND   (designable --help lists the commands)\n")
    }

    // MARK: - Colour

    /// Findings are coloured on a terminal (a pseudo-terminal here) or when CLICOLOR_FORCE says
    /// so; never with NO_COLOR set, nor into a pipe.
    func testFindingsAreColouredOnATerminalOnly() throws {
        let path = try style("views:\n  - class: FancyButton\n    cornerRadus: 3\n")
        let coloured = "\u{1B}[1m\(path):3:5\u{1B}[0m: \u{1B}[1;33mwarning\u{1B}[0m: FancyButton has no property 'cornerRadus'"
        let plain = "\(path):3:5: warning: FancyButton has no property 'cornerRadus'"
        // An empty NO_COLOR counts as unset (no-color.org), so the runner's own cannot leak in.
        let unset = ["NO_COLOR": "", "CLICOLOR_FORCE": ""]

        let piped = try runDesignable(["check", path], environment: unset)
        XCTAssertTrue(piped.stderr.hasPrefix(plain), piped.stderr)
        XCTAssertFalse(piped.stderr.contains("\u{1B}["))
        let forced = try runDesignable(["check", path], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"])
        XCTAssertTrue(forced.stderr.hasPrefix(coloured), forced.stderr)
        let refused = try runDesignable(["check", path], environment: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"])
        XCTAssertTrue(refused.stderr.hasPrefix(plain), refused.stderr)

        // On a pseudo-terminal (util-linux's script gives the command one): colour, unless NO_COLOR.
        let binary = try XCTUnwrap(TestPaths.binary)
        var environment = ProcessInfo.processInfo.environment.merging(unset) { $1 }
        environment["TERM"] = "xterm"
        environment["FONTCONFIG_FILE"] = TestPaths.fontConfig
        let terminal = try runTool(try tool("script"), ["-qec", "\(binary) check \(path)", "/dev/null"], environment: environment)
        XCTAssertTrue(String(decoding: terminal.out, as: UTF8.self).contains(coloured), String(decoding: terminal.out, as: UTF8.self))
        environment["NO_COLOR"] = "1"
        let noColor = try runTool(try tool("script"), ["-qec", "\(binary) check \(path)", "/dev/null"], environment: environment)
        let noColorText = String(decoding: noColor.out, as: UTF8.self)
        XCTAssertTrue(noColorText.contains(plain), noColorText)
        XCTAssertFalse(noColorText.contains("\u{1B}["), noColorText)
    }

    // MARK: - check

    func testCheckSummarisesInOneLineAndStrictFailsOnWarnings() throws {
        let good = try runDesignable(["check", gallery])
        XCTAssertEqual(good.status, 0)
        XCTAssertEqual(good.stdout, "\(gallery): 22 views, no findings\n")
        XCTAssertEqual(good.stderr, "")
        XCTAssertEqual(try runDesignable(["check", "--strict", gallery]).status, 0)

        let warned = try style("views:\n  - class: FancyButton\n    cornerRadus: 3\n  - class: PillUILabel\n")
        let lenient = try runDesignable(["check", warned])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertEqual(lenient.stdout, "\(warned): 2 views, 1 warning\n")
        let strict = try runDesignable(["check", warned, "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stdout, "\(warned): 2 views, 1 warning (failing: --strict)\n")
        XCTAssertEqual(strict.stderr, lenient.stderr)

        let broken = try style("views:\n  - class: FancyButton\n    borderColor: rde\n    cornerRadus: 3\n")
        let failed = try runDesignable(["check", broken])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "\(broken): 1 error, 1 warning\n")
    }

    // MARK: - inspect

    private let stated = """
        views:
          - class: SubscribeButton
            id: subscribe
          - class: FancyButton
            id: go
            title: Go
            tintColor: red
            highlighted: {backgroundColor: "#FF000020"}
            selected:
              titleColor: white
              layer: {borderWidth: 2}

        """

    func testInspectListsStateMapsAndFallbacks() throws {
        let path = try style(stated)
        let run = try runDesignable(["inspect", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        func words(_ prefix: String, after heading: String) -> [String] {
            let start = lines.firstIndex { $0.hasPrefix(heading) } ?? 0
            return (lines[start...].first { $0.hasPrefix(prefix) } ?? "").split(separator: " ").map(String.init)
        }
        // Unset, the title colour is the tint, marked as such.
        XCTAssertEqual(words("  Title Color ", after: "#1").suffix(5), ["UIColor?", "\"#5B2A86\"", "←", "tintColor", "default"])
        XCTAssertEqual(words("  Title Color ", after: "#2").suffix(5), ["UIColor?", "\"#FF0000\"", "←", "tintColor", "default"])
        XCTAssertTrue(lines.contains("  highlighted map, line 8:"), run.stdout)
        XCTAssertEqual(words("    Background Color ", after: "  highlighted map").suffix(5), ["UIColor", "\"#FF000020\"", "highlighted", "map", "8:36"])
        XCTAssertTrue(lines.contains("  selected map, line 9:"), run.stdout)
        XCTAssertEqual(words("    Title Color ", after: "  selected map").suffix(5), ["UIColor?", "\"#FFFFFF\"", "selected", "map", "10:19"])
        XCTAssertEqual(words("    Layer Border Width ", after: "  selected map").suffix(5), ["CGFloat", "2", "selected", "map", "11:28"])
    }

    func testInspectJSONParsesAndListsStateMaps() throws {
        let path = try style(stated)
        let run = try runDesignable(["inspect", "--json", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(root["style"] as? String, path)
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["id"] as? String }, ["subscribe", "go"])
        XCTAssertEqual(views[1]["class"] as? String, "FancyButton")
        XCTAssertEqual(views[1]["line"] as? Int, 4)
        XCTAssertEqual((views[1]["frame"] as? [Double])?.count, 4)

        let properties = try XCTUnwrap(views[1]["properties"] as? [[String: Any]])
        let title = try XCTUnwrap(properties.first { $0["name"] as? String == "title" })
        XCTAssertEqual(title["value"] as? String, "Go")
        XCTAssertEqual(title["setAt"] as? [String: Int], ["line": 6, "column": 12])
        let titleColor = try XCTUnwrap(properties.first { $0["name"] as? String == "titleColor" })
        XCTAssertTrue(titleColor["value"] is NSNull)
        XCTAssertEqual(titleColor["fallback"] as? [String: String], ["name": "tintColor", "value": "#FF0000"])
        let radius = try XCTUnwrap(properties.first { $0["name"] as? String == "cornerRadius" })
        XCTAssertEqual(radius["value"] as? Double, 0)
        XCTAssertTrue(radius["setAt"] is NSNull)

        let states = try XCTUnwrap(views[1]["states"] as? [[String: Any]])
        XCTAssertEqual(states.map { $0["state"] as? String }, ["selected", "highlighted"])
        XCTAssertEqual(states.map { $0["line"] as? Int }, [9, 8])
        let selected = try XCTUnwrap(states[0]["properties"] as? [[String: Any]])
        XCTAssertEqual(selected.map { $0["name"] as? String }, ["titleColor", "layer.borderWidth"])
        XCTAssertEqual(selected.map { $0["value"] as? AnyHashable }, ["#FFFFFF", 2])
        XCTAssertEqual((views[0]["states"] as? [Any])?.count, 0)
    }

    // MARK: - The manual and completions

    /// The committed manual and completion scripts are what the option tables make now.
    func testTheManualAndCompletionsAreWrittenFromTheOptionTables() throws {
        for (kind, file) in [("man", "docs/designable.1"), ("bash", "completions/designable.bash"), ("zsh", "completions/_designable")] {
            let generated = try runDesignable(["_generate", kind])
            XCTAssertEqual(generated.status, 0, generated.stderr)
            let committed = try String(contentsOf: projectRoot.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(committed, generated.stdout, "\(file) is out of date: run make docs")
        }
    }

    func testTheManualRendersWithoutWarnings() throws {
        let page = projectRoot.appendingPathComponent("docs/designable.1").path
        var environment = ProcessInfo.processInfo.environment
        (environment["MANPAGER"], environment["MANWIDTH"], environment["LC_ALL"]) = ("cat", "80", "C.UTF-8")
        let run = try runTool(try tool("man"), ["--warnings", "-l", page], environment: environment)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        let text = String(decoding: run.out, as: UTF8.self)
        for expected in ["DESIGNABLE(1)", "designable render STYLE -o OUT", "--view ID", "--strict", "NO_COLOR", "EXIT STATUS", "Tab, Shift+Tab"] {
            XCTAssertTrue(text.contains(expected), expected)
        }
        for name in commandNames { XCTAssertTrue(text.contains("designable \(name)"), name) }
    }

    /// The bash script parses, and completes commands, options, option values, and files by extension.
    func testBashCompletion() throws {
        let script = projectRoot.appendingPathComponent("completions/designable.bash").path
        let bash = try tool("bash")
        XCTAssertEqual(try runTool(bash, ["-n", script]).status, 0)
        let folder = try temporaryFolder()
        for name in ["a.yaml", "B.YML", "c.png", "d.SVG", "e.txt"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let cases: [([String], String)] = [
            (["re"], "render"),
            (["help", "ch"], "check"),
            (["render", "a.yaml", "--st"], "--state"),
            (["render", "a.yaml", "--state", "h"], "highlighted"),
            (["render", "a.yaml", "-o", ""], "c.png d.SVG sub"),
            (["check", ""], "B.YML a.yaml sub"),
            (["check", "--"], "--allow-outside-images --audit --components --help --scale --strict"),
            (["a.yaml", "--scr"], "--screenshot --screenshot-dir"),
            (["preview", "a.yaml", "--screenshot-dir", ""], "sub"),
        ]
        for (words, expected) in cases {
            let line = (["designable"] + words).map { "'\($0)'" }.joined(separator: " ")
            let program = "cd '\(folder.path)' && source '\(script)' && COMP_WORDS=(\(line)) && COMP_CWORD=\(words.count) && _designable"
                + " && printf '%s\\n' \"${COMPREPLY[@]}\" | LC_ALL=C sort | tr '\\n' ' '"
            let run = try runTool(bash, ["-c", program])
            XCTAssertEqual(run.status, 0, run.err)
            XCTAssertEqual(String(decoding: run.out, as: UTF8.self), expected + " ", words.joined(separator: " "))
        }
    }

    func testZshCompletionParses() throws {
        let run = try runTool(try tool("zsh"), ["-n", projectRoot.appendingPathComponent("completions/_designable").path])
        XCTAssertEqual(run.status, 0, run.err)
    }

    /// `make install PREFIX=…` installs files that are in the tree, where man and the shells look.
    func testInstallPutsTheManualAndCompletionsUnderThePrefix() throws {
        let run = try runTool(try tool("make"), ["-C", projectRoot.path, "-n", "install", "PREFIX=/opt/designable"])
        XCTAssertEqual(run.status, 0, run.err)
        let lines = String(decoding: run.out, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let copies = lines.filter { $0.starts(with: ["install", "-m", "644"]) }.map { ($0[3], $0[4]) }
        for (source, target) in [("docs/designable.1", "/opt/designable/share/man/man1/designable.1"),
                                 ("completions/designable.bash", "/opt/designable/share/bash-completion/completions/designable"),
                                 ("completions/_designable", "/opt/designable/share/zsh/site-functions/_designable")] {
            XCTAssertTrue(copies.contains { $0 == (source, target) }, "\(source) → \(target)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: projectRoot.appendingPathComponent(source).path), source)
        }
        XCTAssertTrue(lines.contains(["install", "-m", "755", ".build/release/designable", "/opt/designable/bin/designable"]))
    }

    /// librsvg is opened when an SVG is first needed, not linked (it and what it pulls in cost
    /// every start ~5 ms): a file without SVG images never loads it, and one with an SVG icon
    /// loads it, checks it and draws it. The dynamic loader's own log says what was loaded.
    func testLibrsvgIsLoadedOnlyWhenAnSVGIsNeeded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = "canvas: {width: 120, height: 48}\nviews:\n  - {class: FancyButton, frame: [8, 8, 100, 32], title: Go, backgroundColor: \"#3B5998\"}\n"
        try plain.write(to: folder.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        try plain.replacingOccurrences(of: "title: Go,", with: "title: Go, image: icon, imageRendering: original,")
            .write(to: folder.appendingPathComponent("icon.yaml"), atomically: true, encoding: .utf8)
        try "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><rect width='16' height='16' fill='#FF0000'/></svg>"
            .write(to: folder.appendingPathComponent("icon.svg"), atomically: true, encoding: .utf8)

        let checked = try runDesignable(["check", "plain.yaml"], in: folder, environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertTrue(checked.stderr.contains("libpango-1.0.so"), "the loader's log lists what is loaded:\n\(checked.stderr.prefix(2000))")
        XCTAssertFalse(checked.stderr.contains("librsvg"), "no SVG, no librsvg")

        let withIcon = try runDesignable(["check", "icon.yaml"], in: folder, environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(withIcon.status, 0, withIcon.stderr)
        XCTAssertTrue(withIcon.stderr.contains("librsvg-2.so.2"), "the SVG is checked by librsvg, opened for it")

        for name in ["plain", "icon"] {
            let rendered = try runDesignable(["render", "\(name).yaml", "-o", "\(name).png"], in: folder)
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
        }
        let (without, with) = try (Data(contentsOf: folder.appendingPathComponent("plain.png")), Data(contentsOf: folder.appendingPathComponent("icon.png")))
        XCTAssertNotEqual(without, with, "the icon is drawn")
    }
}
