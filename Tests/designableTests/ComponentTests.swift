import Foundation
import XCTest

/// Swift components end to end: the real binary compiles a component file, loads it and draws
/// it (`render`), keeps it compiled (the cache), refuses a built-in name and reports compile
/// errors at their place; the preview redraws an edited component, saves it with `p` and
/// `--screenshot`, outlines and inspects it, says the variants grid does not show it, and
/// survives one that traps (saying the user's line), loops forever or exits.
final class ComponentTests: XCTestCase {
    /// A component filling its bounds with `fill`, made unique by `salt` so a test compiles it
    /// afresh; `body` goes first in `drawContent`.
    static func component(name: String = "Swatch", fill: String = "#FF0000", body: String = "", salt: String = UUID().uuidString) -> String {
        """
        // \(salt)
        import DesignableCore
        #if canImport(Glibc)
        import Glibc
        #endif

        final class \(name): Component {
            @Inspectable("The colour it is filled with.") var fill = Color(rgb: 0x\(fill.dropFirst()))
            override func intrinsicContentSize(_ painter: Painter) -> Size? { Size(width: 100, height: 60) }
            override func drawContent(in bounds: Rect, with painter: Painter) {
                \(body)
                painter.fill(BezierPath(rect: bounds), with: .color(fill))
            }
        }

        let designableComponents: [Component.Type] = [\(name).self]

        """
    }

    static let style = """
        components: [Components/Swatch.swift]
        canvas: {width: 140, background: "#FFFFFF", padding: 20}
        views:
          - class: Swatch
            id: swatch

        """

