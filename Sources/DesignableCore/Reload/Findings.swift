/// The one list of findings about a style file, so `check`, `render`, `inspect` and the preview
/// report the same for the same file: the loader's, then, for a good document, the layout's at
/// the file's own canvas size (a view sticking out of it), whatever window shows it.
public enum Findings {
    /// `result`'s findings and those of `layout`, which must be the document's natural layout
    /// (`Renderer.layout(document)`, no available width) so they do not depend on a window.
    /// `memo`, kept from one load of a file to the next, spares working out again the layout's
    /// findings of the views a save left as they were.
    public static func all(_ result: LoadResult, layout: Layout?, memo: LayoutFindings? = nil) -> [Diagnostic] {
        guard let document = result.document, let layout else { return result.diagnostics }
        let memo = memo ?? LayoutFindings()
        memo.update(document, layout: layout)
        var findings = result.diagnostics + memo.stickingOut.map(\.finding)
            + Layout.oncePerPlace(memo.lookWarnings.lazy.map(\.findings).joined())
        // Too large to draw even at 1×: every command and the preview must say so, not only `render`.
        do {
            try Renderer.checkCanvas(layout.canvasSize, scale: 1, of: document)
        } catch {
            findings.append(error)
        }
        return findings
    }
}

/// Each view's layout findings (sticking out of the canvas, a shadow iOS would clip, values that
/// do not fit together) as of the last document it was given. A view's are a function of the
/// view, its frame and the canvas's size alone, so those of the views a save left as they were
/// are taken over (`KeptViews`) and only the others are worked out again: at 2,000 views the walk
/// through every view's look cost 0.4 ms a save. Only the views that have findings are listed,
/// in order: most have none.
public final class LayoutFindings {
    private var kept = KeptViews()
    private var canvasSize: Size?
    fileprivate private(set) var stickingOut: [(view: Int, finding: Diagnostic)] = []
    fileprivate private(set) var lookWarnings: [(view: Int, findings: [Diagnostic])] = []

    public init() {}

    /// Brings the kept findings up to `document` laid out by `layout`.
    fileprivate func update(_ document: StyleDocument, layout: Layout) {
        let views = document.views, frames = layout.frames
        let sameCanvas = canvasSize == layout.canvasSize
        var stickingOut: [(view: Int, finding: Diagnostic)] = [], lookWarnings: [(view: Int, findings: [Diagnostic])] = []
        // Where the kept lists are up to: both are in the order of the views.
        var nextStickingOut = 0, nextLook = 0
        for index in views.indices {
            while nextStickingOut < self.stickingOut.count, self.stickingOut[nextStickingOut].view < index { nextStickingOut += 1 }
            while nextLook < self.lookWarnings.count, self.lookWarnings[nextLook].view < index { nextLook += 1 }
            let unchanged = kept.holds(index, of: views, at: frames)
            if unchanged, sameCanvas {
                if nextStickingOut < self.stickingOut.count, self.stickingOut[nextStickingOut].view == index {
                    stickingOut.append(self.stickingOut[nextStickingOut])
                }
            } else if let finding = layout.stickingOut(index, of: document) {
                stickingOut.append((index, finding))
            }
            if unchanged {
                if nextLook < self.lookWarnings.count, self.lookWarnings[nextLook].view == index {
                    lookWarnings.append(self.lookWarnings[nextLook])
                }
            } else {
                let findings = layout.lookWarnings(index, of: document)
                if !findings.isEmpty { lookWarnings.append((index, findings)) }
            }
        }
        kept.keep(views, at: frames)
        canvasSize = layout.canvasSize
        (self.stickingOut, self.lookWarnings) = (stickingOut, lookWarnings)
    }
}
