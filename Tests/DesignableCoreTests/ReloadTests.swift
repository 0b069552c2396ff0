@testable import DesignableCore
import XCTest

/// A save that changes one view rebuilds one view: the loader takes the others over from the
/// last document, components, findings and all.
final class ReloadTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private let path = fixturesFolder.path + "/reload.yaml"

    private func load(_ text: String, reusing previous: StyleDocument? = nil) throws -> LoadResult {
        StyleLoader.load(bytes: Array(text.utf8), path: path, reusing: previous)
    }

    private let original = """
    views:
      - {class: FancyButton, title: One, cornerRadius: 4}
      - {class: FancyButton, title: Two, image: nowhere}
      - {class: PillUILabel, text: Three}

    """

    func testUnchangedViewsAreTakenOver() throws {
        let first = try XCTUnwrap(try load(original).document)
        let edited = try load(original.replacingOccurrences(of: "cornerRadius: 4", with: "cornerRadius: 9"), reusing: first)
        let second = try XCTUnwrap(edited.document)
        XCTAssertFalse(second.views[0] === first.views[0])
        XCTAssertTrue(second.views[1] === first.views[1])
        XCTAssertTrue(second.views[2] === first.views[2])
        XCTAssertEqual((second.views[0].component(in: .normal) as? FancyButton)?.cornerRadius, 9)
        // The taken-over view's warning and the files it watches come along.
        XCTAssertEqual(edited.diagnostics.count, 1)
        XCTAssertTrue(edited.diagnostics[0].message.hasPrefix("image 'nowhere' not found"))
        XCTAssertEqual(second.dependencies, first.dependencies)
    }

    func testAMissingImageIsWatchedWhereItWouldAppear() throws {
        let document = try XCTUnwrap(try load(original).document)
        let folder = fixturesFolder.path
        for candidate in ["nowhere.svg", "nowhere.png", "nowhere@2x.png", "assets/nowhere.svg", "assets/nowhere@3x.png"] {
            XCTAssertTrue(document.dependencies.contains(Dependency(folder + "/" + candidate, kind: .image)), candidate)
        }
    }

    func testMovedLinesAreTakenOverAndFindingsMoveWithThem() throws {
        let first = try load(original)
        let firstDocument = try XCTUnwrap(first.document)
        let shifted = try load("# a comment moves every line\n" + original, reusing: firstDocument)
        let document = try XCTUnwrap(shifted.document)
        XCTAssertTrue(document.views.indices.allSatisfy { document.views[$0].isSameDecoding(as: firstDocument.views[$0]) })
        XCTAssertEqual(document.views.map(\.location.line), firstDocument.views.map { $0.location.line + 1 })
        XCTAssertEqual(shifted.diagnostics.map(\.location.line), first.diagnostics.map { $0.location.line + 1 })
    }

    func testAnotherThemeOrChangedTextDecodesAgain() throws {
        let first = try XCTUnwrap(try load(original).document)
        let themed = try XCTUnwrap(try load("theme: {colors: {brand: red}}\n" + original, reusing: first).document)
        XCTAssertFalse(themed.views.indices.contains { themed.views[$0].isSameDecoding(as: first.views[$0]) })
        // The same words on other columns, or one letter changed, is not the same text.
        let indented = original.replacingOccurrences(of: "{class: PillUILabel, text: Three}", with: "{class: PillUILabel,  text: Three}")
        let edited = try XCTUnwrap(try load(indented.replacingOccurrences(of: "title: One", with: "title: Ona"), reusing: first).document)
        XCTAssertFalse(edited.views[0].isSameDecoding(as: first.views[0]))
        XCTAssertTrue(edited.views[1].isSameDecoding(as: first.views[1]))
        XCTAssertFalse(edited.views[2].isSameDecoding(as: first.views[2]))
    }

    /// A design token's new value decodes again the views that name it (as a value, with an
    /// alpha, in a state map, a layer map or a preset) and takes every other view over; a name
    /// added or removed decodes them all. Each reload gives what a fresh load of its text does.
    func testAThemeValueChangeDecodesAgainOnlyTheViewsThatNameIt() throws {
        let text = """
        theme:
          colors: {brand: "#3B5998", accent: "#F37335", ink: "#1C1C1E"}
          fonts: {body: "DejaVu Sans 12"}
        styles:
          Branded: {class: FancyButton, borderColor: brand, borderWidth: 1}
        views:
          - {class: UIView, frame: [0, 0, 40, 40], backgroundColor: brand}
          - {class: UIView, frame: [50, 0, 40, 40], backgroundColor: " brand@0.5"}
          - {class: FancyButton, frame: [0, 50, 90, 30], title: A, highlighted: {titleColor: accent}}
          - {style: Branded, frame: [0, 90, 90, 30], title: B}
          - {class: FancyButton, frame: [0, 130, 90, 30], title: C, layer: {shadowColor: ink, shadowOpacity: 0.3}}
          - {class: FancyButton, frame: [0, 170, 90, 30], title: D, font: body}
          - {class: PillUILabel, frame: [0, 210, 90, 30], text: E, textColor: "#FFFFFF", font: bdy}

        """
        let saves: [(edit: (String) -> String, decoded: Set<Int>)] = [
            ({ $0.replacingOccurrences(of: "brand: \"#3B5998\"", with: "brand: \"#112233\"") }, [0, 1, 3]),
            ({ $0.replacingOccurrences(of: "accent: \"#F37335\"", with: "accent: red") }, [2]),
            ({ $0.replacingOccurrences(of: "ink: \"#1C1C1E\"", with: "ink: \"#FF0000\"") }, [4]),
            ({ $0.replacingOccurrences(of: "body: \"DejaVu Sans 12\"", with: "body: \"DejaVu Sans Bold 14\"") }, [5]),
            ({ $0.replacingOccurrences(of: "brand: \"#3B5998\", accent: \"#F37335\"", with: "brand: teal, accent: navy") }, [0, 1, 2, 3]),
            // A name more: what "did you mean" offers (for `bdy`) is chosen among all of them.
            ({ $0.replacingOccurrences(of: "ink: \"#1C1C1E\"", with: "ink: \"#1C1C1E\", paper: white") }, Set(0..<7)),
        ]
        let first = try XCTUnwrap(try load(text).document)
        let comparison = LoadComparison()
        for (index, save) in saves.enumerated() {
            let edited = save.edit(text)
            XCTAssertNotEqual(edited, text, "save \(index + 1) changes the text")
            let reread = try load(edited, reusing: first)
            let document = try XCTUnwrap(reread.document, "save \(index + 1): \(reread.diagnostics)")
            let decoded = Set(document.views.indices.filter { !document.views[$0].isSameDecoding(as: first.views[$0]) })
            XCTAssertEqual(decoded, save.decoded, "save \(index + 1): the views decoded again")
            XCTAssertNil(comparison.difference(try load(edited), reread, pixels: true, rowsOf: Set(document.views.indices)),
                         "save \(index + 1) reads as a fresh load")
        }
    }

    /// Views that share an anchor each keep its warnings: whichever is taken over and whichever
    /// is decoded again, a reload reports exactly what a fresh load of the same text does.
    func testWarningsOfASharedAnchorSurviveAnyReuse() throws {
        let shared = """
        x-b: &b {class: UIButton, image: nowhere}
        views:
          - {<<: *b, title: A}
          - {<<: *b, title: B}

        """
        let first = try XCTUnwrap(try load(shared).document)
        for edited in [shared.replacingOccurrences(of: "title: B", with: "title: C"),
                       shared.replacingOccurrences(of: "{<<: *b, title: A}", with: "{class: UIButton, title: A}")] {
            let fresh = try load(edited).diagnostics
            XCTAssertEqual(fresh.count, 1, "\(fresh)")
            XCTAssertEqual(try load(edited, reusing: first).diagnostics, fresh, edited)
        }
    }
}
