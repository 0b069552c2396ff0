import DesignableCore

/// One fuzz input through every step a style file takes: parse, findings, layout, render, and a
/// reload of the same bytes.
///
/// libFuzzer's entry point. Its runtime's `main` names it even though `Replay` starts the driver
/// itself (SwiftPM gives an executable its own entry point), so it is exported under that name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzHarness.shared.run(bytes)
    return 0
}

final class FuzzHarness {
    static let shared = FuzzHarness()

    /// The path the input is loaded as. Image names resolve next to it, so `make fuzz` points it
    /// into a work folder holding the examples' images and inputs that name them draw real pixels.
    let stylePath = Environment.value("DESIGNABLE_FUZZ_STYLE_PATH") ?? "fuzz-input.yaml"

    /// Drawn only up to this many pixels: a large canvas is one big memset, slow and uninteresting,
    /// and the refusal of a canvas too large to draw is still reached through `Findings`.
    static let maximumPixels = 256.0 * 256.0

    func run(_ bytes: [UInt8]) {
        // A renderer of its own per input, as `designable render` has: a crash file replays alone,
        // with no cache filled by earlier inputs, and nothing outlives the input. (A cached image
        // held in a Swift enum with its tag in the pointer's spare bits looks unreachable to
        // LeakSanitizer, which then reports a leak that is not one.)
        let renderer = Renderer()
        // The preview's first read of a large file, which may blank views off its first screen
        // out of the text before the parse (`FirstScreenText`).
        _ = StyleLoader.load(bytes: bytes, path: stylePath, firstScreen: Rect(x: 0, y: 0, width: 200, height: 200))
        let loaded = StyleLoader.load(bytes: bytes, path: stylePath)
        let layout = loaded.document.map { renderer.layout($0) }
        let findings = Findings.all(loaded, layout: layout)
        // Every finding is printed by the command line: its text must be formed without a trap.
        for finding in findings { _ = "\(finding)" }
        guard let document = loaded.document, let layout else { return }
        // A save that changes nothing must report what a fresh load does, though the preview's
        // reload then takes every view over from the previous document: a difference traps.
        let reloaded = StyleLoader.load(bytes: bytes, path: stylePath, reusing: document)
        precondition(reloaded.diagnostics == loaded.diagnostics,
                     "a reload of the same bytes reports \(reloaded.diagnostics), a fresh load \(loaded.diagnostics)")
        let size = layout.canvasSize
        let pixels = size.width * size.height
        guard size.width.isFinite, size.height.isFinite, pixels.isFinite, pixels <= Self.maximumPixels else { return }
        // Each view in its own starting state, then all highlighted: the pressed look is drawn by
        // other code (gradients darkened, images tinted).
        _ = try? renderer.render(document, layout: layout, scale: 1, states: { document.views[$0].initialState })
        _ = try? renderer.render(document, layout: layout, scale: 2, states: { _ in .highlighted })
    }
}
