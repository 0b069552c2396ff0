import CPango
import Foundation
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

    /// `render` may fork (Swift components run under a supervisor): its warm-up starts fontconfig
    /// and librsvg without a Pango font map, hands none over, and leaves no thread running once
    /// `finishAll` returns (GLib's pool thread, which Pango's start-up leaves, would be missing
    /// in a forked child).
    func testTheForkSafeWarmUpLeavesNoThreadBehind() throws {
        func threads() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count }
        let fontMap = pango_cairo_font_map_get_default()
        let before = try threads()
        WarmUp.beginForkSafe()
        WarmUp.finishAll()
        // A joined thread can still be listed for a moment: the kernel wakes its joiner as it
        // exits, before it drops the thread's entry under /proc. One that lives on stays listed.
        var after = try threads()
        for _ in 0..<500 where after > before {
            usleep(2_000)
            after = try threads()
        }
        XCTAssertEqual(after, before, "a thread outlived the warm-up")
        XCTAssertEqual(pango_cairo_font_map_get_default(), fontMap, "no font map is handed over")
        XCTAssertNoThrow(try Librsvg.loaded.get(), "librsvg was opened")
        XCTAssertEqual(try SVGDocument(bytes: Array("<svg xmlns='http://www.w3.org/2000/svg' width='7' height='5'/>".utf8)).size,
                       Size(width: 7, height: 5))
    }

    func testAWorkerThreadHasDoneItsWorkOnceJoined() {
        var ran = 0
        let worker = WorkerThread { ran += 1 }
        worker.join()
        worker.join()
        XCTAssertEqual(ran, 1)
    }
}