    /// Writes the style and the component into a new folder; its URL.
    private func project(component: String = ComponentTests.component(), style: String = ComponentTests.style) throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Components"), withIntermediateDirectories: true)
        try style.write(to: folder.appendingPathComponent("style.yaml"), atomically: true, encoding: .utf8)
        try component.write(to: folder.appendingPathComponent("Components/Swatch.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    private func pixel(of png: URL, at point: (Int, Int)) throws -> RGBImage.Pixel {
        guard let convert = TestPaths.tool("convert") else { throw XCTSkip("ImageMagick's convert is not installed") }
        let result = try runTool(convert, [png.path, "-depth", "8", "ppm:-"])
        return try RGBImage(ppm: result.out)[point.0, point.1]
    }

    /// The compiled libraries of `Swatch` in the tests' cache, with their modification times.
    private func compiledSwatches() -> [String: Date] {
        let folder = TestPaths.componentCache + "/designable/components"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [String: Date] = [:]
        for name in names where name.hasPrefix("libDesignableUser_Swatch_") && name.hasSuffix(".so") {
            found[name] = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date
        }
        return found
    }

    func testRenderCompilesAComponentAndTheCacheKeepsIt() throws {
        let folder = try project()
        let before = compiledSwatches()
        let output = folder.appendingPathComponent("out.png")
        let first = try runDesignable(["render", "style.yaml", "-o", output.path], in: folder, timeout: 180)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(try pixel(of: output, at: (70, 50)).isClose(to: RGBImage.Pixel(hex: 0xFF0000)), "the component's red")
        XCTAssertTrue(try pixel(of: output, at: (5, 5)).isClose(to: RGBImage.Pixel(hex: 0xFFFFFF)), "the canvas around it")
        let compiled = compiledSwatches().filter { before[$0.key] == nil }
        XCTAssertEqual(compiled.count, 1, "one new library for the new source")

        // Unchanged: the library is loaded from the cache, not compiled again.
        let second = try runDesignable(["render", "style.yaml", "-o", output.path], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(compiledSwatches().filter { before[$0.key] == nil }, compiled, "the cached library is neither rewritten nor joined by another")

        // The user's properties are inspectable as built-in ones: listed, and misspelt with advice.
        try Self.style.replacingOccurrences(of: "id: swatch", with: "id: swatch\n    fil: \"#00FF00\"")
            .write(to: folder.appendingPathComponent("style.yaml"), atomically: true, encoding: .utf8)
        let check = try runDesignable(["check", "style.yaml"], in: folder)
        XCTAssertTrue(check.stderr.contains("style.yaml:6:5: warning: Swatch has no property 'fil' (did you mean 'fill'?)"), check.stderr)
        let inspect = try runDesignable(["inspect", "style.yaml"], in: folder)
        XCTAssertTrue(inspect.stdout.contains("#1 Swatch \"swatch\""), inspect.stdout)
        XCTAssertTrue(inspect.stdout.contains("Fill"), inspect.stdout)
        let schema = try runDesignable(["schema", "--components", "Components"], in: folder)
        XCTAssertEqual(schema.status, 0, schema.stderr)
        XCTAssertTrue(schema.stdout.contains("\"Swatch\""), "the schema names the class")
    }

    /// What a component compiles against names DesignableCore's C modules three times over: the
    /// package's target, what `make install` installs and what the toolchain passes swiftc. A C
    /// library added to one and not the others fails only when a component compiles.
    func testTheCModulesAComponentCompilesAgainstAreDesignableCoresOwn() throws {
        func read(_ path: String) throws -> String { try String(contentsOf: projectRoot.appendingPathComponent(path), encoding: .utf8) }
        func quoted(_ line: Substring) -> [String] {
            line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        let package = try read("Package.swift").split(separator: "\n").first { $0.contains(".target(name: \"DesignableCore\"") }
        let target = try XCTUnwrap(package.map(quoted)).filter { $0.hasPrefix("C") }
        let makefile = try read("Makefile").split(separator: "\n").first { $0.hasPrefix("C_MODULES") }
        let installed = try XCTUnwrap(makefile).split(separator: "=").last.map { $0.split(separator: " ").map(String.init) } ?? []
        let toolchain = try read("Sources/DesignableCore/Plugins/ComponentToolchain.swift").split(separator: "\n").first { $0.contains("static let cModules") }
        let passed = try XCTUnwrap(toolchain.map(quoted))
        XCTAssertEqual(Set(installed), Set(target), "Makefile's C_MODULES")
        XCTAssertEqual(Set(passed), Set(target), "ComponentToolchain.cModules")
    }

    /// Outside the preview, user code runs under a supervisor: a component that traps or never
    /// returns ends `render` with one finding (the trap's line in the component) and status 1,
    /// not a crash with a backtrace or a command that never ends.
    func testATrapOrAnEndlessLoopInRenderIsAFindingNotACrashOrAHang() throws {
        let trap = try project(component: Self.component(body: "let empty: [Int] = []; _ = empty[Int(bounds.width)]"))
        let trapped = try runDesignable(["render", "style.yaml", "-o", "out.png"], in: trap, timeout: 180)
        XCTAssertEqual(trapped.status, 1, trapped.stderr)
        XCTAssertTrue(trapped.stderr.contains("Fatal error: Index out of range"), trapped.stderr)
        XCTAssertTrue(trapped.stderr.contains("designable: a Swift component crashed (") && trapped.stderr.contains(" at Swatch.swift:"), trapped.stderr)
        XCTAssertFalse(trapped.stderr.contains("Backtrace") || trapped.stderr.contains("Thread 0"), "no backtrace: \(trapped.stderr)")
        XCTAssertLessThanOrEqual(trapped.stderr.split(separator: "\n").count, 3, trapped.stderr)

        let loop = try project(component: Self.component(body: "while bounds.width > 0 {}"))
        let looped = try runDesignable(["render", "style.yaml", "-o", "out.png"], in: loop,
                                       environment: ["DESIGNABLE_COMPONENT_TIME_LIMIT": "3"], timeout: 180)
        XCTAssertEqual(looped.status, 1, looped.stderr)
        XCTAssertTrue(looped.stderr.contains("did not finish within 3 s"), looped.stderr)
    }

    /// A file that forgets its list is told the line to add, naming the classes it declares.
    func testAFileWithoutItsListIsToldTheLineToAdd() throws {
        let source = Self.component().replacingOccurrences(of: "let designableComponents: [Component.Type] = [Swatch.self]", with: "")
        let run = try runDesignable(["check", "style.yaml"], in: try project(component: source), timeout: 180)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("Swatch.swift:1:1: error: Swatch.swift does not list its classes: add `let designableComponents: [Component.Type] = [Swatch.self]`"), run.stderr)
        XCTAssertTrue(run.stderr.contains("style.yaml:4:12: error: class 'Swatch' is in Swatch.swift, which did not load"), run.stderr)
    }

    func testTheExampleComponentsRender() throws {
        let output = try temporaryFolder().appendingPathComponent("components.png")
        let run = try runDesignable(["render", "assets/examples/components.yaml", "-o", output.path], in: projectRoot, timeout: 180)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
    }

    func testANameClashAndACompileErrorAreFindingsAtTheirPlace() throws {
        let clash = try project(component: Self.component(name: "FancyButton"), style: Self.style.replacingOccurrences(of: "class: Swatch", with: "class: UIView"))
        let clashed = try runDesignable(["check", "style.yaml"], in: clash, timeout: 180)
        XCTAssertEqual(clashed.status, 1)
        XCTAssertTrue(clashed.stderr.contains("Components/Swatch.swift:7:13: error: class 'FancyButton' has the name of a built-in component"), clashed.stderr)

        let broken = try project(component: Self.component(body: "let x: Int = \"text\""))
        let failed = try runDesignable(["render", "style.yaml", "-o", "out.png"], in: broken, timeout: 180)
        XCTAssertEqual(failed.status, 1)
        let lines = failed.stderr.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("Components/Swatch.swift:11:") == true && lines.first?.contains(": error: ") == true,
                      "the compiler's error first, at its place: \(failed.stderr)")
        XCTAssertTrue(failed.stderr.contains("style.yaml:4:12: error: class 'Swatch' is in Swatch.swift, which did not load"), failed.stderr)
    }
}

// MARK: - The preview

extension PreviewWindowTests {
    func testAComponentEditRedrawsAndACrashLoopOrExitLeavesThePreviewAlive() throws {
        let components = folder + "/Components"
        try FileManager.default.createDirectory(atPath: components, withIntermediateDirectories: true)
        let source = components + "/Swatch.swift"
        try write(ComponentTests.component(), to: source)
        let (preview, x, window, _) = try open(ComponentTests.style)
        let centre = (x: 70, y: 50), bannerSpot = (x: 4, y: 4)
        let red = RGBImage.Pixel(hex: 0xFF0000), bannerRed = RGBImage.Pixel(hex: 0xD70015)

        /// Waits for file frames until `check` holds of the window's pixels.
        func waitFor(_ what: String, timeout: TimeInterval = 60, _ check: (RGBImage) -> Bool) throws {
            let deadline = Date().addingTimeInterval(timeout)
            var seen = 0
            while Date() < deadline {
                let shot = try x.screenshot(window)
                if check(shot) { return }
                _ = try? preview.waitForFrame(after: seen, cause: "file", timeout: max(0.1, deadline.timeIntervalSinceNow))
                seen = preview.frameCount
            }
            XCTFail("\(what): not seen within \(timeout) s; stderr: \(preview.stderr)")
        }
        try waitFor("the component drawn") { $0[centre.x, centre.y].isClose(to: red) }

        // p saves the worker's canvas as render draws it; --screenshot waits for its first frame.
        try x.focus(window, at: centre)
        try preview.expectFrame("input") { try x.key("p") }
        let saved = try preview.waitForLine()
        let reference = folder + "/reference.png"
        try render(folder + "/style.yaml", to: reference, arguments: [])
        try assertSameImage(saved, reference, "p on a file with components, as render draws it")
        let once = folder + "/once.png"
        let oneShot = try PreviewProcess(["preview", folder + "/style.yaml", "--screenshot", once], display: display?.name)
        XCTAssertEqual(try oneShot.waitForExit(timeout: 120), 0, oneShot.stderr)
        try assertSameImage(once, reference, "--screenshot on a file with components, as render draws it")

        // o outlines the component's frame, measured by the worker; the inspector lists its
        // properties, which the worker reads.
        let frameBlue = RGBImage.Pixel(hex: 0x007AFF)
        func outlined(_ shot: RGBImage) -> Bool {
            (17...23).contains { px in (30..<70).contains { shot[px, $0].isClose(to: frameBlue, tolerance: 40) } }
        }
        try x.key("o")
        try waitFor("the outlines of a component") { outlined($0) }
        try x.key("o")
        try waitFor("the outlines gone") { !outlined($0) }
        // (After them: the focus ring, in a blue near theirs, is where they were.)
        try x.key("Tab")
        try x.key("i")
        try waitFor("the inspector's rows of a component") { shot in
            // The Fill row's red swatch: only the worker's reading of the view has it.
            shot.width > 420 && stride(from: shot.width - 420, to: shot.width, by: 2).contains { px in
                stride(from: 100, to: min(300, shot.height), by: 2).contains { shot[px, $0].isClose(to: red) }
            }
        }
        try x.key("i")
        // g says in the banner that the variants grid does not show components; g again clears it.
        let bannerYellow = RGBImage.Pixel(hex: 0xFFCC00)
        try x.key("g")
        try waitFor("the grid's notice in the banner") { $0[bannerSpot.x, bannerSpot.y].isClose(to: bannerYellow) }
        try x.key("g")
        try waitFor("the notice gone") { !$0[bannerSpot.x, bannerSpot.y].isClose(to: bannerYellow) }

        try write(ComponentTests.component(fill: "#0000FF"), to: source)
        try waitFor("the edited component") { $0[centre.x, centre.y].isClose(to: RGBImage.Pixel(hex: 0x0000FF)) }

        try write(ComponentTests.component(body: "let broken: Int = \"x\""), to: source)
        try waitFor("a compile error's banner") { $0[bannerSpot.x, bannerSpot.y].isClose(to: bannerRed) }
        XCTAssertTrue(preview.stderr.contains("Components/Swatch.swift:11:"), "the error's place on stderr: \(preview.stderr)")
        // The canvas moved down below the banner, its last frame still on it.
        let shot = try x.screenshot(window)
        XCTAssertTrue((0..<shot.height).contains { shot[centre.x, $0].isClose(to: RGBImage.Pixel(hex: 0x0000FF)) }, "the last frame stays")

        let failures = [
            ("a trap", "let numbers = [1]; _ = numbers[fill.alpha > 0 ? 3 : 0]", "Swatch.draw crashed: Fatal error: Index out of range at Swatch.swift:11"),
            ("an endless loop", "while fill.alpha > 0 {}", "Swatch.draw took longer than 2 s"),
            ("exit", "if fill.alpha > 0 { exit(3) }", "Swatch.draw exited with status 3"),
        ]
        for (index, (what, body, said)) in failures.enumerated() {
            // Each time a good save first, so each failure has a frame to keep.
            let good = index % 2 == 0 ? "#00FF00" : "#0000FF"
            try write(ComponentTests.component(fill: good), to: source)
            try waitFor("a good save before \(what)") { $0[centre.x, centre.y].isClose(to: RGBImage.Pixel(hex: UInt32(good.dropFirst(), radix: 16)!)) }
            try write(ComponentTests.component(fill: good, body: body), to: source)
            try waitFor("\(what)'s banner") { $0[bannerSpot.x, bannerSpot.y].isClose(to: bannerRed) }
            XCTAssertTrue(preview.stderr.contains(said), "\(what): \(preview.stderr)")
            XCTAssertTrue(preview.process.isRunning, "the preview survives \(what)")
        }
        try write(ComponentTests.component(fill: "#FF0000"), to: source)
        try waitFor("the next good save draws again") { $0[centre.x, centre.y].isClose(to: red) && !$0[bannerSpot.x, bannerSpot.y].isClose(to: bannerRed) }
        XCTAssertEqual(try x.title(of: window), "style.yaml — up to date")
    }
}
