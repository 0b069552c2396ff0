/// The seed's SubscribeButton: purple, rounded and bordered, with a highlighted tint and a selected
/// look (bright purple, white title, a check icon with the seed's `imageEdgeInsets.left = -20`) as
/// its own defaults.
public final class SubscribeButton: Button {
    /// The seed's `Theme.Colors`.
    public static let purple = Color(rgb: 0x5B2A86)
    public static let purpleBright = Color(red: 0.63, green: 0.06, blue: 1.00)

    @Inspectable(like: \.cornerRadius) public var cornerRadius = 12.0
    @Inspectable(like: \.borderWidth) public var borderWidth = 3.0
    @Inspectable(like: \.borderColor) public var borderColor = SubscribeButton.purple
    @Inspectable("The image's edge insets (imageEdgeInsets; leading is left): the seed's left -20 moves the centred check 10 points left.") public var imageEdgeInsets = EdgeInsets(top: 0, leading: -20, bottom: 0, trailing: 0)

    public override class var className: String { "SubscribeButton" }
    public override class var summary: String { "A subscribe button with its own highlighted and selected looks; 170×46 by default." }
    public override class var buttonType: ButtonType { .custom }
    /// The seed's `UIImage(named: "icon-check")`, shipped with Designable.
    public static let checkMark = BundledImage("icon-check", role: "the check mark of its selected look")
    public override class var bundledImages: [BundledImage] { [checkMark] }

    public required init() {
        super.init()
        $title.overrideDefault("Subscribe")
        $tintColor.overrideDefault(SubscribeButton.purple)
        $font.overrideDefault(Font("Sans Bold 15"))
    }

    public override func masksToBoundsReason(_ layer: Layer) -> String {
        "SubscribeButton sets masksToBounds = true in its seed's set-up"
    }

    /// The seed's set-up: `layer.cornerRadius`, `layer.borderWidth`, `layer.borderColor`, and
    /// `layer.masksToBounds = true`.
    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = true
        layer.borderWidth = borderWidth
        layer.borderColor = borderColor
    }
    public override var fadesWhenHighlighted: Bool { false }

    public override func intrinsicContentSize(_ painter: Painter) -> Size? { Size(width: 170, height: 46) }

    public override func applyStateDefaults(_ state: ControlState) {
        if state.contains(.selected) {
            backgroundColor = SubscribeButton.purpleBright
            borderColor = SubscribeButton.purpleBright
            titleColor = .white
            image = SubscribeButton.checkMark.reference
            imageRendering = .template
            tintColor = .white
        }
        if state.contains(.highlighted) {
            backgroundColor = SubscribeButton.purple.withAlpha(0.85)
            titleColor = .white
            tintColor = .white
        }
    }

    public override func adjust(_ content: inout ContentLayout, in bounds: Rect) {
        content.imageRect = content.imageRect.map { shift($0, by: imageEdgeInsets, direction: content.direction) }
    }
}
