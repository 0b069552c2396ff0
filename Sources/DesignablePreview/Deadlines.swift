/// Every timer the preview has, in one place: poll() sleeps until the earliest of them, and an
/// idle preview (none set) sleeps until an event. A kind set again moves its deadline.
struct Deadlines {
    enum Kind: CaseIterable {
        /// A save in progress has been quiet long enough: read the file anyway.
        case settle
        /// The flash note goes away.
        case note
        /// The window manager did not answer the inspector's resize: make room inside the window.
        case panel
        /// Time to stat() the files inotify could not watch.
        case poll
        /// The component worker has had its time for a request: stop it.
        case worker
        /// The preview has been idle a while: draw the views on screen into the pixel cache.
        case warm
    }

    /// CLOCK_MONOTONIC nanoseconds, by kind.
    private var times: [Kind: UInt64] = [:]

    mutating func set(_ kind: Kind, at time: UInt64) {
        times[kind] = time
    }

    func isSet(_ kind: Kind) -> Bool {
        times[kind] != nil
    }

    mutating func cancel(_ kind: Kind) {
        times[kind] = nil
    }

    /// poll()'s timeout at `now`: milliseconds to the earliest deadline (rounded up, so it is
    /// not woken just before it), 0 when one has passed, -1 (forever) when none is set.
    func pollTimeout(now: UInt64) -> Int32 {
        guard let next = times.values.min() else { return -1 }
        return next <= now ? 0 : Int32(min(60_000, (next - now + 999_999) / 1_000_000))
    }

    /// Takes the kinds whose time has come at `now`, in declaration order.
    mutating func expire(at now: UInt64) -> [Kind] {
        guard !times.isEmpty else { return [] }
        let due = Kind.allCases.filter { times[$0].map { $0 <= now } ?? false }
        for kind in due { times[kind] = nil }
        return due
    }
}
