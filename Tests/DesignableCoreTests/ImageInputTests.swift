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
        // `~/` is the home folder, as a shell reads it.
        let home = getenv("HOME").map { String(cString: $0) }
        setenv("HOME", outside, 1)
        defer { if let home { setenv("HOME", home, 1) } else { unsetenv("HOME") } }
        XCTAssertEqual(imageFindings("~/heart.png", in: project, allowingOutside: true), [])
        XCTAssertEqual(imageFindings("~/heart", in: project, allowingOutside: true), [])
        XCTAssertEqual(imageFindings("~/nope", in: project, allowingOutside: true),
                       ["3:12: warning: image '~/nope' not found: looked for ~/nope.svg, ~/nope.png, ~/nope@2x.png and ~/nope@3x.png; drawing a placeholder"])
    }

    /// Each broken image is a warning at its line that says what is wrong, and a placeholder.
    func testABrokenImageIsAWarningAtItsLine() throws {
        let (project, _) = try project()
        let heart = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/assets/heart.png"))
        // A PNG header saying 20000×20000, as a 7 MB file of one colour does, and its end chunk.
        var huge = Data(heart.prefix(33))
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        huge += heart.suffix(12)
        let cases: [(String, Data, String)] = [
            ("random.png", Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37) }), "random.png is not a PNG file (it does not start with PNG's signature)"),
            ("cut.png", heart.prefix(heart.count / 2), "cut.png is a truncated PNG (it has no end chunk)"),
            ("stub.png", heart.prefix(20), "stub.png is a truncated PNG (it ends within its header)"),
            ("huge.png", huge, "huge.png is 20000×20000 pixels: too large to draw (images are limited to 32767 pixels a side and 128 megapixels)"),
            ("text.svg", Data("this is not XML\n".utf8), "text.svg is not a valid SVG: "),
        ]
        for (file, bytes, expected) in cases {
            try bytes.write(to: URL(fileURLWithPath: project + "/" + file))
            let found = imageFindings(file, in: project)
            XCTAssertEqual(found.count, 1, file)
            XCTAssertTrue(found.first?.hasPrefix("3:12: warning: image '\(file)': \(expected)") == true, "\(file): \(found)")
            XCTAssertTrue(found.first?.hasSuffix("; drawing a placeholder") == true && found.first?.contains("\n") == false, "\(file): \(found)")
            // Drawn as a placeholder, not an error.
            let document = try XCTUnwrap(StyleLoader.load(text: "views:\n  - {class: FancyButton, image: '\(file)'}\n", path: project + "/style.yaml").document)
            XCTAssertTrue(try XCTUnwrap(document.views[0].component(in: .normal) as? FancyButton).image?.isMissing == true, file)
        }
    }

    /// The disk is asked once per name in a load, but every view naming a missing or broken
    /// image hears about it at its own line, and a later load looks again.
    func testEachViewNamingAMissingOrBrokenImageIsWarnedAtItsLine() throws {
        let (project, _) = try project()
        try Data("not XML".utf8).write(to: URL(fileURLWithPath: project + "/broken.svg"))
        let views = ["nowhere", "broken", "nowhere", "broken"].map { "  - {class: FancyButton, image: \($0)}" }
        let text = "views:\n" + views.joined(separator: "\n") + "\n"
        let load = StyleLoader.load(text: text, path: project + "/style.yaml")
        XCTAssertEqual(load.diagnostics.map(\.location.line), [2, 3, 4, 5])
        XCTAssertEqual(load.diagnostics.map { $0.message.hasPrefix("image 'nowhere' not found") }, [true, false, true, false])
        XCTAssertEqual(load.diagnostics.map { $0.message.hasPrefix("image 'broken': broken.svg is not a valid SVG") }, [false, true, false, true])
        XCTAssertTrue(load.dependencies.contains { $0.path == project + "/nowhere.svg" }, "a missing image is watched for")

        // The image appears: the next load finds it.
        try FileManager.default.copyItem(atPath: fixtures + "/assets/heart.png", toPath: project + "/nowhere.png")
        let again = StyleLoader.load(text: text, path: project + "/style.yaml")
        XCTAssertEqual(again.diagnostics.map(\.location.line), [3, 5])
    }

    /// A read that meets librsvg still opening (the preview's first, racing its warm-up) takes
    /// SVG files on trust and checks them before it returns: its findings and images are those
    /// of a read that waited.
    func testSVGsCheckedAfterAReadAreFoundAsBeforeIt() throws {
        let (project, _) = try project()
        try Data("not XML".utf8).write(to: URL(fileURLWithPath: project + "/broken.svg"))
        try FileManager.default.copyItem(atPath: fixtures + "/assets/facebook.svg", toPath: project + "/good.svg")
        let views = ["broken", "good", "broken", "good"].map { "  - {class: FancyButton, image: \($0)}" }
        let text = "views:\n" + views.joined(separator: "\n") + "\n"
        func summary(_ load: LoadResult) -> [String] {
            load.diagnostics.map { "\($0.location.line): \($0.message)" }
                + (load.document?.views.map { view in
                    let image = (view.component(in: .normal) as? FancyButton)?.image
                    return "\(image?.name ?? "-") drawn: \(image.map { !$0.isMissing } ?? false)"
                } ?? ["no document"])
        }
        ImageProbe.librsvgIsOpen = { false }
        let trusting = StyleLoader.load(text: text, path: project + "/style.yaml")
        ImageProbe.librsvgIsOpen = { Librsvg.isOpen }
        let waiting = StyleLoader.load(text: text, path: project + "/style.yaml")
        XCTAssertEqual(summary(trusting), summary(waiting))
        XCTAssertEqual(trusting.diagnostics.map(\.location.line), [2, 4])
        XCTAssertEqual(summary(waiting).suffix(4), ["broken drawn: false", "good drawn: true", "broken drawn: false", "good drawn: true"])

        // Only good SVGs: taken on trust, kept.
        ImageProbe.librsvgIsOpen = { false }
        defer { ImageProbe.librsvgIsOpen = { Librsvg.isOpen } }
        let good = StyleLoader.load(text: "views:\n  - {class: FancyButton, image: good}\n", path: project + "/style.yaml")
        XCTAssertEqual(summary(good), ["good drawn: true"])
    }

    /// A cache over its bound lets go of its images but keeps the SVG whose raster it is making
    /// known: when that file changes, the raster is forgotten (a new generation), not drawn stale.
    func testAnSVGRasterisedPastTheCachesBoundIsForgottenWhenItChanges() throws {
        let (project, _) = try project()
        let svg = project + "/dot.svg"
        let drawn = { (colour: String) in
            try "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='\(colour)'/></svg>"
                .write(toFile: svg, atomically: false, encoding: .utf8)
        }
        try drawn("red")
        let document = try XCTUnwrap(StyleLoader.load(text: "views:\n  - {class: FancyButton, image: dot}\n", path: project + "/style.yaml").document)
        let image = try XCTUnwrap((document.views[0].component(in: .normal) as? FancyButton)?.image)
        // Room for nothing: every raster made lets everything else go.
        let cache = ImageCache(keptBytesLimit: 1)
        let surface = try ImageSurface(width: 20, height: 20)
        let drawing = try DrawingContext(surface)
        XCTAssertTrue(cache.draw(image, in: Rect(x: 0, y: 0, width: 10, height: 10), tint: nil, alpha: 1, scale: 1, on: drawing))
        XCTAssertTrue(cache.draw(image, in: Rect(x: 0, y: 0, width: 20, height: 20), tint: nil, alpha: 1, scale: 1, on: drawing))
        let generation = cache.generation
        usleep(10_000)
        try drawn("blue")
        cache.revalidate()
        XCTAssertGreaterThan(cache.generation, generation, "the changed SVG is forgotten, its rasters with it")
    }

    /// Layout (what `check` does) takes a PNG's size from its header, decoding no pixel.
    func testAPNGsSizeComesFromItsHeader() throws {
        let (project, _) = try project()
        // A header that says 640×320, then a valid end: nothing in between to decode.
        let heart = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/assets/heart.png"))
        var header = Data(heart.prefix(33))
        header.replaceSubrange(16..<24, with: [0, 0, 0x02, 0x80, 0, 0, 0x01, 0x40])
        try (header + heart.suffix(12)).write(to: URL(fileURLWithPath: project + "/wide@2x.png"))
        let document = try XCTUnwrap(StyleLoader.load(text: "views:\n  - {class: FancyButton, image: wide}\n", path: project + "/style.yaml").document)
        let image = try XCTUnwrap((document.views[0].component(in: .normal) as? FancyButton)?.image)
        XCTAssertEqual(ImageCache().size(of: image, scale: 2), Size(width: 320, height: 160))
    }

    /// A PNG with a sound signature, header and end whose image data is damaged: `check` reads
    /// headers only and finds nothing, but what draws (render, snapshot, the preview, which
    /// decode as they read) says at the image's line that it could not be decoded, and why, and
    /// draws a placeholder.
    func testAPNGWhoseDataIsCorruptIsAWarningWhereItIsDrawn() throws {
        let (project, _) = try project()
        let heart = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/assets/heart.png"))
        let bytes = [UInt8](heart)
        // The first IDAT chunk: its length, then its type, its data and its CRC.
        let type = try XCTUnwrap((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) })
        let length = bytes[type - 4..<type].reduce(0) { $0 << 8 | Int($1) }
        let data = type + 4..<type + 4 + length
        // Bit rot: the data damaged, its CRC left as it was; and a stream made wrong with its CRC made anew.
        var rotten = bytes
        for index in data.dropFirst(2).prefix(64) { rotten[index] ^= 0x5A }
        var rewritten = bytes
        for index in data.dropFirst(2) { rewritten[index] = 0xFF }
        let crc = Self.crc32(rewritten[type..<data.upperBound])
        rewritten.replaceSubrange(data.upperBound..<data.upperBound + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        ImageProbe.decodesBitmaps = true
        defer { ImageProbe.decodesBitmaps = false }
        for (name, corrupt) in [("rotten", rotten), ("rewritten", rewritten)] {
            try Data(corrupt).write(to: URL(fileURLWithPath: project + "/\(name).png"))
            let found = imageFindings(name, in: project)
            XCTAssertEqual(found.count, 1, "\(name): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("3:12: warning: image '\(name)': \(name).png could not be decoded: its PNG data is corrupt (") == true,
                          "\(name): \(found)")
            XCTAssertTrue(found.first?.hasSuffix("); drawing a placeholder") == true, "\(name): \(found)")
            let document = try XCTUnwrap(StyleLoader.load(text: "views:\n  - {class: FancyButton, image: \(name)}\n", path: project + "/style.yaml").document)
            XCTAssertTrue(try XCTUnwrap(document.views[0].component(in: .normal) as? FancyButton).image?.isMissing == true, name)
            // `check` reads headers only.
            ImageProbe.decodesBitmaps = false
            XCTAssertEqual(imageFindings(name, in: project), [], name)
            ImageProbe.decodesBitmaps = true
        }
        // The file made whole again is drawn, with no finding.
        try heart.write(to: URL(fileURLWithPath: project + "/rotten.png"))
        XCTAssertEqual(imageFindings("rotten", in: project), [])
    }

    /// A named pipe or a folder that has an image's name is said to be what it is, as
    /// a style file that is one is, not "not found".
    func testAnImageThatIsNoFileIsSaidToBeWhatItIs() throws {
        let (project, _) = try project()
        XCTAssertEqual(mkfifo(project + "/pipe.png", 0o600), 0)
        XCTAssertEqual(mkfifo(project + "/vector.svg", 0o600), 0)
        try FileManager.default.createDirectory(atPath: project + "/assets/folder.png", withIntermediateDirectories: true)
        let cases = [("pipe", "pipe.png is a named pipe, not a file"), ("vector", "vector.svg is a named pipe, not a file"),
                     ("folder", "folder.png is a folder, not a file")]
        for (name, expected) in cases {
            XCTAssertEqual(imageFindings(name, in: project), ["3:12: warning: image '\(name)': \(expected); drawing a placeholder"], name)
        }
    }

    /// The PNG checksum (ISO 3309 CRC-32) of `bytes`.
    private static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
