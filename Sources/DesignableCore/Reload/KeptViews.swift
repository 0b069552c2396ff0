/// The views some work was last done for, at their frames, so the next document's views that
/// are the very same objects at the same frames can take that work over. A save hands the views
/// it left as they were over as the same objects (a view re-read or moved to other lines is a
/// new one), so at 2,000 views a one-view save compares two pointers and a frame a view instead
/// of looking into every view's objects again, each look a wait on memory.
///
/// The views are held: no new view can be made at a kept one's address and pass for it.
struct KeptViews {
    private var views: [StyledView] = []
    private var frames: [Rect] = []

    /// Whether `views[index]` at `frames[index]` is the view kept at `index`, at the same frame;
    /// without frames, whether it is the same object (work that does not depend on the frame).
    func holds(_ index: Int, of views: [StyledView], at frames: [Rect]? = nil) -> Bool {
        guard index < self.views.count, views[index] === self.views[index] else { return false }
        guard let frames else { return true }
        return index < self.frames.count && frames[index] == self.frames[index]
    }

    /// Whether `views` and `frames` are the very arrays kept: nothing to compare view by view.
    func isSame(_ views: [StyledView], at frames: [Rect]) -> Bool {
        views.count == self.views.count && frames == self.frames
            && views.withUnsafeBufferPointer({ $0.baseAddress }) == self.views.withUnsafeBufferPointer({ $0.baseAddress })
    }

    /// Keeps `views` at `frames` (none, for work that does not depend on the frame) for the next comparison.
    mutating func keep(_ views: [StyledView], at frames: [Rect] = []) {
        (self.views, self.frames) = (views, frames)
    }
}
