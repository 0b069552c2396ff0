import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// One JSON line per frame on stdout (`--trace`): what caused it, how long each step took, and
/// the monotonic time right after the server had the pixels, so a driver that stamped the clock
/// before saving can measure edit-to-pixel from outside.
final class Tracer {
    /// Why a frame was drawn.
    enum Cause: String {
        case start, file, input, expose, resize, timer
        case reloadKey = "reload-key"
        /// The read of the whole file after a first read of the views on its first screen.
        case wholeRead = "whole-read"
    }

    /// The steps of one frame, in nanoseconds, filled in as the frame is made.
    struct Frame {
        var cause: Cause
        /// When work on the frame began (the wake-up that led to it).
        var started: UInt64
        var read: UInt64 = 0
        var parse: UInt64 = 0
        /// Carrying states over a reload and finding what it changed on screen.
        var reconcile: UInt64 = 0
        /// Laying the document out, and the layout's findings (a view sticking out of the canvas).
        var layout: UInt64 = 0
        var render: UInt64 = 0
        var blit: UInt64 = 0
        /// A start's own steps besides the frame's: opening the display (before the file is
        /// read) and making the window (once its size is known from the file).
        var display: UInt64 = 0
        var window: UInt64 = 0
        /// Views redrawn, for input frames.
        var views: Int?
        /// Areas a reload redrew, for a save that changed some views only: each changed view's,
        /// and where one moved or shrank, what it covered before.
        var regions: Int?

        init(_ cause: Cause, started: UInt64 = MonotonicClock.now()) {
            self.cause = cause
            self.started = started
        }

        /// Adds `other`'s step times and redrawn views to this frame's: two frames' work shown as one.
        mutating func absorb(_ other: Frame) {
            read += other.read
            parse += other.parse
            reconcile += other.reconcile
            layout += other.layout
            render += other.render
            blit += other.blit
            display += other.display
            window += other.window
            if let views = other.views { self.views = (self.views ?? 0) + views }
            if let regions = other.regions { self.regions = (self.regions ?? 0) + regions }
        }

        /// Runs `body`, adding its time to the step at `step`.
        @inline(__always)
        mutating func time<T>(_ step: WritableKeyPath<Frame, UInt64>, _ body: () throws -> T) rethrows -> T {
            let start = MonotonicClock.now()
            defer { self[keyPath: step] &+= MonotonicClock.now() &- start }
            return try body()
        }
    }

    let enabled: Bool
    private(set) var frameCount = 0

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Counts a frame whose pixels reached the server at `presented` and prints its line.
    /// `focus`: the focused view's path as `render --view` names it (`card/buy`), for a driver
    /// to tell which view a click or a key reached.
    func record(_ frame: Frame, presented: UInt64, focus: String? = nil) {
        frameCount += 1
        guard enabled else { return }
        var line = "{\"frame\":\(frameCount),\"cause\":\"\(frame.cause.rawValue)\""
        line += ",\"read_ms\":" + Self.format(frame.read)
        line += ",\"parse_ms\":" + Self.format(frame.parse)
        line += ",\"reconcile_ms\":" + Self.format(frame.reconcile)
        line += ",\"layout_ms\":" + Self.format(frame.layout)
        line += ",\"render_ms\":" + Self.format(frame.render)
        line += ",\"blit_ms\":" + Self.format(frame.blit)
        line += ",\"total_ms\":" + Self.format(presented > frame.started ? presented - frame.started : 0)
        if let views = frame.views { line += ",\"views\":\(views)" }
        if let regions = frame.regions { line += ",\"regions\":\(regions)" }
        if let focus { line += ",\"focus\":" + jsonQuoted(focus) }
        if frame.cause == .start {
            // Where a start goes: before main (from the driver's own stamp of the spawn), then the
            // display and the window; the steps above are the rest.
            if let entered = MonotonicClock.mainEntered { line += ",\"main_t_mono_ns\":\(entered)" }
            line += ",\"display_ms\":" + Self.format(frame.display) + ",\"window_ms\":" + Self.format(frame.window)
        }
        line += ",\"t_mono_ns\":\(presented)}\n"
        fputs(line, stdout)
    }

    /// Milliseconds with microsecond precision, without Foundation's formatter.
    private static func format(_ nanoseconds: UInt64) -> String {
        let micros = (nanoseconds + 500) / 1000
        let fraction = String(micros % 1000)
        return "\(micros / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
