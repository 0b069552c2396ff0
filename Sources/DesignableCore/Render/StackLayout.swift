/// One arranged subview as a stack sees it.
public struct ArrangedItem {
    public var intrinsicWidth: Double?
    public var intrinsicHeight: Double?
    public var isHidden: Bool
    public var customSpacingAfter: Double?
    public var firstBaseline: Double?
    public var lastBaseline: Double?

    public init(intrinsicWidth: Double?, intrinsicHeight: Double?, isHidden: Bool = false, customSpacingAfter: Double? = nil,
                firstBaseline: Double? = nil, lastBaseline: Double? = nil) {
        self.intrinsicWidth = intrinsicWidth
        self.intrinsicHeight = intrinsicHeight
        self.isHidden = isHidden
        self.customSpacingAfter = customSpacingAfter
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}
