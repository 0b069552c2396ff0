import CPango

/// What a first frame pays for once per process, done on a thread of its own while the caller
/// opens its display and reads the style file: fontconfig's start-up (its configuration and
/// caches, about 7 ms, which Pango runs on a thread of its own once a font map exists), the
/// loading of a face (3 ms or so each) and librsvg's first parse (2 ms). Pango's default font map
/// is one per thread, so the warmed one is handed over: the first use of fonts on the caller's
/// thread waits for the warm-up and makes its font map that thread's default; the warm-up thread
/// has let go of it by then.
public enum WarmUp {
    nonisolated(unsafe) private static var pending: (thread: WorkerThread, fontMap: FontMapHandle)?

    /// A reference to a font map, released with its owner. The warm-up thread sets it just before
    /// it ends and the caller's thread reads it only after joining, so the two never share it.
    private final class FontMapHandle: @unchecked Sendable {
        var pointer: UnsafeMutablePointer<PangoFontMap>?
        deinit { if let pointer { g_object_unref(UnsafeMutableRawPointer(pointer)) } }
    }

    /// Starts fontconfig, the faces of `fonts` and librsvg on another thread. Call it on the
    /// thread that will draw, before anything there measures or draws text.
    public static func begin(fonts: [Font]) {
        guard pending == nil else { return }
        let handle = FontMapHandle()
        let thread = WorkerThread {
            let fontMap = pango_cairo_font_map_new()!
            // While Pango's thread reads fontconfig's files.
            _ = try? SVGDocument(bytes: Array("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>".utf8))
            let engine = TextEngine(context: TextEngine.makeContext(fontMap))
            for font in fonts { engine.warmUp(font) }
            handle.pointer = fontMap
        }
        pending = (thread, handle)
    }

    /// This thread's default font map, once a warm-up begun here has finished and handed its own over.
    static func defaultFontMap() -> UnsafeMutablePointer<PangoFontMap> {
        if let (thread, handle) = pending {
            pending = nil
            thread.join()
            // The default takes a reference of its own; the handle's goes with it.
            if let fontMap = handle.pointer { pango_cairo_font_map_set_default(OpaquePointer(fontMap)) }
        }
        return pango_cairo_font_map_get_default()
    }
}
