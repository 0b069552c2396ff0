@testable import DesignableCore
import Foundation
import XCTest

/// What `designable snapshot` keeps and how: file names, the states and names of views, a view
/// drawn alone, and the JUnit report.
final class SnapshotTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // MARK: - Names

    func testFileNamesSayViewStateVariantAndScale() {
        let both = Snapshot(view: "sign-in", index: 0, state: [.selected, .highlighted], scale: 2)
        XCTAssertEqual(both.fileName, "sign-in.selected+highlighted@2x.png")
        XCTAssertEqual(both.actualFileName, "sign-in.selected+highlighted@2x.actual.png")
        XCTAssertEqual(both.diffFileName, "sign-in.selected+highlighted@2x.diff.png")
        let variant = Snapshot(view: "tag", index: 1, state: .normal, variant: .init(dark: true, rightToLeft: true), scale: 1.5)
        XCTAssertEqual(variant.fileName, "tag.normal.dark.rtl@1.5x.png")
        XCTAssertEqual(Snapshot(view: "tag", index: 1, state: .disabled, variant: .init(rightToLeft: true), scale: 3).fileName,
                       "tag.disabled.rtl@3x.png")
    }

    func testAControlIsKeptInEveryStateAndAViewInItsOne() throws {
        let document = try XCTUnwrap(loadStyle("views:\n  - {class: FancyButton, title: A}\n  - {class: PillUILabel, text: B}\n"))
        XCTAssertEqual(Snapshot.states(of: document.views[0]).map(\.description),
                       ["normal", "highlighted", "selected", "selected+highlighted", "disabled"])
        XCTAssertEqual(Snapshot.states(of: document.views[1]), [.normal])
        let all = Snapshot.all(of: document, scales: [1, 2])
        XCTAssertEqual(all.snapshots.count, 5 * 2 + 2)
        XCTAssertEqual(all.snapshots.prefix(3).map(\.fileName), ["FancyButton-1.normal@1x.png", "FancyButton-1.normal@2x.png",
                                                                "FancyButton-1.highlighted@1x.png"])
    }

    /// A view without an id takes its class and its place among the views of that class, so a
    /// view of another class added above renames nothing; the warning gives the id that keeps it.
    func testViewsAreNamedByIdElseByClassAndPlace() throws {
        let document = try XCTUnwrap(loadStyle("""
        views:
          - {class: PillUILabel, text: A}
          - {class: FancyButton, title: B}
          - {class: PillUILabel, id: b, text: C}
          - {class: PillUILabel, text: D}
          - {class: PillUILabel, id: "save / load.v2", text: E}
          - {class: PillUILabel, id: b, text: F}
          - {class: PillUILabel, id: "b-2", text: G}
        """))
        let (names, findings) = Snapshot.viewNames(of: document)
        XCTAssertEqual(names, ["PillUILabel-1", "FancyButton-1", "b", "PillUILabel-3", "save---load-v2", "b-2", "b-2-2"])
        XCTAssertEqual(findings.map(\.location.line), [2, 3, 5, 6, 7, 8])
        XCTAssertEqual(findings[0].message, "this PillUILabel has no id: its snapshots are named PillUILabel-1, after its place among the PillUILabels, and change name when one is added or removed above it; write id: PillUILabel-1 to keep the name")
        XCTAssertEqual(findings[3].message, "id 'save / load.v2' is written save---load-v2 in snapshot file names, which take letters, digits, - and _ only")
        XCTAssertEqual(findings[4].message, "the view at line 4 has the snapshot name b too, so this one's snapshots are named b-2; give each view its own id")
        XCTAssertTrue(findings.allSatisfy { $0.severity == .warning })
        XCTAssertEqual(Snapshot.fileSafe("ボタン_1"), "ボタン_1", "letters of any script are kept")
    }

    // MARK: - Views holding controls

    /// A card holding a button with highlighted and disabled looks of its own.
    private let card = try! String(contentsOf: fixturesFolder.appendingPathComponent("NestedCard.yaml"), encoding: .utf8)

    /// A view holding a control is kept whole, and whole again with the control in each state
    /// a top-level control is kept in (its normal one is the view's own snapshot), as UIKit draws
    /// them whether the file gives the state a look or not; a label inside is no control.
    func testAViewIsKeptWholeWithEachNestedControlInEachState() throws {
        let document = try XCTUnwrap(loadStyle(card))
        let all = Snapshot.all(of: document, scales: [2], variants: [.standard, .init(dark: true)])
        XCTAssertEqual(all.findings.map(\.description), [])
        XCTAssertEqual(all.snapshots.map(\.fileName), [
            "card.normal@2x.png", "card.normal.dark@2x.png",
            "card.buy-highlighted@2x.png", "card.buy-highlighted.dark@2x.png",
            "card.buy-selected@2x.png", "card.buy-selected.dark@2x.png",
            "card.buy-selected+highlighted@2x.png", "card.buy-selected+highlighted.dark@2x.png",
            "card.buy-disabled@2x.png", "card.buy-disabled.dark@2x.png",
        ])
        XCTAssertEqual(all.snapshots[2].nested, Snapshot.Nested(path: try XCTUnwrap(document.path(named: "card/buy")), name: "buy"))
        XCTAssertEqual(all.snapshots[2].index, 0, "drawn as its top-level view")
    }

    /// A nested control takes ids down the tree, else its class and place among its siblings,
    /// with a warning at its line; two that would share a name are told apart.
    func testNestedControlsAreNamedByTheirPathDownTheTree() throws {
        let document = try XCTUnwrap(loadStyle("""
        views:
          - class: UIView
            id: list
            size: [200, 100]
            subviews:
              - class: UIView
                id: row
                frame: [0, 0, 200, 50]
                subviews:
                  - {class: UIButton, id: buy, title: Buy, frame: [0, 0, 60, 44], disabled: {titleColor: gray}}
              - {class: UIButton, title: More, frame: [0, 50, 60, 44], selected: {titleColor: red}}
              - {class: UIButton, title: Less, frame: [60, 50, 60, 44]}
        """))
        let (controls, findings) = Snapshot.nestedControls(of: 0, in: document)
        XCTAssertEqual(controls.map(\.name), ["row.buy", "UIButton-1", "UIButton-2"], "every control, a look of its own or not")
        XCTAssertEqual(findings.map(\.location.line), [11, 12])
        XCTAssertEqual(findings.first?.message, "this UIButton inside list is not named by ids alone: its snapshots are named UIButton-1, after the places of the views on the way to it, and change name when one is added or removed above it; give it and the views holding it an id")
        XCTAssertEqual(Snapshot.all(of: document, scales: [1]).snapshots.map(\.fileName).prefix(6),
                       ["list.normal@1x.png", "list.row.buy-highlighted@1x.png", "list.row.buy-selected@1x.png",
                        "list.row.buy-selected+highlighted@1x.png", "list.row.buy-disabled@1x.png", "list.UIButton-1-highlighted@1x.png"])
    }

    /// Each of those snapshots draws the whole view, trimmed alike, with only that control's look
    /// changed; whatever nested states the renderer held before, and it holds them again after.
    func testANestedStateSnapshotDrawsTheWholeViewWithTheControlInThatState() throws {
        let document = try XCTUnwrap(loadStyle(card))
        let renderer = Renderer()
        let held = [try XCTUnwrap(document.path(named: "card/buy")): ControlState.disabled]
        renderer.nestedStates = held
        func draw(_ snapshot: Snapshot) throws -> ImageSurface {
            var job = RenderJob(renderer: renderer)
            job.options = RenderJob.Options(scale: 1, state: snapshot.nested == nil ? snapshot.state : nil, encodesPNG: false, view: "#1")
            job.options.nestedStates = snapshot.nested.map { [$0.path: snapshot.state] } ?? [:]
            return try XCTUnwrap(job.run(document: document).surface)
        }
        let snapshots = Snapshot.all(of: document, scales: [1]).snapshots
        let (whole, highlighted) = (try draw(snapshots[0]), try draw(snapshots[1]))
        XCTAssertEqual(renderer.nestedStates, held)
        XCTAssertEqual([whole.width, whole.height], [200, 80])
        XCTAssertEqual([highlighted.width, highlighted.height], [200, 80])
        let comparison = ImageComparison(highlighted, to: whole, tolerance: .exact)
        XCTAssertGreaterThan(comparison.changedPixels, 0)
        // Only the button's pixels change: the card and its label stay as they are.
        func pixel(_ surface: ImageSurface, _ x: Int, _ y: Int) throws -> UInt32 {
            try XCTUnwrap(surface.data).load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
        }
        XCTAssertEqual(try pixel(whole, 100, 5), try pixel(highlighted, 100, 5))
        XCTAssertEqual(try pixel(whole, 125, 40), 0xFF00_7AFF)
        XCTAssertEqual(try pixel(highlighted, 125, 40), 0xFF00_51A8)
    }

    // MARK: - One view alone

    /// A view alone is trimmed to what it covers, shadow included, on the canvas background; moved
    /// by whole points it draws the same pixels.
    func testAViewAloneIsTrimmedToItsFrameAndShadowWhereverItStands() throws {
        func render(_ frame: String, scale: Double) throws -> (ImageSurface, Rect) {
            let document = try XCTUnwrap(loadStyle("""
            canvas: {background: "#EEEEEE", size: [400, 300]}
            views:
              - {class: PillUILabel, text: Neighbour, frame: [0, 0, 400, 300], backgroundColor: red}
              - class: DesignableView
                frame: \(frame)
                backgroundColor: white
                cornerRadius: 6
                shadowOpacity: 0.5
                shadowRadius: 4
                shadowOffset: [0, 3]
            """))
            var job = RenderJob(options: RenderJob.Options(scale: scale, view: "#2"))
            job.options.encodesPNG = false
            let output = try job.run(document: document)
            let layout = try XCTUnwrap(output.layout)
            return (try XCTUnwrap(output.surface), document.views[1].component(in: .normal).visualBounds(in: layout.frames[1]))
        }
        let (here, bounds) = try render("[20, 30, 100, 40]", scale: 2)
        XCTAssertLessThan(bounds.x, 20, "the shadow reaches past the frame")
        let pixels = bounds.pixelAligned(scale: 2)
        XCTAssertEqual([here.width, here.height], [Int(pixels.width), Int(pixels.height)])
        let (there, _) = try render("[157, 101, 100, 40]", scale: 2)
        XCTAssertEqual(ImageComparison(there, to: here, tolerance: .exact).changedPixels, 0)
        // The corner, beyond the shadow's reach, is the canvas background, not the neighbour's red.
        let corner = try XCTUnwrap(here.data).load(as: UInt32.self)
        XCTAssertEqual(corner, 0xFFEE_EEEE)
    }

    // MARK: - JUnit

    func testJUnitEscapesWhatXMLCannotHoldAsIs() {
        XCTAssertEqual(JUnitReport.escaped("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        XCTAssertEqual(JUnitReport.escaped("one\ntwo\tthree"), "one&#10;two&#9;three", "an attribute keeps its line breaks")
        XCTAssertEqual(JUnitReport.escaped("one\ntwo \"q\"", inAttribute: false), "one\ntwo \"q\"")
        XCTAssertEqual(JUnitReport.escaped("bell\u{7} nul\u{0} \u{FFFF}"), "bell\u{FFFD} nul\u{FFFD} \u{FFFD}")
    }

    func testJUnitHasACasePerSnapshotAndAFailureWithItsMessage() throws {
        let location = SourceLocation(line: 4, column: 5, file: SourceFile(path: "a&b.yaml"))
        let results = [
            SnapshotRun.Result(snapshot: Snapshot(view: "go", index: 0, state: .normal, scale: 2), outcome: .passed, seconds: 0.25),
            SnapshotRun.Result(snapshot: Snapshot(view: "go", index: 0, state: .disabled, scale: 2), outcome: .recorded, seconds: 0.5),
            SnapshotRun.Result(snapshot: Snapshot(view: "tag", index: 1, state: .normal, scale: 2), outcome: .failed,
                               failure: .error("snapshot tag.normal@2x.png differs: <3 pixels>", at: location), seconds: 0.125),
        ]
        XCTAssertEqual(JUnitReport.xml(suite: "a&b.yaml", results: results), """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite name="a&amp;b.yaml" tests="3" failures="1" errors="0" skipped="0" time="0.875">
          <testcase classname="a&amp;b.yaml" name="go.normal@2x" time="0.25"/>
          <testcase classname="a&amp;b.yaml" name="go.disabled@2x" time="0.5">
            <system-out>recorded go.disabled@2x.png</system-out>
          </testcase>
          <testcase classname="a&amp;b.yaml" name="tag.normal@2x" time="0.125">
            <failure message="snapshot tag.normal@2x.png differs: &lt;3 pixels&gt;">a&amp;b.yaml:4:5: error: snapshot tag.normal@2x.png differs: &lt;3 pixels&gt;</failure>
          </testcase>
        </testsuite>

        """)
    }
}
