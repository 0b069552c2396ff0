@testable import DesignableCore
import XCTest

/// Shadows as Core Animation draws them, and the `layer:` map that asks for them: the blur's
/// arithmetic, where a shadow reaches, its pixels against the Gaussian it stands for, the cache
/// that keeps blurring off the redraw path, and the findings a designer gets.
final class ShadowTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // MARK: - The blur

    /// Three boxes of widths w have the variance Σ(w² − 1)/12 of the Gaussian they stand for.
    func testThreeBoxesHaveTheGaussiansVariance() {
        for sigma in [1, 2, 3, 4.5, 8, 24] {
            let variance = Shadow.boxWidths(sigma: sigma).reduce(0.0) { $0 + (Double($1 * $1) - 1) / 12 }
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: max(0.35, sigma * 0.08), "σ = \(sigma)")
        }
        XCTAssertEqual(Shadow.boxWidths(sigma: 0), [1, 1, 1])
    }

    /// A blurred edge falls as the Gaussian's tail does: half way at the edge, 15.9% one σ out.
    func testABlurredEdgeFollowsTheGaussian() {
        let width = 120, height = 8, sigma = 6.0
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<60 { pixels[y * width + x] = 255 } }
        pixels.withUnsafeMutableBufferPointer { Shadow.blur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
        // The rows are blurred vertically too; the middle row's vertical neighbours are alike
        // enough in the first columns (zero beyond the ends dims every row a little).
        let row = Array(pixels[(height / 2) * width..<(height / 2 + 1) * width])
        func alpha(at x: Double) -> Double { Double(row[Int(x)]) / Double(row[20]) }
        XCTAssertEqual(alpha(at: 59.5 + 0.5), 0.5, accuracy: 0.06)
        XCTAssertEqual(alpha(at: 60 + sigma), 0.159, accuracy: 0.04)
        XCTAssertEqual(alpha(at: 60 - sigma - 1), 0.841, accuracy: 0.04)
        XCTAssertEqual(alpha(at: 60 + 3 * sigma), 0, accuracy: 0.01, "nothing past the reach")
    }

    // MARK: - Where a shadow reaches

    func testAShadowReachesPastTheFrameByItsOffsetAndThreeRadii() {
        var layer = Layer()
        let frame = Rect(x: 100, y: 100, width: 50, height: 20)
        XCTAssertEqual(layer.visualBounds(in: frame), frame, "no shadow until its opacity is raised")
        layer.shadowOpacity = 0.5
        XCTAssertEqual(layer.visualBounds(in: frame), Rect(x: 91, y: 88, width: 68, height: 38), "default offset (0, -3), radius 3")
        layer.shadowOffset = Offset(width: 4, height: 10)
        layer.shadowRadius = 2
        XCTAssertEqual(layer.visualBounds(in: frame), Rect(x: 98, y: 100, width: 62, height: 36))
        layer.masksToBounds = true
        XCTAssertEqual(layer.visualBounds(in: frame), frame, "masksToBounds clips the shadow away")
        XCTAssertTrue(layer.shadowIsClipped)
    }

    /// What a view covers and which of its states' shadows are clipped are kept per frame, and
    /// give what its components say for each frame asked.
    func testWhatAViewCoversIsKeptForTheFrameItWasAskedFor() throws {
        let document = try XCTUnwrap(loadStyle("views:\n  - {class: UIButton, isSelected: true, selected: {alpha: 0.5}, layer: {shadowOpacity: 1, masksToBounds: true}}\n  - {class: UIView, layer: {shadowOpacity: 0.5}}\n"))
        let (button, view) = (document.views[0], document.views[1])
        XCTAssertEqual(button.initialState, .selected)
        for frame in [Rect(x: 10, y: 20, width: 50, height: 20), Rect(x: 0, y: 0, width: 80, height: 30), Rect(x: 10, y: 20, width: 50, height: 20)] {
            XCTAssertEqual(view.visualBounds(in: frame), view.component(in: .normal).visualBounds(in: frame))
            XCTAssertEqual(button.visualBounds(in: frame), button.component(in: .selected).visualBounds(in: frame))
            XCTAssertEqual(button.visualBounds(in: frame, state: .normal), button.component(in: .normal).visualBounds(in: frame))
            XCTAssertEqual(button.clippedShadowStates(in: frame), [.normal, .selected])
            XCTAssertEqual(view.clippedShadowStates(in: frame), [])
        }
    }

    /// A canvas fitted to its views leaves room for their shadows; one of a given size ends there.
    func testAFittedCanvasLeavesRoomForShadows() throws {
        let shadow = "layer: {shadowOpacity: 1, shadowRadius: 10, shadowOffset: [0, 20]}"
        let fitted = try XCTUnwrap(loadStyle("canvas: {padding: 10}\nviews:\n  - {class: UIView, size: [100, 50], \(shadow)}\n"))
        let layout = Renderer().layout(fitted)
        XCTAssertEqual(layout.canvasSize, Size(width: 160, height: 110), "the blur's 30 each side of 100; 10 + 50 + 20 + 3 × 10 down")
        XCTAssertEqual(layout.frames, [Rect(x: 30, y: 10, width: 100, height: 50)])
        let given = try XCTUnwrap(loadStyle("canvas: {size: [120, 70], padding: 10}\nviews:\n  - {class: UIView, size: [100, 50], \(shadow)}\n"))
        let renderer = Renderer()
        XCTAssertEqual(renderer.layout(given).canvasSize, Size(width: 120, height: 70))
    }

    // MARK: - Pixels

    /// A black shadow of radius σ under an opaque card, on white: at the shadow's own edge it is
    /// half dark, one σ further out 15.9% dark, as a Gaussian of standard deviation σ gives.
    func testShadowRadiusIsTheGaussiansStandardDeviation() throws {
        let document = try XCTUnwrap(loadStyle("""
            canvas: {size: [200, 220], background: white}
            views:
              - {class: UIView, frame: [50, 50, 100, 100], backgroundColor: white, layer: {shadowOpacity: 1, shadowRadius: 5, shadowOffset: [0, 20]}}
            """))
        let renderer = Renderer()
        let surface = try renderer.render(document, layout: renderer.layout(document), scale: 1)
        func darkness(_ y: Int) throws -> Double {
            let pixel = try XCTUnwrap(surface.data).load(fromByteOffset: y * surface.stride + 100 * 4, as: UInt32.self)
            return 1 - Double(pixel & 0xFF) / 255
        }
        XCTAssertEqual(try darkness(160), 1, accuracy: 0.03, "inside the shadow, below the card")
        XCTAssertEqual(try darkness(170), 0.5, accuracy: 0.07, "the shadow's edge: 150 + 20")
        XCTAssertEqual(try darkness(175), 0.159, accuracy: 0.05, "one σ out")
        XCTAssertEqual(try darkness(186), 0, accuracy: 0.02, "past three σ")
        XCTAssertEqual(try darkness(100), 0, accuracy: 0.001, "the opaque card covers its own shadow")
    }

    /// Every shadow kind, pinned: an opaque card, a shadow of content over a clear background
    /// (an image's alpha), one-sided continuous corners, an offset coloured shadow, a layer at
    /// half opacity with its shadow, and a clipped one (no shadow, as iOS).
    func testShadowKindsMatchTheirReferences() throws {
        let style = """
            canvas: {size: [300, 220], background: "#F2F2F7"}
            views:
              - {class: UIView, frame: [20, 20, 80, 60], backgroundColor: white, layer: {cornerRadius: 12, shadowOpacity: 0.35, shadowRadius: 8, shadowOffset: [0, 6]}}
              - {class: UIButton, frame: [120, 20, 60, 60], image: heart, imageRendering: original, layer: {shadowOpacity: 0.8, shadowRadius: 2, shadowOffset: [3, 3]}}
              - {class: UIView, frame: [200, 20, 80, 60], backgroundColor: "#007AFF", layer: {cornerRadius: 19, cornerCurve: continuous, maskedCorners: [minXMinY, maxXMinY], shadowOpacity: 1, shadowColor: "#FF9500", shadowRadius: 0, shadowOffset: [6, 6]}}
              - {class: UIView, frame: [20, 120, 80, 60], backgroundColor: "#34C759", layer: {opacity: 0.5, shadowOpacity: 1, shadowRadius: 4, shadowOffset: [0, 8], borderWidth: 3, borderColor: "#1C1C1E"}}
              - {class: UIView, frame: [120, 120, 80, 60], backgroundColor: "#FF3B30", layer: {cornerRadius: 30, masksToBounds: true, shadowOpacity: 1}}
              - {class: UIView, frame: [220, 120, 60, 60], layer: {borderWidth: 4, borderColor: "#5B2A86", cornerRadius: 30, shadowOpacity: 0.6, shadowRadius: 3, shadowOffset: [0, 4]}}
            """
        for scale in [1.0, 2.0] {
            let document = try XCTUnwrap(StyleLoader.load(text: style, path: fixturesFolder.appendingPathComponent("shadows.yaml").path).document)
            let renderer = Renderer()
            let surface = try renderer.render(document, layout: renderer.layout(document), scale: scale)
            assertMatchesGolden(surface, "LayerShadows@\(Int(scale))x")
        }
    }

    // MARK: - Off the redraw path

    /// Views of one size and corners share one blurred mask whatever their colours, and a
    /// content shadow is made once per component: a second frame blurs nothing.
    func testShadowsAreBlurredOncePerShape() throws {
        var views = ""
        for index in 0..<20 {
            views += "  - {class: UIView, size: [80, 30], backgroundColor: \"#\(index % 2 == 0 ? "FF0000" : "00FF00")\", layer: {shadowOpacity: 0.5}}\n"
        }
        views += "  - {class: UIButton, size: [60, 60], image: heart, layer: {shadowOpacity: 0.5}}\n"
        let document = try XCTUnwrap(StyleLoader.load(text: "views:\n" + views, path: fixturesFolder.appendingPathComponent("many.yaml").path).document)
        let renderer = Renderer()
        let layout = renderer.layout(document)
        _ = try renderer.render(document, layout: layout, scale: 1)
        XCTAssertEqual(renderer.painter.shadows.count, 1, "twenty views of one shape: one mask")
        let memo = Painter.ShadowMemo.made
        _ = try renderer.render(document, layout: layout, scale: 1)
        XCTAssertEqual(renderer.painter.shadows.count, 1)
        XCTAssertEqual(Painter.ShadowMemo.made, memo, "the content shadow is kept by its component")
    }

    // MARK: - Findings

    func testAClippedShadowIsAWarningThatSaysWhyAndWhatToDo() {
        let canvas = "canvas: {size: [300, 300]}\nviews:\n"
        func check(_ views: String) -> [String] {
            let result = StyleLoader.load(text: canvas + views, path: "")
            let renderer = Renderer()
            return Findings.all(result, layout: result.document.map { renderer.layout($0) }).map(\.description)
        }
        let advice = "and iOS clips a layer's shadow with its content. Use DesignableButton or DesignableView (their shadow is a layer of its own, rounded with the corners), set layer: {masksToBounds: false} if the content need not be clipped, or give the shadow to a view behind this one"
        XCTAssertEqual(check("  - {class: FancyButton, cornerRadius: 8, layer: {shadowOpacity: 0.4}}\n"),
                       ["3:66: warning: this shadow is not drawn: FancyButton's cornerRadius (8) turns masksToBounds on, as its seed's didSet does, \(advice)"])
        XCTAssertEqual(check("  - {class: UIView, layer: {masksToBounds: true, shadowRadius: 4, shadowOpacity: 0.4}}\n"),
                       ["3:82: warning: this shadow is not drawn: layer.masksToBounds is true (line 3), \(advice)"])
        XCTAssertEqual(check("  - {class: PillUILabel, text: Hi, layer: {shadowOpacity: 0.4}}\n"),
                       ["3:59: warning: this shadow is not drawn: PillUILabel sets clipsToBounds = true in its seed's set-up, \(advice)"])
        XCTAssertEqual(check("  - {class: FancyButton, cornerRadius: 8, layer: {shadowOpacity: 0.4, masksToBounds: false}}\n"), [],
                       "the runtime attribute comes after the class's set-up, as in Interface Builder")
    }

    /// A view inside the canvas whose shadow the canvas cuts is told so, apart from a view that
    /// sticks out itself.
    func testAShadowCutByTheCanvasEdgeIsSaidAsSuch() {
        let result = StyleLoader.load(text: "canvas: {size: [100, 100]}\nviews:\n  - {class: UIView, frame: [4, 10, 50, 50], backgroundColor: white, layer: {shadowOpacity: 0.5, shadowRadius: 4}}\n", path: "")
        let renderer = Renderer()
        XCTAssertEqual(Findings.all(result, layout: result.document.map { renderer.layout($0) }).map(\.description),
                       ["3:5: warning: the shadow of this UIView (4,10 50×50) is cut off by the edge of the 100×100 canvas; move the view in, or make the canvas larger"])
    }

    /// The preview keeps each view's layout findings (and what each says of its place) from one
    /// save to the next and works out only those of views a save changed: over saves that change
    /// a view, the canvas's size, the views' places and their number, what it gives is what
    /// working them all out afresh gives.
    func testLayoutFindingsKeptFromSaveToSaveAreThoseWorkedOutAfresh() {
        let shadowed = "  - {class: FancyButton, frame: [10, 10, 80, 30], cornerRadius: 8, layer: {shadowOpacity: 0.4}}\n"
        let cut = "  - {class: UIView, frame: [4, 10, 50, 50], backgroundColor: white, layer: {shadowOpacity: 0.5, shadowRadius: 4}}\n"
        let out = "  - {class: UIView, frame: [90, 90, 50, 50], backgroundColor: white}\n"
        let plain = "  - {class: UIView, frame: [20, 60, 20, 20], backgroundColor: white}\n"
        func column(_ height: Int) -> String { "  - {class: UIView, size: [60, \(height)], backgroundColor: white}\n" }
        let saves = [
            "canvas: {size: [100, 100]}\nviews:\n" + shadowed + cut + out + plain + shadowed,
            "canvas: {size: [100, 100]}\nviews:\n" + shadowed + cut + out.replacingOccurrences(of: "90, 90", with: "30, 30") + plain + shadowed,
            "canvas: {size: [200, 200]}\nviews:\n" + shadowed + cut + out + plain + shadowed,
            "canvas: {size: [200, 200]}\nviews:\n" + plain + shadowed + cut + out + plain + shadowed,
            "canvas: {size: [100, 100]}\nviews:\n" + cut + out + shadowed,
            "canvas: {size: [100, 100]}\nviews:\n" + cut + out.replacingOccurrences(of: "90, 90", with: "96, 0") + shadowed,
            // Views laid out in a column: a taller first one moves those below, the same objects.
            "canvas: {size: [100, 100]}\nviews:\n" + column(30) + column(30) + column(30) + shadowed + shadowed,
            "canvas: {size: [100, 100]}\nviews:\n" + column(50) + column(30) + column(30) + shadowed + shadowed,
        ]
        let renderer = Renderer(), memo = LayoutFindings()
        var previous: StyleDocument?
        var kept = 0
        for (index, text) in saves.enumerated() {
            let result = StyleLoader.load(bytes: Array(text.utf8), path: "style.yaml", reusing: previous, incremental: true)
            guard let document = result.document else { return XCTFail("save \(index + 1) does not load: \(result.diagnostics)") }
            kept += document.views.filter { view in previous?.views.contains { $0 === view } ?? false }.count
            let layout = renderer.layout(document)
            XCTAssertEqual(layout, Renderer().layout(document), "save \(index + 1): the layout made with the last one's places")
            let afresh = Findings.all(result, layout: layout).map(\.description)
            XCTAssertEqual(Findings.all(result, layout: layout, memo: memo).map(\.description), afresh, "save \(index + 1)")
            XCTAssertFalse(afresh.isEmpty)
            previous = document
        }
        XCTAssertGreaterThan(kept, 4, "the saves hand views over as they were, which the kept findings are for")
    }

    func testTheLayerMapIsCheckedLikeAnyOther() {
        XCTAssertEqual(findings("views:\n  - {class: UIButton, layer: {shadowOpactiy: 0.5, shadowOffset: [1], cornerCurve: round}}\n"), [
            "2:31: warning: layer has no property 'shadowOpactiy' (did you mean 'shadowOpacity'?); it is ignored",
            "2:65: error: shadowOffset: expected an offset [width, height], found a list of 1",
            "2:83: error: cornerCurve: expected one of circular, continuous, found 'round'",
        ])
        XCTAssertEqual(findings("views:\n  - {class: UIButton, layer: [shadowOpacity]}\n"),
                       ["2:30: error: layer: expected a mapping of CALayer properties (cornerRadius, shadowOpacity, …), found a list of 1"])
        XCTAssertEqual(findings("views:\n  - {class: UIView, layer: {maskedCorners: [minXMinY, top]}}\n"),
                       ["2:55: error: maskedCorners: expected one of minXMinY, maxXMinY, minXMaxY, maxXMaxY, found 'top'"])
    }

    /// A state's map may hold a `layer:` map of its own, over the view's.
    func testAStateMapsLayerAppliesInThatStateOnly() throws {
        let document = try XCTUnwrap(loadStyle("""
            views:
              - class: UIButton
                layer: {shadowOpacity: 0.2, cornerRadius: 4}
                highlighted: {layer: {shadowOpacity: 0.6}}
            """))
        let frame = Rect(x: 0, y: 0, width: 100, height: 40)
        let normal = document.views[0].component(in: .normal).layer(in: frame)
        let highlighted = document.views[0].component(in: .highlighted).layer(in: frame)
        XCTAssertEqual([normal.shadowOpacity, normal.cornerRadius], [0.2, 4])
        XCTAssertEqual([highlighted.shadowOpacity, highlighted.cornerRadius], [0.6, 4])
        XCTAssertFalse(document.views[0].component(in: .normal).hasSameLook(as: document.views[0].component(in: .highlighted)))
    }

    /// A reload that changes only a `layer:` attribute, or only whether one is set, redraws.
    func testALayerOnlyChangeIsANewLook() throws {
        func component(_ layer: String) throws -> Component {
            try XCTUnwrap(loadStyle("views:\n  - {class: FancyButton, cornerRadius: 6\(layer)}\n")).views[0].component(in: .normal)
        }
        XCTAssertTrue(try component(", layer: {shadowOpacity: 0.5}").hasSameLook(as: component(", layer: {shadowOpacity: 0.5}")))
        XCTAssertFalse(try component(", layer: {shadowOpacity: 0.5}").hasSameLook(as: component(", layer: {shadowOpacity: 0.6}")))
        XCTAssertFalse(try component(", layer: {masksToBounds: false}").hasSameLook(as: component("")),
                       "an attribute set to CALayer's default still overrides the class's layer")
    }

    func testInspectListsTheLayerAttributesAFileSets() throws {
        let component = try XCTUnwrap(loadStyle("views:\n  - {class: UIButton, layer: {shadowRadius: 6, cornerCurve: continuous}}\n")).views[0].component(in: .normal)
        let rows = PropertyRow.rows(of: component).filter { $0.name.hasPrefix("layer.") }
        XCTAssertEqual(rows.map(\.name), ["layer.cornerCurve", "layer.shadowRadius"])
        XCTAssertEqual(rows.map(\.label), ["Layer Corner Curve", "Layer Shadow Radius"])
        XCTAssertEqual(rows.map(\.value), ["continuous", "6"])
    }
}
