/// The seed tutorials' FancyButton: rounded clip, border, iOS 14 title and image paddings, an image
/// that can sit at the right edge, and a left-to-right gradient background.
public final class FancyButton: Button {
    @Inspectable(like: \.cornerRadius) public var cornerRadius = 0.0
    @Inspectable(like: \.borderWidth) public var borderWidth = 0.0
    @Inspectable(like: \.borderColor) public var borderColor = Color.black
    @Inspectable("iOS 14 title inset from the left (titleEdgeInsets.left).") public var titleLeftPadding = 0.0
    @Inspectable("iOS 14 title inset from the right (titleEdgeInsets.right).") public var titleRightPadding = 0.0
    @Inspectable("iOS 14 title inset from the top (titleEdgeInsets.top).") public var titleTopPadding = 0.0
    @Inspectable("iOS 14 title inset from the bottom (titleEdgeInsets.bottom).") public var titleBottomPadding = 0.0
    @Inspectable("iOS 14 image inset from the left (imageEdgeInsets.left).") public var imageLeftPadding = 0.0
    @Inspectable("iOS 14 image inset from the right; the gap to the edge when right-aligned.") public var imageRightPadding = 0.0
    @Inspectable("iOS 14 image inset from the top (imageEdgeInsets.top).") public var imageTopPadding = 0.0
    @Inspectable("iOS 14 image inset from the bottom (imageEdgeInsets.bottom).") public var imageBottomPadding = 0.0
    @Inspectable("Puts the image at the right edge, imageRightPadding in from it.") public var enableImageRightAligned = false
    @Inspectable("Fills the background with a gradient from gradientColor1 to gradientColor2.") public var enableGradientBackground = false
    @Inspectable("Gradient colour at the left edge.") public var gradientColor1 = Color.black
    @Inspectable("Gradient colour at the right edge.") public var gradientColor2 = Color.white

    public override class var className: String { "FancyButton" }
    public override class var summary: String { "A button with rounded corners, border, paddings, a right-aligned image and a gradient." }
    public override class var buttonType: ButtonType { .custom }

    public override func masksToBoundsReason(_ layer: Layer) -> String {
        "FancyButton's cornerRadius (\(formatNumber(cornerRadius))) turns masksToBounds on, as its seed's didSet does"
    }

    /// The seed's `didSet`s and `layoutSubviews()`: the radius masks the content once it is
    /// positive, and the gradient is a `CAGradientLayer` from left to right over the background.
    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = cornerRadius > 0
        layer.borderWidth = borderWidth
        layer.borderColor = borderColor
        if enableGradientBackground {
            layer.gradient = .linear(gradientColor1, gradientColor2, horizontal: true)
        }
    }

    /// The seed's `titleEdgeInsets` and `imageEdgeInsets`, applied as UIKit applies them.
    public override func adjust(_ content: inout ContentLayout, in bounds: Rect) {
        content.titleRect = content.titleRect.map {
            shift($0, by: EdgeInsets(top: titleTopPadding, leading: titleLeftPadding, bottom: titleBottomPadding, trailing: titleRightPadding), direction: content.direction)
        }
        content.imageRect = content.imageRect.map { rect in
            // The seed's `layoutSubviews()` sets `imageEdgeInsets.left = bounds.width - imageView.width
            // - imageRightPadding` over the left padding: the right edge when left-aligned.
            let left = enableImageRightAligned ? bounds.width - rect.width - imageRightPadding : imageLeftPadding
            return shift(rect, by: EdgeInsets(top: imageTopPadding, leading: left, bottom: imageBottomPadding, trailing: imageRightPadding), direction: content.direction)
        }
    }
}
