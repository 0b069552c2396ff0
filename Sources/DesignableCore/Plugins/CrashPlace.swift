#if canImport(Glibc)
import Glibc
#endif

/// Where in a user's component file a crash happened: the worker records, from a signal
/// handler, the innermost frame of its backtrace that lies in a compiled component library (the
/// library and the offset in it); the preview turns that into `StarRating.swift:41` with the
/// toolchain's symbolizer, reading the line tables the library is compiled with.
///
/// A fatal error's own message names the standard library's place (`Swift/Array.swift`), which
/// says nothing of the user's code: this is the place the user can act on.
public enum CrashPlace {
    private typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32) -> Int32
    /// `dladdr`, its answer a `Dl_info` (file name, base, symbol name, symbol address: four
    /// pointers) read by offset, as Glibc's module hides the type (it needs `_GNU_SOURCE`).
    private typealias LibraryOf = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer) -> Int32

    /// Everything the handler uses, made beforehand: a signal handler may not allocate.
    private struct Recorder {
        var record: UnsafeMutablePointer<UInt8>
        var recordSize: Int
        var frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
        var info: UnsafeMutableRawPointer
        var backtrace: Backtrace
        var libraryOf: LibraryOf
    }
    nonisolated(unsafe) private static var recorder: Recorder?
    private static let frameLimit: Int32 = 128
    /// What a component library's file name contains (see `ComponentCompiler`'s module names).
    private static let libraryMark = "/libDesignableUser_"
    nonisolated(unsafe) private static var libraryMarkBytes: UnsafeMutablePointer<CChar>?
    /// The handlers' own stack, kept for the process's life: held here as well as by the kernel,
    /// where LeakSanitizer cannot see it.
    nonisolated(unsafe) private static var signalStack: UnsafeMutableRawPointer?

    /// Installs handlers for the signals a crash raises; on one, the first component frame is
    /// written to `record` (`size` bytes, NUL-terminated) as "library\noffset-hex", and the signal
    /// then takes its default course. `backtrace` and `dladdr` are looked up (and `backtrace`
    /// run once, which loads the unwinder) now, not in the handler.
    public static func install(record: UnsafeMutableRawPointer, size: Int) {
        guard size > 64, let backtraceSymbol = dlsym(nil, "backtrace"), let dladdrSymbol = dlsym(nil, "dladdr") else { return }
        let frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: Int(frameLimit))
        let backtrace = unsafeBitCast(backtraceSymbol, to: Backtrace.self)
        _ = backtrace(frames, frameLimit)
        recorder = Recorder(record: record.assumingMemoryBound(to: UInt8.self), recordSize: size, frames: frames,
                            info: .allocate(byteCount: 4 * MemoryLayout<UnsafeRawPointer>.stride, alignment: 16), backtrace: backtrace, libraryOf: unsafeBitCast(dladdrSymbol, to: LibraryOf.self))
        libraryMarkBytes = strdup(libraryMark)
        record.storeBytes(of: 0, as: UInt8.self)
        // Its own stack, so a stack overflow in user code is reported too.
        let stackSize = 1 << 16
        var stack = stack_t()
        let memory = signalStack ?? UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
        signalStack = memory
        stack.ss_sp = memory
        stack.ss_size = stackSize
        sigaltstack(&stack, nil)
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in CrashPlace.recordCrash() }
            // Reset to the default first: returning re-runs the faulting instruction (or abort
            // raises again), and the process ends by the signal as it would have.
            action.sa_flags = SA_ONSTACK | Int32(bitPattern: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// The handler's work: only calls that do not allocate, and writes into the record.
    private static func recordCrash() {
        guard let recorder, let mark = libraryMarkBytes else { return }
        let count = recorder.backtrace(recorder.frames, frameLimit)
        for index in 0..<Int(max(0, count)) {
            guard let address = recorder.frames[index], recorder.libraryOf(address, recorder.info) != 0,
                  let name = recorder.info.load(as: UnsafePointer<CChar>?.self), strstr(name, mark) != nil,
                  let base = recorder.info.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self) else { continue }
            // A return address is just past its call: one byte back is the call's line (and for
            // the faulting instruction itself, the end of the one before, nearly always its line).
            let offset = UInt(bitPattern: UnsafeRawPointer(address) - base) &- 1
            var at = 0
            let limit = recorder.recordSize - 20
            var character = name
            while character.pointee != 0, at < limit {
                recorder.record[at] = UInt8(bitPattern: character.pointee)
                at += 1
                character += 1
            }
            recorder.record[at] = UInt8(ascii: "\n")
            at += 1
            var digits = 0
            var rest = offset
            repeat { digits += 1; rest >>= 4 } while rest > 0
            for digit in 0..<digits {
                let nibble = UInt8((offset >> (4 * UInt(digits - 1 - digit))) & 0xf)
                recorder.record[at + digit] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            recorder.record[at + digits] = 0
            return
        }
    }

    /// The record's library and offset, as the worker wrote them; nil when it wrote none.
    public static func parse(_ record: String) -> (library: String, offset: UInt)? {
        let parts = record.split(separator: "\n")
        guard parts.count == 2, let offset = UInt(parts[1], radix: 16) else { return nil }
        return (String(parts[0]), offset)
    }

    /// `File.swift:41` for an offset in a component library, by the toolchain's `llvm-symbolizer`
    /// (beside `swiftc`) or `addr2line`; nil when neither can say.
    public static func place(ofOffset offset: UInt, inLibrary library: String) -> String? {
        let address = "0x" + String(offset, radix: 16)
        let swiftc = getenv("DESIGNABLE_SWIFTC").map { String(cString: $0) } ?? "swiftc"
        var commands: [[String]] = []
        if let found = ChildProcess.find(swiftc), let real = realpath(found, nil) {
            let symbolizer = FileSystem.directory(of: String(cString: real)) + "/llvm-symbolizer"
            free(real)
            if access(symbolizer, X_OK) == 0 { commands.append([symbolizer, "--obj=" + library, address]) }
        }
        if let addr2line = ChildProcess.find("addr2line") { commands.append([addr2line, "-e", library, address]) }
        for command in commands {
            guard let result = ChildProcess.run(command), result.status == 0 else { continue }
            // `path/File.swift:41:13` (llvm-symbolizer, after the function's name) or `path/File.swift:41`.
            for line in result.output.split(separator: "\n") {
                var fields = line.split(separator: ":", omittingEmptySubsequences: false)
                while let last = fields.last, fields.count > 2, Int(last) != nil, Int(fields[fields.count - 2]) != nil { fields.removeLast() }
                guard fields.count >= 2, let number = Int(fields[fields.count - 1]), number > 0 else { continue }
                let path = fields.dropLast().joined(separator: ":")
                guard path.hasSuffix(".swift") else { continue }
                return "\(FileSystem.fileName(of: path)):\(number)"
            }
        }
        return nil
    }
}
