/// A general-purpose designable view: IBAnimatable's `AnimatableView` vocabulary (corners on
/// chosen sides, dashed and one-sided borders, fill, gradients, a shadow kept on its own layer,
/// a mask shape, rotation) on a plain view. Cards, badges, dividers, backgrounds.
public final class DesignableView: Component {
    public let designable = Designables()

    public override class var className: String { "DesignableView" }
    public override class var summary: String { "A view with IBAnimatable's designable properties: corners, borders, fill, gradient, shadow, mask, rotation." }

    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        designable.configure(&layer)
    }

    public override var shadowLocation: SourceLocation? {
        designable.$shadowOpacity.setAt ?? super.shadowLocation
    }

    public override var combinationWarnings: [(location: SourceLocation?, message: String)] {
        super.combinationWarnings + designable.combinationWarnings
    }
}
