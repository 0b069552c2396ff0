@testable import DesignableCore
import XCTest

/// Views pinned to their parent: each frame worked out by hand in a 320 × 200 parent. Leading
/// and trailing follow the layout direction ("the leading margin is applied to the right edge of
/// the view in right-to-left layouts", UIView.directionalLayoutMargins); left, right and the
/// centres do not.
final class PinLayoutTests: XCTestCase {
    private let parent = Size(width: 320, height: 200)

    private func frame(_ pins: Pins, intrinsic: Size? = nil, size: Size? = nil, _ direction: LayoutDirection = .leftToRight) -> Result<Rect, PinProblem> {
        PinLayout.frame(of: pins, intrinsic: intrinsic, size: size, in: parent, direction: direction)
    }

    private func r(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Result<Rect, PinProblem> {
        .success(Rect(x: x, y: y, width: width, height: height))
    }

    /// top 16, leading 16 at the intrinsic 100 × 40: (16, 16). Right to left the leading edge is
    /// the right one: x = 320 − 16 − 100 = 204.
    func testTopAndLeading() {
        let pins = Pins(top: 16, leading: 16)
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 100, height: 40)), r(16, 16, 100, 40))
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 100, height: 40), .rightToLeft), r(204, 16, 100, 40))
    }

    /// Both horizontal edges set the width, 320 − 16 − 16 = 288, whatever the intrinsic width (it
    /// yields, as content hugging does); the height is the intrinsic 44. The same either way round.
    func testTopLeadingAndTrailingStretchAcross() {
        let pins = Pins(top: 16, leading: 16, trailing: 16)
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 100, height: 44)), r(16, 16, 288, 44))
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 100, height: 44), .rightToLeft), r(16, 16, 288, 44))
    }

    /// bottom 16, trailing 16 at 120 × 44: x = 320 − 16 − 120 = 184, y = 200 − 16 − 44 = 140;
    /// right to left the trailing edge is the left one: x = 16.
    func testBottomAndTrailing() {
        let pins = Pins(bottom: 16, trailing: 16)
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 120, height: 44)), r(184, 140, 120, 44))
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 120, height: 44), .rightToLeft), r(16, 140, 120, 44))
    }

    /// Centred, 100 × 50: (160 − 50, 100 − 25) = (110, 75). centerX 10 is 10 right of the centre in
    /// both directions, centerY −20 is 20 above it: (120, 55).
    func testCentred() {
        XCTAssertEqual(frame(Pins(centerX: 0, centerY: 0), intrinsic: Size(width: 100, height: 50)), r(110, 75, 100, 50))
        XCTAssertEqual(frame(Pins(centerX: 10, centerY: -20), intrinsic: Size(width: 100, height: 50), .rightToLeft), r(120, 55, 100, 50))
    }

    /// left and right never flip: 10 from the left, 30 from the right, 280 wide; top and bottom
    /// 0 make it the parent's height.
    func testLeftAndRightDoNotFlip() {
        let pins = Pins(top: 0, bottom: 0, left: 10, right: 30)
        XCTAssertEqual(frame(pins), r(10, 0, 280, 200))
        XCTAssertEqual(frame(pins, .rightToLeft), r(10, 0, 280, 200))
        XCTAssertEqual(frame(Pins(bottom: 0, right: 0), intrinsic: Size(width: 20, height: 10), .rightToLeft), r(300, 190, 20, 10))
    }

    /// A missing size comes from the view's size, then its intrinsic size; the pin's own width
    /// or height before both.
    func testWhereAMissingSizeComesFrom() {
        let intrinsic = Size(width: 100, height: 40), size = Size(width: 50, height: 60)
        XCTAssertEqual(frame(Pins(top: 0, leading: 0), intrinsic: intrinsic, size: size), r(0, 0, 50, 60))
        XCTAssertEqual(frame(Pins(top: 0, leading: 0, width: 70), intrinsic: intrinsic, size: size), r(0, 0, 70, 60))
        XCTAssertEqual(frame(Pins(centerX: 0, centerY: 0, width: 20, height: 30)), r(150, 85, 20, 30))
    }

    /// An edge and the centre settle the width without a size: leading 40 and centerX 10 put the
    /// left edge at 40 and the centre at 170, so 260 wide. Right to left the leading edge is at
    /// 320 − 40 = 280 on the right: half 280 − 170 = 110, x 60, 220 wide.
    func testAnEdgeAndTheCentre() {
        let pins = Pins(top: 0, leading: 40, centerX: 10, height: 10)
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 5, height: 5)), r(40, 0, 260, 10))
        XCTAssertEqual(frame(pins, intrinsic: Size(width: 5, height: 5), .rightToLeft), r(60, 0, 220, 10))
        XCTAssertEqual(frame(Pins(bottom: 50, left: 0, centerY: 0, width: 10)), r(0, 50, 10, 100))
    }

    // MARK: - Problems

    /// Leading, trailing and a width: Auto Layout cannot satisfy all three and breaks one at run
    /// time; the edges win here, and the problem says where the view went.
    func testBothEdgesAndAWidthAreOneTooMany() throws {
        let result = frame(Pins(top: 0, leading: 16, trailing: 16, width: 100, height: 20))
        guard case .failure(let problem) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(problem, .overDetermined(.horizontal, pins: ["leading", "trailing", "width"], used: Rect(x: 16, y: 0, width: 288, height: 20)))
        XCTAssertEqual(problem.frame, Rect(x: 16, y: 0, width: 288, height: 20))
        XCTAssertEqual(problem.description, "leading, trailing and width all set this view's horizontal place and width, one too many: on iOS Auto Layout cannot satisfy them all and breaks one at run time ('Unable to simultaneously satisfy constraints'); the edges are used here. Remove width, or one of the edges")
        // The view's own size is as required as a pin's: top, bottom and a size are too many.
        let sized = frame(Pins(top: 10, bottom: 10, leading: 0), size: Size(width: 30, height: 30))
        guard case .failure(let vertical) = sized else { return XCTFail("\(sized)") }
        XCTAssertEqual(vertical, .overDetermined(.vertical, pins: ["top", "bottom", "size"], used: Rect(x: 0, y: 10, width: 30, height: 180)))
    }

    /// The centre and both edges: the edges win.
    func testTheCentreWithBothEdges() {
        let result = frame(Pins(top: 0, leading: 10, trailing: 10, centerX: 0, height: 20), .rightToLeft)
        guard case .failure(let problem) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(problem, .centreWithEdges(.horizontal, pins: ["leading", "trailing", "centerX"], used: Rect(x: 10, y: 0, width: 300, height: 20)))
        XCTAssertEqual(problem.pins, ["leading", "trailing", "centerX"])
        XCTAssertTrue(problem.description.hasPrefix("leading, trailing and centerX are all pinned"), problem.description)
    }

    /// An edge and a size are both needed: a plain view pinned by one edge has no width, and
    /// the problem names the edge and the size it lacks. As on iOS, it is placed at its edge
    /// with no width; a view missing both sizes is said on both axes.
    func testOneEdgeWithoutASize() {
        XCTAssertEqual(frame(Pins(top: 16, leading: 16, height: 10)),
                       .failure(.missingSize(.horizontal, pins: ["leading"], used: Rect(x: 16, y: 16, width: 0, height: 10))))
        XCTAssertEqual(frame(Pins(top: 16, leading: 16, trailing: 16)),
                       .failure(.missingSize(.vertical, pins: ["top"], used: Rect(x: 16, y: 16, width: 288, height: 0))))
        XCTAssertEqual(frame(Pins(centerX: 0, centerY: 0)),
                       .failure(.missingSize(.horizontal, pins: ["centerX"], used: Rect(x: 160, y: 100, width: 0, height: 0))))
        let both = PinLayout.resolve(Pins(top: 10, leading: 200), intrinsic: nil, size: nil, in: parent, direction: .leftToRight)
        XCTAssertEqual(both.frame, Rect(x: 200, y: 10, width: 0, height: 0), "placed where its pins say, of no size")
        XCTAssertEqual(both.problems.map(\.pins), [["leading"], ["top"]], "both axes are said")
        let used = Rect(x: 16, y: 16, width: 0, height: 10)
        XCTAssertEqual(PinProblem.missingSize(.horizontal, pins: ["leading"], used: used).description,
                       "pinned by leading alone, this view has no width: it has no intrinsic width, so on iOS its width is ambiguous. Give the pin a width, the view a size, or pin the other edge too")
        XCTAssertEqual(PinProblem.missingSize(.horizontal, pins: ["leading"], used: used).frame, used)
    }

    /// Nothing on an axis places the view at all: it stays at the parent's low edge.
    func testNoPositionOnAnAxis() {
        XCTAssertEqual(frame(Pins(top: 0, width: 10, height: 10)), .failure(.missingPosition(.horizontal, used: Rect(x: 0, y: 0, width: 10, height: 10))))
        XCTAssertEqual(frame(Pins(leading: 0, width: 10, height: 10)), .failure(.missingPosition(.vertical, used: Rect(x: 0, y: 0, width: 10, height: 10))))
        XCTAssertEqual(PinProblem.missingPosition(.vertical, used: .zero).description, "nothing places this view vertically: pin top, bottom or centerY")
    }

    /// left or right with leading or trailing agree in one direction only: each is taken as the
    /// edge it is in the direction laid out (Auto Layout takes them so), and the mix is said.
    func testLeftMixedWithLeadingOrTrailing() {
        XCTAssertEqual(frame(Pins(top: 0, trailing: 0, left: 0, height: 10)),
                       .failure(.mixedDirections(pins: ["trailing", "left"], used: Rect(x: 0, y: 0, width: 320, height: 10))),
                       "left to right: trailing is the right edge")
        XCTAssertEqual(frame(Pins(top: 0, trailing: 0, left: 0, height: 10), .rightToLeft),
                       .failure(.mixedDirections(pins: ["trailing", "left"], used: Rect(x: 0, y: 0, width: 0, height: 10))),
                       "right to left: trailing is the left edge, as left is: nothing holds the right edge, and the view has no width")
    }

    // MARK: - Decoding

    private func decode(_ text: String) throws -> Result<Pins, Diagnostic> {
        let node = try XCTUnwrap(YAMLParser.parse("pin: \(text)")?["pin"])
        return Result { () throws(Diagnostic) -> Pins in try Pins.decode(node, in: DecodingContext()) }
    }

    /// A mapping of some pins, as a style file writes it, and back.
    func testPinsAreDecodedFromAMapping() throws {
        XCTAssertEqual(try decode("{top: 16, leading: 16, trailing: 16}").get(), Pins(top: 16, leading: 16, trailing: 16))
        XCTAssertEqual(try decode("{bottom: 16, trailing: 16}").get(), Pins(bottom: 16, trailing: 16))
        XCTAssertEqual(try decode("{centerX: 0, centerY: '-4.5', width: 20}").get(), Pins(centerX: 0, centerY: -4.5, width: 20))
        XCTAssertEqual(Pins(top: 16, leading: 16, width: 20).styleText, "{top: 16, leading: 16, width: 20}")
        XCTAssertEqual(try decode(Pins(bottom: 1, right: 2.5).styleText).get(), Pins(bottom: 1, right: 2.5))
    }

    /// Mistakes said at their place, a misspelt edge with a guess.
    func testMistakesInPins() throws {
        func message(_ text: String) throws -> String {
            guard case .failure(let diagnostic) = try decode(text) else { return "decoded" }
            return diagnostic.description
        }
        XCTAssertEqual(try message("{top: 16, leadign: 16}"),
                       "1:16: error: 'leadign' is not one of top, bottom, leading, trailing, left, right, centerX, centerY, width, height (did you mean 'leading'?)")
        XCTAssertEqual(try message("{centreX: 0}"),
                       "1:7: error: 'centreX' is not one of top, bottom, leading, trailing, left, right, centerX, centerY, width, height (did you mean 'centerX'?)")
        XCTAssertEqual(try message("{top: 16, width: -5}"), "1:23: error: width must not be negative, found -5")
        XCTAssertEqual(try message("{top: high}"), "1:12: error: expected a number, found 'high'")
        XCTAssertEqual(try message("[16, 16]"),
                       "1:6: error: expected pins: a mapping of some of top, bottom, leading, trailing, left, right, centerX, centerY (points from the parent's edge or centre), width and height, such as {top: 16, leading: 16}; found a list of 2")
    }
}
