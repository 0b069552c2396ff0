/// A general-purpose designable button: every `UIButton` property, and IBAnimatable's
/// `AnimatableButton` vocabulary over it (corners on chosen sides, dashed and one-sided
/// borders, fill, gradients, a shadow kept on its own layer, a mask shape, rotation).
public final class DesignableButton: Button {
    public let designable = Designables()

    public override class var className: String { "DesignableButton" }
    public override class var summary: String { "A UIButton with IBAnimatable's designable properties: corners, borders, fill, gradient, shadow, mask, rotation." }

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
