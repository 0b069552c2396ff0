import DesignableCore
import XCTest

/// The layer model: the shape arithmetic, what each seed class writes into its layer, and the
/// drawing of shapes no seed uses yet (one-sided and continuous corners), against a reference.
final class LayerTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // MARK: - Shapes

    func testRadiusIsClampedToHalfTheShorterSideAndMaskedPerCorner() {
        let pill = Shape(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 50)
        XCTAssertEqual([pill.topLeft, pill.topRight, pill.bottomRight, pill.bottomLeft], [20, 20, 20, 20])
        let top = Shape(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 8, corners: [.minXMinY, .maxXMinY])
        XCTAssertEqual([top.topLeft, top.topRight, top.bottomRight, top.bottomLeft], [8, 8, 0, 0])
        XCTAssertTrue(Shape(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: -4).isRectangle)
    }

    func testInsetKeepsSquareCornersSquareAndOutsetRoundsThem() {
        let shape = Shape(Rect(x: 10, y: 10, width: 100, height: 40), cornerRadius: 12, corners: [.minXMinY])
        let inner = shape.inset(by: 5)
        XCTAssertEqual(inner.rect, Rect(x: 15, y: 15, width: 90, height: 30))
        XCTAssertEqual([inner.topLeft, inner.topRight, inner.bottomRight, inner.bottomLeft], [7, 0, 0, 0])
        XCTAssertEqual(shape.inset(by: 20).topLeft, 0, "a radius never goes negative")
        let outer = shape.inset(by: -3)
        XCTAssertEqual(outer.rect, Rect(x: 7, y: 7, width: 106, height: 46))
        XCTAssertEqual([outer.topLeft, outer.topRight, outer.bottomRight, outer.bottomLeft], [15, 3, 3, 3])
    }

    /// What decides that a view's content needs no clip: a rectangle inside the rounded shape,
    /// corners tested against their arcs (the shape is convex, so its corners decide).
    func testARectangleIsCoveredOnlyWhenEachCornerLiesWithinItsArc() {
        let pill = Shape(Rect(x: 0, y: 0, width: 100, height: 32), cornerRadius: 16)
        XCTAssertTrue(pill.covers(Rect(x: 16, y: 0, width: 68, height: 32)), "between the arcs, edge to edge")
        XCTAssertTrue(pill.covers(Rect(x: 6, y: 6, width: 88, height: 20)), "corners a little inside the arcs")
        XCTAssertFalse(pill.covers(Rect(x: 3, y: 3, width: 94, height: 26)), "a corner beyond the top-left arc")
        XCTAssertFalse(pill.covers(Rect(x: 20, y: -1, width: 10, height: 10)), "above the shape")
        let circle = Shape(Rect(x: 0, y: 0, width: 32, height: 32), cornerRadius: 16)
        XCTAssertFalse(circle.covers(Rect(x: 2, y: 2, width: 28, height: 28)), "a circle's corners are round to its centre")
        XCTAssertTrue(circle.covers(Rect(x: 6, y: 6, width: 20, height: 20)))
        let oneCorner = Shape(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20, corners: [.maxXMaxY])
        XCTAssertTrue(oneCorner.covers(Rect(x: 0, y: 0, width: 85, height: 35)), "square corners cover to their edge")
        XCTAssertFalse(oneCorner.covers(Rect(x: 0, y: 0, width: 99, height: 39)), "but the round one does not")
    }

    /// Content that fits is drawn without a clip; content that does not is still clipped to the
    /// rounded shape, as `masksToBounds` says: nothing of a too-long title lies past the corners.
    func testContentThatDoesNotFitIsStillClippedToTheShape() throws {
        let document = try XCTUnwrap(loadStyle("""
            canvas: {background: white, padding: 0}
            views:
              - {class: RoundedCornerButton, size: [60, 30], cornerRadius: 15, backgroundColor: black, titleColor: red, title: "██████████", lineBreakMode: byClipping, font: "DejaVu Sans 60"}
            """))
        let renderer = Renderer()
        let surface = try renderer.render(document, layout: renderer.layout(document), scale: 1)
        XCTAssertEqual(surface.pixel(x: 30, y: 15) & 0xFFFFFF, 0xFF0000, "the title fills the button")
        for (x, y) in [(0, 0), (59, 0), (0, 29), (59, 29), (2, 2), (57, 27)] {
            XCTAssertEqual(surface.pixel(x: x, y: y) & 0xFFFFFF, 0xFFFFFF, "the canvas at the corner (\(x), \(y))")
        }
    }

    func testFocusRingCoversItsStrokeAroundTheShape() {
        let shape = Shape(Rect(x: 10, y: 10, width: 50, height: 20))
        XCTAssertEqual(FocusRing.bounds(around: shape), Rect(x: 5, y: 5, width: 60, height: 30))
    }

    // MARK: - What the seed classes write into their layer

    private func layer(_ yaml: String, state: ControlState = .normal, frame: Rect = Rect(x: 0, y: 0, width: 120, height: 40)) throws -> Layer {
        let document = try XCTUnwrap(loadStyle("views:\n  - " + yaml))
        return document.views[0].component(in: state).layer(in: frame)
    }

    func testSeedInspectablesWriteIntoTheLayer() throws {
        let fancy = try layer("{class: FancyButton, cornerRadius: 8, borderWidth: 2, borderColor: red, backgroundColor: blue}")
        XCTAssertEqual(fancy.cornerRadius, 8)
        XCTAssertTrue(fancy.masksToBounds, "the seed sets masksToBounds = cornerRadius > 0")
        XCTAssertEqual(fancy.borderWidth, 2)
        XCTAssertEqual(fancy.borderColor, Color(rgb: 0xFF0000))
        XCTAssertEqual(fancy.backgroundColor, Color(rgb: 0x0000FF))
        XCTAssertNil(fancy.gradient)
        XCTAssertFalse(try layer("{class: FancyButton}").masksToBounds)

        let gradient = try layer("{class: FancyButton, enableGradientBackground: true, gradientColor1: red, gradientColor2: blue}")
        XCTAssertEqual(gradient.gradient, .linear(Color(rgb: 0xFF0000), Color(rgb: 0x0000FF), horizontal: true))

        XCTAssertTrue(try layer("{class: RoundedCornerButton, cornerRadius: 6}").masksToBounds)
        let subscribe = try layer("{class: SubscribeButton}", state: .selected)
        XCTAssertEqual([subscribe.cornerRadius, subscribe.borderWidth], [12, 3])
        XCTAssertTrue(subscribe.masksToBounds)
        XCTAssertEqual(subscribe.borderColor, SubscribeButton.purpleBright, "the selected look writes the layer too")

        let pill = try layer("{class: PillUILabel, text: Hi}", frame: Rect(x: 0, y: 0, width: 80, height: 30))
        XCTAssertEqual(pill.cornerRadius, 15)
        XCTAssertTrue(pill.masksToBounds)
        let view = try layer("{class: BWGradientView, roundness: 9, isHorizontal: true}")
        XCTAssertEqual(view.cornerRadius, 9)
        XCTAssertEqual(view.gradient?.startPoint, Point(x: 0, y: 0.5))
    }

    func testVisualBoundsAreTheFrame() throws {
        let frame = Rect(x: 3, y: 4, width: 50, height: 20)
        let document = try XCTUnwrap(loadStyle("views:\n  - {class: FancyButton, borderWidth: 4, cornerRadius: 10}"))
        XCTAssertEqual(document.views[0].component(in: .normal).visualBounds(in: frame), frame)
    }

    // MARK: - Drawing

    private func draw(size: Size, scale: Double, _ body: (Painter) -> Void) throws -> ImageSurface {
        let surface = try ImageSurface(width: Int(size.width * scale), height: Int(size.height * scale))
        let context = try DrawingContext(surface)
        context.clear(to: .white)
        context.scale(scale)
        let painter = Painter()
        painter.drawing(on: context, scale: scale) { body(painter) }
        try context.check("drawing the test sheet")
        return surface
    }

    /// Rows: circular corners, continuous corners, then masksToBounds off and on over content that
    /// overflows, and focus rings. Columns: all corners with a border, the top two, one, a capsule.
    func testLayerSheet() throws {
        let cell = Size(width: 80, height: 56), gap = 12.0
        let masks: [CornerMask] = [.all, [.minXMinY, .maxXMinY], [.maxXMaxY], .all]
        let surface = try draw(size: Size(width: 4 * cell.width + 5 * gap, height: 3 * cell.height + 4 * gap), scale: 2) { painter in
            for (row, curve) in [CornerCurve.circular, .continuous].enumerated() {
                for (column, mask) in masks.enumerated() {
                    var layer = Layer()
                    layer.cornerRadius = column == 3 ? 100 : 18
                    layer.maskedCorners = mask
                    layer.cornerCurve = curve
                    layer.backgroundColor = Color(rgb: 0x007AFF)
                    layer.borderWidth = column == 0 ? 4 : 0
                    layer.borderColor = Color(rgb: 0x5B2A86)
                    if column == 1 { layer.gradient = .linear(Color(rgb: 0xFF9500), Color(rgb: 0xFF2D55), horizontal: false) }
                    let frame = Rect(x: gap + Double(column) * (cell.width + gap), y: gap + Double(row) * (cell.height + gap),
                                     width: cell.width, height: cell.height)
                    painter.draw(layer, in: frame) {}
                }
            }
            let y = gap + 2 * (cell.height + gap)
            for (column, masks) in [false, true].enumerated() {
                var layer = Layer()
                layer.cornerRadius = 20
                layer.masksToBounds = masks
                layer.backgroundColor = Color(rgb: 0x34C759)
                layer.borderWidth = 2
                let frame = Rect(x: gap + Double(column) * (cell.width + gap), y: y, width: cell.width, height: cell.height)
                painter.draw(layer, in: frame) {
                    painter.fill(frame.insetBy(dx: -10, dy: 10), with: .color(Color(rgb: 0xFF3B30)))
                }
            }
            for (column, radius) in [(2, 0.0), (3, 14.0)] {
                let frame = Rect(x: gap + Double(column) * (cell.width + gap) + 6, y: y + 6, width: cell.width - 12, height: cell.height - 12)
                let shape = Shape(frame, cornerRadius: radius)
                painter.fill(shape, with: .color(Color(rgb: 0xE5E5EA)))
                painter.focusRing(around: shape, color: Color(rgb: 0x0A84FF))
            }
        }
        assertMatchesGolden(surface, "LayerModel@2x")
    }

    func testContinuousCornersDifferFromCircularUntilTheyNoLongerFit() throws {
        func corner(_ curve: CornerCurve, radius: Double) throws -> ImageSurface {
            try draw(size: Size(width: 100, height: 60), scale: 1) { painter in
                painter.fill(Shape(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: radius, curve: curve), with: .color(.black))
            }
        }
        XCTAssertGreaterThan(try differingPixels(corner(.circular, radius: 16), corner(.continuous, radius: 16)), 20)
        XCTAssertEqual(try differingPixels(corner(.circular, radius: 30), corner(.continuous, radius: 30)), 0,
                       "a capsule has no room for the continuous curve and is drawn circular")
    }

    private func differingPixels(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        ImageComparison(a, to: b, tolerance: .exact).changedPixels
    }

    /// FancyButton's gradient is the seed's `CAGradientLayer`, a sublayer over the view's own
    /// background: a translucent gradient shows the background colour through it, not the canvas.
    func testAGradientLiesOverTheBackgroundColour() throws {
        let document = try XCTUnwrap(loadStyle("""
            canvas: {background: white, padding: 0}
            views:
              - {class: FancyButton, size: [40, 20], backgroundColor: red, enableGradientBackground: true, gradientColor1: "#0000FF80", gradientColor2: "#0000FF80"}
            """))
        let renderer = Renderer()
        let surface = try renderer.render(document, layout: renderer.layout(document), scale: 1)
        let pixel = try XCTUnwrap(surface.data).load(fromByteOffset: 10 * surface.stride + 20 * 4, as: UInt32.self)
        let (red, green, blue) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        XCTAssertEqual(red, 127, accuracy: 2, "the red background shows through")
        XCTAssertEqual(green, 0, accuracy: 2, "no white canvas shows through")
        XCTAssertEqual(blue, 128, accuracy: 2)
    }
}
