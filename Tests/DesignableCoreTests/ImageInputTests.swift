@testable import DesignableCore
import Foundation
import XCTest

/// Images stay in the project, and a broken one is a finding at its line, not a silent placeholder.
final class ImageInputTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A project folder `project/` (with `assets/`) inside a folder that also holds an image.
    private func project() throws -> (project: String, outside: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("designable-images-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base + "/project/assets", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.copyItem(atPath: fixtures + "/assets/heart.png", toPath: base + "/heart.png")
        return (base + "/project", base)
    }

    private func imageFindings(_ name: String, in folder: String, allowingOutside: Bool = false) -> [String] {
        StyleLoader.allowsOutsideImages = allowingOutside
        defer { StyleLoader.allowsOutsideImages = false }
        let text = "views:\n  - class: FancyButton\n    image: '\(name)'\n"
        return StyleLoader.load(text: text, path: folder + "/style.yaml").diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity): \($0.message)" }
    }

    func testNamesLeavingTheFolderAreErrorsThatTellNothingOfTheDisk() throws {
        let (project, outside) = try project()
        let refusal = "3:12: error: image: '%@' is outside the style file's folder: image names are relative to the style file's folder (--allow-outside-images allows others)"
        // The one outside that exists and the one that does not are refused alike.
        for name in ["../heart", "../no-such", "assets/../../heart.png", outside + "/heart.png", "/nonexistent/x.png", "~/heart.png", "~root/x"] {
            XCTAssertEqual(imageFindings(name, in: project), [refusal.replacingOccurrences(of: "%@", with: name)], name)
        }
    }

    func testNamesInsideTheFolderStillResolve() throws {
        let (project, _) = try project()
        try FileManager.default.copyItem(atPath: fixtures + "/assets/heart.png", toPath: project + "/assets/heart.png")
        try FileManager.default.createDirectory(atPath: project + "/icons", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/assets/facebook.svg", toPath: project + "/icons/facebook.svg")
        for name in ["heart", "assets/heart.png", "./icons/facebook", "icons/../assets/heart.png"] {
            XCTAssertEqual(imageFindings(name, in: project), [], name)
        }
    }

    func testAllowingOutsideImagesLoadsThem() throws {
        let (project, outside) = try project()
        XCTAssertEqual(imageFindings("../heart", in: project, allowingOutside: true), [])
        XCTAssertEqual(imageFindings(outside + "/heart.png", in: project, allowingOutside: true), [])
    }
}
