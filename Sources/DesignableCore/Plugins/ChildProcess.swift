#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with posix_spawn, its standard error (and output) captured: the
/// Swift compiler, and `pkg-config` for the C headers' folders.
public enum ChildProcess {
    struct Result {
        var status: Int32
        /// Standard output and standard error, interleaved as the program wrote them.
        var output: String
    }

    /// Runs `arguments` (the program found on PATH when it has no slash); nil when it cannot start.
    static func run(_ arguments: [String]) -> Result? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        // Close-on-exec, so only the child's dup2 copies reach it (and no other child gets them).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (pid, failure) = spawn(arguments, output: pipeEnds[1])
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard failure == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(pipeEnds[0], &chunk, chunk.count)
            if count > 0 { output += chunk[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: String(decoding: output, as: UTF8.self))
    }

    /// Starts `arguments` with standard input from /dev/null and standard output and error on
    /// `output`, each of `descriptors` (this process's, the child's number) given at its number,
    /// and `environment` (this process's when nil). Found on PATH unless `arguments[0]` is a path
    /// already (`searchingPath: false`). The child's pid, and 0 or posix_spawn's error.
    public static func spawn(_ arguments: [String], output: Int32, descriptors: [(Int32, Int32)] = [],
                             environment: [String]? = nil, searchingPath: Bool = true) -> (pid: pid_t, error: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        for (own, theirs) in descriptors { posix_spawn_file_actions_adddup2(&actions, own, theirs) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        func start(_ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
            searchingPath ? posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
                : posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        }
        let error = envp.map { start($0) } ?? start(environ)
        return (pid, error)
    }

    /// The program `name` resolves to on PATH, or nil.
    static func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
