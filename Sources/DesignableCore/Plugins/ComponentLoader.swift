#if canImport(Glibc)
import Glibc
#endif

/// What makes user components available to a load: the style reader asks it for the files a
/// style names (and any it was given besides), and it installs their classes in the registry.
public protocol ComponentProvider: AnyObject {
    /// Makes the classes of `files` (and of the provider's own files) the registry's user
    /// components; the findings (compile errors, clashes), each with its place.
    func provide(_ files: [ComponentFile]) -> [Diagnostic]
}

/// Compiles, loads and registers component files in this process: what `render`, `check`,
/// `inspect`, `schema` and `snapshot` use, and the preview's worker. A library is opened once
/// and never closed (a class's metadata must outlive every view made from it); a new version
/// of a file is a new library beside the old.
public final class ComponentLoader: ComponentProvider {
    /// Files every load takes besides the style's own (`--components DIR`).
    public var extraFiles: [ComponentFile]
    /// Set by `compile` before it runs the compiler, so the worker can say when compiling ends
    /// and the time limit on user code starts.
    public var didCompile: (() -> Void)?
    /// How many files the last `provide` compiled rather than found in the cache.
    public private(set) var compiledCount = 0

    private var toolchain: Result<ComponentToolchain, ComponentToolchain.ToolchainMissing>?
    /// The classes of each library opened, by its path.
    private var opened: [String: [Component.Type]] = [:]

    public init(extraFiles: [ComponentFile] = []) {
        self.extraFiles = extraFiles
    }

    /// The `.swift` files in `folder`, sorted, as files every load takes.
    public static func files(inFolder folder: String) throws(FileSystem.Failure) -> [ComponentFile] {
        guard let directory = opendir(folder) else {
            throw FileSystem.Failure(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasSuffix(".swift"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().map { name in
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            return ComponentFile(path: path, namedAt: .start(of: SourceFile(path: path)))
        }
    }

    public func provide(_ files: [ComponentFile]) -> [Diagnostic] {
        compiledCount = 0
        let all = extraFiles + files
        guard !all.isEmpty else {
            ComponentRegistry.install([])
            didCompile?()
            return []
        }
        let toolchain = self.toolchain ?? ComponentToolchain.locate()
        self.toolchain = toolchain
        let compiler: ComponentCompiler
        switch toolchain {
        case .failure(let missing):
            ComponentRegistry.install([])
            didCompile?()
            return [.error(missing.reason, at: all[0].namedAt)]
        case .success(let found):
            compiler = ComponentCompiler(toolchain: found)
        }
        var findings: [Diagnostic] = []
        var libraries: [(file: ComponentFile, path: String)] = []
        var unavailable: [String: String] = [:]
        for file in all {
            switch compiler.compile(file) {
            case .library(let path, let cached):
                if !cached { compiledCount += 1 }
                libraries.append((file, path))
            case .failed(let errors):
                findings += errors
                for name in Self.declaredClasses(inFile: file.path) { unavailable[name] = FileSystem.fileName(of: file.path) }
            }
        }
        didCompile?()
        // User code runs from here on: the classes' initialisers, as the registry lists them.
        var types: [Component.Type] = []
        var owners: [String: ComponentFile] = [:]
        for (file, path) in libraries {
            let loaded: [Component.Type]
            switch open(path) {
            case .success(let found): loaded = found
            case .failure(let reason):
                findings.append(.error("cannot load \(FileSystem.fileName(of: file.path)): \(reason.text)", at: .start(of: SourceFile(path: file.path))))
                continue
            }
            for type in loaded {
                let name = type.className
                let place = Self.declaration(of: name, inFile: file.path)
                if ComponentRegistry.isBuiltIn(name) {
                    findings.append(.error("class '\(name)' has the name of a built-in component; rename it (for instance My\(name)): a style file's 'class: \(name)' must mean one thing", at: place))
                } else if let other = owners[name] {
                    findings.append(.error("class '\(name)' is defined in \(FileSystem.fileName(of: other.path)) too; rename one of them", at: place))
                } else {
                    owners[name] = file
                    types.append(type)
                }
            }
        }
        ComponentRegistry.install(types, unavailable: unavailable)
        return findings
    }

    struct LoadFailure: Error { let text: String }

    /// Called once, just before the first component library is opened in this process: the
    /// command line puts the rest of its run under a supervisor there (`Supervision`), so user
    /// code that traps or never returns ends in a finding, not in a crash or a hang.
    nonisolated(unsafe) public static var beforeRunningUserCode: (() -> Void)?

    /// Opens a compiled component library and takes its classes.
    private func open(_ path: String) -> Result<[Component.Type], LoadFailure> {
        if let types = opened[path] { return .success(types) }
        if let hook = Self.beforeRunningUserCode {
            Self.beforeRunningUserCode = nil
            hook()
        }
        // RTLD_LOCAL: each version's symbols stay its own; DesignableCore's resolve against
        // the executable, which exports them.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadFailure(text: dlerror().map { String(cString: $0) } ?? "dlopen failed"))
        }
        guard let symbol = dlsym(handle, ComponentCompiler.entrySymbol) else {
            return .failure(LoadFailure(text: "it has no entry point \(ComponentCompiler.entrySymbol)"))
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        let entry = unsafeBitCast(symbol, to: Entry.self)
        let list = Unmanaged<ComponentList>.fromOpaque(entry()).takeRetainedValue()
        opened[path] = list.types
        return .success(list.types)
    }

    /// The names of the classes a file declares (`class Name`), read from its text: what a file
    /// that does not compile would have given.
    static func declaredClasses(inFile path: String) -> [String] {
        guard let bytes = try? FileSystem.read(path, limit: 4 << 20) else { return [] }
        var names: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let range = line.firstRange(ofText: "class ") else { continue }
            let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, name.first!.isUppercase { names.append(String(name)) }
        }
        return names
    }

    /// Where `class Name` is written in the file, for findings about the class; the file's
    /// start when it cannot be found.
    static func declaration(of name: String, inFile path: String) -> SourceLocation {
        let file = SourceFile(path: path)
        guard let bytes = try? FileSystem.read(path, limit: 4 << 20) else { return .start(of: file) }
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.firstRange(ofText: "class \(name)") else { continue }
            let after = line[range.upperBound...].first
            guard after == nil || !(after!.isLetter || after!.isNumber || after! == "_") else { continue }
            let column = line.distance(from: line.startIndex, to: range.lowerBound) + 7
            return SourceLocation(line: index + 1, column: column, file: file)
        }
        return .start(of: file)
    }
}
