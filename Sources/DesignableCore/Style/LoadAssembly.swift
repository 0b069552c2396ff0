/// The one way a read becomes a `LoadResult`, whichever read it was: the whole file, the views a
/// save changed, the canvas alone, or another section alone (`IncrementalRead`). Each read gathers
/// what it found in a whole read's order; this reports it (each finding once, a value a comment
/// emptied quoted, by file and place), makes the document only when no finding is an error, and
/// keeps on it the text a later save may be read over.
struct LoadAssembly {
    var found: [Diagnostic]
    var emptiedByComments: [SourceLocation: String]
    var filesInOrder: [SourceFile]
    var dependencies: Set<Dependency>
    var componentFiles: [ComponentFile] = []

    /// What a `StyleLoad` gathered: a whole read's, or a read of one section over the last document.
    init(_ load: StyleLoad) {
        found = load.diagnostics
        emptiedByComments = load.emptiedByComments
        filesInOrder = load.filesInOrder
        dependencies = load.dependencies
        componentFiles = load.componentFiles
    }

    init(found: [Diagnostic], emptiedByComments: [SourceLocation: String], filesInOrder: [SourceFile], dependencies: Set<Dependency>) {
        self.found = found
        self.emptiedByComments = emptiedByComments
        self.filesInOrder = filesInOrder
        self.dependencies = dependencies
    }

    /// The findings as the load reports them.
    var diagnostics: [Diagnostic] { StyleLoader.report(found, emptiedByComments: emptiedByComments, filesInOrder: filesInOrder) }

    /// The result: `document()` is asked for only when no finding is an error (nil when the read
    /// made none), and `text(document)` gives the text a later save is read over (nil when none may be).
    func result(reported diagnostics: [Diagnostic]? = nil, document: () -> StyleDocument?,
                text: (StyleDocument) -> LoadedText?) -> LoadResult {
        let diagnostics = diagnostics ?? self.diagnostics
        guard !diagnostics.hasErrors, let document = document() else {
            return LoadResult(document: nil, diagnostics: diagnostics, dependencies: dependencies, componentFiles: componentFiles)
        }
        document.loadedText = text(document)
        return LoadResult(document: document, diagnostics: diagnostics, dependencies: dependencies, componentFiles: componentFiles)
    }
}

extension StyleDocument {
    /// A document that a read of part of a save makes over `previous`: its theme, fonts and
    /// presets, with `canvas` and `views` as the read found them, each view continuing the old
    /// view `matches` says (the continuity kept only when every view has its match listed).
    convenience init(over previous: StyleDocument, canvas: CanvasSettings, canvasLocation: SourceLocation, views: [StyledView],
                     dependencies: Set<Dependency>, matches: [ViewIdentity.Match?]) {
        self.init(path: previous.path, canvas: canvas, canvasLocation: canvasLocation, theme: previous.theme, fonts: previous.fonts,
                  presets: previous.presets, views: views, dependencies: dependencies,
                  continuity: matches.count == views.count ? Continuity(previous: previous, matches: matches) : nil)
    }
}
