import XCTest
@testable import DesignableCore

/// A first read that decodes only the views on the first screen (the preview's start on a large
/// file), and the whole read after it: what it leaves out, and that the two together give exactly
/// what one whole read gives.
final class FirstScreenReadTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    static let path = "/tmp/first-screen.yaml"
    /// The screen of the tests: 600 points square, from the canvas's top left.
    static let screen = Rect(x: 0, y: 0, width: 600, height: 600)

    /// The incremental read's file of `count` views (frames 40 points a row, 20 a row, presets,
    /// anchors, merge keys, state maps, theme colours) on a canvas of a given size, with `extra`
    /// entries after them.
    static func file(_ count: Int, canvas: String = "canvas: {size: [2168, 4008], background: \"#F2F2F7\"}", extra: [String] = []) -> String {
        var lines = IncrementalReadTests.manyViews(count).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let canvasLine = try! XCTUnwrap(lines.firstIndex { $0.hasPrefix("canvas:") })
        lines[canvasLine] = canvas
        if lines.last == "" { lines.removeLast() }
        return (lines + extra).joined(separator: "\n") + "\n"
    }

    func load(_ text: String, firstScreen: Rect? = screen, reusing previous: StyleDocument? = nil) -> LoadResult {
        StyleLoader.load(bytes: Array(text.utf8), path: Self.path, reusing: previous, firstScreen: firstScreen)
    }

    // MARK: - Tests

    /// Only the views whose own frame, grown by the margin, meets the screen are decoded, with
    /// every view the column places (they need every one before them) and every view whose frame
    /// is not its own literal one; the document says how many it left out and keeps no text to
    /// read a save over.
    func testAFirstReadDecodesTheViewsThatMayDrawOnTheScreen() throws {
        let text = Self.file(1000, extra: [
            "  - {class: UIView, size: [50, 50], backgroundColor: red}",
            "  - {class: UIView, frame: *far, backgroundColor: blue}",
            "  - {<<: *farView, backgroundColor: green}",
        ])
        // The anchors, on the last row's first view (off the screen, left out itself).
        let anchored = text.replacingOccurrences(of: "- {class: UIView, frame: [8, 1968, 100, 32]", with: "- &farView {class: UIView, frame: &far [8, 1968, 100, 32]")
        XCTAssertNotEqual(anchored, text, "the last row's first view gives the anchors")
        let result = load(anchored)
        let document = try XCTUnwrap(result.document, "\(result.diagnostics.prefix(3))")
        // Within 600 + 64 points: rows 0–16 (row 16 starts at 8 + 40 × 16 = 648, row 17 at 688) and
        // columns 0–6 (column 6 starts at 8 + 108 × 6 = 656, column 7 at 764). An aliased frame is
        // the anchor's, a merged one the merged mapping's: both far.
        let shown = 17 * 7
        XCTAssertEqual(document.views.count, shown + 1, "the views within reach and the column's view")
        XCTAssertEqual(document.viewsLeftOut, 1003 - (shown + 1))
        XCTAssertNil(document.loadedText, "a save is never read over a partial document")
        let lines = document.views.map(\.location.line)
        XCTAssertEqual(lines, lines.sorted(), "the views keep the file's order")
        let renderer = Renderer()
        let frames = renderer.layout(document).frames
        let columnLine = try XCTUnwrap(anchored.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("size: [50, 50]") }) + 1
        XCTAssertEqual(document.views.last?.location.line, columnLine, "the view the column places is read")
        for (view, frame) in zip(document.views.dropLast(), frames) {
            XCTAssertTrue(frame.intersects(Self.screen.insetBy(dx: -ViewsSection.firstScreenMargin, dy: -ViewsSection.firstScreenMargin)),
                          "line \(view.location.line): \(frame) is off the screen")
        }
    }

    /// The whole read over a first read gives what a fresh whole read gives, to the finding and
    /// the pixel, taking over every view the first read decoded; and the first read drew the
    /// screen as the whole file draws it.
    func testTheWholeReadAfterAFirstReadIsAFreshWholeRead() throws {
        // A warning far down (left out at first), a view the column places, an id used twice.
        let text = Self.file(1500, extra: [
            "  - {class: FancyButton, frame: [8, 3000, 100, 32], title: Far, cornerRadiuss: 4}",
            "  - {class: PillUILabel, text: Column, font: Sans 12}",
            "  - {class: UIView, id: label-3, frame: [8, 3100, 100, 32]}",
        ])
        let first = load(text)
        let partial = try XCTUnwrap(first.document, "\(first.diagnostics.prefix(3))")
        XCTAssertGreaterThan(partial.viewsLeftOut, 1000)
        XCTAssertFalse(first.diagnostics.contains { $0.message.contains("cornerRadiuss") }, "a view left out is not read")

        let whole = load(text, firstScreen: nil, reusing: partial)
        let fresh = load(text, firstScreen: nil)
        XCTAssertEqual(whole.document?.viewsLeftOut, 0)
        let farLine = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("title: Far") }) + 1
        XCTAssertTrue(fresh.diagnostics.contains { $0.message.contains("cornerRadiuss") && $0.location.line == farLine }, "\(fresh.diagnostics)")
        XCTAssertTrue(fresh.diagnostics.contains { $0.message.contains("id 'label-3' is used by another view too") }, "\(fresh.diagnostics)")
        let comparison = LoadComparison()
        let all = Set(0..<(fresh.document?.views.count ?? 0))
        if let found = comparison.difference(fresh, whole, pixels: true, rowsOf: all) {
            XCTFail("the whole read over a first read differs from a fresh read in \(found)")
        }
        let taken = Set(partial.views.map { ObjectIdentifier($0.decoding) })
        let reused = (whole.document?.views ?? []).filter { taken.contains(ObjectIdentifier($0.decoding)) }.count
        XCTAssertEqual(reused, partial.views.count, "every view the first read decoded is taken over, not decoded again")

        // The screen, drawn from the first read, is the whole file's screen.
        let renderer = Renderer()
        let wholeDocument = try XCTUnwrap(fresh.document)
        let drawnPartial = try renderer.render(partial, layout: renderer.layout(partial), scale: 1)
        let drawnWhole = try renderer.render(wholeDocument, layout: renderer.layout(wholeDocument), scale: 1)
        XCTAssertEqual(drawnPartial.width, drawnWhole.width)
        XCTAssertEqual(drawnPartial.height, drawnWhole.height)
        let (a, b) = (try XCTUnwrap(drawnPartial.data), try XCTUnwrap(drawnWhole.data))
        for y in 0..<Int(Self.screen.height) {
            let row = y * drawnWhole.stride
            XCTAssertEqual(memcmp(a + row, b + row, Int(Self.screen.width) * 4), 0, "row \(y) of the screen differs")
        }
    }

    /// A file whose first read meets an error reads whole at once: its findings are all the
    /// file's. So does a file that is short, or whose canvas is fitted to its views, or that leaves
    /// out too few to pay.
    /// Views count with their subviews, a compound preset's included: 100 cards of 5 views each
    /// are 500 views to decode, and a first read leaves out those off the screen (84 of 100 cards,
    /// 420 views: past the least a first read leaves out) where 100 flat views would be read whole.
    /// The whole read after it is a fresh one.
    func testViewsCountWithTheirSubviewsTowardsAFirstRead() throws {
        var text = """
            canvas: {size: [1000, 2000]}
            styles:
              Card:
                class: UIView
                size: [90, 90]
                subviews:
                  - {class: UILabel, id: title, text: Title, frame: [4, 4, 80, 20]}
                  - class: UIView
                    id: row
                    frame: [0, 40, 90, 40]
                    subviews:
                      - {class: UILabel, id: a, text: A, frame: [4, 4, 30, 20]}
                      - {class: UIButton, id: b, title: B, frame: [40, 4, 40, 30]}
            views:

            """
        for index in 0..<100 {
            text += "  - {style: Card, id: c\(index), frame: [\(index % 10 * 100), \(index / 10 * 100), 90, 90], nested: {title: {text: \"Card \(index)\"}}}\n"
        }
        let partial = try XCTUnwrap(load(text, firstScreen: Rect(x: 0, y: 0, width: 300, height: 300)).document)
        XCTAssertEqual(partial.viewsLeftOut, 84, "4 columns by 4 rows meet the screen grown by its margin")
        XCTAssertEqual(partial.views.count, 16)
        XCTAssertEqual(load(text.replacingOccurrences(of: "style: Card, ", with: "class: UIView, "), firstScreen: Rect(x: 0, y: 0, width: 300, height: 300))
            .document?.viewsLeftOut, 0, "100 views alone are too few to leave any out")
        let whole = load(text, firstScreen: nil, reusing: partial), fresh = load(text, firstScreen: nil)
        XCTAssertEqual(whole.document?.allPaths.count, 500)
        XCTAssertEqual(whole.diagnostics.map(\.description), fresh.diagnostics.map(\.description))
    }

    func testAFirstReadIsWholeWhereLeavingViewsOutWouldNotHold() throws {
        let broken = Self.file(1000, extra: ["  - {class: FancyButton, frame: [8, 3000, 100, 32], cornerRadius: round}"])
            .replacingOccurrences(of: "title: \"Buy 1\"", with: "title: \"Buy 1\", isEnabled: maybe")
        let failed = load(broken)
        XCTAssertNil(failed.document)
        XCTAssertEqual(failed.diagnostics.map(\.description), load(broken, firstScreen: nil).diagnostics.map(\.description),
                       "every finding of the file, the views' far down included")
        XCTAssertTrue(failed.diagnostics.contains { $0.message.contains("round") }, "\(failed.diagnostics)")

        XCTAssertEqual(load(Self.file(200)).document?.viewsLeftOut, 0, "200 views: too few to leave out")
        let fitted = Self.file(1000, canvas: "canvas: {width: 2168, background: \"#F2F2F7\"}")
        XCTAssertEqual(load(fitted).document?.viewsLeftOut, 0, "a canvas fitted to its views needs them all")
        XCTAssertEqual(load(fitted).document?.views.count, 1000)
        // 300 views of which 100 lie off a large screen: fewer than the least worth leaving out.
        XCTAssertEqual(load(Self.file(300), firstScreen: Rect(x: 0, y: 0, width: 2400, height: 400)).document?.viewsLeftOut, 0)
        XCTAssertEqual(load(Self.file(1000), firstScreen: Rect(x: 0, y: 0, width: 2400, height: 400)).document?.viewsLeftOut, 1000 - 12 * 20)
    }
}
