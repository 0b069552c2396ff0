/// The seed's gradient view: two colours, vertical or horizontal, with rounded corners.
public final class BWGradientView: Component {
    @Inspectable("Colour where the gradient starts (top, or left when horizontal).") public var startColor = Color.white
    @Inspectable("Colour where the gradient ends (bottom, or right when horizontal).") public var endColor = Color.black
    @Inspectable("Runs the gradient left to right instead of top to bottom.") public var isHorizontal = false
    @Inspectable("Corner radius.", minimum: 0) public var roundness = 0.0

    public override class var className: String { "BWGradientView" }
    public override class var summary: String { "A two-colour gradient, vertical or horizontal, with rounded corners." }

    /// The seed's `CAGradientLayer` set-up: its colours, its direction and `cornerRadius = roundness`.
    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.gradient = .linear(startColor, endColor, horizontal: isHorizontal)
        layer.cornerRadius = roundness
    }
}
