import DesignableCore
import Foundation
import XCTest

/// The repository's root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The tests' own style files, gallery included: no test reads the shipped examples' YAML but
/// the one that checks they load cleanly, so editing an example cannot break a test.
/// `Fixtures/assets` is a link to the examples' images, so each image has one copy.
let fixturesFolder = repositoryRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures")
let referencesFolder = repositoryRoot.appendingPathComponent("Tests/DesignableCoreTests/References")
let failuresFolder = repositoryRoot.appendingPathComponent(".build/golden-failures")

/// Points fontconfig at the test fonts (DejaVu Sans, WenQuanYi Micro Hei) before anything loads a
/// font, so text renders the same on every machine that ran `make deps`.
func pinTestFonts() {
    setenv("FONTCONFIG_FILE", repositoryRoot.appendingPathComponent("Tests/fonts.conf").path, 1)
}

/// Loads a style from text, failing the test on any error.
func loadStyle(_ text: String, path: String = "/tmp/designable-test/style.yaml", file: StaticString = #filePath,
               line: UInt = #line) -> StyleDocument? {
    let result = StyleLoader.load(text: text, path: path)
    XCTAssertNil(result.diagnostics.first { $0.severity == .error }, "unexpected error", file: file, line: line)
    return result.document
}

/// The findings of a style given as text, as `line:col: severity: message` strings.
func findings(_ text: String) -> [String] {
    StyleLoader.load(text: text, path: "").diagnostics.map(\.description)
}

// MARK: - Golden images

/// How far a pixel may stray from its reference (per channel, of 255) before it counts as
/// different, and what share of pixels may differ: anti-aliasing noise passes, a moved edge fails.
/// DESIGNABLE_GOLDEN_EXACT=1 allows no difference at all, the proof a refactor owes: the same
/// machine and libraries that recorded the references must give back every byte.
let exactGoldens = ProcessInfo.processInfo.environment["DESIGNABLE_GOLDEN_EXACT"] == "1"
let channelTolerance = exactGoldens ? 0 : 16
let mismatchedShareAllowed = exactGoldens ? 0 : 0.001

/// Compares `surface` with `References/<name>.png`. On a mismatch it writes the actual image and a
/// difference image (mismatches red over a faded copy) to `.build/golden-failures/` and fails.
/// With DESIGNABLE_RECORD_GOLDENS=1 it writes the reference instead, and fails so the run is not
/// mistaken for a pass: look at the new image before committing it.
func assertMatchesGolden(_ surface: ImageSurface, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let referencePath = referencesFolder.appendingPathComponent(name + ".png").path
    if ProcessInfo.processInfo.environment["DESIGNABLE_RECORD_GOLDENS"] == "1" {
        try? FileManager.default.createDirectory(at: referencesFolder, withIntermediateDirectories: true)
        XCTAssertNoThrow(try Data(surface.pngData()).write(to: URL(fileURLWithPath: referencePath)))
        XCTFail("recorded \(referencePath); look at it, then run again without DESIGNABLE_RECORD_GOLDENS", file: file, line: line)
        return
    }
    guard FileManager.default.fileExists(atPath: referencePath) else {
        writeFailure(surface, diff: nil, name: name)
        XCTFail("no reference image \(name).png; record it with DESIGNABLE_RECORD_GOLDENS=1 and look at it", file: file, line: line)
        return
    }
    guard let reference = try? ImageSurface(png: referencePath) else {
        XCTFail("cannot read \(referencePath)", file: file, line: line)
        return
    }
    guard reference.width == surface.width, reference.height == surface.height else {
        writeFailure(surface, diff: nil, name: name)
        XCTFail("\(name): size \(surface.width)×\(surface.height) differs from the reference's \(reference.width)×\(reference.height)", file: file, line: line)
        return
    }
    let comparison = compare(surface, reference)
    let share = Double(comparison.mismatched) / Double(surface.width * surface.height)
    if share > mismatchedShareAllowed {
        writeFailure(surface, diff: comparison.diff, name: name)
        XCTFail(String(format: "%@: %d pixels (%.3f%%) differ from the reference by more than %d; see %@", name,
                       comparison.mismatched, share * 100, channelTolerance, failuresFolder.path), file: file, line: line)
    }
}

private func compare(_ actual: ImageSurface, _ reference: ImageSurface) -> (mismatched: Int, diff: ImageSurface?) {
    let width = actual.width, height = actual.height
    guard let diff = try? ImageSurface(width: width, height: height),
          let a = actual.data, let r = reference.data, let d = diff.data else { return (width * height, nil) }
    var mismatched = 0
    for y in 0..<height {
        for x in 0..<width {
            let pa = a.load(fromByteOffset: y * actual.stride + x * 4, as: UInt32.self)
            let pr = r.load(fromByteOffset: y * reference.stride + x * 4, as: UInt32.self)
            var worst = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                worst = max(worst, abs(Int((pa >> UInt32(shift)) & 0xFF) - Int((pr >> UInt32(shift)) & 0xFF)))
            }
            let out: UInt32
            if worst > channelTolerance {
                mismatched += 1
                out = 0xFFFF_0000
            } else {
                // A faded grey copy, so the red marks have context.
                let grey = UInt32(((pa >> 16) & 0xFF) + ((pa >> 8) & 0xFF) + (pa & 0xFF)) / 3 / 4 + 191
                out = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
            d.storeBytes(of: out, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
        }
    }
    diff.markDirty()
    return (mismatched, diff)
}

private func writeFailure(_ actual: ImageSurface, diff: ImageSurface?, name: String) {
    try? FileManager.default.createDirectory(at: failuresFolder, withIntermediateDirectories: true)
    try? Data(actual.pngData()).write(to: failuresFolder.appendingPathComponent(name + "-actual.png"))
    if let diff { try? Data(diff.pngData()).write(to: failuresFolder.appendingPathComponent(name + "-diff.png")) }
}
