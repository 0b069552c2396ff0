#if canImport(Glibc)
import Glibc
#endif

/// What a user's component file is compiled with: the Swift compiler, DesignableCore's module,
/// the C modules it imports (module maps, shims and header folders), and the cache folder.
///
/// An installed `designable` finds them in `PREFIX/lib/designable` (`make install` puts them
/// there); one run from its build folder finds the module beside it and the module maps in the
/// source tree it was built from.
public struct ComponentToolchain {
    /// The C modules DesignableCore imports: their module maps must be found to read its module.
    static let cModules = ["CCairo", "CPango", "CYAML", "CRsvg", "CDeflate", "CISAL"]
    /// The pkg-config packages whose header folders those modules' shims include from.
    static let pkgConfigPackages = ["cairo", "pangocairo", "yaml-0.1", "libdeflate", "libisal"]

    public var swiftc: String
    /// The folder holding `DesignableCore.swiftmodule`.
    public var moduleFolder: String
    public var moduleMaps: [String]
    /// `-I` folders of the C headers.
    public var headerFolders: [String]
    /// Where compiled components and the compiler's module cache are kept (XDG's cache folder).
    public var cacheFolder: String

    /// Finds everything, or says what is missing as a sentence for a finding.
    public static func locate() -> Result<ComponentToolchain, ToolchainMissing> {
        let swiftcName = getenv("DESIGNABLE_SWIFTC").map { String(cString: $0) } ?? "swiftc"
        guard let swiftc = ChildProcess.find(swiftcName) else {
            return .failure(ToolchainMissing("Swift components need the Swift toolchain that built designable: '\(swiftcName)' is not on PATH"))
        }
        let executable = Self.executablePath()
        let binFolder = FileSystem.directory(of: executable)
        // Installed: PREFIX/bin/designable beside PREFIX/lib/designable.
        let installed = FileSystem.directory(of: binFolder) + "/lib/designable"
        var moduleFolder: String?, moduleMaps: [String] = [], headerFolders: [String] = []
        if FileSystem.exists(installed + "/Modules/DesignableCore.swiftmodule") {
            moduleFolder = installed + "/Modules"
            moduleMaps = cModules.map { "\(installed)/include/\($0)/module.modulemap" }
            headerFolders = ((try? FileSystem.read(installed + "/include/header-folders")).map { String(decoding: $0, as: UTF8.self) } ?? "")
                .split(separator: "\n").map(String.init)
        } else if FileSystem.exists(binFolder + "/Modules/DesignableCore.swiftmodule") {
            // A build folder: the module maps are in the sources this file was compiled from.
            moduleFolder = binFolder + "/Modules"
            let sources = FileSystem.directory(of: FileSystem.directory(of: FileSystem.directory(of: #filePath)))
            moduleMaps = cModules.map { "\(sources)/\($0)/module.modulemap" }
            headerFolders = pkgConfigHeaderFolders()
        }
        guard let moduleFolder, moduleMaps.allSatisfy(FileSystem.exists) else {
            return .failure(ToolchainMissing("Swift components need DesignableCore's module, which 'make install' puts in \(installed)/Modules: it is not there"))
        }
        var toolchain = ComponentToolchain(swiftc: swiftc, moduleFolder: moduleFolder, moduleMaps: moduleMaps,
                                           headerFolders: headerFolders, cacheFolder: cacheFolder())
        toolchain.direct = directTools(for: swiftc)
        toolchain.buildIdentity = [executableIdentity(), compilerVersion(swiftc, cacheFolder: toolchain.cacheFolder), moduleFolder]
            .joined(separator: "|")
        return .success(toolchain)
    }

    /// Why components cannot be compiled here.
    public struct ToolchainMissing: Error { public let reason: String; init(_ reason: String) { self.reason = reason } }

    /// `$XDG_CACHE_HOME/designable/components`, else `~/.cache/designable/components`.
    static func cacheFolder() -> String {
        if let xdg = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") { return xdg + "/designable/components" }
        let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
        return home + "/.cache/designable/components"
    }

    /// The header folders pkg-config gives for the C libraries (a build run from its folder).
    static func pkgConfigHeaderFolders() -> [String] {
        guard let result = ChildProcess.run(["pkg-config", "--cflags-only-I"] + pkgConfigPackages), result.status == 0 else { return [] }
        return result.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
    }

    /// The running executable, which the preview starts again as its worker.
    public static var executablePathForWorker: String { executablePath() }

    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    /// What makes a compiled component fit this `designable` and this compiler: the executable's
    /// GNU build id (its size and modification time when it has none) and the compiler's version,
    /// so a plugin built for another host or by another compiler is never loaded into this one.
    /// Worked out once, by `locate`.
    public internal(set) var buildIdentity = ""

    /// The executable's identity: its build id, which any rebuild changes and a copy or reinstall
    /// keeps; else its path, size and modification time.
    static func executableIdentity() -> String {
        let executable = executablePath()
        if let id = buildID(ofELF: "/proc/self/exe") { return "build-id:" + id }
        return "stamp:" + stamp(executable)
    }

    /// The path, size and modification time of a file, or the path alone when it cannot be read.
    static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        return "\(path):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The GNU build id of a 64-bit little-endian ELF file, as hex: the `NT_GNU_BUILD_ID` note
    /// of its `PT_NOTE` segments, read with a few `pread`s (the notes sit near the file's start).
    static func buildID(ofELF path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 20 else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            return pread(fd, &buffer, count, off_t(offset)) == count ? buffer : nil
        }
        func integer(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        // ELF64 (class 2), little-endian (data 1): e_phoff at 32, e_phentsize at 54, e_phnum at 56.
        guard let header = bytes(at: 0, count: 64), header[0..<4] == [0x7f, 0x45, 0x4c, 0x46], header[4] == 2, header[5] == 1 else { return nil }
        let tableOffset = integer(header, 32, 8), entrySize = integer(header, 54, 2), count = integer(header, 56, 2)
        guard entrySize >= 56, let table = bytes(at: tableOffset, count: entrySize * count) else { return nil }
        for index in 0..<count {
            let entry = index * entrySize
            guard integer(table, entry, 4) == 4 else { continue }  // PT_NOTE
            guard let notes = bytes(at: integer(table, entry + 8, 8), count: integer(table, entry + 32, 8)) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = integer(notes, at, 4), descriptionSize = integer(notes, at + 4, 4), type = integer(notes, at + 8, 4)
                let name = at + 12, description = name + (nameSize + 3) & ~3
                guard description + descriptionSize <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4e, 0x55, 0] {  // NT_GNU_BUILD_ID, "GNU"
                    return notes[description..<description + descriptionSize].map { byte in
                        let digits = String(byte, radix: 16)
                        return byte < 16 ? "0" + digits : digits
                    }.joined()
                }
                at = description + (descriptionSize + 3) & ~3
            }
        }
        return nil
    }

    /// `swiftc --version`, kept in the cache folder under the compiler's path and stamp, so it is
    /// run once per compiler rather than once per process; the stamp when it cannot be run.
    static func compilerVersion(_ swiftc: String, cacheFolder: String) -> String {
        let stamp = stamp(swiftc)
        let file = cacheFolder + "/compiler-version"
        if let bytes = try? FileSystem.read(file, limit: 1 << 16) {
            let text = String(decoding: bytes, as: UTF8.self)
            if let newline = text.firstIndex(of: "\n"), text[..<newline] == stamp { return String(text[text.index(after: newline)...]) }
        }
        guard let result = ChildProcess.run([swiftc, "--version"]), result.status == 0 else { return stamp }
        if ComponentCompiler.makeFolders(cacheFolder) {
            try? FileSystem.writeAtomically(Array((stamp + "\n" + result.output).utf8), to: file)
        }
        return result.output
    }

    // MARK: - Commands

    /// The parts of the toolchain that compile without the driver: the frontend, the toolchain's
    /// clang to link (with lld when it is there) and the runtime's folder and start-up object.
    struct DirectTools {
        var frontend: String
        var clang: String
        var lld: Bool
        var runtimeFolder: String
        var runtimeObject: String
        var target: String
    }
    var direct: DirectTools?

    /// The frontend and linker beside the compiler `swiftc` resolves to, when all are there.
    static func directTools(for swiftc: String) -> DirectTools? {
        guard let real = realpath(swiftc, nil) else { return nil }
        let bin = FileSystem.directory(of: String(cString: real))
        free(real)
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "aarch64"
        #else
        return nil
        #endif
        let runtime = FileSystem.directory(of: bin) + "/lib/swift/linux"
        let tools = DirectTools(frontend: bin + "/swift-frontend", clang: bin + "/clang", lld: access(bin + "/ld.lld", X_OK) == 0,
                                runtimeFolder: runtime, runtimeObject: "\(runtime)/\(arch)/swiftrt.o", target: "\(arch)-unknown-linux-gnu")
        guard access(tools.frontend, X_OK) == 0, access(tools.clang, X_OK) == 0, FileSystem.exists(tools.runtimeObject) else { return nil }
        return tools
    }

    /// The file whose time starts a build session: the compiler checks the C modules' cached
    /// headers against their sources once after it (once per process that compiles), not on
    /// every compile.
    var sessionFile: String { cacheFolder + "/module-cache/build-session" }

    /// The commands that make the library `output` as module `module` from `sources`, run in
    /// order: the frontend, then the link, when the toolchain has them (the driver would plan,
    /// run a frontend per file, each loading every module again, and link with the slower
    /// default linker: about twice the time); else the driver alone. `object` is the frontend's
    /// output, for the caller to remove.
    ///
    /// No implicit `_Concurrency` or `_StringProcessing` import (a component that needs them
    /// imports them), line tables for a crash's `file:line` and no other debug information.
    func commands(module: String, sources: [String], object: String, output: String) -> [[String]] {
        var common = ["-Onone", "-parse-as-library", "-module-name", module, "-I", moduleFolder,
                      "-module-cache-path", cacheFolder + "/module-cache",
                      "-diagnostic-style", "llvm", "-no-color-diagnostics", "-gline-tables-only"]
        for map in moduleMaps { common += ["-Xcc", "-fmodule-map-file=" + map] }
        for folder in headerFolders { common += ["-Xcc", "-I" + folder] }
        guard let direct else {
            return [[swiftc, "-emit-library", "-wmo", "-o", output] + common + sources]
        }
        let frontend = [direct.frontend, "-frontend", "-c", "-target", direct.target, "-disable-objc-interop",
                        "-disable-implicit-concurrency-module-import", "-disable-implicit-string-processing-module-import",
                        "-validate-clang-modules-once", "-clang-build-session-file", sessionFile,
                        "-Xcc", "-fno-color-diagnostics", "-o", object] + common + sources
        // Only the runtime: DesignableCore, the C libraries and the rest of the standard library
        // resolve against the host, which has them loaded.
        var link = [direct.clang, "-shared", "--target=" + direct.target, "-Xlinker", "--build-id",
                    "-Xlinker", "-rpath", "-Xlinker", direct.runtimeFolder, direct.runtimeObject, object,
                    "-L", direct.runtimeFolder, "-lswiftCore", "-lswiftSwiftOnoneSupport", "-o", output]
        if direct.lld { link.insert("-fuse-ld=lld", at: 1) }
        return [frontend, link]
    }
}
