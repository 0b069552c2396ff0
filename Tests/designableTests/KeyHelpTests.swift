import DesignablePreview
import Foundation
import XCTest

/// The preview's help is written from its key table once: `preview --help` prints it, and the
/// README's table of the preview window says the same, row for row.
final class KeyHelpTests: XCTestCase {
    func testTheReadmeTableIsTheGeneratedHelp() throws {
        let readme = try String(contentsOf: projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### The preview window"), "the README has no preview window section")
        let lines = readme[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.map(String.init)
        XCTAssertEqual(Array(table.prefix(2)), ["| input | what it does |", "|---|---|"])
        XCTAssertEqual(Array(table.dropFirst(2)), KeyHelp.rows.map { "| \($0.input) | \($0.effect) |" },
                       "make the README's table the rows of KeyHelp (designable preview --help)")
    }

    func testPreviewHelpPrintsIt() throws {
        let run = try runDesignable(["preview", "--help"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains(KeyHelp.text + "\n"), run.stdout)
        // Every key the window acts on is named, Ctrl+S and the keypad's Enter too.
        for key in ["Tab", "Shift+Tab", "Space", "keypad Enter", "h, s, d", "Ctrl+S", "Page Down", "Escape"] {
            XCTAssertTrue(KeyHelp.text.contains(key), key)
        }
    }
}
