#if canImport(Glibc)
import Glibc
#endif
#if DESIGNABLE_LIBFUZZER
import CFuzzer
#endif

/// Reads a variable of the environment; nil when unset.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Built for fuzzing, hands the command line to libFuzzer; otherwise runs the harness on each file
/// named (a crash file from `make fuzz`, say), so a finding can be replayed and debugged without
/// the fuzzer runtime.
@main
enum Replay {
    static func main() {
        #if DESIGNABLE_LIBFUZZER
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        // A closure, not `fuzzOneInput` itself: converting the @_cdecl function would emit its C
        // symbol a second time in this file.
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    static func replay(_ paths: ArraySlice<String>) {
        guard !paths.isEmpty else {
            fputs("usage: designable-fuzz FILE...   (runs each file through the fuzz harness)\n", stderr)
            exit(64)
        }
        for path in paths {
            guard let file = fopen(path, "rb") else {
                fputs("designable-fuzz: cannot open \(path)\n", stderr)
                exit(1)
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            fclose(file)
            _ = bytes.withUnsafeBufferPointer { fuzzOneInput($0.baseAddress, $0.count) }
            print("\(path): ok")
        }
    }
}
