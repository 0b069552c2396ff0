@testable import DesignableCore
import XCTest

/// Outlines and borders put down through shared coverage masks: the pixels of filling each path,
/// one mask per shape and phase however many views share it, and a bounded cache.
final class CoverageMaskTests: XCTestCase {
    override func setUp() {
        pinTestFonts()
    }

    /// Rounded, continuous and one-sided corners, a star, a circle and a capsule, gradients,
    /// borders thin and thick, frames off the pixel grid, a rotated and a translucent view.
    private let shapes = """
        canvas: {size: [420, 260], background: "#F2F2F7"}
        views:
          - {class: FancyButton, frame: [10.3, 12.6, 120.5, 40.2], title: Fractional, cornerRadius: 14, borderWidth: 1.5, borderColor: "#1C1C1E", enableGradientBackground: true, gradientColor1: "#FF9500", gradientColor2: "#FF2D55"}
          - {class: FancyButton, frame: [140, 12, 120, 40], title: Whole, cornerRadius: 20, borderWidth: 3, borderColor: "#007AFF", backgroundColor: white}
          - {class: UIView, frame: [270.25, 12.75, 130, 60], backgroundColor: "#34C759", layer: {cornerRadius: 24, cornerCurve: continuous, maskedCorners: [minXMinY, maxXMaxY], borderWidth: 2, borderColor: "#1C1C1E"}}
          - {class: DesignableView, frame: [12, 80, 90, 90], fillColor: "#FFCC00", maskType: star(5)}
          - {class: DesignableView, frame: [112.5, 80.5, 90, 90], startColor: "#5AC8FA", endColor: "#5856D6", startPoint: bottomRight, maskType: circle, borderWidth: 4, borderColor: white}
          - {class: UIView, frame: [212, 92, 190, 36], backgroundColor: "#FF3B30", layer: {cornerRadius: 18, borderWidth: 0.5, borderColor: "#000000", opacity: 0.6}}
          - {class: DesignableButton, frame: [40, 190, 110, 36], title: Rotated, fillColor: "#5856D6", cornerRadius: 10, rotate: -12}
          - {class: UIView, frame: [200.7, 180.3, 200, 60], backgroundColor: "#FFFFFF", layer: {cornerRadius: 8, borderWidth: 40, borderColor: "#AF52DE"}}
        """

    /// Every fill that goes through a mask puts down the pixels filling its path would, to two
    /// levels of 255 on an edge's partly covered pixels (the mask holds their coverage rounded to
    /// a byte before it is applied); at whole and fractional scales, for the gallery and for
    /// shapes chosen to be awkward.
    func testMasksDrawWhatFillingThePathsDraws() throws {
        let gallery = try String(contentsOf: fixturesFolder.appendingPathComponent("gallery.yaml"), encoding: .utf8)
        for (name, text) in [("shapes", shapes), ("gallery", gallery)] {
            let document = try XCTUnwrap(StyleLoader.load(text: text, path: fixturesFolder.appendingPathComponent("\(name).yaml").path).document)
            for scale in [1.0, 1.5, 2.0, 3.0] {
                let masked = Renderer()
                let paths = Renderer()
                paths.painter.coverage = CoverageMasks(entryLimit: 0)
                let expected = try paths.render(document, layout: paths.layout(document), scale: scale)
                let actual = try masked.render(document, layout: masked.layout(document), scale: scale)
                XCTAssertGreaterThan(masked.painter.coverage.count, 0, "\(name) at \(scale)×: masks were used")
                XCTAssertEqual(paths.painter.coverage.count, 0)
                let comparison = ImageComparison(actual, to: expected, tolerance: Tolerance(channel: 2, changedShare: 0))
                XCTAssertTrue(comparison.matches, "\(name) at \(scale)×: \(comparison.summary)")
            }
        }
    }

    /// Twenty buttons of one size on whole points share one mask for their fills and one for
    /// their borders, whatever their colours; a second frame makes none.
    func testOneShapeIsRasterisedOnce() throws {
        var views = ""
        for index in 0..<20 {
            let colour = index % 2 == 0 ? "#FF9500" : "#34C759"
            views += "  - {class: FancyButton, frame: [\(10 + (index % 5) * 110), \(10 + (index / 5) * 50), 100, 32], title: B\(index), "
                + "cornerRadius: 10, borderWidth: 1, borderColor: \"\(colour)\", backgroundColor: \"\(colour)\"}\n"
        }
        let document = try XCTUnwrap(StyleLoader.load(text: "canvas: {size: [570, 210]}\nviews:\n" + views,
                                                      path: fixturesFolder.appendingPathComponent("twenty.yaml").path).document)
        let renderer = Renderer()
        let layout = renderer.layout(document)
        _ = try renderer.render(document, layout: layout, scale: 2)
        XCTAssertEqual(renderer.painter.coverage.count, 2, "one mask for the fills, one for the borders")
        _ = try renderer.render(document, layout: layout, scale: 2)
        XCTAssertEqual(renderer.painter.coverage.count, 2)
    }

    /// A vector page keeps its fills as paths: nothing is rasterised for it.
    func testAVectorPageIsNotMasked() throws {
        let document = try XCTUnwrap(StyleLoader.load(text: shapes, path: fixturesFolder.appendingPathComponent("shapes.yaml").path).document)
        let renderer = Renderer()
        _ = try renderer.render(.svg, document, layout: renderer.layout(document), scale: 2)
        XCTAssertEqual(renderer.painter.coverage.count, 0)
    }

    // MARK: - The bound

    /// Past its limit the least recently used values go first, the bytes never exceed it, and a
    /// value larger than the whole limit is handed out but not kept.
    func testTheCacheKeepsToItsLimit() {
        let cache = ByteBoundedCache<Int, String>(limit: 1000)
        var made = 0
        func value(_ key: Int, bytes: Int = 100) -> String? {
            cache.value(for: key) {
                made += 1
                return ("v\(key)", bytes)
            }
        }
        for key in 0..<10 { XCTAssertEqual(value(key), "v\(key)") }
        XCTAssertEqual(cache.bytes, 1000)
        XCTAssertEqual(made, 10)
        XCTAssertEqual(value(0), "v0", "kept: not made again")
        XCTAssertEqual(made, 10)
        _ = value(10)
        XCTAssertLessThanOrEqual(cache.bytes, 1000)
        XCTAssertEqual(cache.bytes, 700, "evicted to a quarter below the limit with the new value in")
        made = 0
        _ = value(0)
        _ = value(10)
        XCTAssertEqual(made, 0, "the most recently used stay")
        _ = value(1)
        XCTAssertEqual(made, 1, "the least recently used went first")
        for key in 100..<1000 {
            _ = value(key, bytes: 1 + key % 300)
            XCTAssertLessThanOrEqual(cache.bytes, cache.limit)
        }
        let count = cache.count
        XCTAssertEqual(value(5000, bytes: 5000), "v5000")
        XCTAssertEqual(cache.count, count, "too large to keep")
    }
}

private typealias Tolerance = ImageComparison.Tolerance
