/// What every `UIView` has, whatever its class: how opaque it is, whether it is shown, and
/// whether it clips its subviews. Declared once here and listed as each class's own. UIKit's
/// `alpha`, `isHidden` and `clipsToBounds` are its layer's `opacity`, `isHidden` and
/// `masksToBounds`, so each stands for that field: written into the view's layer only where the
/// file sets it, after the class's own set-up, as Interface Builder sets a view's attributes
/// after its initialiser.
public final class ViewAttributes: InspectableGroup {
    @Inspectable(layer: \.opacity, "Opacity of the view and everything in it, composited as one group, 0 to 1 (UIView.alpha).", minimum: 0, maximum: 1)
    public var alpha: Double
    @Inspectable(layer: \.isHidden, "Hides the view and its subviews; hidden arranged views take no room in a stack (UIView.isHidden).")
    public var isHidden: Bool
    @Inspectable(layer: \.masksToBounds, "Clips the subviews and content to the rounded bounds (UIView.clipsToBounds, the layer's masksToBounds).")
    public var clipsToBounds: Bool

    /// Where the file turned clipping on, for findings about what it clips.
    var clipsLocation: SourceLocation? { clipsToBounds ? $clipsToBounds.setAt : nil }
}
