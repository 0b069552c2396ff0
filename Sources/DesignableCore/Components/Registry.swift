/// Every component a style file can name, by class name: the built-in ones, and those the
/// user's Swift files define (`components:` in a style file, `--components DIR`).
public enum ComponentRegistry {
    /// The components Designable ships.
    public static let builtIns: [Component.Type] = [
        Button.self, RoundedCornerButton.self, FancyButton.self, SubscribeButton.self, BWGradientView.self, PillUILabel.self, Label.self, ImageView.self, PlainView.self, DesignableView.self, DesignableButton.self, StackView.self,
    ]
    private static let builtInsByName: [String: Component.Type] = Dictionary(uniqueKeysWithValues: builtIns.map { ($0.className, $0) })
    static let builtInClasses = Set(builtIns.map(ObjectIdentifier.init))

    /// The user's components for the file being read, set by `install(_:)`: one process reads
    /// one style file at a time (a command, or the preview's worker).
    nonisolated(unsafe) public private(set) static var userComponents: [Component.Type] = []
    nonisolated(unsafe) private static var userByName: [String: Component.Type] = [:]

    /// Every component, the built-in ones first.
    public static var all: [Component.Type] { userComponents.isEmpty ? builtIns : builtIns + userComponents }

    public static func type(named name: String) -> Component.Type? { builtInsByName[name] ?? userByName[name] }
    public static var names: [String] { all.map(\.className) }

    /// Whether `name` is a class Designable ships, which a user's class may not take.
    public static func isBuiltIn(_ name: String) -> Bool { builtInsByName[name] != nil }

    /// Classes declared in component files that do not compile, by name, with the file's name:
    /// a view naming one is told why, rather than that the class is unknown.
    nonisolated(unsafe) public private(set) static var unavailable: [String: String] = [:]

    /// Makes `types` the user's components, replacing those installed before (a reloaded file's
    /// new versions take their names). Callers have refused names that clash.
    public static func install(_ types: [Component.Type], unavailable: [String: String] = [:]) {
        self.unavailable = unavailable
        userComponents = types
        userByName = Dictionary(types.map { ($0.className, $0) }, uniquingKeysWith: { _, last in last })
    }
}

/// The `canvas:` settings: the page the views are laid out on.
public final class CanvasSettings: PropertyHolder {
    @Inspectable("Size of the canvas; fitted to the views when unset.") public var size: Size? = nil
    @Inspectable("Width of the canvas, its height fitted to the views (when size is unset).", minimum: 0) public var width: Double? = nil
    @Inspectable("Colour behind the views; systemBackground (white, or black in dark appearance) by default.") public var background = Color.systemBackground
    @Inspectable("Space between the canvas edge and the column of views.", minimum: 0) public var padding = 16.0
    @Inspectable("Space between views in the column.", minimum: 0) public var spacing = 12.0
}
