#if canImport(Glibc)
import Glibc
#endif
import CPango

/// What a first frame pays for once per process, done on threads of their own while the caller
/// opens its display and reads the style file: fontconfig's start-up (its configuration and
/// caches, about 7 ms, which Pango runs on a thread of its own once a font map exists), the
/// loading of a face (3 ms or so each), and opening librsvg with its first parse (5 ms or so:
/// it is not linked, see `Librsvg`).
///
/// Fonts and librsvg warm up apart, so the first text measured waits for fontconfig only. The
/// fonts' thread lists the installed families as soon as its font map exists, before it loads any
/// face: reading a style checks each font's family against them, and waits for that list alone
/// while the faces load (2 to 8 ms on a 2-core machine, which the read overlaps).
///
/// The preview opens librsvg only once its display is open: with both at once, opening the X
/// connection took 3.3 ms instead of 1.1, and the gallery's first frame came 2 to 6 ms later.
/// Pango's default font map is one per thread, so the warmed one is handed over: the first use
/// of the font map on the caller's thread waits for the fonts' warm-up to end and makes its font
/// map that thread's default; the warm-up thread has let go of it by then. The family list is
/// handed over earlier, through a semaphore, while the warm-up goes on loading faces. librsvg
/// needs no hand-over: the first SVG on any thread waits for the library to be open, as
/// `Librsvg.loaded` is made once.
public enum WarmUp {
    nonisolated(unsafe) private static var fonts: (thread: WorkerThread, fontMap: FontMapHandle)?
    nonisolated(unsafe) private static var librsvg: WorkerThread?

    /// A reference to a font map, released with its owner, and the families it lists. The warm-up
    /// thread sets the font map just before it ends and the caller's thread reads it only after
    /// joining; the warm-up thread sets the families before it posts the semaphore, and the
    /// caller's thread reads them only after waiting on it.
    private final class FontMapHandle: @unchecked Sendable {
        var pointer: UnsafeMutablePointer<PangoFontMap>?
        /// The font map's families, set once before `listed` is posted and only read after it.
        var families: [String] = []
        /// Whether the thread lists the families (the fork-safe warm-up makes no font map).
        let hasFamilies: Bool
        /// Posted once the families are set; at an address of its own, as a semaphore may not move.
        private let listed = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        private var waited = false

        init(listsFamilies: Bool) {
            hasFamilies = listsFamilies
            sem_init(listed, 0, 0)
        }

        deinit {
            sem_destroy(listed)
            listed.deallocate()
            if let pointer { g_object_unref(UnsafeMutableRawPointer(pointer)) }
        }

        func publish(_ families: [String]) {
            self.families = families
            sem_post(listed)
        }

        /// The families, once published; called only by the thread that began the warm-up.
        func waitForFamilies() -> [String] {
            if !waited {
                while sem_wait(listed) != 0 && errno == EINTR {}
                waited = true
            }
            return families
        }
    }

    /// Starts fontconfig and the faces of `fonts` on a thread of their own. Call it on the
    /// thread that will draw, before anything there measures or draws text.
    public static func begin(fonts faces: [Font]) {
        guard fonts == nil else { return }
        let handle = FontMapHandle(listsFamilies: true)
        let thread = WorkerThread {
            let fontMap = pango_cairo_font_map_new()!
            handle.publish(InstalledFonts.families(of: fontMap))
            let engine = TextEngine(context: TextEngine.makeContext(fontMap))
            for font in faces { engine.warmUp(font) }
            handle.pointer = fontMap
        }
        fonts = (thread, handle)
    }

    /// fontconfig's start-up and librsvg's, on threads of their own, for a command that may fork
    /// (`render` runs Swift components under a supervisor that forks when the first one loads).
    /// No Pango font map: Pango starts fontconfig on a GLib pool thread, which a forked child
    /// would believe it still has. fontconfig itself leaves no thread behind.
    public static func beginForkSafe() {
        guard fonts == nil else { return }
        // Pango's dependency, loaded with it; FcInit is what Pango's own start-up spends its time
        // in, and once done it is done for the process. Looked up here, not on the thread: dlsym
        // takes the loader's lock, which librsvg's dlopen holds for its 7 ms or so, and the first
        // text waited those out too.
        let initialise = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "FcInit").map {
            unsafeBitCast($0, to: (@convention(c) () -> Int32).self)
        }
        let thread = WorkerThread { _ = initialise?() }
        fonts = (thread, FontMapHandle(listsFamilies: false))
        beginLibrsvg()
    }

    /// Opens librsvg and parses a first SVG on a thread of its own.
    public static func beginLibrsvg() {
        guard librsvg == nil else { return }
        librsvg = WorkerThread {
            _ = try? SVGDocument(bytes: Array("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>".utf8))
        }
    }

    /// Waits for the fonts' warm-up begun on this thread and makes its font map this thread's
    /// default; nothing when none is running.
    public static func finish() {
        guard let (thread, handle) = fonts else { return }
        fonts = nil
        thread.join()
        // The default takes a reference of its own; the handle's goes with it.
        if let fontMap = handle.pointer { pango_cairo_font_map_set_default(OpaquePointer(fontMap)) }
    }

    /// Waits for every warm-up thread: before a fork, as a child has only the forking thread.
    public static func finishAll() {
        finish()
        librsvg?.join()
        librsvg = nil
    }

    /// The installed families, from the font map a warm-up begun on this thread is making (waiting
    /// for its list, not for its faces); nil when none is running.
    static func familiesWhileWarming() -> [String]? {
        guard let (_, handle) = fonts, handle.hasFamilies else { return nil }
        return handle.waitForFamilies()
    }

    /// This thread's default font map, once a warm-up begun here has finished and handed its own over.
    static func defaultFontMap() -> UnsafeMutablePointer<PangoFontMap> {
        finish()
        return pango_cairo_font_map_get_default()
    }
}
