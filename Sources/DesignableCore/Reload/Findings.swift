/// The one list of findings about a style file, so `check`, `render`, `inspect` and the preview
/// report the same for the same file: the loader's, then, for a good document, the layout's at
/// the file's own canvas size (a view sticking out of it), whatever window shows it.
public enum Findings {
    /// `result`'s findings and those of `layout`, which must be the document's natural layout
    /// (`Renderer.layout(document)`, no available width) so they do not depend on a window.
    public static func all(_ result: LoadResult, layout: Layout?) -> [Diagnostic] {
        guard let document = result.document, let layout else { return result.diagnostics }
        var findings = result.diagnostics + layout.findings(for: document) + layout.shadowFindings(for: document)
        // Too large to draw even at 1×: every command and the preview must say so, not only `render`.
        do {
            try Renderer.checkCanvas(layout.canvasSize, scale: 1, of: document)
        } catch {
            findings.append(error)
        }
        return findings
    }
}
