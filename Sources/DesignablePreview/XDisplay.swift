import CX11
#if canImport(Glibc)
import Glibc
#endif

/// The connection to the X server, closed with its owner, and what the preview needs to know
/// about its screen.
final class XDisplay {
    let pointer: OpaquePointer
    let screen: Int32
    let root: Window
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    /// The socket, for poll(); Xlib reads events from it.
    let fileDescriptor: Int32
    /// Whether the server has MIT-SHM with shared pixmaps off or on: only images are needed.
    let hasSharedMemory: Bool
    let screenWidth: Int, screenHeight: Int

    /// Opens `$DISPLAY`; nil when no server answers.
    init?() throws(PreviewFailure) {
        guard let display = XOpenDisplay(nil) else { return nil }
        pointer = display
        screen = cx11_default_screen(display)
        root = cx11_root_window(display, screen)
        visual = cx11_default_visual(display, screen)
        depth = cx11_default_depth(display, screen)
        fileDescriptor = cx11_connection_number(display)
        screenWidth = Int(cx11_display_width(display, screen))
        screenHeight = Int(cx11_display_height(display, screen))
        // A 32-bit pixel with red, green and blue in Cairo's byte positions lets the ARGB32 back
        // buffer go to the server untouched; anything else would need a conversion per frame.
        let v = visual.pointee
        guard depth == 24 || depth == 32, v.red_mask == 0xFF0000, v.green_mask == 0x00FF00, v.blue_mask == 0x0000FF else {
            XCloseDisplay(display)
            throw PreviewFailure("the X display's default visual is \(depth)-bit with masks \(String(v.red_mask, radix: 16))/\(String(v.green_mask, radix: 16))/\(String(v.blue_mask, radix: 16)); the preview needs 24-bit TrueColor")
        }
        var major: Int32 = 0, minor: Int32 = 0, pixmaps: Int32 = 0, opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        let disabled = getenv("DESIGNABLE_NO_SHM").map { String(cString: $0) != "" && String(cString: $0) != "0" } ?? false
        // XQueryExtension first: XShmQueryVersion alone prints a warning when the extension is missing.
        hasSharedMemory = !disabled && XQueryExtension(display, "MIT-SHM", &opcode, &event, &error) != 0
            && XShmQueryVersion(display, &major, &minor, &pixmaps) != 0
        XErrorTrap.install()
    }

    deinit { XCloseDisplay(pointer) }

    /// The atoms of `names`, in order, made where the server has none: one round trip for all,
    /// where one each would wait for the server as many times while a window is made.
    func atoms(_ names: [String]) -> [Atom] {
        var atoms = [Atom](repeating: 0, count: names.count)
        var strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        _ = strings.withUnsafeMutableBufferPointer { pointers in
            XInternAtoms(pointer, pointers.baseAddress, Int32(names.count), 0, &atoms)
        }
        return atoms
    }

    /// Pixels per point from the X resource Xft.dpi (what desktop settings write for HiDPI), or nil when unset.
    var resourceScale: Double? {
        guard let resources = XResourceManagerString(pointer) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let address = value.addr,
              let dpi = Double(String(cString: address).trimmingSpaces), dpi > 0 else { return nil }
        return dpi / 96
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }
}
