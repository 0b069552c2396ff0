#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds: the clock a driver outside the process stamps too, so
/// edit-to-pixel times can be subtracted across processes, and the one every phase is timed by.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary start (the machine's boot).
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// When the program's own code began, or nil in a process that did not mark it (a test):
    /// a start's trace tells from it what the process paid before any of Designable ran.
    public private(set) nonisolated(unsafe) static var mainEntered: UInt64?

    /// Marks now as `mainEntered`; the command line's first statement.
    public static func markMainEntered() {
        mainEntered = now()
    }
}
