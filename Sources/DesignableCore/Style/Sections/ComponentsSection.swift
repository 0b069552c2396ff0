/// `components:`: Swift files beside the style file whose component classes its views may name,
/// compiled and loaded before anything else is read:
///
///     components: [Components/StarRating.swift, Components/ProgressButton.swift]
///
/// Each name is relative to the style file and stays in its folder unless
/// `--allow-outside-images` is given, as imports do. The reader hands the files to
/// `StyleLoader.componentProvider`; without one (the preview's own process, which leaves user
/// code to its worker) the files are only recorded in the load's result.
enum ComponentsSection: StyleSection {
    static let key = "components"

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        var files: [ComponentFile] = []
        if let node, !node.isNull {
            let items: [YAMLNode]
            switch node.kind {
            case .sequence(let list): items = Array(list)
            case .scalar: items = [node]
            case .mapping:
                load.diagnostics.append(.error("components: expected a list of Swift files, such as [Components/StarRating.swift], found \(node.summary)", at: node.location))
                items = []
            }
            for item in items {
                if let file = componentFile(item, into: load) { files.append(file) }
            }
        }
        load.componentFiles = files
        // The component files' findings come first, in the order listed: a compile error is what
        // the banner should show, before what it causes in the views.
        let sourceFiles = files.map { SourceFile(path: $0.path) }
        load.filesInOrder = sourceFiles + load.filesInOrder.filter { !sourceFiles.contains($0) }
        guard let provider = StyleLoader.componentProvider else { return }
        load.diagnostics += provider.provide(files)
    }

    private static func componentFile(_ item: YAMLNode, into load: StyleLoad) -> ComponentFile? {
        guard let name = item.scalar, !item.isNull, !name.trimmingWhitespace().isEmpty else {
            load.diagnostics.append(.error("components: expected the name of a Swift file, relative to the style file, found \(item.summary)", at: item.location))
            return nil
        }
        guard name.hasSuffix(".swift") else {
            load.diagnostics.append(.error("components: expected a Swift file (NAME.swift), found '\(name)'", at: item.location))
            return nil
        }
        let isAbsolute = name.hasPrefix("/")
        if !StyleLoader.allowsOutsideImages && (isAbsolute || name.hasPrefix("~") || ImageReference.leavesFolder(ImportSection.normalized(name))) {
            load.diagnostics.append(.error("'\(name)' is outside the style file's folder: component files are relative to the style file and stay in its folder (--allow-outside-images allows others)", at: item.location))
            return nil
        }
        let path = isAbsolute ? name : ImportSection.normalized(ImportSection.join(FileSystem.directory(of: load.path), name))
        // Watched even when missing: the preview compiles the file once it appears.
        load.dependencies.insert(Dependency(path, kind: .component))
        guard FileSystem.isRegularFile(path) else {
            let folder = FileSystem.directory(of: path)
            let near = (try? ComponentLoader.files(inFolder: folder))?.map { FileSystem.fileName(of: $0.path) } ?? []
            load.diagnostics.append(.error("cannot find the component file '\(name)'\(didYouMean(FileSystem.fileName(of: name), near))", at: item.location))
            return nil
        }
        return ComponentFile(path: path, namedAt: item.location)
    }
}
