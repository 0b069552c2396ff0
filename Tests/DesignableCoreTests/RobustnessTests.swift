@testable import DesignableCore
import Foundation
import XCTest

/// Every half-typed save must give findings, never a crash or a hang: the gallery, cut and
/// garbled at random (with a fixed seed, so a failure replays), through loading, layout and drawing.
final class RobustnessTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    func testMutatedGalleriesNeverCrash() throws {
        let path = fixturesFolder.appendingPathComponent("gallery.yaml").path
        let original = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
        let alphabet = Array("[]{}:,-&*!|>'\"#@ \n\t0123456789.e-xyzABC登".utf8)
        var random = SeededRandom(seed: 2026)
        let renderer = Renderer()
        var rendered = 0, refused = 0
        for _ in 0..<1000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                case 2: bytes[at] = alphabet.randomElement(using: &random)!
                default: bytes = Array(bytes[..<at]) // a save cut short
                }
                if bytes.isEmpty { break }
            }
            let result = StyleLoader.load(bytes: bytes, path: path)
            guard let document = result.document else {
                XCTAssertTrue(result.diagnostics.hasErrors, "no document and no error")
                XCTAssertTrue(result.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
                refused += 1
                continue
            }
            let layout = renderer.layout(document)
            if (try? Renderer.checkCanvas(layout.canvasSize, scale: 0.5, of: document)) != nil {
                _ = try renderer.render(document, layout: layout, scale: 0.5) { document.views[$0].initialState }
                rendered += 1
            }
        }
        // Both paths were exercised, not only one.
        XCTAssertGreaterThan(rendered, 20)
        XCTAssertGreaterThan(refused, 20)
    }
}
