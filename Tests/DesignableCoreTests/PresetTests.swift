@testable import DesignableCore
import Foundation
import XCTest

/// Presets (`styles:`, `extends:`, `style:`), imports and theme fonts: what a view ends up with,
/// where each value came from, and when a reload may take a view over. The exact findings of
/// mistakes are in the bad-input corpus (`BadInputs/preset-*`, `import-*`, `theme-fonts-*`).
final class PresetTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "designable-presets-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/design", withIntermediateDirectories: true)
    }

    override func tearDown() {
        if !folder.isEmpty { try? FileManager.default.removeItem(atPath: folder) }
        super.tearDown()
    }

    private func write(_ text: String, _ name: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    /// Loads `text` as `style.yaml` in the test's folder.
    private func load(_ text: String, reusing previous: StyleDocument? = nil) -> LoadResult {
        StyleLoader.load(bytes: Array(text.utf8), path: folder + "/style.yaml", reusing: previous)
    }

    private func document(_ text: String, reusing previous: StyleDocument? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> StyleDocument {
        let result = load(text, reusing: previous)
        XCTAssertEqual(result.diagnostics.map(\.description), [], file: file, line: line)
        return try XCTUnwrap(result.document, file: file, line: line)
    }

    private func row(_ name: String, of view: StyledView, in state: ControlState = .normal) -> PropertyRow? {
        PropertyRow.rows(of: view.component(in: state)).first { $0.name == name }
    }

    // MARK: - The cascade

    private let cascade = """
        styles:
          Base: {class: UIButton, titleColor: white, backgroundColor: blue, highlighted: {backgroundColor: navy, titleColor: gray}}
          Primary:
            extends: Base
            class: FancyButton
            cornerRadius: 10
            size: [200, 44]
            highlighted: {titleColor: yellow}
        views:
          - {style: Primary, title: One}
          - style: Primary
            class: FancyButton
            backgroundColor: red
            cornerRadius: 2
            size: [100, 30]
            highlighted: {titleColor: green}

        """

    /// Defaults, then each preset from the furthest ancestor, then the view; in a state, each
    /// preset's map for it, then the view's, over all of that.
    func testPresetsApplyBeforeTheViewAndStateMapsAfterBoth() throws {
        let document = try document(cascade)
        let (one, two) = (document.views[0], document.views[1])
        XCTAssertTrue(one.type == FancyButton.self, "a view without a class takes its preset's")

        let first = try XCTUnwrap(one.component(in: .normal) as? FancyButton)
        XCTAssertEqual(first.cornerRadius, 10)
        XCTAssertEqual(first.backgroundColor, Color(rgb: 0x0000FF))
        XCTAssertEqual(first.titleColor, .white)
        XCTAssertEqual(one.size, Size(width: 200, height: 44), "the preset's size")
        let pressed = try XCTUnwrap(one.component(in: .highlighted) as? FancyButton)
        XCTAssertEqual(pressed.backgroundColor, Color(rgb: 0x000080), "Base's highlighted map")
        XCTAssertEqual(pressed.titleColor, Color(rgb: 0xFFFF00), "Primary's map over Base's")
        XCTAssertEqual(one.styledStates, .highlighted, "a preset's map styles the state: no fade")

        let second = try XCTUnwrap(two.component(in: .normal) as? FancyButton)
        XCTAssertEqual(second.backgroundColor, Color(rgb: 0xFF0000), "the view's own value wins")
        XCTAssertEqual(two.size, Size(width: 100, height: 30), "the view's own size wins")
        XCTAssertEqual(second.cornerRadius, 2)
        let secondPressed = try XCTUnwrap(two.component(in: .highlighted) as? FancyButton)
        XCTAssertEqual(secondPressed.backgroundColor, Color(rgb: 0x000080), "a preset's state map wins over the view's base value")
        XCTAssertEqual(secondPressed.titleColor, Color(rgb: 0x008000), "the view's state map wins over all")
    }

    /// Each value says where it came from: default, a preset (which, where), the view, a state map.
    func testEachValueSaysWhereItCameFrom() throws {
        try write("styles:\n  Base: {class: UIButton, titleColor: white, highlighted: {backgroundColor: navy}}\n", "design/tokens.yaml")
        let document = try document("""
            import: [design/tokens.yaml]
            styles:
              Primary: {extends: Base, title: OK}
            views:
              - {class: UIButton, style: Primary, font: "Sans 12", highlighted: {titleColor: red}}

            """)
        let view = document.views[0]
        let file = SourceFile(path: folder + "/style.yaml")
        XCTAssertEqual(view.presets.map(\.name), ["Primary", "Base"])
        XCTAssertEqual(row("tintColor", of: view)?.source(in: file), "default")
        XCTAssertEqual(row("title", of: view)?.source(in: file), "preset Primary 3:35")
        XCTAssertEqual(row("titleColor", of: view)?.source(in: file), "preset Base \(folder)/design/tokens.yaml:2:39")
        XCTAssertEqual(row("font", of: view)?.source(in: file), "view 5:45")
        XCTAssertEqual(row("font", of: view)?.origin, .view)
        XCTAssertEqual(row("backgroundColor", of: view, in: .highlighted)?.source(in: file),
                       "preset Base highlighted map \(folder)/design/tokens.yaml:2:77")
        XCTAssertEqual(row("titleColor", of: view, in: .highlighted)?.source(in: file), "highlighted map 5:82")
    }

    /// Presets hold what they extend, never themselves: a reload frees the last load's presets
    /// and the files they were read from.
    func testPresetsAreFreedWithTheirDocument() throws {
        weak var preset: Preset?
        weak var document: StyleDocument?
        do {
            let loaded = load(cascade)
            document = loaded.document
            preset = loaded.document?.presets["Primary"]
            XCTAssertNotNil(preset?.typeSource)
        }
        XCTAssertNil(document)
        XCTAssertNil(preset)
    }

    /// A preset for a class suits its subclasses: UIButton's serves every button.
    func testAPresetForASuperclassSuitsItsSubclasses() throws {
        XCTAssertTrue(FancyButton.isKind(of: Button.self))
        XCTAssertTrue(FancyButton.isKind(of: FancyButton.self))
        XCTAssertFalse(Button.isKind(of: FancyButton.self))
        XCTAssertFalse(PillUILabel.isKind(of: Button.self))
        let buttons = ComponentRegistry.all.filter { $0.isKind(of: Button.self) }
        XCTAssertGreaterThanOrEqual(buttons.count, 4)
        let document = try document("styles: {Link: {class: UIButton, titleColor: red}}\nviews:\n"
                                    + buttons.map { "  - {class: \($0.className), style: Link}\n" }.joined())
        XCTAssertEqual(document.views.count, buttons.count)
    }

    /// A view drawn through presets gives the very pixels of the same view written out.
    func testAPresetDrawsWhatTheSameValuesWrittenOutDraw() throws {
        let styled = try document("""
            theme: {colors: {brand: "#3B5998"}, fonts: {body: "DejaVu Sans Bold 15"}}
            styles:
              Base: {class: UIButton, font: body, titleColor: white}
              Primary: {extends: Base, class: FancyButton, cornerRadius: 10, backgroundColor: brand, borderWidth: 2}
            views:
              - {style: Primary, title: Continue, size: [200, 44], borderColor: orange}

            """)
        let written = try document("""
            views:
              - {class: FancyButton, title: Continue, size: [200, 44], font: "DejaVu Sans Bold 15", titleColor: white,
                 cornerRadius: 10, backgroundColor: "#3B5998", borderWidth: 2, borderColor: orange}

            """)
        let renderer = Renderer()
        for scale in [1.0, 2.0] {
            let a = try renderer.render(styled, layout: renderer.layout(styled), scale: scale)
            let b = try renderer.render(written, layout: renderer.layout(written), scale: scale)
            XCTAssertEqual(try a.pngData(), try b.pngData(), "at \(scale)×")
        }
    }

    // MARK: - Theme fonts and imports

    func testThemeFontsAreUsableWhereverAFontIs() throws {
        let document = try document("""
            theme: {fonts: {body: "DejaVu Sans 15", title: body}}
            views:
              - {class: UIButton, title: A, font: title}
              - {class: PillUILabel, text: B, font: body}

            """)
        XCTAssertEqual((document.views[0].component(in: .normal) as? Button)?.font, Font("DejaVu Sans 15"))
        XCTAssertEqual((document.views[1].component(in: .normal) as? PillUILabel)?.font, Font("DejaVu Sans 15"))
        XCTAssertEqual(document.fonts, ["body": Font("DejaVu Sans 15"), "title": Font("DejaVu Sans 15")])
    }

    /// Imports are read depth first, in order, before the file's own theme and styles: a later
    /// definition wins. A file imported twice is read once; every import is a dependency of its own kind.
    func testImportsLayerInOrderAndAreDependencies() throws {
        try write("theme: {colors: {brand: red, accent: blue}}\n", "design/colors.yaml")
        try write("import: [colors.yaml]\ntheme: {colors: {accent: green}, fonts: {body: \"DejaVu Sans 13\"}}\n", "design/tokens.yaml")
        let result = load("""
            import: [design/tokens.yaml, design/colors.yaml]
            theme: {colors: {brand: orange}}
            views:
              - {class: UIButton, title: A, titleColor: accent, tintColor: brand, font: body}

            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let document = try XCTUnwrap(result.document)
        XCTAssertEqual(document.theme["accent"], Color(rgb: 0x008000), "tokens.yaml's own theme after the colours it imports")
        XCTAssertEqual(document.theme["brand"], Color(rgb: 0xFFA500), "the style file's own last")
        XCTAssertEqual(Set(document.dependencies.filter { $0.kind == .import }),
                       [Dependency(folder + "/design/tokens.yaml", kind: .import), Dependency(folder + "/design/colors.yaml", kind: .import)])
    }

    /// A load that fails still says what it imported, so the preview watches the broken file.
    func testAFailedLoadStillNamesItsImports() throws {
        try write("theme: {colors: {brand: \"#12\"}}\n", "design/tokens.yaml")
        let result = load("import: [design/tokens.yaml, design/missing.yaml]\nviews: []\n")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.map(\.path), [folder + "/style.yaml", folder + "/design/tokens.yaml"])
        XCTAssertEqual(result.dependencies, [Dependency(folder + "/design/tokens.yaml", kind: .import),
                                             Dependency(folder + "/design/missing.yaml", kind: .import)])
    }

    /// An imported file that does not parse is the cause of every preset its users miss: its
    /// error comes first, and so is what the preview's banner shows.
    func testAnImportThatDoesNotParseIsReportedBeforeWhatItsUsersMiss() throws {
        try write("styles:\n  Primary: {cornerRadius: 8}\ntheme: {colors: {brand: \"#0B7A75\"\n", "design/tokens.yaml")
        let result = load("import: [design/tokens.yaml]\nviews:\n  - {style: Primary, title: Save}\n  - {style: Primary, title: Cancel}\n")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.map(\.path), [folder + "/design/tokens.yaml", folder + "/style.yaml", folder + "/style.yaml"])
        XCTAssertTrue(result.diagnostics.first?.message.hasPrefix("YAML syntax") == true, result.diagnostics.first?.message ?? "")
        // Two that do not parse come first in the order they are imported.
        try write("theme: {colors: {ink: \"#111111\"\n", "design/colors.yaml")
        let both = load("import: [design/tokens.yaml, design/colors.yaml]\nviews:\n  - {style: Primary, title: Save}\n")
        XCTAssertEqual(both.diagnostics.map(\.path), [folder + "/design/tokens.yaml", folder + "/design/colors.yaml", folder + "/style.yaml"])
    }

    /// The node limit holds for a style file and its imports together.
    func testTheNodeLimitCountsImportsToo() throws {
        let half = "x-big: [" + String(repeating: "a,", count: 600_000) + "a]\n"
        try write(half, "design/big.yaml")
        let result = load("import: [design/big.yaml]\n" + half + "views: []\n")
        XCTAssertEqual(result.diagnostics.map(\.message),
                       ["the style file and the files it imports have more than 1000000 values, lists and mappings together; they may have at most that many"])
        XCTAssertEqual(result.diagnostics.first?.path, folder + "/design/big.yaml")
    }

    /// At most 10,000 presets in a style file and its imports together, refused at the first past it.
    func testThePresetLimitCountsImportsToo() throws {
        try write("styles:\n" + (0..<6_000).map { "  A\($0): {cornerRadius: 1}\n" }.joined(), "design/many.yaml")
        let result = load("import: [design/many.yaml]\nstyles:\n" + (0..<4_001).map { "  B\($0): {cornerRadius: 1}\n" }.joined() + "views: []\n")
        XCTAssertEqual(result.diagnostics.map(\.description),
                       ["\(folder)/style.yaml:4003:3: error: this is preset 10001; a style file and the files it imports may define at most 10000 presets"])
    }

    // MARK: - Reloads

    private let reloadable = """
        import: [design/tokens.yaml]
        styles:
          Local: {class: UIButton, titleColor: red}
        views:
          - {style: Primary, title: One}
          - {class: UIButton, title: Two}
          - {style: Local, title: Three}

        """

    /// A view is taken over only while every preset of its chain is written as it was, where it
    /// was: an edit to an imported preset decodes the views that use it again, and no other.
    func testAViewIsTakenOverOnlyWhileItsPresetsAreUnchanged() throws {
        try write("styles:\n  Primary: {class: FancyButton, cornerRadius: 4}\n", "design/tokens.yaml")
        let first = try document(reloadable)
        let same = try document(reloadable, reusing: first)
        XCTAssertTrue(same.views.indices.allSatisfy { same.views[$0].isSameDecoding(as: first.views[$0]) })

        try write("styles:\n  Primary: {class: FancyButton, cornerRadius: 9}\n", "design/tokens.yaml")
        let edited = try document(reloadable, reusing: same)
        XCTAssertFalse(edited.views[0].isSameDecoding(as: same.views[0]), "its preset changed")
        XCTAssertEqual((edited.views[0].component(in: .normal) as? FancyButton)?.cornerRadius, 9)
        XCTAssertTrue(edited.views[1].isSameDecoding(as: same.views[1]), "no preset")
        XCTAssertTrue(edited.views[2].isSameDecoding(as: same.views[2]), "a preset that did not change")

        // Moved down a line, the same text: the value's place changed, so provenance would be stale.
        try write("\nstyles:\n  Primary: {class: FancyButton, cornerRadius: 9}\n", "design/tokens.yaml")
        let moved = try document(reloadable, reusing: edited)
        XCTAssertFalse(moved.views[0].isSameDecoding(as: edited.views[0]))
        XCTAssertEqual(row("cornerRadius", of: moved.views[0])?.setAt?.line, 3)
    }

    /// A preset's own check is taken over while its chain is unchanged, findings and all, and
    /// done again when it changed.
    func testAPresetsCheckIsTakenOverWhileItIsUnchanged() throws {
        try write("styles:\n  Primary: {class: FancyButton, cornerRadus: 4}\n", "design/tokens.yaml")
        let text = "import: [design/tokens.yaml]\nviews:\n  - {style: Primary, title: One}\n"
        let first = load(text)
        let expected = ["\(folder)/design/tokens.yaml:2:33: warning: FancyButton has no property 'cornerRadus' (did you mean 'cornerRadius'?); it is ignored"]
        XCTAssertEqual(first.diagnostics.map(\.description), expected)
        let again = load(text, reusing: first.document)
        XCTAssertEqual(again.diagnostics.map(\.description), expected)
        try write("styles:\n  Primary: {class: FancyButton, cornerRadius: 4}\n", "design/tokens.yaml")
        XCTAssertEqual(load(text, reusing: again.document).diagnostics.map(\.description), [])
    }

    /// A reload of unchanged files takes views and preset checks over, and reports exactly what
    /// a fresh load does: every corpus input that loads (warnings only) and the presets fixture.
    func testAReloadOfTheSameFilesReportsWhatAFreshLoadDid() throws {
        let corpus = BadInputCorpusTests.corpusFolder.path
        let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".yaml") }.map { corpus + "/" + $0 }
            + [fixturesFolder.path + "/Presets.yaml"]
        var reloaded = 0
        for path in inputs {
            let fresh = StyleLoader.load(path: path)
            guard let document = fresh.document, let bytes = try? FileSystem.read(path) else { continue }
            let again = StyleLoader.load(bytes: bytes, path: path, reusing: document)
            XCTAssertEqual(again.diagnostics, fresh.diagnostics, path)
            XCTAssertEqual(again.document?.dependencies, document.dependencies, path)
            reloaded += 1
        }
        XCTAssertGreaterThan(reloaded, 5)
    }

    /// A view that moves keeps no preset of its own file (the preset's findings stay where
    /// they are), and a change of theme fonts decodes every view again, as a theme colour's does.
    func testMovedViewsAndThemeFontsDecodeAgain() throws {
        try write("styles:\n  Primary: {class: FancyButton, cornerRadius: 4}\n", "design/tokens.yaml")
        let first = try document(reloadable)
        let shifted = reloadable.replacingOccurrences(of: "views:\n", with: "views:\n  # a comment moves the views\n")
        let moved = try document(shifted, reusing: first)
        XCTAssertTrue(moved.views[0].isSameDecoding(as: first.views[0]), "its preset is in another file")
        XCTAssertTrue(moved.views[1].isSameDecoding(as: first.views[1]))
        XCTAssertFalse(moved.views[2].isSameDecoding(as: first.views[2]), "its preset is in the same file, and did not move")
        XCTAssertEqual(row("titleColor", of: moved.views[2])?.setAt?.line, 3)

        let fonts = try document("theme: {fonts: {body: \"DejaVu Sans 12\"}}\n" + reloadable, reusing: first)
        XCTAssertFalse(fonts.views.indices.contains { fonts.views[$0].isSameDecoding(as: first.views[$0]) })
    }
}
