@testable import DesignableCore
import XCTest

/// `DesignableView` and `DesignableButton`: IBAnimatable's vocabulary, declared once, written into
/// the one layer model, and drawn as iOS draws it.
final class DesignablesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    private func layer(_ yaml: String, frame: Rect = Rect(x: 0, y: 0, width: 120, height: 40)) throws -> Layer {
        try XCTUnwrap(loadStyle("views:\n  - " + yaml)).views[0].component(in: .normal).layer(in: frame)
    }

    // MARK: - Declared once

    /// The vocabulary is one group: both classes list it, the button after nothing of UIButton's lost.
    func testBothClassesCarryTheVocabularyAndTheButtonEveryUIButtonProperty() {
        let vocabulary = ["cornerRadius", "cornerSides", "borderWidth", "borderColor", "borderType", "borderDash", "borderSides",
                          "fillColor", "opacity", "startColor", "endColor", "startPoint", "gradientColors", "gradientLocations",
                          "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "maskType", "rotate"]
        // Every view's own (alpha, isHidden, clipsToBounds) come after its class's.
        XCTAssertEqual(DesignableView.propertyNames, vocabulary + ["alpha", "isHidden", "clipsToBounds"])
        XCTAssertEqual(DesignableButton.propertyNames, vocabulary + Button.propertyNames)
        let schema = StyleSchema.document
        XCTAssertNotNil(schema["$defs"]?["DesignableButton"]?["properties"]?["maskType"])
        XCTAssertNotNil(schema["$defs"]?["DesignableButtonState"]?["properties"]?["shadowOpacity"])
    }

    // MARK: - Into the layer

    func testTheVocabularyWritesIntoTheLayer() throws {
        let card = try layer("{class: DesignableView, fillColor: white, cornerRadius: 12, cornerSides: [topLeft, bottomRight], borderWidth: 2, borderType: dash, borderDash: [5, 3], borderSides: [top, left], shadowOpacity: 0.3, rotate: 15, opacity: 0.8}")
        XCTAssertEqual(card.backgroundColor, .white)
        XCTAssertEqual(card.cornerRadius, 12)
        XCTAssertEqual(card.maskedCorners, [.minXMinY, .maxXMaxY])
        XCTAssertTrue(card.masksToBounds, "rounded corners clip the content")
        XCTAssertTrue(card.castsShadow, "the shadow is on a layer of its own: the clip spares it")
        XCTAssertFalse(card.shadowIsClipped)
        XCTAssertEqual(card.borderDash, [5, 3])
        XCTAssertEqual(card.borderSides, [.top, .left])
        XCTAssertEqual([card.rotation, card.opacity], [15, 0.8])

        let gradient = try layer("{class: DesignableButton, startColor: red, endColor: blue, gradientColors: [white], gradientLocations: [0, 0.2, 1], startPoint: bottomLeft}")
        XCTAssertEqual(gradient.gradient, Gradient(colors: [Color(rgb: 0xFF0000), .white, Color(rgb: 0x0000FF)],
                                                   startPoint: Point(x: 0, y: 1), endPoint: Point(x: 1, y: 0), locations: [0, 0.2, 1]))
        XCTAssertNil(try layer("{class: DesignableView, startColor: red, endColor: blue, gradientLocations: [0, 1, 1]}").gradient?.locations,
                     "locations that do not match the colours are left out: the colours spread evenly")
        XCTAssertTrue(try layer("{class: DesignableView, startColor: red, endColor: blue, startPoint: radial}").gradient?.isRadial == true)
        XCTAssertNil(try layer("{class: DesignableView, startColor: red}").gradient, "a gradient needs both ends")
        XCTAssertEqual(try layer("{class: DesignableView, maskType: \"star(points: 6)\"}").mask, .star(points: 6))
    }

    /// Every start point runs to the opposite side or corner, in `CAGradientLayer`'s unit square.
    func testStartPointsRunToTheOppositeSide() {
        for point in GradientStartPoint.allCases where point != .radial {
            let (start, end) = point.points
            XCTAssertEqual(start.x + end.x, 1, "\(point)")
            XCTAssertEqual(start.y + end.y, 1, "\(point)")
        }
    }

    // MARK: - Masks

    func testMaskTypesParseAsIBAnimatableWritesThem() throws {
        let forms: [(String, MaskType)] = [
            ("circle", .circle), ("ellipse", .ellipse), ("triangle", .triangle), ("polygon(6)", .polygon(sides: 6)),
            ("polygon(sides: 8)", .polygon(sides: 8)), ("star(5)", .star(points: 5)), (" star( points:7 ) ", .star(points: 7)),
            ("wave(up, 40, 8)", .wave(up: true, width: 40, offset: 8)),
            ("wave(direction: down, width: 20, offset: 4)", .wave(up: false, width: 20, offset: 4)),
            ("parallelogram(60)", .parallelogram(angle: 60)), ("wave(up, 40, -8)", .wave(up: true, width: 40, offset: -8)),
            // What is left out takes IBAnimatable's default.
            ("star", .star(points: 5)), ("polygon()", .polygon(sides: 6)), ("parallelogram", .parallelogram(angle: 60)),
            ("wave", .wave(up: true, width: 40, offset: 0)), ("wave(down)", .wave(up: false, width: 40, offset: 0)),
            ("wave(down, 20)", .wave(up: false, width: 20, offset: 0)),
        ]
        for (text, mask) in forms {
            XCTAssertEqual(try MaskType.parse(text), mask, text)
            XCTAssertEqual(try MaskType.parse(mask.styleText), mask, "\(mask.styleText) reads back")
        }
        let expected = "expected one of circle, ellipse, triangle, polygon(sides), star(points), wave(direction, width, offset), parallelogram(angle)"
        XCTAssertEqual(findings("views:\n  - {class: DesignableView, maskType: \"star(5, 2)\"}\n"),
                       ["2:39: error: maskType: star takes points, found 2; \(expected)"])
        XCTAssertEqual(findings("views:\n  - {class: DesignableView, maskType: \"circle(4)\"}\n"),
                       ["2:39: error: maskType: circle takes no arguments, found 1; \(expected)"])
        XCTAssertEqual(findings("views:\n  - {class: DesignableView, maskType: \"circel\"}\n"),
                       ["2:39: error: maskType: 'circel' is no mask (did you mean 'circle'?); \(expected)"])
        XCTAssertEqual(findings("views:\n  - {class: DesignableView, maskType: \"polygon(2)\"}\n"),
                       ["2:39: error: maskType: polygon's sides must be a whole number from 3 to 100, found '2'; \(expected)"])
        XCTAssertEqual(findings("views:\n  - {class: DesignableView, maskType: \"wave(left, 10, 2)\"}\n"),
                       ["2:39: error: maskType: wave's direction is up or down, found 'left'; \(expected)"])
    }

    /// The mask replaces the rounded bounds for everything: fill, clip, border and shadow.
    func testAMaskCutsFillBorderAndShadowAlike() throws {
        let document = try XCTUnwrap(loadStyle("""
            canvas: {size: [140, 140], background: white}
            views:
              - {class: DesignableView, frame: [20, 20, 100, 100], fillColor: black, maskType: circle, shadowOpacity: 1, shadowRadius: 0, shadowOffset: [10, 10]}
            """))
        let renderer = Renderer()
        let surface = try renderer.render(document, layout: renderer.layout(document), scale: 1)
        func blue(_ x: Int, _ y: Int) throws -> Int {
            Int(try XCTUnwrap(surface.data).load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self) & 0xFF)
        }
        XCTAssertEqual(try blue(70, 70), 0, "inside the circle")
        XCTAssertEqual(try blue(22, 22), 255, "the bounds' corner lies outside the circle: not filled")
        XCTAssertEqual(try blue(125, 75), 0, "the shadow, a circle 10 right and down, shows past the right edge")
        XCTAssertEqual(try blue(118, 118), 255, "the shadow is round too: its bounds' corner is empty")
    }

    /// The shapes are IBAnimatable's (`UIBezierPath` in its `MaskType`), cut to the bounds: a
    /// parallelogram's angle is at its top-left corner, a star's inner corners lie at half its
    /// radius, a wave runs across the whole height and its offset moves it left.
    func testMaskShapesAreIBAnimatables() throws {
        func filled(_ mask: String, frame: String = "[0, 0, 100, 50]", at points: [(Int, Int)]) throws -> [Bool] {
            let document = try XCTUnwrap(loadStyle("""
                canvas: {size: [100, 100], background: white}
                views:
                  - {class: DesignableView, frame: \(frame), fillColor: black, maskType: "\(mask)"}
                """))
            let renderer = Renderer()
            let surface = try renderer.render(document, layout: renderer.layout(document), scale: 1)
            let data = try XCTUnwrap(surface.data)
            return points.map { data.load(fromByteOffset: $0.1 * surface.stride + $0.0 * 4, as: UInt32.self) & 0xFF < 128 }
        }
        // 50 high at 60°: the lean is 50 / tan 60° = 28.9 points.
        XCTAssertEqual(try filled("parallelogram(60)", at: [(2, 2), (2, 47), (97, 47), (97, 2)]), [true, false, true, false],
                       "under 90° the top-left corner is in, the sides lean left (\\)")
        XCTAssertEqual(try filled("parallelogram(120)", at: [(2, 2), (2, 47), (97, 47), (97, 2)]), [false, true, false, true],
                       "over 90° they lean right (/)")
        XCTAssertEqual(try filled("parallelogram(20)", at: [(1, 1), (50, 25), (98, 48), (1, 48)]), [true, true, true, false],
                       "a lean past the width: the band between the two sides, inside the bounds")
        // A 100-point star: radius 50, inner corners 25 from the centre, the first between the top
        // two points (36° from the top); 22 points out along that ray is inside.
        let (cx, cy, angle) = (50.0, 50.0, 36.0 * .pi / 180)
        let ray = { (r: Double) in (Int(cx + r * sin(angle)), Int(cy - r * cos(angle))) }
        XCTAssertEqual(try filled("star(5)", frame: "[0, 0, 100, 100]", at: [ray(22), ray(29)]), [true, false])
        // wave(up, 40, 0) on 100 × 50: the half-wave from -10 to 10 dips to the bottom at 0, the
        // next reaches the top at 20; wave(up, 40, 10) moves them 10 left.
        XCTAssertEqual(try filled("wave(up, 40, 0)", at: [(0, 30), (20, 2), (20, 47), (40, 30)]), [false, true, true, false])
        XCTAssertEqual(try filled("wave(up, 40, 10)", at: [(10, 2), (30, 30), (30, 47)]), [true, false, false])
        XCTAssertEqual(try filled("wave(down, 40, 0)", at: [(0, 30), (0, 2), (20, 47), (20, 2)]), [false, false, true, true],
                       "down: the part above the waves, the first reaching the top at 0")
    }

    /// Gradient locations that do not give one stop per colour are set aside, as
    /// `CAGradientLayer` cannot use them: said at the locations' line, once, whichever states
    /// show the gradient; a matching list is quiet.
    func testGradientLocationsOfAnotherCountAreAWarning() {
        func check(_ view: String) -> [String] {
            let result = StyleLoader.load(text: "canvas: {size: [200, 100]}\nviews:\n" + view, path: "")
            let renderer = Renderer()
            return Findings.all(result, layout: result.document.map { renderer.layout($0) }).map(\.description)
        }
        XCTAssertEqual(check("  - {class: DesignableButton, frame: [0, 0, 100, 40], startColor: red, endColor: blue, gradientColors: [green], gradientLocations: [0, 1], highlighted: {endColor: black}}\n"),
                       ["3:132: warning: gradientLocations has 2 locations for 3 colours (startColor, 1 gradientColors, endColor), so the colours are spread evenly; give one location per colour, from 0 to 1"])
        XCTAssertEqual(check("  - {class: DesignableView, frame: [0, 0, 100, 40], startColor: red, endColor: blue, gradientColors: [green], gradientLocations: [0, 0.2, 1]}\n"), [])
        XCTAssertEqual(check("  - {class: DesignableView, frame: [0, 0, 100, 40], gradientLocations: [0, 1]}\n"), [],
                       "no gradient without its two ends: nothing to place")
    }

    func testRotationTurnsTheCoveredArea() throws {
        var layer = Layer()
        layer.rotation = 90
        XCTAssertEqual(layer.visualBounds(in: Rect(x: 0, y: 0, width: 100, height: 20)).rounded(),
                       Rect(x: 40, y: -40, width: 20, height: 100))
        layer.rotation = 45
        let turned = layer.visualBounds(in: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(turned.width, 100 * 2.0.squareRoot(), accuracy: 1e-9)
    }

    // MARK: - Pixels

    /// Every part of the vocabulary, pinned at 1× and 2×: masks, border types and sides, corner
    /// sides and curves, each gradient start point and extra stops, rotation, and shadows that
    /// keep the rounded or masked shape.
    func testTheVocabularyMatchesItsReferences() throws {
        let cell = "size: [70, 50]"
        let views = [
            // Masks.
            "{class: DesignableView, \(cell), fillColor: \"#5856D6\", maskType: circle}",
            "{class: DesignableView, \(cell), fillColor: \"#5856D6\", maskType: ellipse}",
            "{class: DesignableView, \(cell), fillColor: \"#5856D6\", maskType: triangle}",
            "{class: DesignableView, \(cell), fillColor: \"#5856D6\", maskType: \"polygon(6)\"}",
            "{class: DesignableView, \(cell), fillColor: \"#FFCC00\", maskType: \"star(5)\", shadowOpacity: 0.6, shadowRadius: 2, shadowOffset: [0, 3]}",
            "{class: DesignableView, \(cell), fillColor: \"#34C759\", maskType: \"wave(up, 20, 5)\"}",
            "{class: DesignableView, \(cell), fillColor: \"#34C759\", maskType: \"wave(down, 14, 4)\"}",
            "{class: DesignableView, \(cell), fillColor: \"#AF52DE\", maskType: \"parallelogram(60)\", borderWidth: 3, borderColor: \"#1C1C1E\"}",
            "{class: DesignableView, \(cell), fillColor: \"#AF52DE\", maskType: \"parallelogram(120)\"}",
            "{class: DesignableView, \(cell), fillColor: \"#34C759\", maskType: \"wave(up, 40, 10)\"}",
            // Borders and corners.
            "{class: DesignableView, \(cell), borderWidth: 2, borderColor: \"#007AFF\", borderType: dash, cornerRadius: 10}",
            "{class: DesignableView, \(cell), borderWidth: 3, borderColor: \"#FF9500\", borderType: dash, borderDash: [2, 2]}",
            "{class: DesignableView, \(cell), fillColor: \"#E5E5EA\", borderWidth: 3, borderColor: \"#FF3B30\", borderSides: [bottom]}",
            "{class: DesignableView, \(cell), fillColor: \"#E5E5EA\", borderWidth: 2, borderColor: \"#1C1C1E\", borderSides: [top, left]}",
            "{class: DesignableView, \(cell), fillColor: \"#E5E5EA\", borderWidth: 3, borderColor: \"#FF3B30\", borderSides: [right]}",
            "{class: DesignableView, \(cell), fillColor: \"#007AFF\", cornerRadius: 20, cornerSides: [bottomLeft]}",
            "{class: DesignableView, \(cell), fillColor: \"#007AFF\", cornerRadius: 20, cornerSides: [topLeft, bottomRight]}",
            // 16 is the largest radius whose continuous curve fits 50 points (25 / 1.528): the
            // circular one beside it shows the difference.
            "{class: DesignableView, \(cell), fillColor: \"#007AFF\", cornerRadius: 16, layer: {cornerCurve: continuous}}",
            "{class: DesignableView, \(cell), fillColor: \"#007AFF\", cornerRadius: 16}",
            "{class: DesignableView, \(cell), fillColor: \"#007AFF\", cornerRadius: 20, cornerSides: [topLeft, topRight], borderWidth: 2, borderColor: \"#1C1C1E\", borderType: dash}",
            "{class: DesignableView, \(cell), fillColor: \"#FF2D55\", cornerRadius: 8, rotate: 20, shadowOpacity: 0.5, shadowOffset: [0, 4]}",
        ] + GradientStartPoint.allCases.map {
            "{class: DesignableView, \(cell), startColor: \"#FF5F6D\", endColor: \"#2193B0\", startPoint: \($0.rawValue), cornerRadius: 6}"
        } + [
            "{class: DesignableView, \(cell), startColor: \"#FF3B30\", gradientColors: [\"#FFCC00\", \"#34C759\"], endColor: \"#007AFF\", startPoint: left, gradientLocations: [0, 0.1, 0.5, 1]}",
            "{class: DesignableView, \(cell), fillColor: white, cornerRadius: 14, shadowOpacity: 0.35, shadowRadius: 6, shadowOffset: [0, 5]}",
            "{class: DesignableView, \(cell), fillColor: white, cornerRadius: 25, shadowColor: \"#007AFF\", shadowOpacity: 0.8, shadowRadius: 4, shadowOffset: [0, 0], opacity: 0.6}",
        ]
        var placed: [String] = []
        for (index, view) in views.enumerated() {
            let (column, row) = (index % 6, index / 6)
            placed.append(view.replacingOccurrences(of: cell, with: "frame: [\(12 + column * 84), \(12 + row * 66), 70, 50]"))
        }
        let style = "canvas: {size: [516, \(12 + (views.count + 5) / 6 * 66)], background: \"#F2F2F7\"}\nviews:\n" + placed.map { "  - " + $0 }.joined(separator: "\n") + "\n"
        for scale in [1.0, 2.0] {
            let document = try XCTUnwrap(loadStyle(style))
            let renderer = Renderer()
            let surface = try renderer.render(document, layout: renderer.layout(document), scale: scale)
            assertMatchesGolden(surface, "Designables@\(Int(scale))x")
        }
    }
}

private extension Rect {
    func rounded() -> Rect {
        Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height.rounded())
    }
}
