import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Xlib reports protocol errors asynchronously through one process-wide handler, whose default
/// exits the program. This one logs and carries on, and can catch the errors of one request
/// (attaching shared memory to a remote server fails, and that failure is expected).
enum XErrorTrap {
    nonisolated(unsafe) private static var trapping = false
    nonisolated(unsafe) private static var caught: UInt8?

    private static let handler: XErrorHandler = { display, event in
        guard let display, let event else { return 0 }
        if XErrorTrap.trapping {
            if XErrorTrap.caught == nil { XErrorTrap.caught = event.pointee.error_code }
            return 0
        }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
        fputs("designable: X error: \(String(cString: text)) (request \(event.pointee.request_code).\(event.pointee.minor_code))\n", stderr)
        return 0
    }

    /// Replaces Xlib's exiting handler for the life of the process.
    static func install() {
        _ = XSetErrorHandler(handler)
    }

    /// Runs `body` and syncs, returning the first X error code its requests caused, or nil.
    static func catching(_ display: OpaquePointer, _ body: () -> Void) -> UInt8? {
        XSync(display, 0)
        trapping = true
        caught = nil
        body()
        XSync(display, 0)
        trapping = false
        return caught
    }
}
