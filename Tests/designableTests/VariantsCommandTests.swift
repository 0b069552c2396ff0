import DesignableCore
import Foundation
import XCTest

/// `--appearance`, `--direction` and `render --variants` through the real binary: the pixels of
/// a known cell of the grid, dark colours, a right-to-left picture against its golden image,
/// snapshots of each variant, and the usage mistakes each option can be given.
final class VariantsCommandTests: XCTestCase {
    /// A control whose every state has a colour of its own (selected+highlighted takes the
    /// highlighted look, which layers over the selected one), and a label with one state.
    private static let style = """
        canvas: {padding: 8, spacing: 8}
        views:
          - class: RoundedCornerButton
            id: go
            title: Go
            size: [100, 40]
            backgroundColor: "#0000FF"
            highlighted: {backgroundColor: "#FF0000"}
            selected: {backgroundColor: "#00FF00"}
            disabled: {backgroundColor: "#808080"}
          - {class: PillUILabel, text: Tag, backgroundColor: systemBlue}

        """

    private static let colours: [ControlState: UInt32] = [.normal: 0x0000FF, .highlighted: 0xFF0000, .selected: 0x00FF00,
                                                          [.selected, .highlighted]: 0xFF0000, .disabled: 0x808080]

    private func styleInNewFolder(_ text: String = VariantsCommandTests.style) throws -> (folder: URL, style: String) {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("style.yaml")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return (folder, path.path)
    }

    private func fixture(_ name: String) -> String {
        projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/\(name).yaml").path
    }

    private func rgb(_ surface: ImageSurface, _ point: Point, scale: Double) -> UInt32 {
        surface.pixel(x: Int(point.x * scale), y: Int(point.y * scale)) & 0xFFFFFF
    }

    /// The grid this process lays out for `path`, as the binary must have (the same fonts are pinned).
    private func layOutGrid(_ path: String, variants: [Variant], views: [Int]? = nil) throws -> VariantGrid {
        let document = try XCTUnwrap(StyleLoader.load(path: path).document)
        let renderer = Renderer()
        return VariantGrid(document, layout: renderer.layout(document), variants: variants, views: views, painter: renderer.painter)
    }

