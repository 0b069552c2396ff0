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
