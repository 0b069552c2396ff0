/// One arranged subview as a stack view sees it: what it would measure, not the view itself, so
/// the layout is a pure function of plain values.
public struct ArrangedItem: Hashable, Sendable {
    /// The view's intrinsic width; nil when it has none (`UIView.noIntrinsicMetric`, a plain view).
    public var intrinsicWidth: Double?
    /// The view's intrinsic height; nil when it has none.
    public var intrinsicHeight: Double?
    /// A hidden arranged view takes no space and no spacing (UIKit collapses it).
    public var isHidden: Bool
    /// `setCustomSpacing(_:after:)`: the space after this view instead of the stack's `spacing`.
    public var customSpacingAfter: Double?
    /// Where the view's first line of text sits, from its top at its intrinsic height; nil when
    /// it has no text, and it then aligns by its bottom (`UIView.forFirstBaselineLayout`).
    public var firstBaseline: Double?
    /// Where its last line of text sits; nil when it has no text.
    public var lastBaseline: Double?
    /// A width the view's own `size:` gives: a required width constraint, which stands in for
    /// the intrinsic width and which `fill` never stretches while another view can take the slack.
    public var fixedWidth: Double?
    /// A height the view's own `size:` gives, as `fixedWidth`.
    public var fixedHeight: Double?

    public init(intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil, isHidden: Bool = false,
                customSpacingAfter: Double? = nil, firstBaseline: Double? = nil, lastBaseline: Double? = nil,
                fixedWidth: Double? = nil, fixedHeight: Double? = nil) {
        self.intrinsicWidth = intrinsicWidth
        self.intrinsicHeight = intrinsicHeight
        self.isHidden = isHidden
        self.customSpacingAfter = customSpacingAfter
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.fixedWidth = fixedWidth
        self.fixedHeight = fixedHeight
    }

    /// An item whose intrinsic size is `size` (nil: none on either axis).
    public init(intrinsic size: Size?, isHidden: Bool = false, customSpacingAfter: Double? = nil) {
        self.init(intrinsicWidth: size?.width, intrinsicHeight: size?.height, isHidden: isHidden, customSpacingAfter: customSpacingAfter)
    }

    /// The length the item asks for along `axis`: its fixed size, else its intrinsic one.
    func natural(_ axis: StackLayout.Axis) -> Double? {
        axis == .horizontal ? (fixedWidth ?? intrinsicWidth) : (fixedHeight ?? intrinsicHeight)
    }

    func isFixed(_ axis: StackLayout.Axis) -> Bool {
        (axis == .horizontal ? fixedWidth : fixedHeight) != nil
    }
}

/// How a `UIStackView` places its arranged subviews: the constraints UIKit makes for `axis`,
/// `spacing`, `alignment`, `distribution` and the margins, solved directly.
///
/// Where Auto Layout would find the constraints ambiguous (every view's hugging and compression
/// priorities are equal by default), the rule taken is stated at the case concerned and in
/// docs/stack-layout.md; UIKit's documentation says only that it then goes by the views' index
/// in `arrangedSubviews`.
public struct StackLayout: Hashable, Sendable {
    /// `NSLayoutConstraint.Axis`: a row or a column.
    public enum Axis: String, InspectableEnum, Sendable {
        case horizontal, vertical
        public static var typeName: String { "NSLayoutConstraint.Axis" }
    }

    /// `UIStackView.Alignment`: where the views go across the axis. UIKit's `top` is `leading`
    /// and its `bottom` is `trailing` (one value each, named for the axis that reads it), so a
    /// file may write either word.
    public enum Alignment: String, InspectableEnum, Sendable {
        /// Every view stretched across the stack.
        case fill
        /// Against the top of a row, the leading edge of a column.
        case leading
        /// A row's views by their first baselines; a column ignores it (it is "for horizontal stacks").
        case firstBaseline
        case center
        /// Against the bottom of a row, the trailing edge of a column.
        case trailing
        /// A row's views by their last baselines.
        case lastBaseline
        public static var typeName: String { "UIStackView.Alignment" }
        public static var aliases: KeyValuePairs<String, Alignment> { ["top": .leading, "bottom": .trailing] }
    }

