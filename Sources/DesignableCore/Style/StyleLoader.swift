/// What reading a style file gives: the document when it has no errors, and every finding.
public struct LoadResult {
    public var document: StyleDocument?
    public var diagnostics: [Diagnostic]
    /// Files besides the style file that the load read or looked for (imports, images), even
    /// when it failed: the preview watches them, so fixing an imported file redraws.
    public var dependencies: Set<Dependency> = []
    /// The Swift component files the style names (`components:`), found or not: the preview
    /// hands a file that has any to its worker.
    public var componentFiles: [ComponentFile] = []
}

/// Reads a style file: YAML into nodes, nodes into a checked `StyleDocument`, collecting every
/// finding with its place rather than stopping at the first.
///
/// Each top-level key is a `StyleSection`; `sections` lists them in the order they are decoded
/// (a section may use what an earlier one left in the `StyleLoad`, as views use the theme).
/// A new top-level key is one new section type and one entry here: the unknown-key warning and
/// its did-you-mean follow from the table.
public enum StyleLoader {
    static let sections: [any StyleSection.Type] = [ComponentsSection.self, ImportSection.self, ThemeSection.self, StylesSection.self, CanvasSection.self, ViewsSection.self]
    /// The keys a file may write at its top level, besides `x-` ones.
    static var topLevelKeys: [String] { sections.map { $0.key } }
    /// Keys of a view that are not properties of its component.
    static let viewKeys: Set<String> = ["class", "style", "id", "frame", "size", "pin", "spacingAfter", "subviews", "nested", "layer",
                                        "highlighted", "selected", "disabled"]
    /// Style files larger than this are refused before parsing: no hand-written style comes close.
    public static let maximumFileSize = 16 << 20
    /// Whether image names and imports may leave the style file's folder (`--allow-outside-images`): set once
    /// by the command line before anything is loaded, so the preview's reloads follow it too.
    nonisolated(unsafe) public static var allowsOutsideImages = false
    /// Whether a first-screen read blanks out the views its text shows are off the screen
    /// (`FirstScreenText`): a test compares reads with and without.
    nonisolated(unsafe) static var blanksOffScreenViews = true
    /// Compiles and loads the Swift files `components:` names; nil in a process that must not
    /// run user code (the preview's window), which then only learns the files' names.
    nonisolated(unsafe) public static var componentProvider: ComponentProvider?

