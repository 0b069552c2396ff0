/// The first seed's button: a UIButton whose background is clipped to rounded corners.
public final class RoundedCornerButton: Button {
    @Inspectable(like: \.cornerRadius) public var cornerRadius = 0.0

    public override class var className: String { "RoundedCornerButton" }
    public override class var summary: String { "A button whose background is clipped to rounded corners." }
    public override class var buttonType: ButtonType { .custom }

    public override func masksToBoundsReason(_ layer: Layer) -> String {
        "RoundedCornerButton's cornerRadius (\(formatNumber(cornerRadius))) turns masksToBounds on, as its seed's didSet does"
    }

    /// The seed's `didSet`: `layer.cornerRadius = cornerRadius; layer.masksToBounds = cornerRadius > 0`.
    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = cornerRadius > 0
    }
}
