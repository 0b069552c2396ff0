@testable import DesignableCore
import Foundation
import XCTest

/// Every input is read within a bound, whatever it is: pipes, devices and huge or growing files
/// are refused with a clear message, never read to their end.
final class InputLimitsTests: XCTestCase {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("designable-limits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func readFailure(_ path: String, limit: Int = StyleLoader.maximumFileSize) -> String? {
        do {
            _ = try FileSystem.read(path, limit: limit)
            return nil
        } catch {
            return error.reason
        }
    }

    func testANamedPipeIsRefusedWithoutBlocking() throws {
        let fifo = try folder() + "/style.yaml"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(readFailure(fifo), "is a named pipe, not a file")
    }

    func testDevicesAndFoldersAreRefusedEvenThroughASymlink() throws {
        let base = try folder()
        try FileManager.default.createSymbolicLink(atPath: base + "/zero.yaml", withDestinationPath: "/dev/zero")
        XCTAssertEqual(readFailure(base + "/zero.yaml"), "is a device, not a file")
        XCTAssertEqual(readFailure(base), "is a folder, not a file")
    }

    func testAFileOverTheLimitIsRefusedBeforeReading() throws {
        let path = try folder() + "/big.yaml"
        // Sparse: 17 MB on paper, nothing on the disk.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, off_t(17 << 20)), 0)
        XCTAssertEqual(readFailure(path), "is 17825792 bytes, over the 16 MB limit")
        let loaded = StyleLoader.load(path: path)
        XCTAssertEqual(loaded.diagnostics.map(\.message), ["cannot read the style file: is 17825792 bytes, over the 16 MB limit"])
    }

    func testTheLimitItselfIsAllowedAndOneByteMoreIsNot() throws {
        let path = try folder() + "/edge.yaml"
        try Data(repeating: 0x20, count: 100).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileSystem.read(path, limit: 100).count, 100)
        XCTAssertEqual(readFailure(path, limit: 99), "is 100 bytes, over the 99 bytes limit")
    }

    func testAFileWhoseSizeIsNotKnownIsReadOnlyToTheLimit() throws {
        // /proc files say they are empty and are not: the read itself must stop.
        XCTAssertEqual(readFailure("/proc/self/maps", limit: 10), "is over the 10 bytes limit")
        XCTAssertFalse(try FileSystem.read("/proc/self/maps", limit: 1 << 20).isEmpty)
    }

    /// Bytes handed over already read (the preview's) are held to the same limit, worded exactly:
    /// a rounded "16 MB" for 16 MB and one byte would read as within the limit.
    func testTheLoaderNamesTheExactSizeOfBytesOverTheLimit() {
        let bytes = [UInt8](repeating: 0x20, count: StyleLoader.maximumFileSize + 1)
        let loaded = StyleLoader.load(bytes: bytes, path: "big.yaml")
        XCTAssertEqual(loaded.diagnostics.map(\.message), ["the file is 16777217 bytes, over the 16 MB limit for style files"])
    }

    /// A file of more views than any design has is refused at the first view past the limit,
    /// before a component is built for any of them.
    func testViewsPastTheLimitAreRefusedAtTheFirstOne() {
        let text = "views:\n" + String(repeating: "  - {class: UIButton, size: [1, 1]}\n", count: 10_001)
        let result = StyleLoader.load(text: text, path: "")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.map(\.description),
                       ["10002:5: error: this is view 10001; a style file may have at most 10000 views (it has 10001): split it into several files"])
    }

    /// The tree costs a fixed 24 bytes a node: the smallest nodes a file can write (two bytes
    /// each) make a tree under 15 times its size, and a real style file one of 2 to 4 times.
    func testTheTreeStaysWithinItsDocumentedMultipleOfTheText() throws {
        let smallest = "[" + String(repeating: "a,", count: 200_000) + "a]"
        let gallery = try String(contentsOf: fixturesFolder.appendingPathComponent("gallery.yaml"), encoding: .utf8)
        for (text, multiple) in [(smallest, 15), ("- a\n" + String(repeating: "- a\n", count: 100_000), 8), (gallery, 4)] {
            let bytes = Array(text.utf8)
            let root = try XCTUnwrap(YAMLParser.parseDocument(bytes: bytes, file: .none).root)
            XCTAssertLessThan(root.tree.byteCount, multiple * bytes.count, String(text.prefix(20)))
        }
    }

    /// Past a million nodes a document is refused at the first node past the limit.
    func testNodesPastTheLimitAreRefusedAtTheFirstOne() {
        let text = "views: [" + String(repeating: "1,", count: YAMLParser.maximumNodes) + "1]\n"
        XCTAssertThrowsError(try YAMLParser.parseDocument(bytes: Array(text.utf8), file: .none)) { error in
            // The root mapping, the key and the list come first: the item past the limit is 999,998th.
            XCTAssertEqual((error as? Diagnostic)?.description,
                           "1:\(9 + 2 * (YAMLParser.maximumNodes - 3)): error: the document has more than 1000000 values, lists and mappings; a style file may have at most that many: split it into several files")
        }
    }
}