    public static func load(path: String) -> LoadResult {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            return LoadResult(document: nil, diagnostics: [unreadable(path, error)])
        }
        return load(bytes: bytes, path: path)
    }

    public static func load(text: String, path: String = "style.yaml") -> LoadResult {
        load(bytes: Array(text.utf8), path: path)
    }

    /// Reads `bytes` as the style file at `path`. Views written as in `previous` (the same text,
    /// wherever in the file, with the same theme) are taken over from it, components and all,
    /// instead of being decoded again: a save that changes one button rebuilds one button.
    ///
    /// `incremental` says that nothing but this file changed since `previous` was read (no file it
    /// imports, no image): then a save that changes only some views' lines re-reads only those
    /// lines (`IncrementalRead`), and the result is what reading the whole file gives.
    ///
    /// `firstScreen` (canvas points) asks for a first read of a large file to decode only the views
    /// that may draw on that area, when the file gives its canvas's size (see
    /// `ViewsSection.firstScreenViews`): the document's `viewsLeftOut` says how many it left for
    /// a whole read, which takes the decoded ones over.
    public static func load(bytes: [UInt8], path: String, reusing previous: StyleDocument? = nil, incremental: Bool = false,
                            firstScreen: Rect? = nil) -> LoadResult {
        var result = read(bytes, path: path, reusing: previous, incremental: incremental, firstScreen: firstScreen)
        // SVG files taken as drawable while librsvg was still opening are checked now; when one
        // cannot be drawn, the file is read again with the answers known. (A file changed in
        // between is taken on trust again: twice at most, and drawing checks it anyway.)
        var rereads = 0
        while !ImageProbe.settleDeferred(), rereads < 2 {
            result = read(bytes, path: path, reusing: previous, incremental: incremental, firstScreen: firstScreen)
            rereads += 1
        }
        return result
    }

    /// `blanking` lets a first-screen read blank out the views its text shows are off that screen
    /// (`FirstScreenText`).
    private static func read(_ bytes: [UInt8], path: String, reusing previous: StyleDocument?, incremental: Bool, firstScreen: Rect?,
                             blanking: Bool = true) -> LoadResult {
        if incremental, let previous, previous.path == path, let result = IncrementalRead.load(bytes, over: previous) {
            return result
        }
        let load = StyleLoad(path: path, previous: previous)
        load.firstScreen = firstScreen
        var text = bytes
        if blanking, blanksOffScreenViews, let firstScreen, bytes.count <= maximumFileSize,
           let blanked = FirstScreenText.blanking(bytes, outside: ViewsSection.firstScreenReach(firstScreen)) {
            load.blanked = blanked
            load.viewsLeftOut = blanked.count
            text = blanked.text
        }
        let document = decode(bytes: text, load)
        // The parse did not find the views kept where the text showed them, or the canvas is
        // fitted to every view: the views blanked are needed after all.
        if load.blanked != nil, load.blankingMissed || load.canvas.size == nil {
            return read(bytes, path: path, reusing: previous, incremental: incremental, firstScreen: firstScreen, blanking: false)
        }
        let assembly = LoadAssembly(load)
        let diagnostics = assembly.diagnostics
        // A file with errors is shown by its findings, not its views: every one of them, so the whole file.
        if load.viewsLeftOut > 0, diagnostics.hasErrors { return read(bytes, path: path, reusing: previous, incremental: incremental, firstScreen: nil) }
        // A document with views left out is never read over by a save: the whole read after it is.
        return assembly.result(reported: diagnostics, document: { document }) { document in
            document.viewsLeftOut == 0 ? LoadedText.make(bytes: bytes, load: load, document: document) : nil
        }
    }

    /// A load's findings as it reports them, from all it found in the order found: each once, a
    /// value a comment emptied quoted, the style file's first and each imported file's in the
    /// order it was read (files' numbers depend on what the process read before, so they cannot
    /// order them), and by place within a file.
    static func report(_ found: [Diagnostic], emptiedByComments emptied: [SourceLocation: String], filesInOrder: [SourceFile]) -> [Diagnostic] {
        // Views sharing an anchor each keep the warnings of its values, so that any of them can be
        // taken over alone by a later load; the file has them once.
        var seen: Set<Diagnostic> = []
        var diagnostics = found.filter { seen.insert($0).inserted }.map { quoteHint($0, emptied) }
        if filesInOrder.count > 1 {
            let rank = Dictionary(filesInOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            diagnostics.sort {
                let (a, b) = (rank[$0.location.file] ?? Int.max, rank[$1.location.file] ?? Int.max)
                return a != b ? a < b : $0.location < $1.location
            }
        } else {
            diagnostics.sort { $0.location < $1.location }
        }
        return diagnostics
    }

    /// `color: #FF0000` unquoted: YAML reads a key with no value and a comment. A finding that a
    /// value is missing, where a comment emptied it, says why and quotes what the user typed.
    static func quoteHint(_ diagnostic: Diagnostic, _ emptied: [SourceLocation: String]) -> Diagnostic {
        guard !emptied.isEmpty, diagnostic.message.hasSuffix("found nothing"), let typed = emptied[diagnostic.location] else { return diagnostic }
        var hinted = diagnostic
        hinted.message += "; a # after a space starts a YAML comment, so quote it: \"\(typed)\""
        return hinted
    }

    /// Whether a text YAML reads as nothing has comments: a line that starts with `#`, or a
    /// document marker followed by one.
    private static func hasComments(_ bytes: [UInt8]) -> Bool {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        return bytes.split(separator: UInt8(ascii: "\n")).contains { line in
            var text = line.drop(while: { isBlank($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
            if text.starts(with: "---".utf8) || text.starts(with: "...".utf8) { text = text.dropFirst(3).drop(while: isBlank) }
            return text.first == UInt8(ascii: "#")
        }
    }

    /// The finding for a style file that cannot be read at all.
    public static func unreadable(_ path: String, _ error: Error) -> Diagnostic {
        let reason = (error as? FileSystem.Failure)?.reason ?? "\(error)"
        return .error("cannot read the style file: \(reason)", at: .start(of: SourceFile(path: path)))
    }

    // MARK: - Decoding

    private static func decode(bytes: [UInt8], _ load: StyleLoad) -> StyleDocument? {
        let start = SourceLocation.start(of: load.file)
        guard bytes.count <= maximumFileSize else {
            load.diagnostics.append(.error("the file \(FileSystem.tooLargeReason(size: bytes.count, limit: maximumFileSize)) for style files", at: start))
            return nil
        }
        let root: YAMLNode
        do {
            let parsed = try YAMLParser.parseDocument(bytes: bytes, file: load.file)
            load.diagnostics += parsed.findings
            load.parseFindingCount = parsed.findings.count
            load.emptiedByComments = parsed.emptiedByComments
            load.extent = parsed.extent
            guard let node = parsed.root, !node.isNull else {
                // Text that YAML reads as nothing: say what it holds (comments, a lone `~`).
                let what = parsed.root?.scalar?.isEmpty == false ? "holds only null" : hasComments(bytes) ? "has only comments" : "is empty"
                load.diagnostics.append(.error("the file \(what): expected \(expectedRoot)", at: start))
                return nil
            }
            root = node
            load.root = node
            load.bytesRead = bytes.count
            load.nodesRead = node.tree.records.count
        } catch {
            load.diagnostics.append(error)
            return nil
        }
        return decodeSections(of: root, into: load)
    }

    /// Decodes the file's mapping `root` section by section into `load`. `replaced` gives the value
    /// of some keys instead of `root`'s, and `views` the views' entries instead of `root`'s list:
    /// what a save re-reading one section alone (`IncrementalRead`) passes, the rest of the file
    /// being the nodes the last read parsed.
    static func decodeSections(of root: YAMLNode, replacing replaced: [String: YAMLNode] = [:], views: [YAMLNode]? = nil,
                               into load: StyleLoad) -> StyleDocument? {
        guard case .mapping(let pairs) = root.kind else {
            load.diagnostics.append(.error("expected \(expectedRoot), found \(root.summary)", at: root.location))
            return nil
        }
        let known = topLevelKeys
        for (key, _) in pairs {
            let name = key.scalar ?? ""
            // `x-` keys hold anchors for views to merge (`x-base: &base {...}`), as in Compose files.
            if !known.contains(name) && !name.hasPrefix("x-") {
                load.diagnostics.append(.warning("unknown top-level key '\(name)'\(didYouMean(name, known.sorted())); expected \(listed(known.sorted(), "or")) (keys starting with x- are free for anchors)", at: key.location))
            }
        }
        for section in sections {
            if section is ViewsSection.Type { load.beforeViews = (load.diagnostics.count, load.dependencies) }
            if section is CanvasSection.Type { load.beforeCanvas = load.diagnostics.count }
            if section is ViewsSection.Type, let views {
                ViewsSection.decode(entries: views, into: load)
            } else {
                section.decode(replaced[section.key] ?? root[section.key], root: root, into: load)
            }
        }
        return load.document()
    }

    /// What a file's top level must be, naming the sections (`views:` first: it is the one needed).
    private static var expectedRoot: String {
        let required = sections.filter { $0.isRequired }.map { "'\($0.key):'" }
        let optional = sections.filter { !$0.isRequired }.map { "'\($0.key):'" }.sorted()
        return "a mapping with \(listed(required, "and"))" + (optional.isEmpty ? "" : " (and optionally \(listed(optional, "and")))")
    }

}

// MARK: - Sections

/// One top-level key of a style file and how its value is read into the load in progress.
protocol StyleSection {
    /// The top-level key, as a file writes it.
    static var key: String { get }
    /// Whether a file is expected to have it (named first in "expected a mapping with ...").
    static var isRequired: Bool { get }
    /// Reads the section's value, nil when the file does not have the key.
    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad)
}

extension StyleSection {
    static var isRequired: Bool { false }

    /// The pairs of a section's mapping; nil when the file does not give it (or gives null), and
    /// nil with an error ("KEY: expected `expected`, found ...") when it is not a mapping.
    static func mapping(_ node: YAMLNode?, expected: String, into load: StyleLoad) -> YAMLNode.Pairs? {
        guard let node, !node.isNull else { return nil }
        guard case .mapping(let pairs) = node.kind else {
            load.diagnostics.append(.error("\(key): expected \(expected), found \(node.summary)", at: node.location))
            return nil
        }
        return pairs
    }
}

/// A load in progress: what the sections decoded so far, and every finding.
final class StyleLoad {
    let path: String
    let file: SourceFile
    /// The last document of the same file, whose unchanged views may be taken over.
    let previous: StyleDocument?
    var diagnostics: [Diagnostic] = []
    /// From the parse: values a comment emptied, for `StyleLoader.quoteHint`.
    var emptiedByComments: [SourceLocation: String] = [:]

    var theme: [String: Color] = [:]
    var fonts: [String: Font] = [:]
    /// The presets of `styles:` by name (an imported file's, then the file's own), and in the
    /// order they are written (a name defined again takes the place of the first).
    var presets: [String: Preset] = [:]
    var presetOrder: [Preset] = []
    /// Presets read so far, those defined again included, against `StylesSection.maximumPresets`.
    var presetCount = 0
    var canvas = CanvasSettings.make()
    var canvasLocation: SourceLocation
    var views: [StyledView] = []
    var dependencies: Set<Dependency> = []
    /// The Swift files `components:` names.
    var componentFiles: [ComponentFile] = []
    /// Which view of `previous` each view continues, when the views section matched them.
    var continuity: StyleDocument.Continuity?

    /// The style file as imports and messages name it.
    let rootFile: ImportedFile
    /// The files being imported, the style file first, to tell a cycle (`ImportSection`).
    var importStack: [(identity: String, file: ImportedFile)] = []
    /// Every file read so far, by `ImportSection.canonicalPath`: each is read once.
    var filesRead: Set<String> = []
    /// Bytes and nodes of the files read so far: the style file's bounds hold for it and its
    /// imports together.
    var bytesRead = 0
    var nodesRead = 0
    /// The style file, then every file it imports in the order they were read: the order of findings.
    var filesInOrder: [SourceFile]
    /// How many imported files did not parse: they lead `filesInOrder`, in the order read.
    var importsThatFailed = 0

    // What a later load re-reading only some views needs (`LoadedText`).
    /// The style file's root node, and how much of the parser's bounds it took.
    var root: YAMLNode?
    var extent = YAMLDocument.Extent()
    /// The parser's findings, which come first in `diagnostics`.
    var parseFindingCount = 0
    /// How many findings (the parser's first) and which dependencies there were before `views:`.
    var beforeViews: (findings: Int, dependencies: Set<Dependency>)?
    /// How many findings there were before `canvas:`, the last section before `views:`.
    var beforeCanvas: Int?
    /// The least any imported file stayed under the nodes its parse was allowed; nil without imports.
    var importNodeSlack: Int?
    /// The area a first frame shows, in canvas points, when only the views that may draw there
    /// are to be decoded now; how many views that left out.
    var firstScreen: Rect?
    var viewsLeftOut = 0
    /// The text the first-screen read parsed, views blanked (`FirstScreenText`); and whether its
    /// parse found the views kept elsewhere than the text showed them.
    var blanked: FirstScreenText.Blanked?
    var blankingMissed = false

    init(path: String, previous: StyleDocument?) {
        self.path = path
        self.file = SourceFile(path: path)
        self.previous = previous
        canvasLocation = .start(of: file)
        rootFile = ImportedFile(path: path, label: FileSystem.fileName(of: path))
        filesInOrder = [file]
    }

    /// What values are decoded against: the theme so far, and the file's folder for images.
    /// Made on first use, which is after the theme section (imports and the theme come first in
    /// the table).
    private(set) lazy var context = DecodingContext(theme: theme, fonts: fonts, directory: FileSystem.directory(of: path),
                                                       allowsOutsideImages: StyleLoader.allowsOutsideImages)

    func document() -> StyleDocument {
        let document = StyleDocument(path: path, canvas: canvas, canvasLocation: canvasLocation, theme: theme, fonts: fonts, presets: presets,
                                     views: views, dependencies: dependencies, continuity: continuity?.matches.count == views.count ? continuity : nil)
        document.viewsLeftOut = viewsLeftOut
        return document
    }
}
