/// `UIStackView`: lays its arranged subviews out in a row or a column (`StackLayout`) and draws
/// nothing of its own but its layer. Named `StackView` in Swift so that a designer's own code
/// may still declare UIKit's names.
public final class StackView: Component {
    @Inspectable("Whether the arranged views form a row (horizontal) or a column (vertical).") public var axis = StackLayout.Axis.horizontal
    @Inspectable("Space between neighbouring arranged views; the least space for equalSpacing and equalCentering. Negative values overlap them.") public var spacing = 0.0
    @Inspectable("Where the arranged views go across the axis: fill stretches them; top and leading, bottom and trailing are the same values; the baselines apply to rows.") public var alignment = StackLayout.Alignment.fill
    @Inspectable("How the arranged views share the length of the axis.") public var distribution = StackLayout.Distribution.fill
    @Inspectable("Insets the arranged views keep from the edges when isLayoutMarginsRelativeArrangement is true.") public var layoutMargins = StackLayout.defaultLayoutMargins
    @Inspectable("Lay the arranged views out inside layoutMargins rather than the bounds.") public var isLayoutMarginsRelativeArrangement = false
    @Inspectable("Fill behind the arranged views (backgroundColor; stack views draw it from iOS 14 on).") public var backgroundColor = Color.clear

    public override class var className: String { "UIStackView" }
    public override class var summary: String { "A row or a column of arranged views: axis, spacing, alignment, distribution." }

    /// The layout its properties ask for.
    public var stackLayout: StackLayout {
        StackLayout(axis: axis, spacing: spacing, alignment: alignment, distribution: distribution,
                    layoutMargins: layoutMargins, isLayoutMarginsRelativeArrangement: isLayoutMarginsRelativeArrangement)
    }

    public override class var arrangesSubviews: Bool { true }

    public override func arrange(_ items: [ArrangedItem], in bounds: Size, direction: LayoutDirection) -> [Rect?]? {
        stackLayout.frames(for: items, in: bounds, direction: direction)
    }

    public override func fittingSize(arranging items: [ArrangedItem]) -> Size? {
        stackLayout.fittingSize(for: items)
    }

    public override func baselines(arranging items: [ArrangedItem], in bounds: Size, direction: LayoutDirection) -> (first: Double, last: Double)? {
        stackLayout.baselines(for: items, in: bounds, direction: direction)
    }

    public override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.backgroundColor = backgroundColor
    }
}
