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

/// Points fontconfig at the pinned fonts (DejaVu Sans, WenQuanYi Micro Hei) before anything loads
/// a font, as `designable snapshot` does, so text renders the same on every machine that ran `make deps`.
func pinTestFonts() {
    do {
        try PinnedFonts.pin()
    } catch {
        // Said, not fatal: every golden image then fails and shows why.
        fputs("cannot pin the test fonts: \(error)\n", stderr)
    }
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

/// How far a pixel may stray from its reference and what share of pixels may differ: the
/// comparison `designable snapshot` makes (`ImageComparison.Tolerance.standard`), so anti-aliasing
/// noise passes and a moved edge fails. DESIGNABLE_GOLDEN_EXACT=1 allows no difference at all,
/// the proof a refactor owes: the same machine and libraries that recorded the references must
/// give back every byte.
let goldenTolerance: ImageComparison.Tolerance =
    ProcessInfo.processInfo.environment["DESIGNABLE_GOLDEN_EXACT"] == "1" ? .exact : .standard

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
    let comparison = ImageComparison(surface, to: reference, tolerance: goldenTolerance)
    if !comparison.matches {
        writeFailure(surface, diff: try? comparison.differenceImage(), name: name)
        XCTFail("\(name): \(comparison.summary); see \(failuresFolder.path)", file: file, line: line)
    }
}

private func writeFailure(_ actual: ImageSurface, diff: ImageSurface?, name: String) {
    try? FileManager.default.createDirectory(at: failuresFolder, withIntermediateDirectories: true)
    try? Data(actual.pngData()).write(to: failuresFolder.appendingPathComponent(name + "-actual.png"))
    if let diff { try? Data(diff.pngData()).write(to: failuresFolder.appendingPathComponent(name + "-diff.png")) }
}

// MARK: - Random inputs

/// SplitMix64: small, fast, and the same sequence on every machine, so a test of random inputs
/// makes the same ones on every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}
