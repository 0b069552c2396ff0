import Foundation
import XCTest

/// Views inside views in the window: a click reaches the innermost control, Tab walks nested
/// controls in tree order, `[` and `]` step through the tree, `o` outlines subviews, and a save
/// inside a nested entry redraws only its top-level view. The real binary under Xvfb, as the
/// rest of `PreviewWindowTests`; the trace names the focused view's path (`card/buy`).
extension PreviewWindowTests {
    static let cardYellow = RGBImage.Pixel(hex: 0xFFFF00)

    /// Canvas points are window pixels here: no banner, scale 1. `top` covers 20…220 × 20…60,
    /// `card` 20…220 × 80…220 with its label at 30…210 × 90…110, `buy` at 30…110 × 120…160 and `later` at 130…210 × 120…160,
    /// `bottom` 20…220 × 240…280.
    static func treeStyle(titleBackground: String = "#FFFFFF", secondCard: String = "#FFFF00") -> String {
        let looks = """
        backgroundColor: "#0000FF"
            highlighted: {backgroundColor: "#FF0000"}
            selected: {backgroundColor: "#00FF00"}
        """
        return """
        canvas: {width: 240, background: "#FFFFFF", padding: 20, spacing: 20}
        x-looks: &looks
          \(looks.replacingOccurrences(of: "\n    ", with: "\n  "))
        views:
          - {class: RoundedCornerButton, id: top, size: [200, 40], <<: *looks}
          - class: UIView
            id: card
            size: [200, 140]
            backgroundColor: "#FFFF00"
            subviews:
              - {class: UILabel, id: title, text: Title, frame: [10, 10, 180, 20], backgroundColor: "\(titleBackground)"}
              - {class: RoundedCornerButton, id: buy, frame: [10, 40, 80, 40], <<: *looks}
              - {class: RoundedCornerButton, id: later, frame: [110, 40, 80, 40], <<: *looks}
          - class: UIView
            id: other
            size: [200, 40]
            backgroundColor: "\(secondCard)"
            subviews:
              - {class: UILabel, id: caption, text: Other, frame: [10, 10, 180, 20]}
        """
    }

    static let buy = (x: 70, y: 140), later = (x: 170, y: 140), cardBody = (x: 25, y: 210), titleLabel = (x: 150, y: 100)

    /// A click on a button inside a card presses and selects the button, not the card; the
    /// focus goes to it (the inspector's subject). A click on a label focuses the label, which
    /// takes no press (a label lets touches through to nothing here: the card is no control).
    func testAClickOnANestedButtonPressesItAndNotItsCard() throws {
        let (preview, x, window, _) = try open(Self.treeStyle())
        var shot = try x.screenshot(window)
        assertPixel(shot, Self.buy, is: Self.blue, "the nested button at start")
        assertPixel(shot, Self.cardBody, is: Self.cardYellow, "the card at start")

        try x.move(window, Self.buy.x, Self.buy.y)
        let down = try preview.expectFrame("input") { try x.xdotool("mousedown", "1") }
        XCTAssertEqual(down["focus"] as? String, "card/buy", "the button inside the card is focused: \(down)")
        XCTAssertEqual(down["views"] as? Int, 1, "a press redraws just the top-level view holding the button: \(down)")
        shot = try x.screenshot(window)
        assertPixel(shot, Self.buy, is: Self.red, "the nested button is highlighted while held")
        assertPixel(shot, Self.later, is: Self.blue, "its sibling is not")
        assertPixel(shot, Self.cardBody, is: Self.cardYellow, "the card is untouched")

        try preview.expectFrame("input") { try x.move(window, Self.cardBody.x, Self.cardBody.y) }
        assertPixel(try x.screenshot(window), Self.buy, is: Self.blue, "held, pointer moved off the button onto its card")
        try preview.expectFrame("input") { try x.move(window, Self.buy.x, Self.buy.y) }
        try preview.expectFrame("input") { try x.xdotool("mouseup", "1") }
        shot = try x.screenshot(window)
        assertPixel(shot, Self.buy, is: Self.green, "released on the nested button: selected")
        assertPixel(shot, Self.later, is: Self.blue, "its sibling is not selected")

        // The label takes no press, so nothing is drawn until the inspector shows it.
        try x.move(window, Self.titleLabel.x, Self.titleLabel.y)
        try x.xdotool("mousedown", "1")
        try x.xdotool("mouseup", "1")
        let label = try preview.expectFrame("resize") { try x.key("i") }
        XCTAssertEqual(label["focus"] as? String, "card/title", "a label is focused for the inspector: \(label)")
        assertPixel(try x.screenshot(window), Self.buy, is: Self.green, "the button keeps its selected state")
    }

