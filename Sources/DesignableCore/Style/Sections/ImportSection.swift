#if canImport(Glibc)
import Glibc
#endif

/// `import:`: other style files whose theme (colours and fonts) and presets (`styles:`) this one
/// uses, as a design system's tokens are shared by every screen's file:
///
///     import: [tokens.yaml, design/buttons.yaml]
///
/// Each name is relative to the file that imports it, and an imported file may import others.
/// Files are read in the order listed, depth first (a file's own imports before its theme and
/// styles), before the style file's own theme and styles: so a later definition of a name wins,
/// the style file's own last of all. A file imported twice (two files import the same tokens) is
/// read once; a file that imports itself, directly or through others, is an error naming the
/// cycle. Like image names, imports stay inside the style file's folder unless
/// `--allow-outside-images` is given, and every file is read with the style file's bounds, which
/// hold for the style file and its imports together.
enum ImportSection: StyleSection {
    static let key = "import"
    /// The most files one load reads: the style file and every file it imports, at any depth.
    static let maximumFiles = 64
    /// The top-level keys an imported file gives.
    static let importedKeys = ["import", "styles", "theme"]

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        guard let node, !node.isNull else { return }
        load.importStack = [(canonicalPath(load.path), load.rootFile)]
        load.filesRead.insert(canonicalPath(load.path))
        importAll(node, from: load.rootFile, into: load)
        load.importStack = []
    }

    /// Imports every file an `import:` value lists, in order.
    private static func importAll(_ node: YAMLNode, from importer: ImportedFile, into load: StyleLoad) {
        switch node.kind {
        case .sequence(let items):
            for item in items { importFile(item, from: importer, into: load) }
        case .scalar:
            if !node.isNull { importFile(node, from: importer, into: load) }
        case .mapping:
            load.diagnostics.append(.error("import: expected a list of style files to import, such as [tokens.yaml], found \(node.summary)", at: node.location))
        }
    }

    private static func importFile(_ entry: YAMLNode, from importer: ImportedFile, into load: StyleLoad) {
        guard let name = entry.scalar, !entry.isNull, !name.trimmingWhitespace().isEmpty else {
            load.diagnostics.append(.error("import: expected the name of a style file, relative to this file, found \(entry.summary)", at: entry.location))
            return
        }
        let isAbsolute = name.hasPrefix("/")
        let label = isAbsolute ? name : normalized(join(FileSystem.directory(of: importer.label), name))
        // Checked on the name alone, as image names are, so the message tells nothing of the disk.
        if !StyleLoader.allowsOutsideImages && (isAbsolute || name.hasPrefix("~") || ImageReference.leavesFolder(label)) {
            load.diagnostics.append(.error("'\(name)' is outside the style file's folder: imports are relative to the file that imports them and stay in the style file's folder (--allow-outside-images allows others)",
                                           at: entry.location))
            return
        }
        let path = isAbsolute ? name : normalized(join(FileSystem.directory(of: importer.path), name))
        // Watched even when it cannot be read: the preview draws the file once the import appears.
        load.dependencies.insert(Dependency(path, kind: .import))
        let identity = canonicalPath(path)
        if let start = load.importStack.firstIndex(where: { $0.identity == identity }) {
            let files = load.importStack[start...].map(\.file.label)
            var chain = files[0] + " imports " + (files.count == 1 ? "itself" : files[1])
            for file in files.dropFirst(2) { chain += ", which imports " + file }
            if files.count > 1 { chain += ", which imports \(files[0]) again" }
            load.diagnostics.append(.error("import cycle: \(chain); remove one of these imports", at: entry.location))
            return
        }
        // Imported already (two files import the same tokens): its names are known.
        guard load.filesRead.insert(identity).inserted else { return }
        guard load.filesRead.count <= maximumFiles else {
            load.diagnostics.append(.error("cannot import '\(name)': a style file may import at most \(maximumFiles - 1) files in all, its imports' imports included", at: entry.location))
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            let candidates = styleFileNames(in: FileSystem.directory(of: path)).map { join(FileSystem.directory(of: name), $0) }
            load.diagnostics.append(.error("cannot import '\(name)': \(error.reason)\(didYouMean(name, candidates))", at: entry.location))
            return
        }
        guard load.bytesRead + bytes.count <= StyleLoader.maximumFileSize else {
            load.diagnostics.append(.error("cannot import '\(name)': with its \(bytes.count) bytes the style file and its imports come to \(load.bytesRead + bytes.count), over the \(FileSystem.formatSize(StyleLoader.maximumFileSize)) they may have together",
                                           at: entry.location))
            return
        }
        load.bytesRead += bytes.count
        let file = ImportedFile(path: path, label: label)
        let source = SourceFile(path: path)
        load.filesInOrder.append(source)
        let root: YAMLNode
        do {
            let allowed = YAMLParser.maximumNodes - load.nodesRead
            let parsed = try YAMLParser.parseDocument(bytes: bytes, file: source, maximumNodes: allowed)
            load.importNodeSlack = min(load.importNodeSlack ?? .max, allowed - parsed.extent.nodes)
            load.diagnostics += parsed.findings
            load.emptiedByComments.merge(parsed.emptiedByComments) { first, _ in first }
            guard let node = parsed.root, !node.isNull else {
                load.diagnostics.append(.warning("'\(name)' is empty: an imported file gives 'theme:' and 'styles:' (and may import others)", at: entry.location))
                return
            }
            root = node
            load.nodesRead += node.tree.records.count
        } catch {
            // What the file would have given is missing from every view that uses it ("unknown
            // preset 'Primary'"): its own error, the cause, is reported first.
            load.filesInOrder.removeAll { $0 == source }
            load.filesInOrder.insert(source, at: min(load.importsThatFailed, load.filesInOrder.count))
            load.importsThatFailed += 1
            load.diagnostics.append(error)
            return
        }
        guard case .mapping(let pairs) = root.kind else {
            load.diagnostics.append(.error("an imported file must be a mapping with 'theme:' or 'styles:', found \(root.summary)", at: root.location))
            return
        }
        for (key, _) in pairs {
            let keyName = key.scalar ?? ""
            if importedKeys.contains(keyName) || keyName.hasPrefix("x-") { continue }
            if StyleLoader.topLevelKeys.contains(keyName) {
                load.diagnostics.append(.warning("'\(keyName):' of an imported file is not used: importing takes a file's theme and styles only (and what it imports)", at: key.location))
            } else {
                load.diagnostics.append(.warning("unknown top-level key '\(keyName)'\(didYouMean(keyName, importedKeys)); an imported file gives \(listed(importedKeys, "and")) (keys starting with x- are free for anchors)", at: key.location))
            }
        }
        load.importStack.append((identity, file))
        if let imports = pairs.value(forKey: key) { importAll(imports, from: file, into: load) }
        ThemeSection.decode(pairs.value(forKey: ThemeSection.key), root: root, into: load)
        StylesSection.collect(pairs.value(forKey: StylesSection.key), file: file, into: load)
        load.importStack.removeLast()
    }

    // MARK: - Paths

    /// `name` in `folder`, as written (`.` adds nothing).
    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : folder + "/" + name
    }

    /// `path` with its `.` parts and each `folder/..` pair taken out, as a browser resolves a
    /// relative link: `design/../tokens.yaml` is `tokens.yaml`. What is left of `..` at the
    /// start stays.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// One name for one file however it is reached (through a symbolic link, `a/../b`), to
    /// tell a cycle or a file imported twice; the path itself when the file is not there.
    static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Style files in `folder`, for "did you mean" on an import that is not there.
    private static func styleFileNames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        // Bounded: a folder of thousands of files offers its first few hundred.
        while names.count < 500, let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json") { names.append(name) }
        }
        return names.sorted()
    }
}