    /// `UIStackView.Distribution`: how the views share the length of the axis.
    public enum Distribution: String, InspectableEnum, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
        public static var typeName: String { "UIStackView.Distribution" }
    }

    /// A view's layout margins unless set: 8 points all round, as UIKit gives most views.
    public static let defaultLayoutMargins = EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

    public var axis: Axis
    /// The space between neighbours; the least space for `equalSpacing` and `equalCentering`.
    /// Negative values overlap the views, as UIKit allows.
    public var spacing: Double
    public var alignment: Alignment
    public var distribution: Distribution
    /// Used only when `isLayoutMarginsRelativeArrangement`.
    public var layoutMargins: EdgeInsets
    /// Lay the views out inside the margins rather than the bounds (UIKit's default: false).
    public var isLayoutMarginsRelativeArrangement: Bool

    public init(axis: Axis = .horizontal, spacing: Double = 0, alignment: Alignment = .fill, distribution: Distribution = .fill,
                layoutMargins: EdgeInsets = StackLayout.defaultLayoutMargins, isLayoutMarginsRelativeArrangement: Bool = false) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.layoutMargins = layoutMargins
        self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
    }

    /// The alignment that applies: baseline alignment is documented for horizontal stacks only,
    /// and a value that does not apply to the axis falls back to the default, `fill` (as
    /// NSStackView documents for its own inapplicable alignments).
    public var effectiveAlignment: Alignment {
        axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) ? .fill : alignment
    }

    /// The insets the arranged views keep from the bounds.
    private var margins: EdgeInsets { isLayoutMarginsRelativeArrangement ? layoutMargins : .zero }

    // MARK: - Frames

    /// Frames of the items inside `bounds` (in the stack's own coordinate space, origin 0,0), nil
    /// for hidden ones; leading/trailing flip in right to left for a horizontal stack (and the
    /// leading and trailing alignments of a vertical one).
    ///
    /// UIKit pins the first visible view to the leading edge and the last to the trailing edge
    /// whatever the distribution, so a lone view always spans the axis.
    ///
    /// - `fill`: views at their intrinsic (or fixed) length; the slack goes to one view. Auto Layout
    ///   picks the one with the lowest hugging priority; all being equal by default, the rule here
    ///   is: the first view without an intrinsic length along the axis (it has no hugging
    ///   constraint at all), else the first view without a fixed length, else the first view. A
    ///   shortfall is taken from the views in that order, each down to zero.
    /// - `fillEqually`: the length less the spacing, shared equally.
    /// - `fillProportionally`: shared in proportion to the intrinsic lengths (equally when none
    ///   has one), with `spacing` kept exactly.
    /// - `equalSpacing`: views at their intrinsic length, the gaps equal, none below its spacing
    ///   (a custom spacing larger than the equal gap keeps its own, the others share the rest).
    ///   When the views do not fit, the gaps keep their spacing and the views shrink as in `fill`.
    /// - `equalCentering`: views at their intrinsic length, their centres equally far apart;
    ///   where that would bring two views closer than their spacing, it is laid out as
    ///   `equalSpacing` instead (UIKit lets the centring yield to the minimum spacing).
    ///
    /// Across the axis, `fill` stretches every view; the other alignments size a view by its
    /// intrinsic (or fixed) size, no larger than the stack, and a view without one collapses to
    /// zero (UIKit's low-priority "ambiguity suppression" constraints), so give such a view a size.
    /// Baseline alignment puts the views' baselines on one line, the view reaching highest above
    /// it against the top; a view without text aligns by its bottom.
    public func frames(for items: [ArrangedItem], in bounds: Size, direction: LayoutDirection) -> [Rect?] {
        var frames = [Rect?](repeating: nil, count: items.count)
        let visible = items.indices.filter { !items[$0].isHidden }
        guard !visible.isEmpty else { return frames }
        let margins = self.margins
        let area = Rect(x: margins.leading, y: margins.top,
                        width: max(0, bounds.width - margins.leading - margins.trailing),
                        height: max(0, bounds.height - margins.top - margins.bottom))
        let shown = visible.map { items[$0] }
        let along = distribute(shown, length: axis == .horizontal ? area.width : area.height)
        let across = align(shown, breadth: axis == .horizontal ? area.height : area.width)
        for (k, index) in visible.enumerated() {
            var frame = axis == .horizontal
                ? Rect(x: area.x + along[k].offset, y: area.y + across[k].offset, width: along[k].length, height: across[k].length)
                : Rect(x: area.x + across[k].offset, y: area.y + along[k].offset, width: across[k].length, height: along[k].length)
            // Right to left mirrors the whole arrangement, the margins' leading and trailing included.
            if direction == .rightToLeft { frame.origin.x = bounds.width - frame.maxX }
            frames[index] = frame
        }
        return frames
    }

    /// The space after each visible view but the last: its custom spacing, else `spacing`. A
    /// hidden view's custom spacing goes with it.
    private func gaps(_ shown: [ArrangedItem]) -> [Double] {
        shown.dropLast().map { $0.customSpacingAfter ?? spacing }
    }

    /// Offset and length of each visible view along the axis, from the leading edge of the area.
    private func distribute(_ shown: [ArrangedItem], length: Double) -> [(offset: Double, length: Double)] {
        let gaps = self.gaps(shown)
        let totalGaps = gaps.reduce(0, +)
        if shown.count == 1 { return [(0, length)] }
        var lengths: [Double]
        var spaces = gaps
        switch distribution {
        case .fill:
            lengths = fill(shown, into: length - totalGaps)
        case .fillEqually:
            lengths = Array(repeating: max(0, (length - totalGaps) / Double(shown.count)), count: shown.count)
        case .fillProportionally:
            let weights = shown.map { max(0, $0.natural(axis) ?? 0) }
            let total = weights.reduce(0, +)
            let room = max(0, length - totalGaps)
            lengths = total > 0 ? weights.map { room * $0 / total } : Array(repeating: room / Double(shown.count), count: shown.count)
        case .equalSpacing:
            (lengths, spaces) = equalSpacing(shown, length: length, gaps: gaps)
        case .equalCentering:
            (lengths, spaces) = equalCentering(shown, length: length, gaps: gaps)
        }
        var placed: [(offset: Double, length: Double)] = []
        var offset = 0.0
        for (k, size) in lengths.enumerated() {
            placed.append((offset, size))
            offset += size + (k < spaces.count ? spaces[k] : 0)
        }
        return placed
    }

    /// `fill`'s lengths: intrinsic ones, with `room` (the length less the spacing) reached by
    /// growing or shrinking the views in `fillOrder`.
    private func fill(_ shown: [ArrangedItem], into room: Double) -> [Double] {
        var lengths = shown.map { max(0, $0.natural(axis) ?? 0) }
        let slack = room - lengths.reduce(0, +)
        let order = fillOrder(shown)
        if slack > 0 {
            lengths[order[0]] += slack
        } else if slack < 0 {
            var shortfall = -slack
            for index in order where shortfall > 0 {
                let taken = min(lengths[index], shortfall)
                lengths[index] -= taken
                shortfall -= taken
            }
        }
        return lengths
    }

    /// Which views take `fill`'s slack first: those without an intrinsic length along the axis,
    /// then those without a fixed one, then the rest, each group in index order.
    private func fillOrder(_ shown: [ArrangedItem]) -> [Int] {
        let unsized = shown.indices.filter { shown[$0].natural(axis) == nil }
        let flexible = shown.indices.filter { shown[$0].natural(axis) != nil && !shown[$0].isFixed(axis) }
        let fixed = shown.indices.filter { shown[$0].isFixed(axis) }
        return unsized + flexible + fixed
    }

    /// `equalSpacing`'s lengths and gaps.
    private func equalSpacing(_ shown: [ArrangedItem], length: Double, gaps minimums: [Double]) -> ([Double], [Double]) {
        let natural = shown.map { max(0, $0.natural(axis) ?? 0) }
        let free = length - natural.reduce(0, +)
        guard free >= minimums.reduce(0, +) else {
            // Too long: the gaps keep their least, and the views shrink as `fill` shrinks them.
            return (fill(shown, into: length - minimums.reduce(0, +)), minimums)
        }
        // One equal gap for all, but a gap whose own least is larger keeps that, and the others
        // share what is left: repeated until no gap is below its least.
        var atLeast = Set<Int>()
        var equal = 0.0
        while true {
            let rest = minimums.indices.filter { !atLeast.contains($0) }
            let remaining = free - atLeast.map { minimums[$0] }.reduce(0, +)
            equal = rest.isEmpty ? 0 : remaining / Double(rest.count)
            let below = rest.filter { minimums[$0] > equal }
            if below.isEmpty { break }
            atLeast.formUnion(below)
        }
        return (natural, minimums.indices.map { atLeast.contains($0) ? minimums[$0] : equal })
    }

    /// `equalCentering`'s lengths and gaps: the first view against the leading edge, the last
    /// against the trailing one, the centres between spread evenly.
    private func equalCentering(_ shown: [ArrangedItem], length: Double, gaps minimums: [Double]) -> ([Double], [Double]) {
        let natural = shown.map { max(0, $0.natural(axis) ?? 0) }
        let first = natural[0] / 2, last = length - natural[natural.count - 1] / 2
        let step = (last - first) / Double(natural.count - 1)
        var gaps: [Double] = []
        for k in minimums.indices {
            let gap = (first + Double(k + 1) * step - natural[k + 1] / 2) - (first + Double(k) * step + natural[k] / 2)
            // A hair's tolerance: the gaps come out of sums of fractions.
            guard gap >= minimums[k] - 1e-9 else { return equalSpacing(shown, length: length, gaps: minimums) }
            gaps.append(gap)
        }
        return (natural, gaps)
    }

    /// Offset and length of each visible view across the axis, from the area's top (a row) or
    /// leading edge (a column).
    private func align(_ shown: [ArrangedItem], breadth: Double) -> [(offset: Double, length: Double)] {
        let crossAxis: Axis = axis == .horizontal ? .vertical : .horizontal
        let alignment = effectiveAlignment
        switch alignment {
        case .fill:
            return shown.map { _ in (0, breadth) }
        case .leading, .center, .trailing:
            return shown.map { item in
                let size = min(breadth, max(0, item.natural(crossAxis) ?? 0))
                switch alignment {
                case .leading: return (0, size)
                case .center: return ((breadth - size) / 2, size)
                default: return (breadth - size, size)
                }
            }
        case .firstBaseline, .lastBaseline:
            let placed = baselinePlacement(shown, first: alignment == .firstBaseline)
            return zip(placed.tops, shown).map { top, item in (top, max(0, item.natural(crossAxis) ?? 0)) }
        }
    }

    /// Each view's top when the baselines of a row are on one line, the view reaching highest
    /// above that line against the top; and how tall the row then is.
    private func baselinePlacement(_ shown: [ArrangedItem], first: Bool) -> (tops: [Double], height: Double) {
        let heights = shown.map { max(0, $0.natural(.vertical) ?? 0) }
        let baselines = zip(shown, heights).map { item, height in (first ? item.firstBaseline : item.lastBaseline) ?? height }
        let line = baselines.max() ?? 0
        let tops = baselines.map { line - $0 }
        let height = zip(tops, heights).map { $0 + $1 }.max() ?? 0
        return (tops, height)
    }

    // MARK: - Size

    /// The stack's own fitting size from its items (what it takes when the file gives it no
    /// size: UIStackView's intrinsic size comes from its arranged subviews). Along the axis, the
    /// views' lengths plus the spacing between them (`fillEqually`: as many times the longest,
    /// which it stretches all to match); across, the largest view (baseline alignment: the
    /// extent of the aligned views); the margins added when the views are laid out inside them.
    public func fittingSize(for items: [ArrangedItem]) -> Size {
        let shown = items.filter { !$0.isHidden }
        let margins = self.margins
        let extraWidth = margins.leading + margins.trailing, extraHeight = margins.top + margins.bottom
        guard !shown.isEmpty else { return Size(width: max(0, extraWidth), height: max(0, extraHeight)) }
        let crossAxis: Axis = axis == .horizontal ? .vertical : .horizontal
        let lengths = shown.map { max(0, $0.natural(axis) ?? 0) }
        let gaps = self.gaps(shown).reduce(0, +)
        let along = max(0, (distribution == .fillEqually ? Double(shown.count) * (lengths.max() ?? 0) : lengths.reduce(0, +)) + gaps)
        let across: Double
        switch effectiveAlignment {
        case .firstBaseline, .lastBaseline:
            across = baselinePlacement(shown, first: effectiveAlignment == .firstBaseline).height
        default:
            across = shown.map { max(0, $0.natural(crossAxis) ?? 0) }.max() ?? 0
        }
        let (width, height) = axis == .horizontal ? (along, across) : (across, along)
        return Size(width: max(0, width + extraWidth), height: max(0, height + extraHeight))
    }

    /// Where the stack's own first and last baselines sit from its top when laid out in
    /// `bounds`, so a stack can be an arranged item of a baseline-aligned row: a row's are its
    /// tallest view's, a column's its first view's first and its last view's last (a view
    /// without text giving its bottom). Nil when no view is visible.
    public func baselines(for items: [ArrangedItem], in bounds: Size, direction: LayoutDirection) -> (first: Double, last: Double)? {
        let frames = self.frames(for: items, in: bounds, direction: direction)
        let placed = items.indices.compactMap { index in frames[index].map { (item: items[index], frame: $0) } }
        guard let head = placed.first, let tail = placed.last else { return nil }
        func first(_ view: (item: ArrangedItem, frame: Rect)) -> Double { view.frame.y + (view.item.firstBaseline ?? view.frame.height) }
        func last(_ view: (item: ArrangedItem, frame: Rect)) -> Double { view.frame.y + (view.item.lastBaseline ?? view.frame.height) }
        if axis == .vertical { return (first(head), last(tail)) }
        // The first of the tallest, as `max(by:)` keeps the last of equals.
        let tallest = placed.reduce(head) { $1.frame.height > $0.frame.height ? $1 : $0 }
        return (first(tallest), last(tallest))
    }
}