    /// Tab visits each top-level view and the controls inside them, in the order the file writes
    /// them; `]` steps into the focused view's first subview and `[` back out to its parent.
    func testTabWalksNestedControlsInTreeOrderAndBracketsStepThroughTheTree() throws {
        let (preview, x, window, _) = try open(Self.treeStyle())
        try x.focus(window, at: (230, 300))
        var order: [String] = []
        for _ in 0..<6 {
            let frame = try preview.expectFrame("input") { try x.key("Tab") }
            order.append(frame["focus"] as? String ?? "none")
        }
        XCTAssertEqual(order, ["top", "card", "card/buy", "card/later", "other", "top"], "labels are not Tab stops")

        // From `top`, Tab to the card, then into it and out again.
        _ = try preview.expectFrame("input") { try x.key("Tab") }
        var frame = try preview.expectFrame("input") { try x.key("bracketright") }
        XCTAssertEqual(frame["focus"] as? String, "card/title", "] focuses the first subview, a label included: \(frame)")
        frame = try preview.expectFrame("input") { try x.key("Tab") }
        XCTAssertEqual(frame["focus"] as? String, "card/buy", "Tab goes on from the label's place in the tree: \(frame)")
        frame = try preview.expectFrame("input") { try x.key("bracketleft") }
        XCTAssertEqual(frame["focus"] as? String, "card", "[ focuses the parent: \(frame)")

        // Space presses the focused nested control as a click does; `s` keeps it selected.
        frame = try preview.expectFrame("input") { try x.key("Tab") }
        XCTAssertEqual(frame["focus"] as? String, "card/buy")
        try preview.expectFrame("input") { try x.key("s") }
        assertPixel(try x.screenshot(window), Self.buy, is: Self.green, "s selects the focused nested button")
    }

    /// `o` outlines every level: a top-level view's frame solid, a subview's dashed, so the two
    /// are told apart where they meet.
    func testOutlinesDrawSubviewFramesDashed() throws {
        let (preview, x, window, _) = try open(Self.treeStyle())
        try x.focus(window, at: (230, 300))
        try preview.expectFrame("input") { try x.key("o") }
        let shot = try x.screenshot(window)
        func blueShare(row y: Int, from start: Int, to end: Int) -> Double {
            let blue = (start..<end).filter { column in (y - 1...y + 1).contains { shot[column, $0].isClose(to: Self.frameBlue) } }
            return Double(blue.count) / Double(end - start)
        }
        XCTAssertGreaterThan(blueShare(row: 80, from: 30, to: 210), 0.95, "the card's frame is a solid line")
        let dashed = blueShare(row: 90, from: 40, to: 180)
        XCTAssertTrue((0.3...0.85).contains(dashed), "the label's frame is dashed: \(dashed) of its top edge is blue")
    }

    /// A save that changes only a label inside the first card redraws that card alone: the
    /// trace counts one region, and the second card is not drawn again.
    func testAnEditInsideANestedEntryRedrawsOnlyItsTopLevelView() throws {
        let (preview, x, window, path) = try open(Self.treeStyle())
        assertPixel(try x.screenshot(window), Self.titleLabel, is: Self.white, "the label's background at start")
        let saved = try preview.expectFrame("file") { try write(Self.treeStyle(titleBackground: "#FF00FF"), to: path) }
        XCTAssertEqual(saved["regions"] as? Int, 1, "only the card holding the label is redrawn: \(saved)")
        let shot = try x.screenshot(window)
        assertPixel(shot, Self.titleLabel, is: Self.magenta, "the nested label's new background")
        assertPixel(shot, Self.buy, is: Self.blue, "the rest of the card as it was")
    }
}
