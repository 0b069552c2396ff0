import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// The window's side of one component worker: the process, its two message pipes, its standard
/// error and the shared pixels, each with this one owner; `stop()` ends the process and
/// everything goes with the client. Started with posix_spawn of this same executable: only the
/// descriptors handed over reach it (everything of ours is close-on-exec, the X connection too).
final class WorkerClient {
    /// How long user code may run for one request once compiling is over: a frame that takes
    /// longer is taken for an endless loop, and the worker is stopped.
    static let timeLimit: UInt64 = 2_000_000_000
    /// How long compiling may take before the worker is given up on.
    static let compileLimit: UInt64 = 120_000_000_000

    let pid: pid_t
    private let requests: MessagePipe
    let replies: MessagePipe
    /// The worker's standard error, read as it comes: what a crash printed, and user output.
    let errors: MessagePipe
    let shared: SharedPixels
    private var errorText: [UInt8] = []
    private var reaped: Int32?

    private init(pid: pid_t, requests: MessagePipe, replies: MessagePipe, errors: MessagePipe, shared: SharedPixels) {
        self.pid = pid
        self.requests = requests
        self.replies = replies
        self.errors = errors
        self.shared = shared
    }

    deinit { _ = stop() }

    /// Starts a worker; nil (with the reason on stderr) when it cannot.
    static func start() -> WorkerClient? {
        guard let shared = SharedPixels(), shared.resize(capacity: 0) else {
            fputs("designable: cannot make shared memory for the component worker\n", stderr)
            return nil
        }
        var request: [Int32] = [0, 0], reply: [Int32] = [0, 0], error: [Int32] = [0, 0]
        guard pipe(&request) == 0, pipe(&reply) == 0, pipe(&error) == 0 else { return nil }
        // Above the worker's fixed numbers: a descriptor already at its target number would
        // keep its close-on-exec flag through dup2 and vanish in the worker.
        func raised(_ fd: Int32) -> Int32 {
            let high = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            return high
        }
        request = request.map(raised); reply = reply.map(raised); error = error.map(raised)
        let sharedFD = fcntl(shared.fd, F_DUPFD_CLOEXEC, 10)
        defer { close(sharedFD) }
        // The window's ends never block the event loop.
        for fd in [reply[0], error[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let executable = ComponentToolchain.executablePathForWorker
        // No interactive backtracer in a worker: a crash prints its message and is reaped at once.
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
            index += 1
        }
        environment.append("SWIFT_BACKTRACE=enable=no")
        let (pid, started) = ChildProcess.spawn(
            [executable, ComponentWorker.commandName], output: error[1],
            descriptors: [(request[0], ComponentWorker.requestDescriptor), (reply[1], ComponentWorker.replyDescriptor),
                          (sharedFD, ComponentWorker.pixelsDescriptor)],
            environment: environment, searchingPath: false)
        close(request[0]); close(reply[1]); close(error[1])
        guard started == 0 else {
            close(request[1]); close(reply[0]); close(error[0])
            fputs("designable: cannot start the component worker: \(String(cString: strerror(started)))\n", stderr)
            return nil
        }
        return WorkerClient(pid: pid, requests: MessagePipe(fd: request[1]), replies: MessagePipe(fd: reply[0]),
                            errors: MessagePipe(fd: error[0]), shared: shared)
    }

    /// Sends a request; false when the worker is gone.
    func send(_ request: WorkerRequest) -> Bool {
        // A worker that died makes the write fail with EPIPE rather than kill the window.
        signal(SIGPIPE, SIG_IGN)
        return requests.send(request.encoded)
    }

    /// The replies come so far; nil when the worker closed its pipe (it has ended).
    func receive() -> [WorkerReply]? {
        guard let messages = replies.receive() else { return nil }
        return messages.compactMap { try? WorkerReply(decoding: $0) }
    }

    /// Reads what the worker wrote on its standard error, passing it on to the window's.
    func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(errors.fd, &chunk, chunk.count)
            guard count > 0 else { break }
            errorText += chunk[0..<count]
            chunk.withUnsafeBytes { _ = write(2, $0.baseAddress, count) }
            if errorText.count > 1 << 20 { errorText.removeFirst(errorText.count - (1 << 20)) }
        }
    }

    /// Ends the worker if it still runs (SIGKILL: an endless loop ignores nothing less) and
    /// reaps it; how it ended, as `waitpid` says.
    func stop() -> Int32 {
        if let reaped { return reaped }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = status
        drainErrors()
        return status
    }

    /// Waits for the worker that closed its pipe, and says how it ended: "crashed: Fatal
    /// error: Index out of range", "exited with status 3".
    func ending() -> String {
        var status: Int32 = 0
        if reaped == nil {
            // It closed its pipe because it is ending: wait a little for it, then make sure.
            for _ in 0..<200 {
                if waitpid(pid, &status, WNOHANG) == pid { reaped = status; break }
                usleep(5_000)
            }
        }
        let final = reaped ?? stop()
        reaped = final
        drainErrors()
        let said = String(decoding: errorText, as: UTF8.self)
        // The user's line, from the worker's crash record (a symbolizer run: a few tens of
        // milliseconds, once per crash).
        let userPlace = CrashPlace.parse(shared.crashRecordText).flatMap { CrashPlace.place(ofOffset: $0.offset, inLibrary: $0.library) }
        let fatal = said.split(separator: "\n").last { $0.containsText("Fatal error") }.map { line -> String in
            // `File.swift:41: Fatal error: message` → `Fatal error: message at File.swift:41`.
            guard let marker = line.firstRange(ofText: "Fatal error") else { return String(line) }
            let place = line[..<marker.lowerBound].trimmingCharacters(in: ": ")
            let message = String(line[marker.lowerBound...])
            // The standard library's own place (Swift/Array.swift) says nothing of the user's code.
            if let userPlace { return "\(message) at \(userPlace)" }
            return place.isEmpty || place.hasPrefix("Swift/") ? message : "\(message) at \(place)"
        }
        if final & 0x7f == 0 {
            return "exited with status \((final >> 8) & 0xff)"
        }
        let signal = final & 0x7f
        let name = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV"][Int(signal)] ?? "signal \(signal)"
        return "crashed: " + (fatal ?? (userPlace.map { "\(name) at \($0)" } ?? name))
    }

    /// What user code was running, as the worker last said in the shared memory.
    var activity: String { shared.activity }
}

extension Substring {
    /// Without `characters` at either end.
    func trimmingCharacters(in characters: String) -> String {
        String(drop(while: { characters.contains($0) }).reversed().drop(while: { characters.contains($0) }).reversed())
    }
}
