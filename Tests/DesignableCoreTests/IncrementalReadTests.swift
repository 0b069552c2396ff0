@testable import DesignableCore
import Foundation
import XCTest

/// Reading only what a save changed (`IncrementalRead`) against reading the whole file: the same
/// views (classes, frames, every property's value and place, in every state), the same findings
/// to the character and in the same order, and the same pixels, over thousands of random edits;
/// then the span logic and each reason to read the whole file instead.
final class IncrementalReadTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // MARK: - Equivalence under random edits

    /// Random edits of the gallery, each compared with a full read; the pixels every fifth time.
    func testRandomEditsOfTheGalleryReadAsTheWholeFile() throws {
        let text = try String(contentsOf: fixturesFolder.appendingPathComponent("gallery.yaml"), encoding: .utf8)
        let walk = EditWalk(text: text, path: fixturesFolder.path + "/gallery.yaml", seed: 11)
        walk.run(edits: 1500, pixelsEvery: 5, rowsEvery: 10)
        XCTAssertGreaterThan(walk.incremental, walk.edits / 3, "a third of the edits at least read only the views they touch (\(walk.summary))")
        XCTAssertGreaterThan(walk.sectionReads, 30, "edits of a section above the views read its lines alone (\(walk.summary))")
        print("gallery: \(walk.summary)")
    }

    /// Random edits of the views-inside-views example (cards, stacks, pins, a compound preset
    /// used three times with `nested:` values), each compared with a full read, subviews at every
    /// depth included; the pixels every fifth time.
    func testRandomEditsOfANestedFileReadAsTheWholeFile() throws {
        let path = repositoryRoot.appendingPathComponent("assets/examples/cards.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let walk = EditWalk(text: text, path: path, seed: 29)
        walk.run(edits: 800, pixelsEvery: 5, rowsEvery: 5)
        XCTAssertGreaterThan(walk.incremental, walk.edits / 3, "a third of the edits at least read only the views they touch (\(walk.summary))")
        print("cards: \(walk.summary)")
    }

    /// Random edits of a generated 2,000-view file (flow and block entries, presets, an anchor,
    /// ids, state maps, comments), each compared with a full read; the pixels every tenth time.
    func testRandomEditsOfA2000ViewFileReadAsTheWholeFile() throws {
        let walk = EditWalk(text: Self.manyViews(2000), path: fixturesFolder.path + "/incremental-2000.yaml", seed: 2000)
        walk.run(edits: 2000, pixelsEvery: 10, rowsEvery: 25, rereadsEvery: 25)
        XCTAssertGreaterThan(walk.incremental, walk.edits / 3, "a third of the edits at least read only the views they touch (\(walk.summary))")
        XCTAssertGreaterThan(walk.sectionReads, 30, "edits of a section above the views read its lines alone (\(walk.summary))")
        print("2,000 views: \(walk.summary)")
    }

    // MARK: - The span and the entries it touches

    func testTheChangedSpanLiesBetweenWhatTheTextsBeginAndEndWithAlike() {
        func span(_ old: [UInt8], _ new: [UInt8]) -> IncrementalRead.Span {
            old.withUnsafeBufferPointer { a in new.withUnsafeBufferPointer { b in IncrementalRead.changedSpan(a, b) } }
        }
        func span(_ old: String, _ new: String) -> IncrementalRead.Span { span(Array(old.utf8), Array(new.utf8)) }
        XCTAssertEqual(span("abc", "abc"), .init(start: 3, oldEnd: 3, newEnd: 3))
        XCTAssertEqual(span("abc", "abXc"), .init(start: 2, oldEnd: 2, newEnd: 3))
        XCTAssertEqual(span("abc", "ac"), .init(start: 1, oldEnd: 2, newEnd: 1))
        XCTAssertEqual(span("abc", "aXYc"), .init(start: 1, oldEnd: 2, newEnd: 3))
        // The common end never reaches into the common beginning.
        XCTAssertEqual(span("aaa", "aaaa"), .init(start: 3, oldEnd: 3, newEnd: 4))
        XCTAssertEqual(span("", "x"), .init(start: 0, oldEnd: 0, newEnd: 1))
        // Across the blocks compared whole.
        let long = [UInt8](repeating: 97, count: 10_000)
        var changed = long
        changed[6_000] = 98
        XCTAssertEqual(span(long, changed), .init(start: 6_000, oldEnd: 6_001, newEnd: 6_001))
        XCTAssertEqual(span(long, Array(long[1...])), .init(start: 9_999, oldEnd: 10_000, newEnd: 9_999))
    }

    func testAChangeTouchesTheEntriesAroundIt() throws {
        let text = "canvas: {width: 200}\nviews:\n  - class: UIView\n    alpha: 0.5\n  # note\n  - class: UIView\n  - class: UIView\n"
        let loaded = try XCTUnwrap(loadStyle(text, path: path)?.loadedText)
        XCTAssertEqual(loaded.itemLines, [3, 6, 7, 8])
        XCTAssertEqual(loaded.dashColumn, 2)
        func entries(_ old: String, _ new: String, in text: String = text) -> Range<Int>? {
            let edited = Array(text.replacingOccurrences(of: old, with: new).utf8)
            let span = loaded.bytes.withUnsafeBufferPointer { a in edited.withUnsafeBufferPointer { b in IncrementalRead.changedSpan(a, b) } }
            return IncrementalRead.entries(touchedBy: span, in: loaded)
        }
        XCTAssertEqual(entries("0.5", "0.7"), 0..<1)
        XCTAssertEqual(entries("# note", "# a note"), 0..<1, "a comment between entries is the entry's above")
        XCTAssertEqual(entries("  # note\n", "  # note\n# X\n"), 0..<2, "lines added before an entry may continue the one above")
        XCTAssertEqual(entries("  # note\n", "  # note\n    id: x\n"), 0..<2, "however much of its indentation they share")
        XCTAssertEqual(entries("alpha: 0.5\n  # note\n  - class: UIView\n  - class", "alpha: 0.5\n  - class"), 0..<3, "a cut across entries")
        XCTAssertEqual(entries("zzz", "zzz"), 3..<3, "no change, no entry")
        let appended = Array((text + "  - {class: UIView}\n").utf8)
        let span = loaded.bytes.withUnsafeBufferPointer { a in appended.withUnsafeBufferPointer { b in IncrementalRead.changedSpan(a, b) } }
        XCTAssertEqual(IncrementalRead.entries(touchedBy: span, in: loaded), 2..<3, "an entry added at the end")
        XCTAssertNil(entries("200", "300"), "the canvas is above the list")
        XCTAssertNil(entries("views:", "views: "), "the key is above the list")
    }

    /// An entry's view may start on the line below its `-` (the `-` alone or with a comment):
    /// the entry starts at the `-`.
    func testAnEntryStartsAtItsDashWhereverItsViewStarts() throws {
        let text = "views:\n  -\n    class: UIView\n  - # the second\n\n    class: UIView\n    id: b\n  - {class: UIView}\n"
        let loaded = try XCTUnwrap(loadStyle(text, path: path)?.loadedText)
        XCTAssertEqual(loaded.itemLines, [2, 4, 8, 9])
        XCTAssertEqual(loaded.itemStarts, [7, 29, 75, 95])
        XCTAssertNil(try fallback(from: text, to: text.replacingOccurrences(of: "id: b", with: "id: c\n    alpha: 0.5")))
        XCTAssertNil(try fallback(from: text, to: text.replacingOccurrences(of: "# the second", with: "# the second view")))
    }

    func testEntryLinesAreThoseThatReadAloneAsInTheList() {
        func lines(_ text: String, endsFile: Bool = false) -> EntryLines? {
            let bytes = Array(text.utf8) + (endsFile ? [] : Array("  - next\n".utf8))
            return EntryLines(bytes, 0..<text.utf8.count, dashColumn: 2)
        }
        let fine = lines("  # a comment\n  - a: 1\n    b: [1,\n      2]\n\n  -\n    c: 3\n  - d\r\n")
        XCTAssertEqual(fine?.dashStarts, [14, 44, 57])
        XCTAssertEqual(fine?.dashLines, [1, 5, 7])
        XCTAssertEqual(fine?.breaks, 8)
        XCTAssertNotNil(lines("  - a: 1", endsFile: true), "the last line of the file needs no newline")
        XCTAssertNil(lines("  - a: 1"), "a line that runs into the next entry")
        XCTAssertNil(lines("  - a\nb: 1\n"), "a top-level key ends the list")
        XCTAssertNil(lines("  - a\n  b: 1\n"), "at the list's column only entries")
        XCTAssertNil(lines("  - a\n---\n"), "a new document")
        XCTAssertNil(lines("    b: 1\n  - a\n"), "more of the entry above")
        XCTAssertNil(lines("  - a\n\tb: 1\n"), "a tab where the indentation ends")
        XCTAssertNil(lines("  - a\r b\n"), "a carriage return alone breaks a line for libyaml")
        XCTAssertNil(lines("  - a\u{2028}b\n"), "so does LS")
        XCTAssertNil(lines("  - a\u{85}b\n"), "and NEL")
        XCTAssertNil(lines("  -- a\n"))
    }

    // MARK: - What reads only the changed views, and what reads the whole file

    let path = "/tmp/designable-incremental/style.yaml"

    /// A file with a theme, a preset, an anchor its third view merges, and ids.
    static let base = """
        theme:
          colors: {brand: "#3B5998"}
        styles:
          Primary: {class: FancyButton, cornerRadius: 4}
        canvas: {width: 200}
        x-base: &base {alpha: 0.5}
        views:
          - class: UIView
            id: first
          - {style: Primary, title: Go}
          - {<<: *base, class: UIView}
          - class: FancyButton
            id: last
            title: Last

        """

    /// Reads `new` over a full read of `old`; on success checks the result is a full read's
    /// (findings, views, every row, pixels) and gives nil, else gives why it read the whole file.
    func fallback(from old: String = base, to new: String, file: StaticString = #filePath, line: UInt = #line) throws -> IncrementalRead.Fallback? {
        let previous = try XCTUnwrap(loadStyle(old, path: path), file: file, line: line)
        let full = StyleLoader.load(bytes: Array(new.utf8), path: path)
        // Whichever way it goes, the loader gives what a full read gives.
        let loaded = StyleLoader.load(bytes: Array(new.utf8), path: path, reusing: previous, incremental: true)
        XCTAssertEqual(loaded.diagnostics, full.diagnostics, file: file, line: line)
        switch IncrementalRead.read(Array(new.utf8), over: previous) {
        case .success(let part):
            let all = Set(part.document?.views.indices ?? 0..<0)
            XCTAssertNil(LoadComparison().difference(full, part, pixels: true, rowsOf: all), file: file, line: line)
            return nil
        case .failure(let fallback):
            return fallback
        }
    }

    func testAnEditOfAViewReadsThatView() throws {
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "title: Last", with: "title: Later")))
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "title: Go", with: "title: Went")))
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "title: Last", with: "title: Last\n    alpha: 0.2")), "a value added")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "id: first", with: "id: second")), "lines above the alias, none added")
        XCTAssertNil(try fallback(to: Self.base + "  - {class: UIView, id: added}\n"), "a view added")
        let plain = Self.base.replacingOccurrences(of: "  - {<<: *base, class: UIView}\n", with: "")
        XCTAssertNil(try fallback(from: plain, to: plain.replacingOccurrences(of: "  - class: FancyButton\n    id: last\n    title: Last\n", with: "")),
                     "a view taken out")
        XCTAssertNil(try fallback(from: plain, to: plain.replacingOccurrences(of: "  - class: UIView\n    id: first\n", with: "")), "the first taken out")
        XCTAssertNil(try fallback(from: plain, to: plain.replacingOccurrences(of: "views:\n", with: "views:\n  - {class: UIView}\n")), "one added first")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "title: Last", with: "title: [Last")), .syntax,
                       "a syntax error is the whole file's to say")
    }

    func testAnEditOutsideTheViewsAndSectionsReadsTheWholeFile() throws {
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "views:", with: "views: # the views")), .outsideViews, "the views key")
        XCTAssertEqual(try fallback(from: "# Tokens.\n" + Self.base, to: "# Tokenz.\n" + Self.base), .outsideViews, "above the first key")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "{brand: \"#3B5998\"}\nstyles:", with: "{brand: \"#3B5999\"}\nstyle:")),
                       .outsideViews, "two sections")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "alpha: 0.5", with: "alpha: 0.6")), .sharing, "an anchor's section")
    }

    /// A save that changes only theme values reads again only the values that read them: each
    /// view that read a changed name is the old one with those values read again (its decoding
    /// new, its nodes the last read's), and the document, findings and pixels are a fresh read's,
    /// whether the value was set by the view, a preset, a state map, a layer map or a merge key,
    /// as a colour, a colour with an alpha, a dynamic colour or a theme font.
    func testAThemeValueSaveReadsAgainOnlyTheValuesThatReadTheTheme() throws {
        let path = fixturesFolder.path + "/themed.yaml"
        func file(brand: String, accent: String, ink: String, body: String) -> [UInt8] {
            Array("""
            theme:
              colors: {brand: "\(brand)", accent: "\(accent)", ink: \(ink), plain: "#777777"}
              fonts: {body: "\(body)"}
            styles:
              Primary: {class: FancyButton, borderColor: brand, borderWidth: 2, highlighted: {backgroundColor: accent}}
            x-base: &base {cornerRadius: 4, borderWidth: 1, borderColor: accent}
            canvas: {width: 400, background: plain}
            views:
              - {class: FancyButton, frame: [8, 8, 120, 40], title: One, titleColor: ink@0.5, font: body, borderColor: brand, borderWidth: 2, layer: {shadowColor: accent, shadowOpacity: 0.5, shadowRadius: 2}}
              - {style: Primary, title: Two, frame: [136, 8, 120, 40], selected: {titleColor: brand}, highlighted: {titleColor: ink}}
              - {class: SubscribeButton, frame: [8, 56, 120, 40], isSelected: true, backgroundColor: brand, borderColor: accent}
              - {class: DesignableButton, frame: [136, 56, 120, 40], title: Four, startColor: brand, endColor: accent, borderColor: ink, borderWidth: 1}
              - {<<: *base, class: FancyButton, title: Five, frame: [264, 8, 120, 40], titleColor: brand, titleColor: "#101010"}
              - {class: PillUILabel, text: Six, frame: [264, 56, 120, 40], textColor: ink, backgroundColor: brand}
              - {class: UIView, frame: [8, 104, 120, 20], backgroundColor: "#FF5F6D"}
            """.utf8)
        }
        let base = (brand: "#3B5998", accent: "#F37335", ink: "{light: \"#111111\", dark: \"#EEEEEE\"}", body: "DejaVu Sans 13")
        let saves = [
            file(brand: "#FF0000", accent: base.accent, ink: base.ink, body: base.body),
            file(brand: base.brand, accent: "#00FF00", ink: base.ink, body: base.body),
            file(brand: base.brand, accent: base.accent, ink: "{light: \"#222222\", dark: \"#DDDDDD\"}", body: base.body),
            file(brand: base.brand, accent: base.accent, ink: base.ink, body: "DejaVu Serif 15"),
            file(brand: "#123456", accent: "#654321", ink: "\"#ABCDEF\"", body: "DejaVu Sans Bold 11"),
        ]
        let comparison = LoadComparison()
        for (number, save) in saves.enumerated() {
            let first = StyleLoader.load(bytes: file(brand: base.brand, accent: base.accent, ink: base.ink, body: base.body), path: path)
            let previous = try XCTUnwrap(first.document, "\(first.diagnostics)")
            // The preview has drawn every state the file styles before the save.
            for view in previous.views { for state in [ControlState.normal, .highlighted, .selected] { _ = view.component(in: state) } }
            let over = StyleLoader.load(bytes: save, path: path, reusing: previous)
            let fresh = StyleLoader.load(bytes: save, path: path)
            XCTAssertNil(comparison.difference(fresh, over, pixels: true, rowsOf: Set(0..<7)), "save \(number + 1)")
            let changed = try XCTUnwrap(over.document)
            let reread = zip(previous.views, changed.views).map { old, new in
                new.decoding !== old.decoding && new.decoding.properties.tree === old.decoding.properties.tree
            }
            XCTAssertTrue(reread.contains(true), "save \(number + 1): no view had only its theme values read again")
            XCTAssertFalse(reread[6], "the view that reads no theme name is taken over as it was")
        }
    }

    /// A save of a colour many views read makes none of their components until each is asked
    /// for: the recoloured views share what they cover with the views they continue, and the
    /// first ask makes the component a fresh read makes, even after several such saves in a row
    /// none of which drew them. A colour whose alpha changes (a shadow turning clear, or only
    /// fainter: a view's `@` factor may take a faint alpha to none) and a font are read again at
    /// once instead: what their views cover may change.
    func testAColourSaveMakesOnlyTheComponentsAskedFor() throws {
        let path = fixturesFolder.path + "/recoloured.yaml"
        func file(_ edge: String, _ glow: String = "\"#FF9500\"", body: String = "DejaVu Sans 12") -> [UInt8] {
            Array(("""
            theme:
              colors: {edge: \(edge), glow: \(glow)}
              fonts: {body: "\(body)"}
            canvas: {size: [400, 2000]}
            views:

            """ + (0..<40).map { index in
                "  - {class: FancyButton, frame: [8, \(8 + index * 48), 120, 40], title: B\(index), font: body, borderWidth: 2, borderColor: edge,"
                    + " highlighted: {titleColor: edge}, layer: {shadowColor: glow, shadowOpacity: 0.4, shadowRadius: 3}}\n"
            }.joined()).utf8)
        }
        let first = StyleLoader.load(bytes: file("\"#1C1C1E\""), path: path)
        var previous = try XCTUnwrap(first.document, "\(first.diagnostics)")
        let renderer = Renderer()
        _ = try renderer.render(previous, layout: renderer.layout(previous), scale: 1)
        let comparison = LoadComparison()
        var last = first
        for (number, edge) in ["\"#FF0000\"", "\"#00FF00\"", "{light: \"#111111\", dark: \"#EEEEEE\"}"].enumerated() {
            last = StyleLoader.load(bytes: file(edge), path: path, reusing: previous)
            let over = try XCTUnwrap(last.document)
            for (old, new) in zip(previous.views, over.views) {
                XCTAssertTrue(new.isRecoloured(from: old), "save \(number + 1)")
                XCTAssertNil(new.decoding.made[ControlState.normal.rawValue], "save \(number + 1): made before it was asked for")
            }
            previous = over
        }
        // Asked for now, three saves later: what a fresh read of the last save makes.
        let fresh = StyleLoader.load(bytes: file("{light: \"#111111\", dark: \"#EEEEEE\"}"), path: path)
        XCTAssertNil(comparison.difference(fresh, last, pixels: true, rowsOf: [0, 39]))

        // Covering otherwise, or may: the shadow's colour turning clear or fainter, and a font.
        for (name, save) in [("a clear shadow", file("red", "\"#FF950000\"")), ("a fainter shadow", file("red", "\"#FF950040\"")),
                             ("a font", file("red", body: "DejaVu Sans 20"))] {
            let over = StyleLoader.load(bytes: save, path: path, reusing: previous)
            let document = try XCTUnwrap(over.document)
            XCTAssertFalse(zip(previous.views, document.views).contains { $0.1.isRecoloured(from: $0.0) }, name)
            XCTAssertNil(comparison.difference(StyleLoader.load(bytes: save, path: path), over, pixels: true, rowsOf: [0]), name)
            previous = document
        }
        // The clear shadow is not drawn, so the view covers less than it did with it.
        let frame = Rect(x: 8, y: 8, width: 120, height: 40)
        let shadowed = try XCTUnwrap(StyleLoader.load(bytes: file("red"), path: path).document)
        XCTAssertNotEqual(shadowed.views[0].visualBounds(in: frame), frame)
        let unshadowed = try XCTUnwrap(StyleLoader.load(bytes: file("red", "\"#FF950000\""), path: path, reusing: shadowed).document)
        XCTAssertEqual(unshadowed.views[0].visualBounds(in: frame), frame)
    }

    /// What a component notes of the values it read from the theme holds nothing that holds it:
    /// a document let go frees its components (a cycle there leaked every save's).
    func testAComponentThatReadTheThemeIsFreedWithItsDocument() throws {
        weak var component: Component?
        weak var layer: LayerAttributes?
        do {
            let text = "theme: {colors: {brand: \"#3B5998\"}}\nviews:\n  - {class: FancyButton, borderColor: brand, layer: {shadowColor: brand, shadowOpacity: 1}}\n"
            let document = try XCTUnwrap(StyleLoader.load(text: text, path: fixturesFolder.path + "/freed.yaml").document)
            component = document.views[0].component(in: .normal)
            layer = component?.layerAttributes
            XCTAssertEqual(component?.themeBindings?.count, 2)
        }
        XCTAssertNil(component)
        XCTAssertNil(layer)
    }

    /// A save that changes only the lines of one other top-level key parses those lines alone
    /// and decodes the file from the nodes parsed before; what they cannot say alone reads the file.
    func testAnEditOfAnotherSectionReadsItsLinesAlone() throws {
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "#3B5998", with: "#3B5999")), "a theme colour")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "cornerRadius: 4", with: "cornerRadius: 5")), "a preset")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "cornerRadius: 4", with: "cornerRadius: -5")), "a preset's finding")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "Primary: {", with: "Primry: {")), "a preset views use renamed: their errors")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "{brand: \"#3B5998\"}", with: "{brand: \"#3B5998\", ink: red}")),
                     "a theme name added")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "{brand: \"#3B5998\"}", with: "{brand: 12}")), "an error in it")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "colors: {brand: \"#3B5998\"}", with: "colors:\n    brand: red")),
                       .movesFixedLines, "a line added")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "theme:", with: "themes:")), .syntax, "the key itself renamed")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "colors: {brand", with: "colors: &c {brand")), .sharing)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "\"#3B5998\"}", with: "\"#3B5998\"")), .syntax)
    }

    /// Saves read one after another, each over the last: a section read after a view's, the
    /// canvas's and another section's reads reads the nodes they left; after a view moved down
    /// the file (its node no longer says where it is), the file is read whole.
    func testSectionReadsFollowOtherReads() throws {
        var text = Self.base.replacingOccurrences(of: "  - {<<: *base, class: UIView}\n", with: "")
        var previous = try XCTUnwrap(loadStyle(text, path: path))
        func save(_ old: String, _ new: String, expecting expected: IncrementalRead.Fallback? = nil, line: UInt = #line) throws {
            text = text.replacingOccurrences(of: old, with: new)
            let full = StyleLoader.load(bytes: Array(text.utf8), path: path)
            switch IncrementalRead.read(Array(text.utf8), over: previous) {
            case .success(let part):
                XCTAssertNil(expected, "read alone", line: line)
                XCTAssertNil(LoadComparison().difference(full, part, pixels: true, rowsOf: Set(part.document?.views.indices ?? 0..<0)), line: line)
                previous = try XCTUnwrap(part.document, line: line)
            case .failure(let fallback):
                XCTAssertEqual(fallback, expected, line: line)
                previous = try XCTUnwrap(full.document, line: line)
            }
        }
        try save("title: Go", "title: Went")
        try save("#3B5998", "#3B5999")
        try save("width: 200", "width: 240")
        try save("cornerRadius: 4", "cornerRadius: 6")
        try save("title: Last", "title: Later")
        try save("#3B5999", "#3B599A")
        try save("id: first", "id: first\n    alpha: 0.9")
        try save("#3B599A", "#3B599B", expecting: .movesFixedLines)
        try save("#3B599B", "#3B599C")
    }

    /// A section read alone re-reads the files the style imports, as a whole read does, within the
    /// bounds they share with it.
    func testASectionReadAloneReadsTheImportsAsTheWholeFile() throws {
        let folder = NSTemporaryDirectory() + "designable-incremental-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "theme: {colors: {brand: \"#3B5998\", ink: red}}\nstyles:\n  Pill: {class: PillUILabel, textColor: ink}\n"
            .write(toFile: folder + "/tokens.yaml", atomically: true, encoding: .utf8)
        let style = """
            import: [tokens.yaml]
            theme:
              colors: {ink: "#1C1C1E"}
            views:
              - {style: Pill, text: One}
              - {class: FancyButton, title: Two, borderColor: brand, borderWidth: 1}

            """
        let path = folder + "/style.yaml"
        let previous = try XCTUnwrap(loadStyle(style, path: path))
        for (old, new) in [("\"#1C1C1E\"", "\"#2C2C2E\""), ("\"#1C1C1E\"", "\"#2C2C2E\", brand: green"), ("[tokens.yaml]", "[tokens.yaml, tokens.yaml]")] {
            let text = Array(style.replacingOccurrences(of: old, with: new).utf8)
            let full = StyleLoader.load(bytes: text, path: path)
            let part = try IncrementalRead.read(text, over: previous).get()
            XCTAssertNil(LoadComparison().difference(full, part, pixels: true, rowsOf: [0, 1]), new)
            XCTAssertEqual(part.dependencies, full.dependencies, new)
        }
    }

    /// A save that changes only the canvas's lines reads the canvas alone, every view kept; what
    /// the canvas alone cannot say (a line added, another key, an anchor, bad YAML) reads the file.
    func testAnEditOfTheCanvasReadsTheCanvasAlone() throws {
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "width: 200", with: "width: 201")))
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "width: 200", with: "width: 200, background: brand")), "a theme colour")
        XCTAssertNil(try fallback(to: Self.base.replacingOccurrences(of: "width: 200", with: "width: 200, backgrund: red")), "its finding, did-you-mean included")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "canvas: {width: 200}", with: "canvas:\n  width: 200")), .movesFixedLines)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "canvas: {width: 200}", with: "canvas: &c {width: 200}")), .sharing)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "canvas: {width: 200}", with: "canvas: {width: 200")), .syntax)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "canvas: {width: 200}", with: "canvs: {width: 200}")), .syntax,
                       "the key itself renamed")
        let block = Self.base.replacingOccurrences(of: "canvas: {width: 200}", with: "canvas:\n  width: 200\n  background: white")
        XCTAssertNil(try fallback(from: block, to: block.replacingOccurrences(of: "background: white", with: "background: \"#F2F2F7\"")),
                     "a block mapping's line")
        XCTAssertNil(try fallback(from: block, to: block.replacingOccurrences(of: "background: white", with: "background: 12")), "an error in it")
    }

    func testAnchorsAliasesAndMergeKeysInTheChangedViewsReadTheWholeFile() throws {
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "{<<: *base, class: UIView}", with: "{<<: *base, class: UIView, id: x}")), .sharing)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "title: Last", with: "title: Last\n    <<: {alpha: 0.1}")), .sharing)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "id: last", with: "id: &last last")), .sharing)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "title: Last", with: "title: Last\n    backgroundColor: *base")), .syntax,
                       "alone, the alias names no anchor")
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "title: Last", with: "title: Last\n    backgroundColor: &c red\n    tintColor: *c")), .sharing)
    }

    func testLinesThatWouldNotReadAsEntriesReadTheWholeFile() throws {
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "  - class: FancyButton", with: "more: 1\n  - class: FancyButton")), .notEntries)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "    title: Last", with: "  title: Last")), .notEntries)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "    title: Last", with: "\ttitle: Last")), .notEntries)
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "    title: Last", with: "---\n    title: Last")), .notEntries)
    }

    func testLinesAddedAboveWhatCannotMoveReadTheWholeFile() throws {
        XCTAssertEqual(try fallback(to: Self.base.replacingOccurrences(of: "id: first", with: "id: first\n    alpha: 0.2")), .movesFixedLines,
                       "an alias below: what it merges stays while it moves")
        let keyAfter = "views:\n  - {class: UIView, id: a}\n  - {class: UIView, id: b}\ncanvas: {width: 200}\n"
        XCTAssertEqual(try fallback(from: keyAfter, to: keyAfter.replacingOccurrences(of: "id: a}", with: "id: a}\n  # more")), .movesFixedLines)
        XCTAssertNil(try fallback(from: keyAfter, to: keyAfter.replacingOccurrences(of: "id: a}", with: "id: c}")))
        let repeated = "views:\n  - {class: UIView, id: a}\n  - {class: UIView}\n  - {class: UIView, id: b, id: c}\n"
        XCTAssertEqual(try fallback(from: repeated, to: repeated.replacingOccurrences(of: "id: a}", with: "id: a}\n  # more")), .movesFixedLines,
                       "a parser's finding below says a line")
        XCTAssertNil(try fallback(from: repeated, to: repeated + "  - {class: UIView}\n"))
    }

    /// Views below an edit that adds lines move with their findings and their values' places;
    /// what they take from a preset of the file stays where the preset is.
    func testViewsBelowMoveButTheirPresetsPlacesStay() throws {
        let text = """
            styles:
              Soft: {cornerRadius: 4, cornerRadus: 2}
            views:
              - class: UIView
                id: first
              - {class: UIView, id: second}
              - {class: FancyButton, style: Soft, title: Go, alfa: 2}

            """
        let previous = try XCTUnwrap(StyleLoader.load(text: text, path: path).document)
        let edited = text.replacingOccurrences(of: "id: first", with: "id: first\n    # two lines\n    # more")
        XCTAssertNil(try fallback(from: text, to: edited))
        let part = try IncrementalRead.read(Array(edited.utf8), over: previous).get()
        let moved = try XCTUnwrap(part.document?.views[2])
        XCTAssertTrue(moved.isSameDecoding(as: previous.views[2]), "taken over, not decoded again")
        XCTAssertEqual(moved.location.line, previous.views[2].location.line + 2)
        let rows = moved.propertyRows(in: .normal)
        XCTAssertEqual(rows.first { $0.name == "cornerRadius" }?.setAt?.line, 2, "the preset's line")
        XCTAssertEqual(rows.first { $0.name == "title" }?.setAt?.line, 9, "the view's own, moved")
        XCTAssertEqual(part.diagnostics.map(\.location.line), [2, 9], "the preset's finding stays, the view's moves")
    }

    func testTheViewsAboveAreTheSameObjectsAndEachContinuesItsOwn() throws {
        let previous = try XCTUnwrap(loadStyle(Self.base, path: path))
        let edited = Self.base.replacingOccurrences(of: "title: Last", with: "title: Later")
        let document = try XCTUnwrap(IncrementalRead.read(Array(edited.utf8), over: previous).get().document)
        XCTAssertTrue(zip(document.views[..<3], previous.views[..<3]).allSatisfy { $0 === $1 })
        XCTAssertFalse(document.views[3].isSameDecoding(as: previous.views[3]))
        let reconciler = Reconciler(from: Reconciler.Shown(document: previous, layout: nil, states: previous.views.map { _ in .normal }), to: document)
        XCTAssertEqual(reconciler.matches, [0, 1, 2, 3])
        // The same text again reads nothing and changes nothing.
        let again = try XCTUnwrap(IncrementalRead.read(Array(edited.utf8), over: document).get().document)
        XCTAssertTrue(zip(again.views, document.views).allSatisfy { $0 === $1 })
    }

    func testBoundsTheWholeFileWouldBreakReadIt() throws {
        // Nesting: alone the entries' lines nest one level less than in the file.
        let text = "views:\n  - {class: UIView}\n"
        func nested(_ depth: Int) -> String {
            "  - {class: UIView, x-deep: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}\n"
        }
        XCTAssertNil(try fallback(from: text, to: text + nested(253)))
        XCTAssertEqual(try fallback(from: text, to: text + nested(254)), .bounds)
        XCTAssertTrue(StyleLoader.load(text: text + nested(254), path: path).diagnostics.hasErrors)
    }

    func testFilesWhoseViewsAreNotLinesOfAListKeepNoText() throws {
        for text in ["views: [{class: UIView}, {class: UIView}]\n", "views:\n  - class: UIView\r  - class: UIView\r",
                     "x-list: &list\n  - {class: UIView}\nviews: *list\n", "views: &list\n  - {class: UIView}\n"] {
            XCTAssertNil(StyleLoader.load(text: text, path: path).document?.loadedText, text.debugDescription)
            XCTAssertNotNil(StyleLoader.load(text: text, path: path).document, text.debugDescription)
        }
        let windows = "views:\r\n  - class: UIView\r\n    alpha: 0.5\r\n  - class: UIView\r\n"
        XCTAssertNil(try fallback(from: windows, to: windows.replacingOccurrences(of: "0.5", with: "0.25\r\n    id: x")), "\\r\\n is one break")
    }

    /// A style file of `count` views of several kinds, laid out on a grid.
    static func manyViews(_ count: Int) -> String {
        var lines = ["# \(count) views for the incremental read's tests.",
                     "theme:",
                     "  colors: {brand: \"#3B5998\", accent: \"#F37335\"}",
                     "styles:",
                     "  Pill: {class: PillUILabel, textColor: white, backgroundColor: brand, font: Sans 12}",
                     "  Primary: {class: FancyButton, cornerRadius: 8, highlighted: {backgroundColor: accent}}",
                     "x-base: &base {cornerRadius: 4, borderWidth: 1, borderColor: brand}",
                     "canvas: {width: 2168, background: \"#F2F2F7\"}",
                     "views:"]
        for index in 0..<count {
            let (row, column) = index.quotientAndRemainder(dividingBy: 20)
            let frame = "[\(8 + column * 108), \(8 + row * 40), 100, 32]"
            if index % 50 == 7 { lines.append("  # Row \(row), column \(column).") }
            switch index % 10 {
            case 3:
                lines += ["  - class: PillUILabel", "    id: label-\(index)", "    text: Label \(index)", "    frame: \(frame)"]
            case 5:
                lines.append("  - {style: Pill, text: \"\(index)\", frame: \(frame)}")
            case 7:
                lines += ["  - style: Primary", "    title: Go \(index)", "    frame: \(frame)", "    selected: {titleColor: red}"]
            case 9 where index % 100 == 99 && index < 400:
                lines.append("  - {<<: *base, class: FancyButton, title: Based \(index), frame: \(frame)}")
            case 1:
                lines.append("  - {class: FancyButton, frame: \(frame), title: \"Buy \(index)\", tintColor: red}")
            default:
                // Most are plain views: a full read of 2,000 views is what each edit pays for twice.
                lines.append("  - {class: UIView, frame: \(frame), backgroundColor: \(index % 2 == 0 ? "brand" : "\"#FF5F6D\"")}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - The walk

/// Saves of a file, one random edit after another: each is read incrementally over the last good
/// document (as the preview reads a save) and in full, and the two must agree. After an edit that
/// breaks the file the walk often goes back to its last good text, as a person fixes a typo.
final class EditWalk {
    let path: String
    let original: [UInt8]
    var text: [UInt8]
    var goodText: [UInt8]
    var random: SeededRandom
    var previous: StyleDocument?
    private(set) var edits = 0
    private(set) var incremental = 0
    private(set) var broken = 0
    let comparison = LoadComparison()

    init(text: String, path: String, seed: UInt64) {
        self.path = path
        self.text = Array(text.utf8)
        original = self.text
        goodText = self.text
        random = SeededRandom(seed: seed)
        let first = StyleLoader.load(bytes: self.text, path: path)
        XCTAssertNotNil(first.document, "the walk starts from a good file: \(first.diagnostics.prefix(3))")
        previous = first.document
    }

    /// Why the edits not read incrementally were read whole.
    private(set) var fallbacks: [IncrementalRead.Fallback: Int] = [:]
    var summary: String {
        "\(edits) edits, \(incremental) read incrementally (\(sectionReads) of them a section above the views), \(rereads) read whole over the last document, \(broken) left the file broken, \(comparison.pictures) pictures compared; read whole: "
            + fallbacks.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }

    /// The views whose every row to compare: all of them when `all`; else each view the edit
    /// decoded, up to 30 of those it moved (their rows follow from their decoding and the lines
    /// they moved by, the same for all), and 8 others. A view the incremental read took over as
    /// it was is the last document's own object, made by a read the walk checked (or by a full read).
    func views(toCompare part: LoadResult, over previous: StyleDocument?, all: Bool) -> Set<Int> {
        let views = part.document?.views ?? []
        guard !all else { return Set(views.indices) }
        let kept = Set((previous?.views ?? []).map(ObjectIdentifier.init))
        let decodings = Set((previous?.views ?? []).map { ObjectIdentifier($0.decoding) })
        var chosen: Set<Int> = [], moved: [Int] = []
        for (index, view) in views.enumerated() where !kept.contains(ObjectIdentifier(view)) {
            if decodings.contains(ObjectIdentifier(view.decoding)) { moved.append(index) } else { chosen.insert(index) }
        }
        for _ in 0..<min(30, moved.count) { chosen.insert(moved[random.int(in: 0...(moved.count - 1))]) }
        for _ in 0..<min(8, views.count) { chosen.insert(random.int(in: 0...(views.count - 1))) }
        return chosen
    }

    /// Whether the edit from `old` to `new` lies in the lines of the `theme:` section: after a
    /// line starting `theme:`, with no line starting at the left margin (but a comment) between.
    private func changesTheme(_ old: [UInt8], _ new: [UInt8]) -> Bool {
        let span = old.withUnsafeBufferPointer { a in new.withUnsafeBufferPointer { b in IncrementalRead.changedSpan(a, b) } }
        let key = Array("theme:".utf8)
        var lineStart = span.start
        while lineStart > 0, old[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        // Up the file a line at a time, from the edit's own line.
        while true {
            let first = lineStart < old.count ? old[lineStart] : UInt8(ascii: " ")
            if old[lineStart...].starts(with: key) { return true }
            let atMargin = first != UInt8(ascii: " ") && first != UInt8(ascii: "\t") && first != UInt8(ascii: "\n") && first != UInt8(ascii: "#")
            if atMargin && lineStart < span.start { return false }
            guard lineStart > 0 else { return false }
            lineStart -= 1
            while lineStart > 0, old[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        }
    }

    /// Incremental reads of an edit above `views:`: a section's lines read alone.
    private(set) var sectionReads = 0

    /// Whether the edit from `old` to `new` lies wholly above the line of `views:`.
    static func isAboveViews(_ old: [UInt8], _ new: [UInt8]) -> Bool {
        let span = old.withUnsafeBufferPointer { a in new.withUnsafeBufferPointer { b in IncrementalRead.changedSpan(a, b) } }
        return old.firstRange(of: Array("\nviews:".utf8)).map { span.oldEnd <= $0.lowerBound } ?? false
    }

    /// Edits read whole compared with a fresh read, besides every edit of the theme.
    private(set) var rereads = 0

    /// `rereadsEvery`: of the edits read whole, every this many is also read over the last
    /// document (as the preview reads them) and compared with the fresh read; edits in the theme
    /// always are.
    func run(edits count: Int, pixelsEvery: Int, rowsEvery: Int = 1, rereadsEvery: Int = 1) {
        for _ in 0..<count {
            let before = text
            text = EditWalk.edit(text, random: &random)
            edits += 1
            let full = StyleLoader.load(bytes: text, path: path)
            var part: LoadResult?
            switch previous.map({ IncrementalRead.read(text, over: $0) }) {
            case .success(let result)?: part = result
            case .failure(let fallback)?: fallbacks[fallback, default: 0] += 1
            case nil: break
            }
            if let part {
                incremental += 1
                if EditWalk.isAboveViews(before, text) { sectionReads += 1 }
                let rowsOf = views(toCompare: part, over: previous, all: edits % rowsEvery == 0)
                if let found = comparison.difference(full, part, pixels: incremental % pixelsEvery == 0, rowsOf: rowsOf) {
                    XCTFail("edit \(edits) read incrementally differs from a full read in \(found)\n\(EditWalk.difference(before, text))")
                    return
                }
            } else if let previous, (edits % rereadsEvery == 0 || changesTheme(before, text)) {
                // Read whole, as the preview does, over the last document: the views it takes
                // over (those a theme change leaves alone too) must read as a fresh load.
                rereads += 1
                let reread = StyleLoader.load(bytes: text, path: path, reusing: previous)
                let rowsOf = views(toCompare: reread, over: previous, all: edits % rowsEvery == 0)
                if let found = comparison.difference(full, reread, pixels: rereads % pixelsEvery == 0, rowsOf: rowsOf) {
                    XCTFail("edit \(edits) read whole over the last document differs from a fresh read in \(found)\n\(EditWalk.difference(before, text))")
                    return
                }
            }
            // The preview keeps the last good document and reads the next save over it.
            if let document = part?.document ?? (part == nil ? full.document : nil) {
                previous = document
                goodText = text
            } else {
                broken += 1
                if random.chance(0.6) { text = goodText }
            }
            if edits % 60 == 0 {
                // Now and then the file is set back, so edits do not pile up into another file.
                text = original
                goodText = original
                previous = StyleLoader.load(bytes: text, path: path).document
            }
        }
    }

    /// The edit between two texts, for a failure's message.
    static func difference(_ old: [UInt8], _ new: [UInt8]) -> String {
        let span = old.withUnsafeBufferPointer { a in new.withUnsafeBufferPointer { b in IncrementalRead.changedSpan(a, b) } }
        let removed = String(decoding: old[span.start..<span.oldEnd], as: UTF8.self)
        let added = String(decoding: new[span.start..<span.newEnd], as: UTF8.self)
        let line = old[..<span.start].filter { $0 == UInt8(ascii: "\n") }.count + 1
        return "at line \(line) (byte \(span.start)): \(removed.debugDescription) became \(added.debugDescription)"
    }

    // MARK: Edits

    /// Characters edits insert: YAML's own, letters, digits, and a few that break things.
    static let alphabet = Array("abcXYZ019 :-#{}[],\"'&*!|>\n\t.<".utf8)
    static let lines = ["  # a comment", "", "  - {class: PillUILabel, text: Added}", "    alpha: 0.5", "oops", "  - &copy {class: UIView}",
                        "    <<: {cornerRadius: 3}", "\ttitle: tab", "  - class: FancyButton", "    title: Added here", "views:",
                        "  -", "    - nested", "---", "  - {class: UIView, frame: [1, 2, 3, 4]}", "      deeper: 1", "theme: {}",
                        "  - title: \"open", "    frame: [0, 0,", "    id: system", "    highlighted: {alpha: 0.2}"]
    static let words = ["red", "blue", "true", "false", "12", "0", "-4", "white@0.5", "SIGN IN", "\"quoted\"", "brand", "~", "[1, 2]", "{a: 1}"]

    /// `text` with one random edit, most in `views:`, some anywhere.
    static func edit(_ text: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var text = text
        let viewsStart = text.firstRange(of: Array("\nviews:".utf8))?.upperBound ?? 0
        func position() -> Int {
            random.chance(0.85) ? random.int(in: viewsStart...text.count) : random.int(in: 0...text.count)
        }
        func lineStart(_ at: Int) -> Int { (text[..<at].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1 }
        func lineEnd(_ at: Int) -> Int { text[at...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.count }
        func randomCharacters(_ count: Int) -> [UInt8] { (0..<count).map { _ in alphabet[random.int(in: 0...(alphabet.count - 1))] } }
        // Most edits above the views change a value where it is, as a person tunes a token.
        if random.chance(0.08), viewsStart > 0,
           let place = text[..<viewsStart].indices.filter({ (48...57).contains(text[$0]) || (65...70).contains(text[$0]) }).randomElement(using: &random) {
            let digits = Array("0123456789ABCDEF".utf8)
            text[place] = digits[random.int(in: 0...(digits.count - 1))]
            return text
        }
        switch random.int(in: 0...99) {
        case 0..<15:
            text.insert(contentsOf: randomCharacters(random.int(in: 1...4)), at: position())
        case 15..<30:
            let at = position()
            text.removeSubrange(at..<min(text.count, at + random.int(in: 1...6)))
        case 30..<38:
            let at = position()
            text.replaceSubrange(at..<min(text.count, at + random.int(in: 1...4)), with: randomCharacters(random.int(in: 1...4)))
        case 38..<50:
            // Another number where one is written: the commonest edit.
            let at = position()
            if let digit = text[at...].firstIndex(where: { (48...57).contains($0) }) {
                var end = digit
                while end < text.count, (48...57).contains(text[end]) { end += 1 }
                text.replaceSubrange(digit..<end, with: Array(String(random.int(in: 0...400)).utf8))
            }
        case 50..<58:
            // Another word where a value is written.
            let at = position()
            if let colon = text[at...].firstIndex(of: UInt8(ascii: ":")) {
                let end = text[colon...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") } ?? text.count
                text.replaceSubrange(colon..<end, with: Array((": " + words[random.int(in: 0...(words.count - 1))]).utf8))
            }
        case 58..<72:
            let line = lines[random.int(in: 0...(lines.count - 1))]
            text.insert(contentsOf: Array((line + "\n").utf8), at: lineStart(position()))
        case 72..<82:
            let start = lineStart(position())
            var end = start
            for _ in 0..<random.int(in: 1...3) where end < text.count { end = lineEnd(end) }
            text.removeSubrange(start..<end)
        case 82..<88:
            let start = lineStart(position())
            text.insert(contentsOf: text[start..<lineEnd(start)], at: start)
        case 88..<94:
            // Two lines swapped.
            let start = lineStart(position())
            let middle = lineEnd(start), end = middle < text.count ? lineEnd(middle) : middle
            let (first, second) = (Array(text[start..<middle]), Array(text[middle..<end]))
            if second.last == UInt8(ascii: "\n"), first.last == UInt8(ascii: "\n") { text.replaceSubrange(start..<end, with: second + first) }
        default:
            // A cut across entries.
            let at = position()
            text.removeSubrange(at..<min(text.count, at + random.int(in: 10...240)))
        }
        return text
    }
}

// MARK: - Comparing two loads

/// Compares a full read with an incremental one, each laid out and drawn by its own renderer.
final class LoadComparison {
    let fullRenderer = Renderer()
    let partRenderer = Renderer()
    /// The incremental side's layout findings carried from load to load, as the preview does.
    let partFindings = LayoutFindings()
    /// How many pairs of pictures were compared.
    private(set) var pictures = 0

    /// Where two loads of one text differ, nil when they do not: their findings (the layout's
    /// too) to the character and in order, the files they depend on, the canvas and theme, each
    /// view's class, place, frame, size, states and presets, for the views `rowsOf` picks every
    /// property's value and place in every state the view is drawn in, and with `pixels` the
    /// canvas drawn at 1×, byte for byte.
    func difference(_ full: LoadResult, _ part: LoadResult, pixels: Bool, rowsOf: Set<Int>) -> String? {
        func differ<T: Equatable>(_ what: @autoclosure () -> String, _ a: T, _ b: T) -> String? {
            a == b ? nil : "\(what()):\n    full \(a)\n    incremental \(b)"
        }
        if let found = differ("findings", full.diagnostics.map(\.description), part.diagnostics.map(\.description))
            ?? differ("dependencies", full.dependencies, part.dependencies) { return found }
        guard let expected = full.document, let actual = part.document else {
            return differ("a document", full.document != nil, part.document != nil)
        }
        let (expectedLayout, actualLayout) = (fullRenderer.layout(expected), partRenderer.layout(actual))
        if let found = differ("all findings", Findings.all(full, layout: expectedLayout).map(\.description),
                              Findings.all(part, layout: actualLayout, memo: partFindings).map(\.description))
            ?? differ("canvas", expectedLayout.canvasSize, actualLayout.canvasSize)
            ?? differ("canvas settings", PropertyRow.rows(of: expected.canvas), PropertyRow.rows(of: actual.canvas))
            ?? differ("canvas place", expected.canvasLocation, actual.canvasLocation)
            ?? differ("theme", expected.theme, actual.theme) ?? differ("fonts", expected.fonts, actual.fonts)
            ?? differ("presets", expected.presets.keys.sorted(), actual.presets.keys.sorted())
            ?? differ("document's dependencies", expected.dependencies, actual.dependencies)
            ?? differ("views", expected.views.count, actual.views.count) { return found }
        for (index, (a, b)) in zip(expected.views, actual.views).enumerated() {
            var view: String { "view #\(index + 1)" }
            if let found = differ("\(view) class", a.type.className, b.type.className) ?? differ("\(view) id", a.id, b.id)
                ?? differ("\(view) place", a.location, b.location) ?? differ("\(view) frame", expectedLayout.frames[index], actualLayout.frames[index])
                ?? differ("\(view) size", a.size, b.size) ?? differ("\(view) start", a.initialState, b.initialState)
                ?? differ("\(view) states", a.styledStates, b.styledStates)
                ?? differ("\(view) presets", a.presets.map(\.name), b.presets.map(\.name))
                ?? differ("\(view) presets' places", a.presets.map(\.location), b.presets.map(\.location))
                ?? differ("\(view) dependencies", a.dependencies, b.dependencies) { return found }
            guard rowsOf.contains(index) else { continue }
            for state in [ControlState.normal] + ControlState.layered.map(\.state) where state == .normal || a.styledStates.contains(state) {
                if let found = differ("\(view) \(state)", a.propertyRows(in: state), b.propertyRows(in: state)) { return found }
            }
            let maps = { (view: StyledView) in view.writtenStateMaps.map { "\($0.state) \($0.location) \($0.rows)" } }
            if let found = differ("\(view) state maps", maps(a), maps(b)) { return found }
        }
        // Every view inside another, at any depth: where it is, where it is laid out, its values.
        for path in expected.allPaths where !path.isTopLevel {
            guard let a = expected.view(at: path), let b = actual.view(at: path) else { return "view \(path): in one read only" }
            var view: String { "view \(path)" }
            if let found = differ("\(view) class", a.type.className, b.type.className) ?? differ("\(view) id", a.id, b.id)
                ?? differ("\(view) place", a.location, b.location)
                ?? differ("\(view) frame", fullRenderer.canvasFrame(of: path, in: expected, layout: expectedLayout),
                          partRenderer.canvasFrame(of: path, in: actual, layout: actualLayout))
                ?? differ("\(view) states", a.styledStates, b.styledStates) ?? differ("\(view) subviews", a.subviews.count, b.subviews.count) {
                return found
            }
            guard rowsOf.contains(path.root) else { continue }
            for state in [ControlState.normal] + ControlState.layered.map(\.state) where state == .normal || a.styledStates.contains(state) {
                if let found = differ("\(view) \(state)", a.propertyRows(in: state), b.propertyRows(in: state)) { return found }
            }
        }
        if let found = differ("paths", expected.allPaths, actual.allPaths) { return found }
        guard pixels else { return nil }
        pictures += 1
        func drawn(_ document: StyleDocument, _ layout: Layout, _ renderer: Renderer) -> [UInt8]? {
            guard let surface = try? renderer.render(document, layout: layout, scale: 1), let data = surface.data else { return nil }
            return Array(UnsafeRawBufferPointer(start: data, count: surface.stride * surface.height))
        }
        // memcmp, not ==: the test target is unoptimised, where Array's == compares byte by byte through generics.
        switch (drawn(expected, expectedLayout, fullRenderer), drawn(actual, actualLayout, partRenderer)) {
        case (nil, nil): return nil
        case let (a?, b?) where a.count == b.count && memcmp(a, b, a.count) == 0: return nil
        default: return "the pixels"
        }
    }
}
