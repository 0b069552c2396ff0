@testable import DesignableCore
import XCTest

/// The view tree's model: paths, its bounds, where subviews go, what covers what, and every new
/// mistake a tree makes possible, each said at its line.
final class ViewTreeTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    /// Every finding of `text`: the loader's, then its layout's (as `check` reports them).
    private func allFindings(_ text: String) -> [String] {
        let result = StyleLoader.load(text: text, path: "")
        let layout = result.document.map { Renderer().layout($0) }
        return Findings.all(result, layout: layout).map(\.description)
    }

    private static let card = """
        views:
          - class: UIView
            id: card
            frame: [10, 20, 200, 100]
            subviews:
              - {class: UILabel, id: title, text: Hi, frame: [8, 8, 100, 20]}
              - class: UIView
                id: row
                frame: [0, 50, 200, 50]
                subviews:
                  - {class: UIButton, id: buy, title: Buy, frame: [120, 10, 70, 30]}
          - {class: UIButton, title: Alone, frame: [10, 140, 80, 30]}

        """

    // MARK: - Paths

    func testPathsNameViewsByIdsOrNumbersAtEveryLevel() throws {
        let document = try XCTUnwrap(loadStyle(Self.card))
        XCTAssertEqual(document.path(named: "card/row/buy"), ViewPath([0, 1, 0]))
        XCTAssertEqual(document.path(named: "card/#2/#1"), ViewPath([0, 1, 0]))
        XCTAssertEqual(document.path(named: "#2"), ViewPath(1))
        XCTAssertNil(document.path(named: "card/nope"))
        XCTAssertNil(document.path(named: "card/title/more"), "a label holds nothing")
        XCTAssertEqual(document.name(of: ViewPath([0, 1, 0])), "card/row/buy")
        XCTAssertEqual(document.name(of: ViewPath(1)), "#2")
        XCTAssertEqual(document.allPaths, [ViewPath(0), ViewPath([0, 0]), ViewPath([0, 1]), ViewPath([0, 1, 0]), ViewPath(1)],
                       "tree order: a view, then its subviews, depth first")
        XCTAssertEqual(document.view(at: ViewPath([0, 1, 0]))?.id, "buy")
    }

    /// A subview's frame is in its parent's space: the button sits at the card's origin plus the
    /// row's plus its own (UIView.frame: "the view's location and size in its superview's
    /// coordinate system").
    func testASubviewsFrameIsInItsParentsSpace() throws {
        let document = try XCTUnwrap(loadStyle(Self.card))
        let renderer = Renderer()
        let layout = renderer.layout(document)
        XCTAssertEqual(renderer.canvasFrame(of: ViewPath([0, 1, 0]), in: document, layout: layout), Rect(x: 130, y: 80, width: 70, height: 30))
        XCTAssertEqual(renderer.canvasFrame(of: ViewPath([0, 0]), in: document, layout: layout), Rect(x: 18, y: 28, width: 100, height: 20))
    }

    // MARK: - What a tree covers

    /// A subview past its parent's bounds widens what the parent covers (and so a fitted canvas),
    /// unless the parent clips it.
    func testWhatAViewCoversTakesInItsSubviewsUnlessItClipsThem() throws {
        func covered(clips: Bool) throws -> Rect {
            let document = try XCTUnwrap(loadStyle("""
                views:
                  - class: UIView
                    frame: [20, 20, 100, 100]
                    clipsToBounds: \(clips)
                    subviews:
                      - {class: UIView, frame: [80, -10, 40, 40], backgroundColor: red}

                """))
            return document.views[0].visualBounds(in: Rect(x: 20, y: 20, width: 100, height: 100))
        }
        XCTAssertEqual(try covered(clips: false), Rect(x: 20, y: 10, width: 120, height: 110), "the badge past the corner")
        XCTAssertEqual(try covered(clips: true), Rect(x: 20, y: 20, width: 100, height: 100))
    }

    /// A save that changes only a nested value changes its top-level view's look, which a reload
    /// compares to decide what to redraw.
    func testAChangeInsideAViewIsAChangeOfIt() throws {
        let before = try XCTUnwrap(loadStyle(Self.card))
        let after = try XCTUnwrap(loadStyle(Self.card.replacingOccurrences(of: "title: Buy", with: "title: Buy now")))
        XCTAssertTrue(before.views[0].drawsSame(as: before.views[0], in: .normal, was: .normal))
        XCTAssertFalse(after.views[0].drawsSame(as: before.views[0], in: .normal, was: .normal))
        XCTAssertTrue(after.views[1].drawsSame(as: before.views[1], in: .normal, was: .normal))
    }

    /// A view of no size whose content is pinned to both its edges takes the size the pins and
    /// the content make, as Auto Layout sizes a chat bubble around its label: 12 + the label's
    /// width + 12 across, 8 + its height + 8 down; pinned on one axis only, the view takes the
    /// column's width and that height.
    func testAViewIsSizedByContentPinnedToBothEdges() throws {
        let document = try XCTUnwrap(loadStyle("""
            canvas: {width: 400, padding: 0, spacing: 0}
            views:
              - class: UIView
                subviews:
                  - {class: UILabel, id: message, text: Hello, pin: {top: 8, bottom: 8, leading: 12, trailing: 12}}
              - class: UIView
                subviews:
                  - {class: UIView, pin: {top: 10, bottom: 30, leading: 0, width: 20}, size: [20, 40]}

            """))
        let renderer = Renderer()
        let label = try XCTUnwrap(document.view(at: ViewPath([0, 0]))?.intrinsicSize(renderer.painter))
        let layout = renderer.layout(document)
        XCTAssertEqual(layout.frames[0].size.width, label.width + 24, accuracy: 1e-9)
        XCTAssertEqual(layout.frames[0].size.height, label.height + 16, accuracy: 1e-9)
        XCTAssertEqual(layout.frames[1].size, Size(width: 400, height: 80), "10 + 40 + 30 down, the column across")
    }

    // MARK: - Findings

    /// A view whose subviews reach past a canvas of a given size is told so, not that a shadow
    /// it does not have is cut; an id with a '/' cannot be told from a path.
    func testSubviewsPastTheCanvasAndIdsWithASlashAreSaid() {
        XCTAssertEqual(allFindings("""
            canvas: {size: [200, 200]}
            views:
              - {class: UIView, frame: [10, 10, 100, 100], subviews: [{class: UIView, frame: [50, 0, 300, 20], backgroundColor: red}]}
              - {class: UIView, id: a/b, frame: [10, 150, 10, 10]}

            """), [
            "4:25: warning: id 'a/b' has a '/', which names a view inside another (card/buy): --view and the preview's paths read it as two ids; use '-' or '.' instead",
            "3:5: warning: the subviews of this UIView (10,10 100×100) reach past the edge of the 200×200 canvas (they cover 60,10 300×20), and what lies past it is cut off; move them in, clip them with clipsToBounds, or make the canvas larger",
        ])
    }

    func testSubviewsMustBeAListOfViews() {
        XCTAssertEqual(findings("views:\n  - {class: UIView, subviews: {class: UILabel}}\n"),
                       ["2:31: error: subviews: expected a list of views, each written as a view of 'views:' is, found a mapping"])
        XCTAssertEqual(findings("views:\n  - {class: UIView, subviews: [{class: UILable}]}\n").first?.hasPrefix("2:40: error: unknown class 'UILable' (did you mean 'UILabel'?)"), true)
        XCTAssertEqual(findings("views:\n  - {class: UIView, subviews: [{class: UILabel, txet: x}]}\n"),
                       ["2:49: warning: UILabel has no property 'txet' (did you mean 'text'?); it is ignored"])
    }

    func testTheTreeIsBoundedInDepthAndCount() {
        var text = "views:\n"
        var indent = "  "
        for _ in 0..<34 {
            text += indent + "- class: UIView\n" + indent + "  subviews:\n"
            indent += "    "
        }
        text += indent + "- {class: UIView}\n"
        let found = findings(text)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].contains("error: these subviews would sit 33 levels deep; views nest at most 32 levels"), found[0])

        let many = "views:\n" + (0..<3).map { _ in
            "  - class: UIView\n    subviews:\n" + String(repeating: "      - {class: UIView}\n", count: 4000)
        }.joined()
        let result = StyleLoader.load(text: many, path: "")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.map(\.description),
                       ["8006:5: error: with this view and its subviews the file has more than 10000 views, subviews included; a style file may have at most 10000: split it into several files"])
    }

    /// Interface Builder's own warning: a stack view places its arranged subviews.
    func testAStackWarnsOfAFrameOnAnArrangedViewAndSpacingOutsideAStack() {
        XCTAssertEqual(findings("views:\n  - {class: UIStackView, subviews: [{class: UIView, frame: [0, 0, 10, 10]}]}\n"),
                       ["2:60: warning: frame: a stack view places its arranged subviews, so this frame is ignored; give the subview a size: (or let its content size it), and the UIStackView spacing, alignment and distribution"])
        XCTAssertEqual(findings("views:\n  - {class: UIView, subviews: [{class: UIView, spacingAfter: 8}]}\n"),
                       ["2:62: warning: spacingAfter: only a stack view leaves space after its arranged subviews, and this view is in a UIView; it is ignored"])
        XCTAssertEqual(findings("views:\n  - {class: UIView, pin: {top: 8}}\n"),
                       ["2:26: warning: pin: a top-level view sits in the canvas's column or at its frame; only a subview is pinned to its parent, so this is ignored"])
    }

    /// Arranged views a stack has too little room for are compressed, as Auto Layout compresses
    /// them (the first without a fixed size gives way first, docs/stack-layout.md): said at the
    /// stack with what each was given and asked. 60 points for 51 + 51: the first keeps 9.
    func testArrangedViewsAStackCompressesAreSaid() {
        XCTAssertEqual(allFindings("""
            views:
              - class: UIStackView
                axis: vertical
                size: [300, 60]
                subviews:
                  - {class: UIView, id: row1, size: [300, 51]}
                  - {class: UIView, id: row2, size: [300, 51]}

            """), ["2:5: warning: this UIStackView (300×60) is too small for its arranged views, so they are compressed, as Auto Layout compresses them on iOS: 'row1' to 300×9 of the 300×51 it asks. Give it more room, or its views less"])
    }

    func testPinsThatCannotHoldAndSubviewsThatCannotBeSeenAreSaid() {
        let text = """
            views:
              - class: UIView
                frame: [0, 0, 200, 100]
                clipsToBounds: true
                subviews:
                  - {class: UIView, pin: {top: 8}, size: [10, 10]}
                  - {class: UIView}
                  - {class: UIView, frame: [150, 80, 80, 40], backgroundColor: red}
                  - {class: UIView, frame: [10, 10, 20, 20], backgroundColor: red}

            """
        XCTAssertEqual(allFindings(text), [
            "6:30: warning: pin: nothing places this view horizontally: pin leading, trailing or centerX",
            "7:9: warning: this UIView is 0×0: it has no frame, pin or size, and its content gives it no size, so iOS draws nothing of it; give it a size: or a frame",
            "8:9: warning: this UIView (150,80 80×40) lies partly outside the bounds of its UIView (200×100), which clips to them: that part is not drawn",
        ])
    }

    // MARK: - Compound presets

    private static let profile = """
        styles:
          Profile:
            class: UIView
            size: [300, 60]
            subviews:
              - {class: UILabel, id: name, text: Name, frame: [8, 8, 200, 20]}
              - class: UIView
                id: row
                frame: [0, 30, 300, 30]
                subviews:
                  - {class: UILabel, id: handle, text: "@x", frame: [8, 4, 200, 20]}
        views:
          - {style: Profile, id: ada, nested: {name: {text: Ada}, "row/handle": {text: "@ada"}}}
          - {style: Profile, id: plain}

        """

    /// Each use gets the whole subtree; `nested:` sets values by id or path, with the place they
    /// were set (the use site's line, or the preset's for its own values).
    func testACompoundPresetGivesEachUseItsSubtreeAndNestedValues() throws {
        let document = try XCTUnwrap(loadStyle(Self.profile))
        func text(_ path: String) -> String? {
            (document.path(named: path).flatMap(document.view(at:))?.component(in: .normal) as? Label)?.text
        }
        XCTAssertEqual(text("ada/name"), "Ada")
        XCTAssertEqual(text("ada/row/handle"), "@ada")
        XCTAssertEqual(text("plain/name"), "Name")
        let rows = try XCTUnwrap(document.path(named: "ada/name").flatMap(document.view(at:))).propertyRows(in: .normal)
        XCTAssertEqual(rows.first { $0.name == "text" }?.setAt?.line, 13, "set at the use")
        let plain = try XCTUnwrap(document.path(named: "plain/name").flatMap(document.view(at:))).propertyRows(in: .normal)
        XCTAssertEqual(plain.first { $0.name == "text" }?.setAt?.line, 6, "set in the preset")
        XCTAssertEqual(plain.first { $0.name == "text" }?.origin, .preset("Profile", state: nil))
    }

    func testANestedIdThePresetHasNotIsSaidWithWhatItHas() {
        let text = Self.profile.replacingOccurrences(of: "{name: {text: Ada}", with: "{nmae: {text: Ada}")
            .replacingOccurrences(of: "\"row/handle\"", with: "\"row/handel\"")
        XCTAssertEqual(findings(text), [
            "13:40: warning: nested: 'nmae': 'nmae' is not the id of a subview of this UIView (did you mean 'name'?); these values are ignored",
            "13:59: warning: nested: 'row/handel': 'handel' is not the id of a subview of 'row' (a UIView) (did you mean 'row/handle'?); these values are ignored",
        ])
        // A subview deeper down is named by its whole path.
        XCTAssertEqual(findings(Self.profile.replacingOccurrences(of: "\"row/handle\"", with: "handle")),
                       ["13:59: warning: nested: 'handle': 'handle' is not the id of a subview of this UIView (did you mean 'row/handle'?); these values are ignored"])
    }

    /// What a use cannot set from outside, a path through a view that holds nothing, and a state
    /// map on a view that has no states are each said where they are written.
    func testNestedValuesThatCannotApplyAreSaid() {
        let text = Self.profile.replacingOccurrences(of: "{name: {text: Ada}", with: "{name: {text: Ada, frame: [0, 0, 1, 1], highlighted: {textColor: red}}, \"name/more\": {text: x}")
        XCTAssertEqual(findings(text), [
            "13:58: warning: nested: 'frame' cannot be set on a subview from outside: what it is, where it goes and what it holds are the preset's; it is ignored",
            "13:79: warning: UILabel is not a control and never shows a 'highlighted' state; this map is ignored",
            "13:111: warning: nested: 'name/more': this UILabel holds no subviews, so nothing inside it is 'more'; these values are ignored",
        ])
    }

    /// A preset's subview mistake is said once, at the preset, however many views use it.
    func testAPresetsSubviewMistakeIsSaidOnceAtThePreset() {
        let text = Self.profile.replacingOccurrences(of: "text: Name,", with: "txet: Name,")
        XCTAssertEqual(findings(text), ["6:36: warning: UILabel has no property 'txet' (did you mean 'text'?); it is ignored"])
    }

    /// The audit's findings in a compound preset's subviews share the preset's lines among every
    /// use: each says which view it is about by its path.
    func testAuditFindingsInsideAPresetNameTheirPath() throws {
        let document = try XCTUnwrap(loadStyle(Self.profile.replacingOccurrences(of: "text: Name,", with: "text: Name, textColor: \"#DDDDDD\",")))
        let renderer = Renderer()
        let found = Audit.run(document, layout: renderer.layout(document), renderer: renderer).map { $0.diagnostic(in: document).shortDescription }
        XCTAssertTrue(found.contains { $0.hasPrefix("6:9: audit: ada/name: text 'Ada' contrast 1.36:1") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("6:9: audit: plain/name: text 'Name' contrast 1.36:1") }, "\(found)")
    }

    func testPresetsThatHoldEachOtherAreRefused() {
        let text = """
            styles:
              A: {class: UIView, size: [100, 100], subviews: [{style: B, frame: [0, 0, 10, 10]}]}
              B: {class: UIView, subviews: [{style: A, frame: [0, 0, 10, 10]}]}
              C: {class: UIView, subviews: [{style: C}]}
            views:
              - {style: A}

            """
        let result = StyleLoader.load(text: text, path: "")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "2:59: error: presets hold each other through their subviews (A → B → A): each would hold itself without end; remove one of these styles",
            "4:41: error: preset 'C' holds a view of its own style in its subviews: it would hold itself without end; give that view another style",
        ])
    }
}
