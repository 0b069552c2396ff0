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
    static let cModules = ["CCairo", "CPango", "CYAML", "CRsvg", "CDeflate"]
    /// The pkg-config packages whose header folders those modules' shims include from.
    static let pkgConfigPackages = ["cairo", "pangocairo", "yaml-0.1", "librsvg-2.0", "libdeflate"]

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
        return .success(ComponentToolchain(swiftc: swiftc, moduleFolder: moduleFolder, moduleMaps: moduleMaps,
                                           headerFolders: headerFolders, cacheFolder: cacheFolder()))
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
    /// and the compiler's identity (size and modification time, which any rebuild or reinstall
    /// changes), so a plugin built for another host is never loaded into this one.
    var buildIdentity: String {
        func stamp(_ path: String) -> String {
            var info = stat()
            guard stat(path, &info) == 0 else { return path }
            return "\(path):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return [stamp(Self.executablePath()), stamp(swiftc), moduleFolder].joined(separator: "|")
    }

    /// The compiler's arguments for `sources`, making the library `output` as module `module`.
    func arguments(module: String, sources: [String], output: String) -> [String] {
        var arguments = [swiftc, "-emit-library", "-Onone", "-parse-as-library", "-module-name", module,
                         "-I", moduleFolder, "-module-cache-path", cacheFolder + "/module-cache",
                         "-diagnostic-style", "llvm", "-no-color-diagnostics", "-o", output]
        for map in moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        for folder in headerFolders { arguments += ["-Xcc", "-I" + folder] }
        return arguments + sources
    }
}