    func testRenderVariantsDrawsEachStateInItsCell() throws {
        let (folder, style) = try styleInNewFolder()
        let output = folder.appendingPathComponent("grid.png")
        let run = try runDesignable(["render", style, "--variants", "--appearance", "both", "--scale", "2", "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let surface = try ImageSurface(png: output.path)
        let variants = [Variant.standard, Variant(dark: true)]
        let grid = try layOutGrid(style, variants: variants)
        XCTAssertEqual([surface.width, surface.height], [Int((grid.size.width * 2).rounded(.up)), Int((grid.size.height * 2).rounded(.up))])
        // In each cell of the button, a point inside it left of its title has that state's colour.
        let frame = grid.layout.frames[0]
        let cells = grid.cells.filter { $0.view == 0 }
        XCTAssertEqual(cells.count, 10)
        for cell in cells {
            let point = Point(x: frame.x + 10 + cell.offset.x, y: frame.midY + cell.offset.y)
            XCTAssertEqual(rgb(surface, point, scale: 2), Self.colours[cell.state], "the \(cell.state) cell of set \(cell.variant) at \(point)")
        }
        let selected = try XCTUnwrap(cells.first { $0.state == .selected && $0.variant == 0 })
        XCTAssertEqual(rgb(surface, Point(x: selected.rect.midX - 40, y: selected.rect.midY), scale: 2), 0x00FF00, "the selected cell")
        // The label: systemBlue in light, #0A84FF on black in dark; no cell under its other columns.
        let labels = grid.cells.filter { $0.view == 1 }
        XCTAssertEqual(labels.map(\.state), [.normal, .normal])
        let pill = grid.layout.frames[1]
        for label in labels {
            let centre = Point(x: pill.x + 6 + label.offset.x, y: pill.midY + label.offset.y)
            XCTAssertEqual(rgb(surface, centre, scale: 2), label.variant == 0 ? 0x007AFF : 0x0A84FF)
            XCTAssertEqual(rgb(surface, Point(x: label.rect.x + 1, y: label.rect.y + 1), scale: 2), label.variant == 0 ? 0xFFFFFF : 0x000000,
                           "each set on the canvas background as its appearance draws it")
        }

        // --view: that view's row alone; --direction both: a right-to-left set beside each.
        let one = folder.appendingPathComponent("one.png")
        XCTAssertEqual(try runDesignable(["render", style, "--variants", "--view", "go", "--direction", "both", "-o", one.path]).status, 0)
        let row = try layOutGrid(style, variants: [.standard, Variant(rightToLeft: true)], views: [0])
        XCTAssertEqual(row.cells.count, 10)
        let size = try XCTUnwrap(pngSize(one))
        XCTAssertEqual([size.width, size.height], [Int(row.size.width.rounded(.up)), Int(row.size.height.rounded(.up))])
        XCTAssertLessThan(row.size.height, grid.size.height, "one row is shorter than two")
        // Any format the output's extension names.
        let svg = folder.appendingPathComponent("grid.svg")
        XCTAssertEqual(try runDesignable(["render", style, "--variants", "-o", svg.path]).status, 0)
        XCTAssertTrue(try String(contentsOf: svg, encoding: .utf8).contains("<svg"))
    }

    func testDarkAppearanceAndRightToLeftFromTheCommandLine() throws {
        let folder = try temporaryFolder()
        let dark = folder.appendingPathComponent("dark.png")
        let run = try runDesignable(["render", fixture("Dark"), "--appearance", "dark", "-o", dark.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let surface = try ImageSurface(png: dark.path)
        XCTAssertEqual(surface.pixel(x: 2, y: 2) & 0xFFFFFF, 0x000000, "systemBackground is black")
        let reference = try ImageSurface(png: projectRoot.appendingPathComponent("Tests/DesignableCoreTests/References/Dark@1x.png").path)
        XCTAssertTrue(ImageComparison(surface, to: reference).matches, "render --appearance dark draws the golden image")

        let rtl = folder.appendingPathComponent("rtl.png")
        XCTAssertEqual(try runDesignable(["render", fixture("RightToLeft"), "--direction", "rtl", "--scale", "2", "-o", rtl.path]).status, 0)
        let golden = try ImageSurface(png: projectRoot.appendingPathComponent("Tests/DesignableCoreTests/References/RightToLeft@2x.png").path)
        XCTAssertTrue(ImageComparison(try ImageSurface(png: rtl.path), to: golden).matches, "render --direction rtl draws the golden image")
    }

    func testSnapshotsOfEachAppearanceAndDirection() throws {
        let (folder, style) = try styleInNewFolder()
        let record = try runDesignable(["snapshot", style, "--appearance", "both", "--direction", "both"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stdout.hasPrefix("0 passed, 0 failed, 24 recorded in "), record.stdout)
        let snapshots = folder.appendingPathComponent("__Snapshots__")
        let names = try FileManager.default.contentsOfDirectory(atPath: snapshots.path)
        for name in ["go.selected@2x.png", "go.selected.dark@2x.png", "go.selected.rtl@2x.png", "go.selected.dark.rtl@2x.png",
                     "PillUILabel-1.normal.dark.rtl@2x.png"] {
            XCTAssertTrue(names.contains(name), "\(name) among \(names.sorted())")
        }
        XCTAssertEqual(names.filter { $0.contains(".dark") }.count, 12)
        // The label is systemBlue: its dark snapshot is #0A84FF, its light one #007AFF.
        let light = try ImageSurface(png: snapshots.appendingPathComponent("PillUILabel-1.normal@2x.png").path)
        let darkPill = try ImageSurface(png: snapshots.appendingPathComponent("PillUILabel-1.normal.dark@2x.png").path)
        XCTAssertEqual(light.pixel(x: 12, y: light.height / 2) & 0xFFFFFF, 0x007AFF)
        XCTAssertEqual(darkPill.pixel(x: 12, y: darkPill.height / 2) & 0xFFFFFF, 0x0A84FF)

        let verify = try runDesignable(["snapshot", style, "--appearance", "both", "--direction", "both"])
        XCTAssertEqual(verify.stdout, "24 passed, 0 failed\n")
        // Dark alone verifies its own pictures, and light ones are not asked for.
        XCTAssertEqual(try runDesignable(["snapshot", style, "--appearance", "dark"]).stdout, "6 passed, 0 failed\n")
    }

    func testEachOptionSaysWhatItTakes() throws {
        let (folder, style) = try styleInNewFolder()
        let out = folder.appendingPathComponent("out.png").path
        func usage(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let run = try runDesignable(arguments)
            XCTAssertEqual(run.status, 64, run.stderr, file: file, line: line)
            XCTAssertTrue(run.stderr.hasPrefix("Error: " + message + "\n"), run.stderr, file: file, line: line)
        }
        try usage(["render", style, "-o", out, "--appearance", "both"],
                  "--appearance both applies with --variants, a column set for each; here give light or dark")
        try usage(["render", style, "-o", out, "--direction", "both"],
                  "--direction both applies with --variants, a column set for each; here give ltr or rtl")
        try usage(["render", style, "-o", out, "--appearance", "drak"], "--appearance takes light or dark, not 'drak' (did you mean 'dark'?)")
        try usage(["render", style, "-o", out, "--variants", "--direction", "right"], "--direction takes ltr, rtl or both, not 'right'")
        try usage(["render", style, "-o", out, "--variants", "--state", "selected"],
                  "--variants draws every state, each in its own column: leave out --state")
        try usage(["preview", style, "--appearance", "both"],
                  "--appearance both applies to snapshot and to render --variants, which draw several pictures; here give light or dark")
        try usage(["snapshot", style, "--direction", "up"], "--direction takes ltr, rtl or both, not 'up'")
    }
}
