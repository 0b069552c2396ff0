import Foundation
import XCTest

let projectRoot = URL(fileURLWithPath: TestPaths.root)

/// What one run of the binary did.
struct CommandRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
}

/// Runs the real binary with the test fonts pinned and no display, and waits for it (at most `timeout`).
func runDesignable(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:],
                   timeout: TimeInterval = 60) throws -> CommandRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try XCTUnwrap(TestPaths.binary, "designable is not built (swift build)"))
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let (out, err) = try TestPaths.start(process, display: nil, extraEnvironment: extra)
    // Read both pipes while it runs, so a chatty child never blocks on a full pipe.
    final class Collected: @unchecked Sendable { var data = Data() }
    let outData = Collected(), errData = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outData.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errData.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(2_000) }
    if process.isRunning {
        process.terminate()
        XCTFail("designable \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    group.wait()
    return CommandRun(status: process.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
                      stderr: String(decoding: errData.data, as: UTF8.self), stdoutBytes: outData.data)
}

/// A fresh folder for one test's files.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("designable-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Width and height from a PNG's header, or nil when the bytes are not a PNG.
func pngSize(_ url: URL) -> (width: Int, height: Int)? {
    guard let data = try? Data(contentsOf: url), data.count > 24,
          data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    func be32(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}
