import DesignableCore
import Foundation
import XCTest

/// Realistic mistakes and hostile inputs, each with the exact findings a user must see.
///
/// `BadInputs/NAME.yaml` is loaded as a style file; `BadInputs/NAME.expected` holds its findings,
/// one `line:col: severity: message` a line, without the path so the expectation does not depend
/// on where the checkout is. A finding in another file (one the input imports, kept in
/// `BadInputs/imports/` so it is not an input itself) starts with that file's path from the
/// corpus folder: `imports/tokens.yaml:3:5: error: ...`. DESIGNABLE_RECORD_CORPUS=1 writes the expectations instead (and
/// fails, so a recording is never taken for a pass): read each one before committing it.
final class BadInputCorpusTests: XCTestCase {
    static let corpusFolder = repositoryRoot.appendingPathComponent("Tests/DesignableCoreTests/BadInputs")

    func testEveryBadInputGivesExactlyItsExpectedFindings() throws {
        let recording = ProcessInfo.processInfo.environment["DESIGNABLE_RECORD_CORPUS"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpusFolder.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 60, "the corpus is meant to cover at least 60 mistakes")
        var recorded = 0
        for name in names {
            let input = Self.corpusFolder.appendingPathComponent(name)
            let expectedURL = input.deletingPathExtension().appendingPathExtension("expected")
            let folder = Self.corpusFolder.path + "/"
            let actual = StyleLoader.load(path: input.path).diagnostics.map {
                let file = $0.path == input.path || !$0.path.hasPrefix(folder) ? "" : String($0.path.dropFirst(folder.count)) + ":"
                return "\(file)\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
            }
            if recording {
                try (actual.joined(separator: "\n") + "\n").write(to: expectedURL, atomically: true, encoding: .utf8)
                recorded += 1
                continue
            }
            guard let text = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("\(name): no \(expectedURL.lastPathComponent); record it with DESIGNABLE_RECORD_CORPUS=1 and read it")
                continue
            }
            let expected = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            XCTAssertFalse(expected.isEmpty, "\(name): a bad input must have at least one finding")
            if actual != expected {
                XCTFail("\(name): findings differ\n" + Self.diff(expected: expected, actual: actual))
            }
        }
        if recording { XCTFail("recorded \(recorded) expectations; read each, then run again without DESIGNABLE_RECORD_CORPUS") }
    }

    /// `- expected` and `+ actual` lines for what differs, `  ` for what is the same.
    static func diff(expected: [String], actual: [String]) -> String {
        let difference = actual.difference(from: expected)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var lines: [String] = []
        var e = 0, a = 0
        while e < expected.count || a < actual.count {
            if e < expected.count, removed.contains(e) {
                lines.append("- " + expected[e]); e += 1
            } else if a < actual.count, inserted.contains(a) {
                lines.append("+ " + actual[a]); a += 1
            } else {
                if a < actual.count { lines.append("  " + actual[a]) }
                e += 1; a += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
