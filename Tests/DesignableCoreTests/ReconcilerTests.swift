@testable import DesignableCore
import XCTest

/// The reconciler on its own, without X: which view continues which, what states and focus
/// carry over, and what a reload must redraw.
final class ReconcilerTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private let renderer = Renderer()
    /// What a view covers, for these tests: its frame.
    private let coverage: Reconciler.Coverage = { _, _, frame in frame }

    private func document(_ text: String, reusing previous: StyleDocument? = nil) throws -> StyleDocument {
        let result = StyleLoader.load(bytes: Array(text.utf8), path: "/tmp/designable-test/reconcile.yaml", reusing: previous)
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics)")
        return try XCTUnwrap(result.document)
    }

    /// Reloads `new` over `old` shown in `states` (the loader reusing `old`): the reconciler and
    /// the damage.
    private func reload(_ old: StyleDocument, states: [ControlState], pressed: Set<Int> = [], to text: String) throws
        -> (document: StyleDocument, reconciler: Reconciler, damage: Reconciler.Damage) {
        let new = try document(text, reusing: old)
        let shown = Reconciler.Shown(document: old, layout: renderer.layout(old), states: states, pressed: pressed)
        let (reconciler, damage) = Reconciler.reconcile(from: shown, to: new, layout: renderer.layout(new), coverage: coverage)
        return (new, reconciler, damage)
    }

    private func buttons(_ titles: [String], ids: Bool = false, prefix: String = "") -> String {
        "canvas: {size: [300, 400]}\n" + prefix + "views:\n" + titles.map { title in
            "  - class: FancyButton\n" + (ids ? "    id: \(title)\n" : "") + "    title: \(title)\n    size: [200, 40]\n"
        }.joined()
    }

    func testStateIsCarriedByID() throws {
        let old = try document(buttons(["a", "b", "c"], ids: true))
        let (_, reconciler, _) = try reload(old, states: [.selected, .normal, .disabled], to: buttons(["c", "a", "b"], ids: true))
        XCTAssertEqual(reconciler.matches, [2, 0, 1])
        XCTAssertEqual(reconciler.states, [.disabled, .selected, .normal])
    }

    func testStateIsCarriedByPositionWhenAViewIsEdited() throws {
        let old = try document(buttons(["a", "b"]))
        let (_, reconciler, damage) = try reload(old, states: [.normal, .selected], to: buttons(["a", "B"]))
        XCTAssertEqual(reconciler.matches, [0, 1])
        XCTAssertEqual(reconciler.states, [.normal, .selected], "the edited view keeps its state")
        XCTAssertEqual(damage, .rects([Rect(x: 50, y: 68, width: 200, height: 40)]), "only the edited view is redrawn")
    }

    func testASelectedStateAddedInTheFileWins() throws {
        let old = try document(buttons(["a", "b"]))
        let text = buttons(["a", "b"]).replacingOccurrences(of: "title: b\n", with: "title: b\n    isSelected: true\n")
        let (_, reconciler, _) = try reload(old, states: [.selected, .disabled], to: text)
        XCTAssertEqual(reconciler.states, [.selected, [.disabled, .selected]])
        // And removing it again takes only that away.
        let (_, back, _) = try reload(try document(text), states: [.normal, [.disabled, .selected]], to: buttons(["a", "b"]))
        XCTAssertEqual(back.states, [.normal, .disabled])
    }

    /// A colour every view reads, saved: each view is redrawn where it is, though none of their
    /// components is made to compare looks (`StyledView.isRecoloured`).
    func testARecolouredViewIsRedrawnUncompared() throws {
        let text = "theme: {colors: {edge: \"#1C1C1E\"}}\n" + buttons(["a", "b", "c"]).replacingOccurrences(of: "    size:", with: "    borderColor: edge\n    borderWidth: 1\n    size:")
        let old = try document(text)
        let (new, _, damage) = try reload(old, states: [.normal, .selected, .normal], to: text.replacingOccurrences(of: "#1C1C1E", with: "#FF0000"))
        XCTAssertTrue(zip(old.views, new.views).allSatisfy { $0.1.isRecoloured(from: $0.0) })
        XCTAssertTrue(new.views.allSatisfy { $0.decoding.made.allSatisfy { $0 == nil } }, "no component made to find the damage")
        XCTAssertEqual(damage, .rects(renderer.layout(new).frames), "each view, where it is")
    }

    func testRemovedAddedAndReorderedViews() throws {
        let old = try document(buttons(["a", "b", "c"]))
        let (_, removed, removedDamage) = try reload(old, states: [.normal, .selected, .normal], to: buttons(["a", "c"]))
        XCTAssertEqual(removed.matches, [0, 2], "c is written as before, so it is c, not b edited")
        XCTAssertEqual(removed.states, [.normal, .normal])
        XCTAssertNil(removed.newIndex(ofOld: 1))
        guard case .rects(let rects) = removedDamage else { return XCTFail("\(removedDamage)") }
        XCTAssertTrue(rects.contains(Rect(x: 50, y: 120, width: 200, height: 40)), "where c was is cleared")

        let (_, added, _) = try reload(old, states: [.selected, .normal, .normal], to: buttons(["new", "a", "b", "c"]))
        XCTAssertEqual(added.matches, [nil, 0, 1, 2])
        XCTAssertEqual(added.states, [.normal, .selected, .normal, .normal])

        let (_, reordered, _) = try reload(old, states: [.selected, .normal, .disabled], to: buttons(["c", "b", "a"]))
        XCTAssertEqual(reordered.matches, [2, 1, 0])
        XCTAssertEqual(reordered.states, [.disabled, .normal, .selected])
        XCTAssertEqual(reordered.newIndex(ofOld: 0), 2, "focus on a follows it to the end")
    }

    func testFocusAndPressFollowTheirView() throws {
        let old = try document(buttons(["a", "b"], ids: true))
        let (_, reconciler, damage) = try reload(old, states: [.normal, .normal], pressed: [1], to: buttons(["b", "a"], ids: true))
        XCTAssertEqual(reconciler.newIndex(ofOld: 1), 0)
        XCTAssertEqual(reconciler.newIndex(ofOld: 0), 1)
        // Both moved, so both are redrawn, the pressed one still highlighted.
        guard case .rects(let rects) = damage else { return XCTFail("\(damage)") }
        XCTAssertEqual(Set(rects), [Rect(x: 50, y: 16, width: 200, height: 40), Rect(x: 50, y: 68, width: 200, height: 40)])
    }

    func testDamageIsOnlyTheChangedView() throws {
        let old = try document(buttons(["a", "b", "c"]))
        let edited = buttons(["a", "b", "c"]).replacingOccurrences(of: "title: c\n", with: "title: c\n    cornerRadius: 9\n")
        let (_, _, damage) = try reload(old, states: [.normal, .normal, .normal], to: edited)
        XCTAssertEqual(damage, .rects([Rect(x: 50, y: 120, width: 200, height: 40)]))
        // The coverage given is what is redrawn: a wider one (a ring, a shadow) widens the damage.
        let new = try document(edited, reusing: old)
        let shown = Reconciler.Shown(document: old, layout: renderer.layout(old), states: [.normal, .normal, .normal])
        let wide = Reconciler(from: shown, to: new).damage(layout: renderer.layout(new)) { _, _, frame in frame.insetBy(dx: -6, dy: -6) }
        XCTAssertEqual(wide, .rects([Rect(x: 44, y: 114, width: 212, height: 52)]))
    }

    func testACommentAboveEveryViewReusesThemAll() throws {
        let old = try document(buttons(["a", "b", "c"]))
        let (new, reconciler, damage) = try reload(old, states: [.selected, .normal, .disabled],
                                                   to: buttons(["a", "b", "c"], prefix: "# a comment\n\n"))
        XCTAssertEqual(damage, .rects([]), "nothing to redraw")
        XCTAssertEqual(reconciler.states, [.selected, .normal, .disabled])
        XCTAssertTrue(new.views.indices.allSatisfy { new.views[$0].isSameDecoding(as: old.views[$0]) }, "the loader took every view over")
        XCTAssertEqual(new.views[0].location.line, old.views[0].location.line + 2)
    }

    func testTheLoaderNeverReusesAViewWhoseTextChanged() throws {
        let old = try document(buttons(["a", "b"]))
        let new = try document(buttons(["a", "b"]).replacingOccurrences(of: "title: b", with: "title: \"b\""), reusing: old)
        XCTAssertTrue(new.views[0].isSameDecoding(as: old.views[0]))
        XCTAssertFalse(new.views[1].isSameDecoding(as: old.views[1]), "quoting is text too")
    }

    /// A background save redraws the canvas beneath views that are all as they were; with a view
    /// changed too, everything.
    func testABackgroundSaveKeepsTheViews() throws {
        let text = buttons(["a", "b"]).replacingOccurrences(of: "[300, 400]}", with: "[300, 400], background: white}")
        let old = try document(text)
        let shown = Reconciler.Shown(document: old, layout: renderer.layout(old), states: [.normal, .normal])
        let new = try document(text.replacingOccurrences(of: "background: white", with: "background: black"), reusing: old)
        XCTAssertEqual(Reconciler(from: shown, to: new).damage(layout: renderer.layout(new), coverage: coverage), .background)
        let both = try document(text.replacingOccurrences(of: "background: white", with: "background: black")
            .replacingOccurrences(of: "title: b", with: "title: c"), reusing: old)
        XCTAssertEqual(Reconciler(from: shown, to: both).damage(layout: renderer.layout(both), coverage: coverage), .everything)
    }

    func testNoPreviousLayoutRedrawsEverything() throws {
        let old = try document(buttons(["a"]))
        let new = try document(buttons(["a", "b"]))
        let shown = Reconciler.Shown(document: old, layout: nil, states: [.normal])
        XCTAssertEqual(Reconciler(from: shown, to: new).damage(layout: renderer.layout(new), coverage: coverage), .everything)
        XCTAssertEqual(Reconciler(from: nil, to: new).states, [.normal, .normal])
    }

    /// The shortcut that pairs a save's unchanged ends by comparison gives what the rules give,
    /// and the reconciler's reuse of the loader's matching gives what matching afresh gives: over
    /// random edits of the gallery (views dropped, doubled, swapped, retitled, lines added above).
    func testMatchingShortcutsChangeNothing() throws {
        let text = try String(contentsOf: fixturesFolder.appendingPathComponent("gallery.yaml"), encoding: .utf8)
        let path = fixturesFolder.appendingPathComponent("gallery.yaml").path
        let original = try XCTUnwrap(StyleLoader.load(text: text, path: path).document)
        let head = text.components(separatedBy: "\nviews:\n")[0] + "\nviews:\n"
        let views = text.components(separatedBy: "\nviews:\n")[1].components(separatedBy: "\n  - ").enumerated().map { $0 == 0 ? $1 : "  - " + $1 }
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<300 {
            var edited = views
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 1..<edited.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: edited.remove(at: index)
                case 1: edited.insert(edited[index].replacingOccurrences(of: "id: ", with: "id: copy-"), at: index)
                case 2: edited.swapAt(index, Int.random(in: 1..<edited.count, using: &generator))
                case 3: edited[index] = edited[index].replacingOccurrences(of: "title: ", with: "title: New ")
                default: edited[index] = "  # a note\n" + edited[index]
                }
                if edited.count < 3 { edited = views }
            }
            let result = StyleLoader.load(bytes: Array((head + edited.joined(separator: "\n")).utf8), path: path, reusing: original)
            guard let new = result.document else { continue }
            compared += 1
            let (oldKeys, newKeys) = (original.views.map(ViewIdentity.Key.init), new.views.map(ViewIdentity.Key.init))
            XCTAssertEqual(ViewIdentity.match(old: oldKeys, new: newKeys), ViewIdentity.match(old: oldKeys, new: newKeys, trimmingEnds: false))
            let shown = Reconciler.Shown(document: original, layout: nil, states: original.views.map { _ in .normal })
            XCTAssertEqual(Reconciler(from: shown, to: new).matches,
                           ViewIdentity.match(old: oldKeys, new: newKeys, trimmingEnds: false).map { $0?.old })
        }
        XCTAssertGreaterThan(compared, 250, "the edits should leave valid files")
        XCTAssertGreaterThan(views.count, 20)
    }
}
