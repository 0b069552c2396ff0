#if canImport(Glibc)
import Glibc
#endif
import DesignableCore

/// The command line's guard around user code. Commands other than the preview run Swift
/// components in their own process; before the first one is loaded, the process forks: the child
/// runs the rest of the command as it would have, and the parent only waits for it. A child that
/// ends by a signal (a trap, a fatal error, a stack overflow) or outlives the time limit becomes
/// one finding and exit status 1, instead of a crash with a backtrace or a job that never ends.
enum Supervision {
    /// How long a command that runs Swift components may take, in seconds: far beyond drawing
    /// any file Designable accepts, and a bound on a component that never returns.
    /// `DESIGNABLE_COMPONENT_TIME_LIMIT` sets another.
    static var timeLimit: Double {
        getenv("DESIGNABLE_COMPONENT_TIME_LIMIT").flatMap { Double(String(cString: $0)) }.map { max(0.1, $0) } ?? 60
    }

    /// Forks; returns in the child, which carries on with the command. The parent never returns.
    static func superviseThisProcess() {
        let recordSize = 4096
        // Shared with the child: where its signal handler writes the component frame it crashed in.
        guard let record = mmap(nil, recordSize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0),
              record != MAP_FAILED else { return }
        // Only this thread lives on in the child: no warm-up may be left running (or holding
        // fontconfig's locks) across the fork.
        WarmUp.finishAll()
        fflush(stdout)
        fflush(stderr)
        let child = fork()
        if child < 0 { return }  // No supervisor, but the command still runs.
        if child == 0 {
            CrashPlace.install(record: record, size: recordSize)
            return
        }
        // Signals meant for the command (Ctrl-C) reach the child too, as its process group's.
        _exit(wait(for: child, record: record))
    }

    /// The child's exit status, or 1 with a finding when it crashed or ran out of time.
    private static func wait(for child: pid_t, record: UnsafeMutableRawPointer) -> Int32 {
        let limit = timeLimit
        let deadline = MonotonicClock.now() + UInt64(limit * 1e9)
        var status: Int32 = 0
        while true {
            let done = waitpid(child, &status, WNOHANG)
            if done == child { break }
            if done < 0 && errno != EINTR { return 1 }
            if MonotonicClock.now() > deadline {
                kill(child, SIGKILL)
                _ = waitpid(child, &status, 0)
                report("a Swift component did not finish within \(formatNumber(limit)) s (an endless loop?); the command was stopped")
                return 1
            }
            usleep(2_000)
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }  // Exited: its own status.
        let signal = status & 0x7f
        let text = String(cString: record.assumingMemoryBound(to: CChar.self))
        let place = CrashPlace.parse(text).flatMap { CrashPlace.place(ofOffset: $0.offset, inLibrary: $0.library) }
        let name = String(cString: strsignal(signal))
        report("a Swift component crashed (\(name))" + (place.map { " at \($0)" } ?? "") + "; the message above is the Swift runtime's")
        return 1
    }

    private static func report(_ message: String) {
        Console.error("designable: \(message)")
    }
}
