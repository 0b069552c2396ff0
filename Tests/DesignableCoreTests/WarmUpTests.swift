import CPango
@testable import DesignableCore
import XCTest

/// The start-up warm-up loads fonts on a thread of its own and hands its font map over to the
/// thread that called it: text measures and draws the same as without it, on the warmed map.
/// (How much sooner a first frame comes is measured by `make bench`, not here.)
final class WarmUpTests: XCTestCase {
    override func setUp() {
        pinTestFonts()
    }

    func testTheWarmedFontMapBecomesThisThreadsDefaultAndMeasuresTheSame() {
        let before = TextEngine().measure("Designable 0123456789", font: Font("Sans Bold 15"))
        let families = InstalledFonts.families
        WarmUp.begin(fonts: [Font("Sans 15")])
        let previous = pango_cairo_font_map_get_default()
        let adopted = WarmUp.defaultFontMap()
        XCTAssertNotEqual(adopted, previous, "the warm-up's font map was not handed over")
        XCTAssertEqual(pango_cairo_font_map_get_default(), adopted)
        XCTAssertEqual(WarmUp.defaultFontMap(), adopted, "a second call changes nothing")
        XCTAssertEqual(TextEngine().measure("Designable 0123456789", font: Font("Sans Bold 15")), before)
        XCTAssertEqual(InstalledFonts.families, families)
    }

    func testAWorkerThreadHasDoneItsWorkOnceJoined() {
        var ran = 0
        let worker = WorkerThread { ran += 1 }
        worker.join()
        worker.join()
        XCTAssertEqual(ran, 1)
    }
}
