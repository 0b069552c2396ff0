import CX11
import DesignableCore

/// The X events the preview acts on, decoded from Xlib's union so the loop can switch over them.
enum WindowEvent {
    /// Part of the window needs its pixels again; `more` says further Expose events follow in this batch.
    case expose(PixelRect, more: Bool)
    /// The window's size (it may be unchanged when the window only moved).
    case configure(width: Int, height: Int)
    case keyPress(KeySym, modifiers: UInt32)
    case keyRelease(KeySym, modifiers: UInt32)
    case buttonPress(UInt32, x: Int, y: Int, modifiers: UInt32)
    case buttonRelease(UInt32, x: Int, y: Int)
    /// Pointer motion while a button is held (the window asks for no other).
    case motion(x: Int, y: Int)
    /// The window manager's close button (WM_DELETE_WINDOW).
    case close
    /// The keyboard went elsewhere: a key held down will never be seen released.
    case focusOut
    case other

    /// A key or the pointer: what acts on the views, and must find them where they are drawn.
    var isInput: Bool {
        switch self {
        case .keyPress, .keyRelease, .buttonPress, .buttonRelease, .motion: return true
        case .expose, .configure, .close, .focusOut, .other: return false
        }
    }

    /// Decodes `event`; `deleteAtom` identifies the close request among client messages.
    init(_ event: inout XEvent, deleteAtom: Atom) {
        switch event.type {
        case Expose:
            let e = event.xexpose
            self = .expose(PixelRect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height)), more: e.count > 0)
        case ConfigureNotify:
            self = .configure(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case KeyPress, KeyRelease:
            var keysym: KeySym = 0
            // XLookupString applies Shift (Tab becomes ISO_Left_Tab), which XLookupKeysym would not.
            _ = XLookupString(&event.xkey, nil, 0, &keysym, nil)
            self = event.type == KeyPress ? .keyPress(keysym, modifiers: event.xkey.state)
                                          : .keyRelease(keysym, modifiers: event.xkey.state)
        case ButtonPress:
            let e = event.xbutton
            self = .buttonPress(e.button, x: Int(e.x), y: Int(e.y), modifiers: e.state)
        case ButtonRelease:
            let e = event.xbutton
            self = .buttonRelease(e.button, x: Int(e.x), y: Int(e.y))
        case MotionNotify:
            self = .motion(x: Int(event.xmotion.x), y: Int(event.xmotion.y))
        case ClientMessage:
            let e = event.xclient
            self = e.format == 32 && Atom(bitPattern: e.data.l.0) == deleteAtom ? .close : .other
        case FocusOut:
            self = .focusOut
        default:
            self = .other
        }
    }
}
