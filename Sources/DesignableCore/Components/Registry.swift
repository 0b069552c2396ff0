/// Every component a style file can name, by class name.
public enum ComponentRegistry {
    public static let all: [Component.Type] = [
        Button.self, RoundedCornerButton.self, FancyButton.self, SubscribeButton.self, BWGradientView.self, PillUILabel.self, UIView.self, DesignableView.self, DesignableButton.self,
    ]

    private static let byName: [String: Component.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.className, $0) })

    public static func type(named name: String) -> Component.Type? { byName[name] }
    public static var names: [String] { all.map(\.className) }
}

/// The `canvas:` settings: the page the views are laid out on.
public final class CanvasSettings: PropertyHolder {
    @Inspectable("Size of the canvas; fitted to the views when unset.") public var size: Size? = nil
    @Inspectable("Width of the canvas, its height fitted to the views (when size is unset).", minimum: 0) public var width: Double? = nil
    @Inspectable("Colour behind the views; systemBackground (white, or black in dark appearance) by default.") public var background = Color.systemBackground
    @Inspectable("Space between the canvas edge and the column of views.", minimum: 0) public var padding = 16.0
    @Inspectable("Space between views in the column.", minimum: 0) public var spacing = 12.0
}
