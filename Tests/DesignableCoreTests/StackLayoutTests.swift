@testable import DesignableCore
import XCTest

/// The stack view's layout, each figure worked out by hand from Apple's documentation of
/// UIStackView (developer.apple.com/documentation/uikit/uistackview and the pages of its
/// properties and cases, cited at each test).
final class StackLayoutTests: XCTestCase {
    /// Asserts each frame to a thousandth of a point (thirds do not come out exact).
    private func assertFrames(_ actual: [Rect?], _ expected: [Rect?], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, "count", file: file, line: line)
        for (index, (got, want)) in zip(actual, expected).enumerated() {
            guard let got, let want else {
                XCTAssertEqual(got == nil, want == nil, "item \(index): \(String(describing: got)) vs \(String(describing: want))", file: file, line: line)
                continue
            }
            for (name, a, b) in [("x", got.x, want.x), ("y", got.y, want.y), ("width", got.width, want.width), ("height", got.height, want.height)] {
                XCTAssertEqual(a, b, accuracy: 0.001, "item \(index) \(name): \(got) vs \(want)", file: file, line: line)
            }
        }
    }

    private func item(_ width: Double?, _ height: Double?, hidden: Bool = false, after: Double? = nil) -> ArrangedItem {
        ArrangedItem(intrinsicWidth: width, intrinsicHeight: height, isHidden: hidden, customSpacingAfter: after)
    }

    private func r(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect { Rect(x: x, y: y, width: width, height: height) }

    // MARK: - Distributions

    /// fillEqually: "resizes all arranged views to the same size, filling the available space
    /// along the stack view's axis" (UIStackView.Distribution.fillEqually). A 300-wide row,
    /// spacing 10, three items: (300 − 2·10) / 3 = 93.333 each, at 0, 103.333, 206.667; alignment
    /// fill (the default) stretches each to the stack's 50.
    func testFillEquallySharesTheLengthLessTheSpacing() {
        let stack = StackLayout(axis: .horizontal, spacing: 10, distribution: .fillEqually)
        let frames = stack.frames(for: [item(40, 20), item(10, 10), item(nil, nil)], in: Size(width: 300, height: 50), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 93.333, 50), r(103.333, 0, 93.333, 50), r(206.667, 0, 93.333, 50)])
    }

    /// fill: "If the arranged views don't fill the stack view, it stretches the views according
    /// to their hugging priority. If there's any ambiguity, the stack view resizes the arranged
    /// views based on their index" (UIStackView.Distribution.fill). A view without an intrinsic
    /// width has no hugging constraint, so it takes the slack: 300 − (80 + 60) − 2·8 = 144, the
    /// middle one 144 wide at 88; the last at 88 + 144 + 8 = 240.
    func testFillGivesTheSlackToTheViewWithoutAnIntrinsicLength() {
        let stack = StackLayout(axis: .horizontal, spacing: 8, distribution: .fill)
        let frames = stack.frames(for: [item(80, 20), item(nil, nil), item(60, 20)], in: Size(width: 300, height: 44), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 80, 44), r(88, 0, 144, 44), r(240, 0, 60, 44)])
    }

    /// With every hugging priority equal (all intrinsic), Apple's reference says only "based on
    /// their index"; the text of Apple's iOS 9 stack view tutorial (as quoted in notes on it,
    /// cnblogs.com/cocoabanana/p/5567630.html) says "if all of the priorities are equal, it
    /// expands the first view": 300 − 150 − 20 = 130 more for the first, 180 wide; the others at
    /// 190 and 270.
    func testFillWithEqualPrioritiesStretchesTheFirstView() {
        let stack = StackLayout(axis: .horizontal, spacing: 10)
        let frames = stack.frames(for: [item(50, 20), item(70, 20), item(30, 20)], in: Size(width: 300, height: 50), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 180, 50), r(190, 0, 70, 50), r(270, 0, 30, 50)])
    }

    /// A view with a fixed width (its own size:, a required constraint) does not stretch while
    /// another can: the second takes 300 − 200 = 100 more.
    func testFillLeavesAFixedWidthAlone() {
        let stack = StackLayout(axis: .horizontal)
        let fixed = ArrangedItem(intrinsicWidth: 40, intrinsicHeight: 20, fixedWidth: 100)
        let frames = stack.frames(for: [fixed, item(100, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 100, 20), r(100, 0, 200, 20)])
    }

    /// "When the arranged views don't fit within the stack view, it shrinks the views according
    /// to their compression resistance priority" and, all equal, by index: three 100-wide views
    /// in 250 lose 50 from the first, which is 50 wide; the others at 50 and 150.
    func testFillShrinksTheFirstViewWhenTheViewsDoNotFit() {
        let stack = StackLayout(axis: .horizontal)
        let frames = stack.frames(for: [item(100, 20), item(100, 20), item(100, 20)], in: Size(width: 250, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 50, 20), r(50, 0, 100, 20), r(150, 0, 100, 20)])
    }

    /// fillProportionally: "resizes views proportionally based on their intrinsic content size",
    /// and spacing is "a strict spacing" for it (UIStackView.spacing). 300 − 2·10 = 280 shared
    /// 40 : 80 : 120 of 240: 46.667, 93.333, 140, at 0, 56.667, 160.
    func testFillProportionallySharesByIntrinsicWidth() {
        let stack = StackLayout(axis: .horizontal, spacing: 10, distribution: .fillProportionally)
        let frames = stack.frames(for: [item(40, 20), item(80, 20), item(120, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 46.667, 20), r(56.667, 0, 93.333, 20), r(160, 0, 140, 20)])
    }

    /// equalSpacing: "maintains equal spacing between adjacent views while preserving their
    /// intrinsic content size. When the arranged views don't fill the stack view, it pads the
    /// spacing between the views evenly". Widths 40, 60, 80 in 300: two gaps of (300 − 180) / 2
    /// = 60, so x 0, 100, 220 (the last ends at 300).
    func testEqualSpacingSpreadsTheGaps() {
        let stack = StackLayout(axis: .horizontal, spacing: 10, distribution: .equalSpacing)
        let frames = stack.frames(for: [item(40, 20), item(60, 20), item(80, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 40, 20), r(100, 0, 60, 20), r(220, 0, 80, 20)])
    }

    /// spacing is "the minimum spacing for the equalSpacing" distribution, and a custom spacing
    /// replaces it after its view: the gap after the first may not be below 90, more than the
    /// equal 60, so it keeps 90 and the other gap takes the remaining 120 − 90 = 30.
    func testEqualSpacingKeepsALargerCustomSpacing() {
        let stack = StackLayout(axis: .horizontal, spacing: 10, distribution: .equalSpacing)
        let frames = stack.frames(for: [item(40, 20, after: 90), item(60, 20), item(80, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 40, 20), r(130, 0, 60, 20), r(220, 0, 80, 20)])
    }

    /// "If the arranged views don't fit within the stack view, it shrinks the views according to
    /// their compression resistance priority": 150 + 20 + 150 in 300 leaves the gap at its least
    /// (20) and takes 20 from the first view (130 wide).
    func testEqualSpacingShrinksViewsThatDoNotFit() {
        let stack = StackLayout(axis: .horizontal, spacing: 20, distribution: .equalSpacing)
        let frames = stack.frames(for: [item(150, 20), item(150, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 130, 20), r(150, 0, 150, 20)])
    }

    /// equalCentering: "position the arranged views with equal center-to-center spacing along the
    /// stack view's axis". Widths 40, 100, 60 in 300: the first centre at 20, the last at
    /// 300 − 30 = 270, the middle halfway at 145: x 0, 95, 240.
    func testEqualCenteringSpacesTheCentresEvenly() {
        let stack = StackLayout(axis: .horizontal, distribution: .equalCentering)
        let frames = stack.frames(for: [item(40, 20), item(100, 20), item(60, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 40, 20), r(95, 0, 100, 20), r(240, 0, 60, 20)])
    }

    /// "while maintaining the spacing property's distance between views": with spacing 50 the
    /// centred gaps (55 and 45) would bring the last two too close, so the gaps are made equal
    /// instead, (300 − 200) / 2 = 50 each: x 0, 90, 240.
    func testEqualCenteringYieldsToTheMinimumSpacing() {
        let stack = StackLayout(axis: .horizontal, spacing: 50, distribution: .equalCentering)
        let frames = stack.frames(for: [item(40, 20), item(100, 20), item(60, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 40, 20), r(90, 0, 100, 20), r(240, 0, 60, 20)])
    }

    /// The first and last views are pinned to the stack's ends in every distribution, so a lone
    /// view spans the axis whichever is chosen.
    func testALoneViewSpansTheAxisInEveryDistribution() {
        for distribution in StackLayout.Distribution.allCases {
            let stack = StackLayout(axis: .horizontal, distribution: distribution)
            let frames = stack.frames(for: [item(40, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
            assertFrames(frames, [r(0, 0, 300, 20)])
        }
    }

    // MARK: - Alignments

    /// Across a 200 × 100 row (fill distribution: the plain view takes the 100 left along it):
    /// top/leading ("aligns the top edge of its arranged views along its top edge"), center
    /// ("aligns the center of its arranged views with its center"), bottom/trailing, each at the
    /// intrinsic height; fill "resizes its arranged views so that they fill the available space
    /// perpendicular to the stack view's axis". A view with no intrinsic height collapses to 0
    /// under the non-fill alignments.
    func testEveryAlignmentAcrossARow() {
        let items = [item(50, 20), item(50, 40), item(nil, nil)]
        let bounds = Size(width: 200, height: 100)
        let expected: [StackLayout.Alignment: [Rect]] = [
            .fill: [r(0, 0, 50, 100), r(50, 0, 50, 100), r(100, 0, 100, 100)],
            .leading: [r(0, 0, 50, 20), r(50, 0, 50, 40), r(100, 0, 100, 0)],
            .center: [r(0, 40, 50, 20), r(50, 30, 50, 40), r(100, 50, 100, 0)],
            .trailing: [r(0, 80, 50, 20), r(50, 60, 50, 40), r(100, 100, 100, 0)],
        ]
        for (alignment, frames) in expected {
            let stack = StackLayout(axis: .horizontal, alignment: alignment)
            assertFrames(stack.frames(for: items, in: bounds, direction: .leftToRight), frames)
        }
    }

    /// A column, 100 × 300, spacing 12, centred: the first view (equal hugging) takes the slack
    /// 300 − 70 − 12 = 218, so 248 tall; across, (100 − 60) / 2 = 20 and (100 − 80) / 2 = 10.
    func testAColumnCentred() {
        let stack = StackLayout(axis: .vertical, spacing: 12, alignment: .center)
        let frames = stack.frames(for: [item(60, 30), item(80, 40)], in: Size(width: 100, height: 300), direction: .leftToRight)
        assertFrames(frames, [r(20, 0, 60, 248), r(10, 260, 80, 40)])
    }

    /// A view taller than a top-aligned row is held inside it (the stack keeps its views between
    /// its edges): 80 tall in a 50 row is 50.
    func testANonFillAlignmentKeepsViewsInsideTheStack() {
        let stack = StackLayout(axis: .horizontal, alignment: .center)
        let frames = stack.frames(for: [item(50, 80)], in: Size(width: 50, height: 50), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 50, 50)])
    }

    /// UIKit names one value `top` and `leading` ("This value is equivalent to the leading
    /// alignment for vertical stacks", Alignment.top) and one `bottom` and `trailing`.
    func testTopAndBottomAreLeadingAndTrailing() throws {
        let context = DecodingContext()
        for (word, value) in [("top", StackLayout.Alignment.leading), ("leading", .leading), ("bottom", .trailing), ("trailing", .trailing),
                              ("firstBaseline", .firstBaseline), ("lastBaseline", .lastBaseline), ("center", .center), ("fill", .fill)] {
            let node = try XCTUnwrap(YAMLParser.parse("value: \(word)")?["value"])
            XCTAssertEqual(try StackLayout.Alignment.decode(node, in: context), value, word)
        }
    }

    // MARK: - Baselines

    /// firstBaseline: "aligns its arranged views based on their first baseline", a layout for
    /// horizontal stacks. Baselines 16 (a 20-tall label), 30 (a 40-tall one) and an image's
    /// bottom, 24 (a view without text aligns by its bottom): the line is at 30, so the tops are
    /// 30 − 16 = 14, 0 and 30 − 24 = 6. The row needs max(14 + 20, 40, 6 + 24) = 40.
    func testFirstBaselineAlignment() {
        let stack = StackLayout(axis: .horizontal, spacing: 8, alignment: .firstBaseline)
        let items = [ArrangedItem(intrinsicWidth: 60, intrinsicHeight: 20, firstBaseline: 16, lastBaseline: 16),
                     ArrangedItem(intrinsicWidth: 80, intrinsicHeight: 40, firstBaseline: 30, lastBaseline: 30),
                     item(24, 24)]
        assertFrames(stack.frames(for: items, in: Size(width: 180, height: 40), direction: .leftToRight),
                     [r(0, 14, 60, 20), r(68, 0, 80, 40), r(156, 6, 24, 24)])
        XCTAssertEqual(stack.fittingSize(for: items), Size(width: 180, height: 40))
    }

    /// lastBaseline by the last lines: 16, 34 (a two-line label) and 24: tops 18, 0, 10.
    func testLastBaselineAlignment() {
        let stack = StackLayout(axis: .horizontal, alignment: .lastBaseline)
        let items = [ArrangedItem(intrinsicWidth: 60, intrinsicHeight: 20, firstBaseline: 16, lastBaseline: 16),
                     ArrangedItem(intrinsicWidth: 80, intrinsicHeight: 40, firstBaseline: 14, lastBaseline: 34),
                     item(24, 24)]
        assertFrames(stack.frames(for: items, in: Size(width: 164, height: 40), direction: .leftToRight),
                     [r(0, 18, 60, 20), r(60, 0, 80, 40), r(140, 10, 24, 24)])
    }

    /// The baseline alignments are "for horizontal stacks"; a column ignores them and takes
    /// the default, fill (NSStackView documents that an alignment inappropriate for the
    /// orientation is ignored).
    func testAColumnIgnoresBaselineAlignment() {
        let stack = StackLayout(axis: .vertical, alignment: .firstBaseline)
        XCTAssertEqual(stack.effectiveAlignment, .fill)
        let items = [ArrangedItem(intrinsicWidth: 50, intrinsicHeight: 20, firstBaseline: 16, lastBaseline: 16)]
        assertFrames(stack.frames(for: items, in: Size(width: 100, height: 20), direction: .leftToRight), [r(0, 0, 100, 20)])
    }

    /// A stack's own baselines, for nesting: a row's come from its tallest view, a column's first
    /// from its first view and its last from its last (UIStackView overview, "forFirstBaselineLayout").
    /// Row: lines at max(16, 14) = 16, so the tall label's top is 2: 2 + 14 = 16 and 2 + 34 = 36.
    /// Column, spacing 4: 16, and 24 + 34 = 58.
    func testAStacksOwnBaselines() throws {
        let items = [ArrangedItem(intrinsicWidth: 60, intrinsicHeight: 20, firstBaseline: 16, lastBaseline: 16),
                     ArrangedItem(intrinsicWidth: 80, intrinsicHeight: 40, firstBaseline: 14, lastBaseline: 34)]
        let row = StackLayout(axis: .horizontal, alignment: .firstBaseline)
        let rowLines = try XCTUnwrap(row.baselines(for: items, in: row.fittingSize(for: items), direction: .leftToRight))
        XCTAssertEqual(rowLines.first, 16)
        XCTAssertEqual(rowLines.last, 36)
        let column = StackLayout(axis: .vertical, spacing: 4)
        let columnLines = try XCTUnwrap(column.baselines(for: items, in: column.fittingSize(for: items), direction: .leftToRight))
        XCTAssertEqual(columnLines.first, 16)
        XCTAssertEqual(columnLines.last, 58)
        XCTAssertNil(column.baselines(for: [item(10, 10, hidden: true)], in: Size(width: 10, height: 10), direction: .leftToRight))
    }

    // MARK: - Hidden views and spacing

    /// A hidden arranged view takes no space and no spacing (UIStackView observes isHidden and
    /// collapses the view): fillEqually over the two visible, (300 − 10) / 2 = 145, at 0 and 155.
    func testAHiddenViewTakesNoSpaceNorSpacing() {
        let stack = StackLayout(axis: .horizontal, spacing: 10, distribution: .fillEqually)
        let frames = stack.frames(for: [item(40, 20), item(40, 20, hidden: true), item(40, 20)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 145, 20), nil, r(155, 0, 145, 20)])
    }

    /// setCustomSpacing(_:after:) replaces the spacing after its view (customSpacing(after:)
    /// "overrides the stack view's default spacing"); a hidden view's goes with it: A (30 after),
    /// B hidden (50 after), C: the one gap is A's 30, so (300 − 30) / 2 = 135, C at 165.
    func testCustomSpacingAfterAViewAndAfterAHiddenOne() {
        let stack = StackLayout(axis: .horizontal, spacing: 10, distribution: .fillEqually)
        let frames = stack.frames(for: [item(40, 20, after: 30), item(40, 20, hidden: true, after: 50), item(40, 20)],
                                  in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(frames, [r(0, 0, 135, 20), nil, r(165, 0, 135, 20)])
        // The last visible view's custom spacing has nothing after it.
        let last = stack.frames(for: [item(40, 20), item(40, 20, after: 40), item(40, 20, hidden: true)], in: Size(width: 300, height: 20), direction: .leftToRight)
        assertFrames(last, [r(0, 0, 145, 20), r(155, 0, 145, 20), nil])
    }

    /// Every view hidden: no frames, and the stack fits to nothing (its margins when they count).
    func testEveryViewHidden() {
        let stack = StackLayout(axis: .vertical, spacing: 10)
        XCTAssertEqual(stack.frames(for: [item(40, 20, hidden: true)], in: Size(width: 100, height: 100), direction: .leftToRight), [nil])
        XCTAssertEqual(stack.fittingSize(for: [item(40, 20, hidden: true)]), .zero)
        let margined = StackLayout(axis: .vertical, isLayoutMarginsRelativeArrangement: true)
        XCTAssertEqual(margined.fittingSize(for: []), Size(width: 16, height: 16))
    }

    // MARK: - Margins

    /// isLayoutMarginsRelativeArrangement: "If true, the stack view will layout its arranged views
    /// relative to its layout margins. If false, it lays out the arranged views relative to its
    /// bounds." Margins top 10, leading 20, bottom 30, trailing 40 leave 240 × 60 at (20, 10):
    /// two equal views of 120. Right to left, the leading margin is on the right: the first view
    /// ends 20 from the right edge (x 160), the second starts 40 from the left.
    func testMarginsInsetTheArrangementWhenRelative() {
        let margins = EdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40)
        let stack = StackLayout(axis: .horizontal, distribution: .fillEqually, layoutMargins: margins, isLayoutMarginsRelativeArrangement: true)
        let items = [item(10, 10), item(10, 10)]
        let bounds = Size(width: 300, height: 100)
        assertFrames(stack.frames(for: items, in: bounds, direction: .leftToRight), [r(20, 10, 120, 60), r(140, 10, 120, 60)])
        assertFrames(stack.frames(for: items, in: bounds, direction: .rightToLeft), [r(160, 10, 120, 60), r(40, 10, 120, 60)])
        var ignoring = stack
        ignoring.isLayoutMarginsRelativeArrangement = false
        assertFrames(ignoring.frames(for: items, in: bounds, direction: .leftToRight), [r(0, 0, 150, 100), r(150, 0, 150, 100)])
    }

    // MARK: - Fitting size

    /// The overview: along the axis, "the sum of the sizes of all the arranged views plus the
    /// space between views"; across, "the size of the largest arranged view"; the margins added
    /// when isLayoutMarginsRelativeArrangement. Row, spacing 10, 40 × 20 and 60 × 30 (a hidden
    /// 100 × 100 counts for nothing): 110 × 30; with UIKit's default margins, 8 all round:
    /// 126 × 46. fillEqually stretches the views to the longest: 2·60 + 10 = 130.
    func testFittingSizeOfARow() {
        let items = [item(40, 20), item(60, 30), item(100, 100, hidden: true)]
        XCTAssertEqual(StackLayout(axis: .horizontal, spacing: 10).fittingSize(for: items), Size(width: 110, height: 30))
        XCTAssertEqual(StackLayout(axis: .horizontal, spacing: 10, isLayoutMarginsRelativeArrangement: true).fittingSize(for: items),
                       Size(width: 126, height: 46))
        XCTAssertEqual(StackLayout(axis: .horizontal, spacing: 10, distribution: .fillEqually).fittingSize(for: items), Size(width: 130, height: 30))
    }

    /// A column, spacing 5, with a custom 20 after the first: 60 wide, 20 + 20 + 30 + 5 + 0 + 5 + 10 = 90
    /// tall; a view without an intrinsic size counts for nothing.
    func testFittingSizeOfAColumn() {
        let items = [item(40, 20, after: 20), item(60, 30), item(nil, nil), item(10, 10)]
        XCTAssertEqual(StackLayout(axis: .vertical, spacing: 5).fittingSize(for: items), Size(width: 60, height: 20 + 20 + 30 + 5 + 0 + 5 + 10))
    }

    /// A stack inside a stack: a column of two labels (80 × 20, 60 × 20, spacing 4) fits 80 × 44;
    /// as an item of a centred row after a 24 × 24 icon, spacing 8, the row fits 112 × 44, the
    /// icon at (0, 10), the column at (32, 0); the column then lays its labels out at full width.
    func testANestedStack() {
        let column = StackLayout(axis: .vertical, spacing: 4)
        let labels = [item(80, 20), item(60, 20)]
        let columnSize = column.fittingSize(for: labels)
        XCTAssertEqual(columnSize, Size(width: 80, height: 44))
        let row = StackLayout(axis: .horizontal, spacing: 8, alignment: .center)
        let rowItems = [item(24, 24), ArrangedItem(intrinsic: columnSize)]
        let rowSize = row.fittingSize(for: rowItems)
        XCTAssertEqual(rowSize, Size(width: 112, height: 44))
        let rowFrames = row.frames(for: rowItems, in: rowSize, direction: .leftToRight)
        assertFrames(rowFrames, [r(0, 10, 24, 24), r(32, 0, 80, 44)])
        assertFrames(column.frames(for: labels, in: rowFrames[1]!.size, direction: .leftToRight), [r(0, 0, 80, 20), r(0, 24, 80, 20)])
    }

    // MARK: - Right to left

    /// "Leading" is the right edge in a right-to-left layout (directionalLayoutMargins: "the
    /// leading margin is applied to the right edge of the view in right-to-left layouts"): the
    /// row of testFillWithEqualPrioritiesStretchesTheFirstView mirrored, the first view against
    /// the right edge: x = 300 − 180 = 120, 300 − 260 = 40, 0.
    func testARowReadsFromTheRightInRightToLeft() {
        let stack = StackLayout(axis: .horizontal, spacing: 10)
        let frames = stack.frames(for: [item(50, 20), item(70, 20), item(30, 20)], in: Size(width: 300, height: 50), direction: .rightToLeft)
        assertFrames(frames, [r(120, 0, 180, 50), r(40, 0, 70, 50), r(0, 0, 30, 50)])
    }

    /// A column aligned to the leading edge hugs the right edge in right to left: 200 − 50 and
    /// 200 − 80; top to bottom is unchanged (the first view takes the slack, 100 − 50 = 50 more).
    func testAColumnsLeadingAlignmentFlipsInRightToLeft() {
        let stack = StackLayout(axis: .vertical, alignment: .leading)
        let items = [item(50, 20), item(80, 30)]
        let bounds = Size(width: 200, height: 100)
        assertFrames(stack.frames(for: items, in: bounds, direction: .leftToRight), [r(0, 0, 50, 70), r(0, 70, 80, 30)])
        assertFrames(stack.frames(for: items, in: bounds, direction: .rightToLeft), [r(150, 0, 50, 70), r(120, 70, 80, 30)])
    }

    // MARK: - The component

    /// UIStackView's defaults: axis horizontal, spacing 0, alignment and distribution fill,
    /// isLayoutMarginsRelativeArrangement false (each property's page), margins 8 all round
    /// ("For most views, the default layout margins are 8 points on each side",
    /// directionalLayoutMargins); decoded from a style file, `top` being `leading`.
    func testTheStackViewComponent() throws {
        let defaults = StackView.make()
        XCTAssertEqual(defaults.stackLayout, StackLayout())
        XCTAssertEqual(defaults.stackLayout.layoutMargins, EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        XCTAssertEqual(StackView.className, "UIStackView")
        XCTAssertFalse(StackView.isControl)
        let document = try XCTUnwrap(loadStyle("""
            views:
              - class: UIStackView
                axis: vertical
                spacing: -4
                alignment: top
                distribution: equalCentering
                layoutMargins: [1, 2, 3, 4]
                isLayoutMarginsRelativeArrangement: true
                backgroundColor: "#FF0000"
            """))
        let stack = try XCTUnwrap(document.views.first?.component(in: .normal) as? StackView)
        XCTAssertEqual(stack.stackLayout, StackLayout(axis: .vertical, spacing: -4, alignment: .leading, distribution: .equalCentering,
                                                      layoutMargins: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
                                                      isLayoutMarginsRelativeArrangement: true))
        XCTAssertEqual(stack.layer(in: Rect(x: 0, y: 0, width: 10, height: 10)).backgroundColor.hex, Color(rgb: 0xFF0000).hex)
    }

    /// A misspelt word is said with the words UIKit has, and a guess.
    func testAMisspeltAxisOrDistribution() {
        XCTAssertEqual(findings("views:\n  - {class: UIStackView, axis: vertcal}\n"),
                       ["2:32: error: axis: expected one of horizontal, vertical, found 'vertcal' (did you mean 'vertical'?)"])
        XCTAssertEqual(findings("views:\n  - {class: UIStackView, distribution: fillEqualy}\n"),
                       ["2:40: error: distribution: expected one of fill, fillEqually, fillProportionally, equalSpacing, equalCentering, found 'fillEqualy' (did you mean 'fillEqually'?)"])
    }
}
