/// What every `UIView` has, whatever its class: how opaque it is, whether it is shown, and
/// whether it clips its subviews. Declared once here and listed as each class's own; each is
/// written into the view's layer only where the file sets it (UIKit's `alpha`, `isHidden` and
/// `clipsToBounds` are its layer's `opacity`, `isHidden` and `masksToBounds`), after the class's
/// own set-up, as Interface Builder sets a view's attributes after its initialiser.
public final class ViewAttributes: InspectableGroup {
    @Inspectable("Opacity of the view and everything in it, composited as one group, 0 to 1 (UIView.alpha).", minimum: 0, maximum: 1)
    public var alpha = 1.0
    @Inspectable("Hides the view and its subviews; hidden arranged views take no room in a stack (UIView.isHidden).")
    public var isHidden = false
    @Inspectable("Clips the subviews and content to the rounded bounds (UIView.clipsToBounds, the layer's masksToBounds).")
    public var clipsToBounds = false

    /// Writes each attribute the file set into `layer`.
    func write(to layer: inout Layer) {
        if $alpha.setAt != nil { layer.opacity = alpha }
        if $isHidden.setAt != nil { layer.isHidden = isHidden }
        if $clipsToBounds.setAt != nil { layer.masksToBounds = clipsToBounds }
    }

    /// Where the file turned clipping on, for findings about what it clips.
    var clipsLocation: SourceLocation? { clipsToBounds ? $clipsToBounds.setAt : nil }
}
