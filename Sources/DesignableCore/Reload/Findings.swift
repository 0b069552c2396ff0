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
            + Layout.oncePerPlace(memo.clippedShadows.lazy.map(\.findings).joined())
        // Too large to draw even at 1×: every command and the preview must say so, not only `render`.
        do {
            try Renderer.checkCanvas(layout.canvasSize, scale: 1, of: document)
        } catch {
            findings.append(error)
        }
        return findings
    }
}

/// Each view's layout findings (sticking out of the canvas, a shadow iOS would clip) as of the
/// last document it was given. A view's are a function of the view, its frame and the canvas's
/// size alone, and a save hands over the views it did not change as the very same objects, so
/// only the views that are new, or moved on the canvas, are worked out again: at 2,000 views a
/// one-view save then costs a comparison of two pointers and a frame a view rather than a walk
/// through every view's look (0.4 ms, most of it waiting on memory). Only the views that have
/// findings are listed, in order: most have none.
public final class LayoutFindings {
    /// The views, in order, whose findings are kept; held, so no new view can take an old one's
    /// address and pass for it.
    private var views: [StyledView] = []
    private var frames: [Rect] = []
    private var canvasSize: Size?
    fileprivate private(set) var stickingOut: [(view: Int, finding: Diagnostic)] = []
    fileprivate private(set) var clippedShadows: [(view: Int, findings: [Diagnostic])] = []

    public init() {}

    /// Brings the kept findings up to `document` laid out by `layout`.
    fileprivate func update(_ document: StyleDocument, layout: Layout) {
        let views = document.views, frames = layout.frames
        let sameCanvas = canvasSize == layout.canvasSize
        var stickingOut: [(view: Int, finding: Diagnostic)] = [], clippedShadows: [(view: Int, findings: [Diagnostic])] = []
        // Where the kept lists are up to: both are in the order of the views.
        var nextStickingOut = 0, nextClipped = 0
        for index in views.indices {
            while nextStickingOut < self.stickingOut.count, self.stickingOut[nextStickingOut].view < index { nextStickingOut += 1 }
            while nextClipped < self.clippedShadows.count, self.clippedShadows[nextClipped].view < index { nextClipped += 1 }
            let unchanged = index < self.views.count && views[index] === self.views[index] && frames[index] == self.frames[index]
            if unchanged, sameCanvas {
                if nextStickingOut < self.stickingOut.count, self.stickingOut[nextStickingOut].view == index {
                    stickingOut.append(self.stickingOut[nextStickingOut])
                }
            } else if let finding = layout.stickingOut(index, of: document) {
                stickingOut.append((index, finding))
            }
            if unchanged {
                if nextClipped < self.clippedShadows.count, self.clippedShadows[nextClipped].view == index {
                    clippedShadows.append(self.clippedShadows[nextClipped])
                }
            } else {
                let findings = layout.clippedShadows(index, of: document)
                if !findings.isEmpty { clippedShadows.append((index, findings)) }
            }
        }
        (self.views, self.frames, canvasSize) = (views, frames, layout.canvasSize)
        (self.stickingOut, self.clippedShadows) = (stickingOut, clippedShadows)
    }
}
