import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `designable snapshot`, end to end: record, verify, a changed colour caught with its actual and
/// difference images and a JUnit report, CI refusing to record, `--record`, names of views
/// without an id, scales, and fonts pinned whatever the machine's fontconfig says.
final class SnapshotCommandTests: XCTestCase {
    /// A control (five states) and a label (one): six snapshots at the default scale, 2.
    private func style(pill: String = "#FFCC00") -> String {
        """
        canvas: {background: "#FFFFFF"}
        views:
          - {class: FancyButton, id: go, title: Go, size: [80, 30], cornerRadius: 4, borderWidth: 1, borderColor: "#FF0000"}
          - {class: PillUILabel, id: tag, text: New, backgroundColor: "\(pill)"}

        """
    }

    private static let names = ["go.normal@2x.png", "go.highlighted@2x.png", "go.selected@2x.png",
                                "go.selected+highlighted@2x.png", "go.disabled@2x.png", "tag.normal@2x.png"]

    /// A new folder with `style()` in it as style.yaml.
    private func styleInNewFolder() throws -> (folder: URL, style: URL) {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("style.yaml")
        try style().write(to: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testRecordVerifyThenAChangedColourFailsWithItsPicturesAndAJUnitReport() throws {
        let (folder, path) = try styleInNewFolder()
        let snapshots = folder.appendingPathComponent("__Snapshots__")

        let record = try runDesignable(["snapshot", path.path])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(record.stderr, "")
        XCTAssertEqual(record.stdout, "0 passed, 0 failed, 6 recorded in \(snapshots.path): look at them before you commit them\n")
        XCTAssertEqual(try files(in: snapshots), Self.names.sorted())
        XCTAssertEqual(pngSize(snapshots.appendingPathComponent("go.normal@2x.png"))?.width, 160, "80 points at 2×, trimmed to the frame")

        let verify = try runDesignable(["snapshot", path.path])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertEqual(verify.stdout, "6 passed, 0 failed\n")

        // The label's colour changes: its one snapshot fails, the button's five still pass.
        try style(pill: "#3366FF").write(to: path, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.xml")
        let changed = try runDesignable(["snapshot", path.path, "--junit", report.path])
        XCTAssertEqual(changed.status, 1)
        XCTAssertEqual(changed.stdout, "5 passed, 1 failed\n")
        let lines = changed.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, changed.stderr)
        XCTAssertTrue(changed.stderr.hasPrefix("\(path.path):4:5: error: snapshot tag.normal@2x.png differs: "), changed.stderr)
        XCTAssertTrue(changed.stderr.contains("changed by more than 16 of 255, 0.1% allowed; see \(snapshots.path)/tag.normal@2x.diff.png"), changed.stderr)
        let reference = try XCTUnwrap(pngSize(snapshots.appendingPathComponent("tag.normal@2x.png")))
        for leftover in ["tag.normal@2x.actual.png", "tag.normal@2x.diff.png"] {
            let size = try XCTUnwrap(pngSize(snapshots.appendingPathComponent(leftover)), leftover)
            XCTAssertEqual([size.width, size.height], [reference.width, reference.height], leftover)
        }
        XCTAssertEqual(try files(in: snapshots).count, 8, "the references are left as they were")

        let xml = try XMLDocument(contentsOf: report)
        XCTAssertEqual(xml.rootElement()?.name, "testsuite")
        XCTAssertEqual(xml.rootElement()?.attribute(forName: "tests")?.stringValue, "6")
        XCTAssertEqual(xml.rootElement()?.attribute(forName: "failures")?.stringValue, "1")
        XCTAssertEqual(try xml.nodes(forXPath: "/testsuite/testcase").count, 6)
        let failures = try xml.nodes(forXPath: "//failure")
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual((failures.first?.parent as? XMLElement)?.attribute(forName: "name")?.stringValue, "tag.normal@2x")

        // Put back, it passes again and takes away what the failure left.
        try style().write(to: path, atomically: true, encoding: .utf8)
        let back = try runDesignable(["snapshot", path.path])
        XCTAssertEqual(back.stdout, "6 passed, 0 failed\n")
        XCTAssertEqual(try files(in: snapshots), Self.names.sorted())
    }

    /// Under CI a missing reference is a failure, never recorded behind the reader's back.
    func testUnderCIAMissingReferenceFailsAndIsNotRecorded() throws {
        let (folder, path) = try styleInNewFolder()
        let run = try runDesignable(["snapshot", path.path, "--dir", folder.appendingPathComponent("refs").path], environment: ["CI": "1"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "0 passed, 6 failed\n")
        XCTAssertTrue(run.stderr.contains(":3:5: error: snapshot go.normal@2x.png is missing, and CI is set, so it was not recorded"), run.stderr)
        let left = try files(in: folder.appendingPathComponent("refs"))
        XCTAssertEqual(left, Self.names.map { $0.replacingOccurrences(of: ".png", with: ".actual.png") }.sorted(),
                       "only this run's pictures, for the CI's artefacts; no reference")
    }

    /// `--record` writes the references again on purpose, and a verify then holds the new look.
    func testRecordRewritesTheReferences() throws {
        let (folder, path) = try styleInNewFolder()
        XCTAssertEqual(try runDesignable(["snapshot", path.path]).status, 0)
        let tag = folder.appendingPathComponent("__Snapshots__/tag.normal@2x.png")
        let before = try Data(contentsOf: tag)

        try style(pill: "#3366FF").write(to: path, atomically: true, encoding: .utf8)
        let record = try runDesignable(["snapshot", path.path, "--record"], environment: ["CI": "true"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stdout.hasPrefix("0 passed, 0 failed, 6 recorded in "), record.stdout)
        XCTAssertNotEqual(try Data(contentsOf: tag), before)
        XCTAssertEqual(try runDesignable(["snapshot", path.path]).stdout, "6 passed, 0 failed\n")
    }

    /// A reference that is not a PNG any more fails that snapshot, said in words, and `--record` mends it.
    func testAReferenceThatIsNotAPNGFailsWithoutACrash() throws {
        let (folder, path) = try styleInNewFolder()
        XCTAssertEqual(try runDesignable(["snapshot", path.path]).status, 0)
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("__Snapshots__/tag.normal@2x.png"))
        let run = try runDesignable(["snapshot", path.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "5 passed, 1 failed\n")
        XCTAssertTrue(run.stderr.hasSuffix(":4:5: error: snapshot tag.normal@2x.png cannot be compared: the reference is not a PNG file (it does not start with PNG's signature); --record writes it again\n"), run.stderr)
        XCTAssertEqual(try runDesignable(["snapshot", path.path, "--record"]).status, 0)
        XCTAssertEqual(try runDesignable(["snapshot", path.path]).stdout, "6 passed, 0 failed\n")
    }

    /// A view without an id is named after its class and its place among the views of that
    /// class, with a warning at its line; each scale asked for is a snapshot of its own.
    func testViewsWithoutAnIdGetAStableNameAndAWarning() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("labels.yaml")
        try """
        views:
          - {class: PillUILabel, text: One}
          - {class: PillUILabel, id: named, text: Two}
          - {class: PillUILabel, text: Three}

        """.write(to: path, atomically: true, encoding: .utf8)
        let run = try runDesignable(["snapshot", path.path, "--scale", "1,2", "--scale", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, """
        \(path.path):2:5: warning: this PillUILabel has no id: its snapshots are named PillUILabel-1, after its place among the PillUILabels, and change name when one is added or removed above it; write id: PillUILabel-1 to keep the name
        \(path.path):4:5: warning: this PillUILabel has no id: its snapshots are named PillUILabel-3, after its place among the PillUILabels, and change name when one is added or removed above it; write id: PillUILabel-3 to keep the name

        """)
        let snapshots = folder.appendingPathComponent("__Snapshots__")
        XCTAssertEqual(try files(in: snapshots), ["PillUILabel-1.normal@1x.png", "PillUILabel-1.normal@2x.png",
                                                  "PillUILabel-3.normal@1x.png", "PillUILabel-3.normal@2x.png",
                                                  "named.normal@1x.png", "named.normal@2x.png"])
        let one = try XCTUnwrap(pngSize(snapshots.appendingPathComponent("named.normal@1x.png")))
        let two = try XCTUnwrap(pngSize(snapshots.appendingPathComponent("named.normal@2x.png")))
        // The label's width is fractional: each scale rounds its pixels up.
        XCTAssertLessThanOrEqual(abs(two.width - 2 * one.width), 1)
    }

    /// A card holding a button is recorded whole, and whole with the button in each state it
    /// has a look for; a change to the button's highlighted look fails that snapshot alone, at
    /// the button's line.
    func testAViewHoldingAControlIsKeptWholeInEachOfTheControlsStates() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("card.yaml")
        // The core tests' card, its highlighted colour changed at will.
        let card = try String(contentsOf: projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/NestedCard.yaml"), encoding: .utf8)
        func write(highlighted: String) throws {
            try card.replacingOccurrences(of: "highlighted: {backgroundColor: \"#0051A8\"}", with: "highlighted: {backgroundColor: \"\(highlighted)\"}")
                .write(to: path, atomically: true, encoding: .utf8)
        }
        try write(highlighted: "#0051A8")
        let record = try runDesignable(["snapshot", path.path])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(record.stderr, "")
        let snapshots = folder.appendingPathComponent("__Snapshots__")
        XCTAssertEqual(try files(in: snapshots), ["card.buy-disabled@2x.png", "card.buy-highlighted@2x.png", "card.buy-selected+highlighted@2x.png",
                                                  "card.buy-selected@2x.png", "card.normal@2x.png"])
        for name in try files(in: snapshots) {
            XCTAssertEqual(pngSize(snapshots.appendingPathComponent(name))?.width, 400, "\(name): the whole card at 2×")
        }
        XCTAssertEqual(try runDesignable(["snapshot", path.path]).stdout, "5 passed, 0 failed\n")

        try write(highlighted: "#FF3B30")
        let changed = try runDesignable(["snapshot", path.path])
        XCTAssertEqual(changed.status, 1)
        // Held down while selected, the button takes the highlighted look too.
        XCTAssertEqual(changed.stdout, "3 passed, 2 failed\n")
        XCTAssertTrue(changed.stderr.hasPrefix("\(path.path):12:9: error: snapshot card.buy-highlighted@2x.png differs: "), changed.stderr)
    }

    /// Snapshots draw with the pinned fonts whatever fontconfig the caller has: a machine whose
    /// only font is another one still verifies, unless told to use the system's fonts.
    func testTheFontsArePinnedUnlessToldOtherwise() throws {
        let (folder, path) = try styleInNewFolder()
        XCTAssertEqual(try runDesignable(["snapshot", path.path]).status, 0)
        let otherFonts = folder.appendingPathComponent("other-fonts.conf")
        try """
        <?xml version="1.0"?>
        <fontconfig><dir>/usr/share/fonts/truetype/wqy</dir></fontconfig>

        """.write(to: otherFonts, atomically: true, encoding: .utf8)
        let elsewhere = ["FONTCONFIG_FILE": otherFonts.path]
        let pinned = try runDesignable(["snapshot", path.path], environment: elsewhere)
        XCTAssertEqual(pinned.stdout, "6 passed, 0 failed\n", pinned.stderr)
        let system = try runDesignable(["snapshot", path.path, "--system-fonts"], environment: elsewhere)
        XCTAssertEqual(system.status, 1, "the titles are drawn in another font")
        XCTAssertTrue(system.stdout.hasSuffix(" failed\n") && !system.stdout.contains(" 0 failed"), system.stdout)
    }

    func testMistakenOptionsAreUsageErrors() throws {
        for arguments in [["--scale", "9"], ["--scale", "1,"], ["--max-diff", "2"], ["--max-diff", "120%"], ["--tolerance", "300"]] {
            let run = try runDesignable(["snapshot", "style.yaml"] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix("Error: \(arguments[0]) takes "), run.stderr)
        }
    }
}
