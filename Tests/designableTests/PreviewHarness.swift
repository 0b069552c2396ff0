import Foundation
import XCTest

// The window tests drive the real `designable` binary under their own Xvfb, as a person would:
// xdotool moves the pointer and types, ImageMagick's `import` reads the window's pixels, and
// the `--trace` lines on the preview's stdout say when a frame has reached the server, so the
// tests wait on frames instead of sleeping.

// MARK: - Locating things

enum TestPaths {
    /// The repository root, from this file's place in it.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The built `designable`: beside the test bundle (`.build/<triple>/debug`), else `.build/debug`.
    static var binary: String? {
        var candidates: [String] = []
        for start in [Bundle.main.bundlePath, CommandLine.arguments.first ?? ""] where !start.isEmpty {
            var url = URL(fileURLWithPath: start)
            for _ in 0..<4 {
                url.deleteLastPathComponent()
                candidates.append(url.appendingPathComponent("designable").path)
            }
        }
        candidates.append(root + "/.build/debug/designable")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) && !isDirectory($0) }
    }

    /// Starts `process` as the tests run `designable`: the pinned fonts, `display` or none, the
    /// window's own drawing path, no input; its stdout and stderr pipes.
    static func start(_ process: Process, display: String?, extraEnvironment: [String: String]) throws -> (out: Pipe, err: Pipe) {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        if display == nil { environment.removeValue(forKey: "DISPLAY") }
        if let fonts = fontConfig { environment["FONTCONFIG_FILE"] = fonts }
        environment.removeValue(forKey: "DESIGNABLE_NO_SHM")
        // The runner's own CI must not change what the child does (snapshot refuses to record under
        // CI): a test that wants CI behaviour sets it itself.
        environment.removeValue(forKey: "CI")
        // Nor its crash handling: `make test-asan` turns Swift's backtracer off for itself, and a
        // child without it prints the runtime's plain stack trace when a component traps.
        environment.removeValue(forKey: "SWIFT_BACKTRACE")
        // Compiled Swift components go to one cache for every test run, never the user's own:
        // the compiler's module cache in it is what makes all but the first compile quick.
        environment["XDG_CACHE_HOME"] = componentCache
        environment.merge(extraEnvironment) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (out, err)
    }

    /// The XDG cache folder the tests' `designable` runs compile components into.
    static let componentCache = NSTemporaryDirectory() + "designable-tests-cache-\(getuid())"

    /// The pinned fonts, when the tests' fontconfig file is there.
    static var fontConfig: String? {
        let path = root + "/Tests/fonts.conf"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func tool(_ name: String) -> String? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Running programs

/// Runs a program to completion: its exit status, stdout and stderr.
@discardableResult
func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
             timeout: TimeInterval = 30) throws -> (status: Int32, out: Data, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes while it runs, so a large screenshot cannot fill a pipe and stall it.
    let outData = PipeReader(out), errData = PipeReader(err)
    guard outData.wait(timeout: timeout), errData.wait(timeout: timeout) else {
        process.terminate()
        throw HarnessError("\(path) \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s")
    }
    process.waitUntilExit()
    return (process.terminationStatus, outData.data, String(decoding: errData.data, as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected = Data()
    private var done = false

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            condition.lock()
            collected = data
            done = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Whether the pipe closed within `timeout` seconds.
    func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !done {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    var data: Data {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }
}

// MARK: - Xvfb

/// A private X server for one test, on a display number it picks itself (`-displayfd`).
final class VirtualDisplay {
    let name: String
    private let process: Process

    init(extraArguments: [String] = []) throws {
        guard let xvfb = TestPaths.tool("Xvfb") else { throw HarnessError("Xvfb is not installed") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"] + extraArguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Xvfb writes its display number once it listens: that is the signal it is ready. It
        // keeps the pipe open, so read up to the newline, not to the end.
        let line = LineReader(out)
        guard let number = line.wait(timeout: 30), Int(number) != nil else {
            process.terminate()
            throw HarnessError("Xvfb did not start")
        }
        name = ":" + number
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Reads the first line from a pipe that stays open, on a thread of its own.
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var line: String?

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            var text = ""
            while !text.contains("\n") {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            condition.lock()
            line = text.split(separator: "\n").first.map(String.init) ?? ""
            condition.broadcast()
            condition.unlock()
        }
    }

    func wait(timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while line == nil {
            if !condition.wait(until: deadline) { return nil }
        }
        return line
    }
}

// MARK: - The preview process

/// `designable preview ... --trace` running on a display, with its stdout read line by line.
final class PreviewProcess: @unchecked Sendable {
    let process = Process()
    private let condition = NSCondition()
    private var frames: [[String: Any]] = []
    private var otherLines: [String] = []
    private var errText = ""
    private var outClosed = false

    init(_ arguments: [String], display: String?, extraEnvironment: [String: String] = [:]) throws {
        guard let binary = TestPaths.binary else { throw HarnessError("designable is not built (swift build)") }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let (out, err) = try TestPaths.start(process, display: display, extraEnvironment: extraEnvironment)
        Thread.detachNewThread { [condition] in
            var pending = Data()
            while true {
                let data = out.fileHandleForReading.availableData
                condition.lock()
                if data.isEmpty {
                    self.outClosed = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                pending.append(data)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if line.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
                        // With --trace every stdout line is JSON: a saved screenshot's path among the frames.
                        if let saved = object["screenshot"] as? String {
                            self.otherLines.append(saved)
                        } else {
                            self.frames.append(object)
                        }
                    } else {
                        self.otherLines.append(line)
                    }
                }
                condition.broadcast()
                condition.unlock()
            }
        }
        Thread.detachNewThread { [condition] in
            while true {
                let data = err.fileHandleForReading.availableData
                if data.isEmpty { return }
                condition.lock()
                self.errText += String(decoding: data, as: UTF8.self)
                condition.unlock()
            }
        }
    }

    deinit { stop() }

    var frameCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return frames.count
    }

    var stderr: String {
        condition.lock()
        defer { condition.unlock() }
        return errText
    }

    var stdoutLines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return otherLines
    }

    /// The first frame after the first `after` frames whose cause is `cause` (any when nil).
    @discardableResult
    func waitForFrame(after: Int, cause: String? = nil, timeout: TimeInterval = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if frames.count > after,
               let frame = frames[after...].first(where: { cause == nil || $0["cause"] as? String == cause }) {
                return frame
            }
            if outClosed {
                throw HarnessError("the preview exited (status \(process.isRunning ? -1 : process.terminationStatus)) before a \(cause ?? "") frame; stderr: \(errText)")
            }
            if !condition.wait(until: deadline) {
                throw HarnessError("no \(cause ?? "") frame within \(Int(timeout)) s after frame \(after); frames: \(frames.count) (\(frames.compactMap { $0["cause"] as? String }.joined(separator: ", "))); stderr: \(errText)")
            }
        }
    }

    /// Runs `action` and waits for the frame it causes.
    @discardableResult
    func expectFrame(_ cause: String, timeout: TimeInterval = 20, _ action: () throws -> Void) throws -> [String: Any] {
        let mark = frameCount
        try action()
        return try waitForFrame(after: mark, cause: cause, timeout: timeout)
    }

    /// Waits for a line on stdout that is not a frame's trace line (a screenshot's path).
    func waitForLine(timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while otherLines.isEmpty {
            if outClosed || !condition.wait(until: deadline) { throw HarnessError("no line on stdout; stderr: \(errText)") }
        }
        return otherLines.removeFirst()
    }

    /// Waits for the process to exit; its status.
    func waitForExit(timeout: TimeInterval = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { throw HarnessError("the preview did not exit; stderr: \(stderr)") }
            usleep(20_000)
        }
        return process.terminationStatus
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

// MARK: - Driving the window

/// xdotool and ImageMagick against one display.
struct XDriver {
    let display: String

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        return environment
    }

    @discardableResult
    func xdotool(_ arguments: String...) throws -> String {
        guard let tool = TestPaths.tool("xdotool") else { throw HarnessError("xdotool is not installed") }
        let result = try runTool(tool, arguments, environment: environment)
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments.joined(separator: " ")) failed: \(result.err)") }
        return String(decoding: result.out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The window whose title contains `name`, waiting for it to be mapped.
    func window(named name: String) throws -> String {
        let found = try xdotool("search", "--sync", "--onlyvisible", "--name", name)
        guard let first = found.split(separator: "\n").first else { throw HarnessError("no window named \(name)") }
        return String(first)
    }

    func title(of window: String) throws -> String {
        try xdotool("getwindowname", window)
    }

    /// The window's properties as `xprop` prints them, `names` only.
    func properties(of window: String, _ names: String...) throws -> String {
        guard let tool = TestPaths.tool("xprop") else { throw HarnessError("xprop is not installed") }
        let result = try runTool(tool, ["-id", window] + names, environment: environment)
        guard result.status == 0 else { throw HarnessError("xprop failed: \(result.err)") }
        return String(decoding: result.out, as: UTF8.self)
    }

    /// The window's width and height.
    func size(of window: String) throws -> (width: Int, height: Int) {
        let text = try xdotool("getwindowgeometry", "--shell", window)
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// Moves the pointer to (x, y) in the window.
    func move(_ window: String, _ x: Int, _ y: Int) throws {
        try xdotool("mousemove", "--window", window, String(x), String(y))
    }

    /// Puts the pointer on the window and gives it the keyboard (there is no window manager to).
    func focus(_ window: String, at point: (Int, Int)) throws {
        try move(window, point.0, point.1)
        try xdotool("windowfocus", "--sync", window)
    }

    func key(_ names: String...) throws {
        try xdotool(["key", "--delay", "20"] + names)
    }

    /// The window's pixels, as the server has them.
    func screenshot(_ window: String) throws -> RGBImage {
        guard let importTool = TestPaths.tool("import") else { throw HarnessError("ImageMagick's import is not installed") }
        let result = try runTool(importTool, ["-window", window, "-depth", "8", "ppm:-"], environment: environment)
        guard result.status == 0 else { throw HarnessError("import failed: \(result.err)") }
        return try RGBImage(ppm: result.out)
    }

    /// The window's pixels as a PNG file at `path`, for ImageMagick to crop and compare.
    func screenshot(_ window: String, to path: String) throws {
        guard let importTool = TestPaths.tool("import") else { throw HarnessError("ImageMagick's import is not installed") }
        let result = try runTool(importTool, ["-window", window, "-depth", "8", path], environment: environment)
        guard result.status == 0 else { throw HarnessError("import failed: \(result.err)") }
    }

    private func xdotool(_ arguments: [String]) throws {
        guard let tool = TestPaths.tool("xdotool") else { throw HarnessError("xdotool is not installed") }
        let result = try runTool(tool, arguments, environment: environment)
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments.joined(separator: " ")) failed: \(result.err)") }
    }
}

// MARK: - Pixels

/// An 8-bit RGB image decoded from binary PPM (P6), which `import` writes without any library.
struct RGBImage {
    let width: Int, height: Int
    private let bytes: [UInt8]

    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                } else if [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw HarnessError("not an 8-bit binary PPM")
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else { throw HarnessError("short PPM") }
        self.width = width
        self.height = height
        self.bytes = Array(bytes[index..<(index + width * height * 3)])
    }

    struct Pixel: Equatable, CustomStringConvertible {
        var r: Int, g: Int, b: Int
        var description: String { String(format: "#%02X%02X%02X", r, g, b) }

        init(_ r: Int, _ g: Int, _ b: Int) { (self.r, self.g, self.b) = (r, g, b) }
        init(hex: UInt32) { self.init(Int(hex >> 16), Int((hex >> 8) & 0xFF), Int(hex & 0xFF)) }

        /// Within `tolerance` on every channel.
        func isClose(to other: Pixel, tolerance: Int = 6) -> Bool {
            abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
        }
    }

    subscript(x: Int, y: Int) -> Pixel {
        let offset = (y * width + x) * 3
        return Pixel(Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }
}
