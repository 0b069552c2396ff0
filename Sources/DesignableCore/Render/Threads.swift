#if canImport(Glibc)
import Glibc
#endif

/// A thread running one piece of work, joined by its owner (at the latest when it lets go).
public final class WorkerThread {
    private var thread: pthread_t?

    /// Starts `work` on a new thread, or runs it here when no thread can be made (so that after
    /// `join` the work is done either way).
    public init(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Work(work))
        var made = pthread_t()
        if pthread_create(&made, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, box.toOpaque()) == 0 {
            thread = made
        } else {
            box.takeRetainedValue().run()
        }
    }

    deinit { join() }

    /// Waits until the work is done.
    public func join() {
        guard let thread else { return }
        self.thread = nil
        pthread_join(thread, nil)
    }

    private final class Work {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}

/// A flag one thread sets and others read, behind a lock: a thread working in pieces looks at it
/// between them to stop early, another learns whether something is done without waiting for it.
public final class SharedFlag: @unchecked Sendable {
    /// At an address of its own: a mutex may not move.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value = false

    public init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    public var isSet: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return value
    }

    public func set() {
        pthread_mutex_lock(lock)
        value = true
        pthread_mutex_unlock(lock)
    }
}
