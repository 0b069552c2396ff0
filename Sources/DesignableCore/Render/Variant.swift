/// The appearance and layout direction a picture is drawn in: what `--appearance` and
/// `--direction` choose, a snapshot's name carries (`.dark`, `.rtl`) and the variants grid
/// draws a column set for.
public struct Variant: Hashable, Sendable, CustomStringConvertible {
    public var appearance: Appearance
    public var direction: LayoutDirection

    public init(appearance: Appearance, direction: LayoutDirection) {
        self.appearance = appearance
        self.direction = direction
    }

    /// A variant by what differs from the standard one: dark, right to left, or both.
    public init(dark: Bool = false, rightToLeft: Bool = false) {
        self.init(appearance: dark ? .dark : .light, direction: rightToLeft ? .rightToLeft : .leftToRight)
    }

    /// Light appearance, left to right: nothing added to a name.
    public static let standard = Variant(appearance: .light, direction: .leftToRight)

    public var dark: Bool { appearance == .dark }
    public var rightToLeft: Bool { direction == .rightToLeft }

    /// Every pairing of `appearances` with `directions`, appearance by appearance, in the order
    /// given: light then dark, and within each left to right then right to left.
    public static func all(appearances: [Appearance], directions: [LayoutDirection]) -> [Variant] {
        appearances.flatMap { appearance in directions.map { Variant(appearance: appearance, direction: $0) } }
    }

    /// What a file name adds: `.dark`, `.rtl`, `.dark.rtl`, or nothing.
    public var nameSuffix: String { (dark ? ".dark" : "") + (rightToLeft ? ".rtl" : "") }

    /// "Light", "Dark, right to left": a grid's caption over the variant's columns.
    public var description: String {
        (dark ? "Dark" : "Light") + (rightToLeft ? ", right to left" : "")
    }
}
