@testable import DesignableCore
import Foundation
import XCTest

/// What a compiled component's cache key and crash report are made of: the executable's ELF build
/// id (as `readelf -n` reads it), the compiler's version kept on disk under its stamp, the
/// compile commands, and the crash record the worker writes.
final class ComponentToolchainTests: XCTestCase {
    func testTheBuildIDIsTheOneReadelfReads() throws {
        let id = try XCTUnwrap(ComponentToolchain.buildID(ofELF: "/proc/self/exe"), "the test runner is linked with a build id")
        XCTAssertTrue(id.count >= 16 && id.allSatisfy(\.isHexDigit), id)
        guard let readelf = ["/usr/bin/readelf", "/bin/readelf"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: readelf)
        process.arguments = ["-n", "/proc/self/exe".replacingOccurrences(of: "self", with: "\(getpid())")]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(output.contains("Build ID: \(id)"), output)
        XCTAssertTrue(ComponentToolchain.executableIdentity().hasPrefix("build-id:"))
    }

    func testAFileThatIsNotELFHasNoBuildID() throws {
        let folder = NSTemporaryDirectory() + "designable-buildid-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "#!/bin/sh\n".write(toFile: folder + "/script", atomically: true, encoding: .utf8)
        XCTAssertNil(ComponentToolchain.buildID(ofELF: folder + "/script"))
        XCTAssertNil(ComponentToolchain.buildID(ofELF: folder + "/missing"))
    }

    func testTheCompilerVersionIsAskedOncePerStamp() throws {
        let folder = NSTemporaryDirectory() + "designable-version-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A stand-in compiler that counts its runs.
        let compiler = folder + "/swiftc"
        try "#!/bin/sh\necho run >> \(folder)/runs\necho 'Swift version 9.9'\n".write(toFile: compiler, atomically: true, encoding: .utf8)
        chmod(compiler, 0o755)
        XCTAssertEqual(ComponentToolchain.compilerVersion(compiler, cacheFolder: folder + "/cache"), "Swift version 9.9\n")
        XCTAssertEqual(ComponentToolchain.compilerVersion(compiler, cacheFolder: folder + "/cache"), "Swift version 9.9\n")
        XCTAssertEqual(try String(contentsOfFile: folder + "/runs", encoding: .utf8), "run\n", "the second answer came from the cache")
        // A new compiler (a new modification time) is asked again.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, compiler, &times, 0)
        _ = ComponentToolchain.compilerVersion(compiler, cacheFolder: folder + "/cache")
        XCTAssertEqual(try String(contentsOfFile: folder + "/runs", encoding: .utf8), "run\nrun\n")
    }

    func testACrashRecordIsALibraryAndAnOffset() {
        let parsed = CrashPlace.parse("/cache/libDesignableUser_StarRating_0123.so\n6acb")
        XCTAssertEqual(parsed?.library, "/cache/libDesignableUser_StarRating_0123.so")
        XCTAssertEqual(parsed?.offset, 0x6acb)
        XCTAssertNil(CrashPlace.parse(""))
        XCTAssertNil(CrashPlace.parse("/cache/lib.so\nnot hex"))
    }
}
