import CX11
import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// The top-level X window and its back buffer. Every frame is drawn off screen into the buffer
/// and reaches the window in one blit, so the window never shows a half-drawn frame; an Expose
/// is answered from the buffer without drawing anything. Its size is not kept here: the event
/// loop's `Viewport` has the one the server last told (ConfigureNotify).
final class PreviewWindow {
    let display: XDisplay
    let id: Window
    private(set) var buffer: SharedMemoryImage?

    private let gc: GC
    private let deleteAtom: Atom
    private let utf8Atom: Atom
    private let netNameAtom: Atom
    private let nameAtom: Atom
    private var event = XEvent()
    /// Whether the server reports a held key as repeated presses only (XKB): then every release is real.
    private let detectableAutoRepeat: Bool

    init(display: XDisplay, width: Int, height: Int, title: String) throws(PreviewFailure) {
        self.display = display
        let dpy = display.pointer
        var attributes = XSetWindowAttributes()
        // No background: the server would clear exposed areas before we paint them (a flash of
        // white on every resize). NorthWest gravity keeps the old pixels in place while resizing.
        attributes.background_pixmap = 0
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask
            | ButtonPressMask | ButtonReleaseMask | ButtonMotionMask | FocusChangeMask
        id = XCreateWindow(dpy, display.root, 0, 0, UInt32(width), UInt32(height), 0, display.depth,
                           UInt32(InputOutput), display.visual, UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        guard id != 0 else { throw PreviewFailure("cannot create the preview window") }
        guard let gc = XCreateGC(dpy, id, 0, nil) else {
            XDestroyWindow(dpy, id)
            throw PreviewFailure("cannot create the preview window's graphics context")
        }
        self.gc = gc
        let atoms = display.atoms(["WM_DELETE_WINDOW", "UTF8_STRING", "_NET_WM_NAME", "WM_PROTOCOLS", "_NET_WM_PID"])
        (deleteAtom, utf8Atom, netNameAtom) = (atoms[0], atoms[1], atoms[2])
        nameAtom = Atom(XA_WM_NAME)
        var supported: Int32 = 0
        detectableAutoRepeat = XkbSetDetectableAutoRepeat(dpy, 1, &supported) != 0 && supported != 0

        // Format-32 properties are longs in Xlib's client-side representation. (XSetWMProtocols
        // would intern WM_PROTOCOLS again, one more round trip.)
        [UInt(deleteAtom)].withUnsafeBytes { bytes in
            _ = XChangeProperty(dpy, id, atoms[3], XA_ATOM, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        setProperty(Atom(XA_WM_CLASS), type: XA_STRING, bytes: Array("designable\0Designable\0".utf8))
        [UInt(getpid())].withUnsafeBytes { bytes in
            _ = XChangeProperty(dpy, id, atoms[4], XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        var hints = XSizeHints()
        hints.flags = PMinSize
        (hints.min_width, hints.min_height) = (120, 80)
        XSetWMNormalHints(dpy, id, &hints)
        setTitle(title)
    }

    deinit {
        buffer = nil
        XFreeGC(display.pointer, gc)
        XDestroyWindow(display.pointer, id)
        XFlush(display.pointer)
    }

    // MARK: - Window manager

    /// Sets the title as UTF-8 in both WM_NAME and _NET_WM_NAME (the em dash is not Latin-1).
    func setTitle(_ title: String) {
        let bytes = Array(title.utf8)
        for atom in [nameAtom, netNameAtom] {
            XChangeProperty(display.pointer, id, atom, utf8Atom, 8, PropModeReplace, bytes, Int32(bytes.count))
        }
    }

    private func setProperty(_ property: Atom, type: Atom, bytes: [UInt8]) {
        XChangeProperty(display.pointer, id, property, type, 8, PropModeReplace, bytes, Int32(bytes.count))
    }

    func map() {
        XMapWindow(display.pointer, id)
        XFlush(display.pointer)
    }

    /// Asks for a new size; the answer comes back as a ConfigureNotify (a window manager may refuse).
    func requestSize(width: Int, height: Int) {
        XResizeWindow(display.pointer, id, UInt32(max(1, width)), UInt32(max(1, height)))
        XFlush(display.pointer)
    }

    // MARK: - Back buffer

    /// The buffer at the window's size, `width` by `height`, made anew when the size changed.
    func currentBuffer(width: Int, height: Int) throws(PreviewFailure) -> SharedMemoryImage {
        if let buffer, buffer.width == width, buffer.height == height { return buffer }
        buffer = nil
        let made = try SharedMemoryImage(display: display, width: max(1, width), height: max(1, height))
        buffer = made
        return made
    }

    /// Whether the buffer holds a frame at the window's size, so an Expose can be answered from it.
    func hasBuffer(width: Int, height: Int) -> Bool {
        buffer.map { $0.width == width && $0.height == height } ?? false
    }

    /// Fills the parts of `rect` outside `drawn` (the part of the window the back buffer covers)
    /// with a neutral grey, on the server: no client memory, whatever the window's size.
    func fill(_ rect: PixelRect, outside drawn: PixelRect) {
        // Right of the drawn area, and below it; the drawn area starts at the window's corner.
        let right = PixelRect(x: drawn.maxX, y: rect.y, width: rect.maxX - drawn.maxX, height: rect.height).intersection(rect)
        let below = PixelRect(x: rect.x, y: drawn.maxY, width: rect.width, height: rect.maxY - drawn.maxY).intersection(rect)
        let outside = [right, below].filter { !$0.isEmpty }
        guard !outside.isEmpty else { return }
        XSetForeground(display.pointer, gc, 0x808080)
        for part in outside {
            XFillRectangle(display.pointer, id, gc, Int32(part.x), Int32(part.y), UInt32(part.width), UInt32(part.height))
        }
    }

    /// Puts `rects` of the buffer on the window and waits until the server has them: the next
    /// frame may then draw into the same memory, and the returned time is when the pixels landed.
    @discardableResult
    func blit(_ rects: [PixelRect]) -> UInt64 {
        if let buffer {
            for rect in rects { buffer.put(on: id, gc: gc, rect: rect) }
        }
        XSync(display.pointer, 0)
        return MonotonicClock.now()
    }

    // MARK: - Events

    /// Events already read from the socket or waiting in it; poll() sees only the second kind.
    var hasPendingEvents: Bool { XPending(display.pointer) > 0 }

    /// The next event, waiting for one if none is queued. Holding Space must stay one press: with
    /// XKB the server sends no release until the key is up; without it, a release that auto-repeat
    /// pairs with a press of the same time is swallowed with that press.
    func nextEvent() -> WindowEvent {
        while true {
            XNextEvent(display.pointer, &event)
            if !detectableAutoRepeat, event.type == KeyRelease, XEventsQueued(display.pointer, QueuedAfterReading) > 0 {
                var next = XEvent()
                XPeekEvent(display.pointer, &next)
                if next.type == KeyPress, next.xkey.time == event.xkey.time, next.xkey.keycode == event.xkey.keycode {
                    XNextEvent(display.pointer, &next)
                    continue
                }
            }
            return WindowEvent(&event, deleteAtom: deleteAtom)
        }
    }
}
