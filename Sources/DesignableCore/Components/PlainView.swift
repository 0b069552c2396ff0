/// A plain `UIView`: nothing of its own but a background colour. The base to put a `layer:` map
/// on (a card, a divider, a shadow behind a clipped button), as a view dragged out in
/// Interface Builder is given user-defined runtime attributes; and a container of subviews.
/// Named `PlainView` in Swift: `UIView` is left to designers' own UIKit code.
public final class PlainView: Component {
    @Inspectable("Fill behind the content (backgroundColor).") public var backgroundColor = Color.clear

    public override class var className: String { "UIView" }
    public override class var summary: String { "A plain view: a background colour, and whatever its layer map sets." }

    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.backgroundColor = backgroundColor
    }
}
