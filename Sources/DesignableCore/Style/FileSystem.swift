#if canImport(Glibc)
import Glibc
#endif

/// The few file operations the core needs, straight on libc so a one-shot render loads no Foundation.
public enum FileSystem {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        /// What was being done: "read" or "write".
        public var action = "read"
        public var description: String { "cannot \(action) \(path): \(reason)" }
    }

    /// Whether `path` is (or links to) a regular file.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Device, inode, size and modification time (seconds, nanoseconds): a rename over the file
    /// changes the inode, a rewrite the size or time, so an unchanged identity means an unchanged file.
    public static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// The whole file as bytes, at most `limit` of them.
    ///
    /// Opened without blocking, so a named pipe with no writer cannot hang the caller; anything
    /// that is not a regular file (pipe, device, socket, folder) is refused before a byte is read.
    /// The size is checked before reading, and no more than `limit + 1` bytes are ever read, so a
    /// file that grows while being read, or one whose size the file system does not tell, cannot
    /// make the caller hold more than the limit.
    public static func read(_ path: String, limit: Int = StyleLoader.maximumFileSize) throws(Failure) -> [UInt8] {
        let (fd, size) = try openRegularFile(path, limit: limit)
        defer { close(fd) }
        var failure: Int32 = 0
        /// Up to `count` bytes more, fewer where the file ends: read straight into a new array's
        /// storage, neither zeroed first nor copied after (the preview reads the file on every save).
        func more(_ count: Int) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count) { buffer, got in
                while got < count, failure == 0 {
                    let read = Glibc.read(fd, buffer.baseAddress! + got, count - got)
                    if read > 0 { got += read } else if read == 0 { break } else if errno != EINTR { failure = errno }
                }
            }
        }
        var wanted = min(size, limit) + 1
        var bytes = more(wanted)
        var filled = bytes.count == wanted
        // The file grew past its stat size: read on, one chunk at a time, up to limit + 1.
        while failure == 0, filled, bytes.count <= limit {
            wanted = min(max(bytes.count, 65536), limit + 1 - bytes.count)
            let chunk = more(wanted)
            bytes += chunk
            filled = chunk.count == wanted
        }
        guard failure == 0 else { throw Failure(path: path, reason: String(cString: strerror(failure))) }
        guard bytes.count <= limit else { throw Failure(path: path, reason: tooLargeReason(size: nil, limit: limit)) }
        return bytes
    }

    /// The first `head` and last `tail` bytes of a regular file of at most `limit` bytes, and its
    /// size: an image's header and end, without reading what lies between.
    static func readEnds(_ path: String, head: Int, tail: Int, limit: Int) throws(Failure) -> (head: [UInt8], tail: [UInt8], size: Int) {
        let (fd, size) = try openRegularFile(path, limit: limit)
        defer { close(fd) }
        func bytes(at offset: Int, count: Int) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: max(0, count))
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            return Array(buffer.prefix(max(0, got)))
        }
        return (bytes(at: 0, count: min(head, size)), bytes(at: max(0, size - tail), count: min(tail, size)), size)
    }

    /// Opens `path` for reading without blocking, refusing what is not a regular file or is over
    /// `limit` bytes by its size; the descriptor (the caller closes it) and the size.
    private static func openRegularFile(_ path: String, limit: Int) throws(Failure) -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            // A socket cannot be opened at all (ENXIO, "No such device or address"): say what it is.
            let failure = errno
            if let reason = notAFile(path) { throw Failure(path: path, reason: reason) }
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
        var info = stat()
        var reason: String?
        if fstat(fd, &info) != 0 {
            reason = String(cString: strerror(errno))
        } else if let notAFile = notAFile(info.st_mode) {
            reason = notAFile
        } else if Int(info.st_size) > limit {
            reason = tooLargeReason(size: Int(info.st_size), limit: limit)
        }
        if let reason {
            close(fd)
            throw Failure(path: path, reason: reason)
        }
        return (fd, Int(info.st_size))
    }

    /// "is a named pipe, not a file" for a FIFO's mode, and so on; nil for a regular file.
    static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not a file"
        case S_IFIFO: return "is a named pipe, not a file"
        case S_IFSOCK: return "is a socket, not a file"
        case S_IFCHR, S_IFBLK: return "is a device, not a file"
        default: return "is not a regular file"
        }
    }

    /// What is at `path` when it is there and is not a regular file ("is a named pipe, not a
    /// file"), following links; nil for a regular file or nothing at all.
    static func notAFile(_ path: String) -> String? {
        var info = stat()
        return stat(path, &info) == 0 ? notAFile(info.st_mode) : nil
    }

    /// "is 17825792 bytes, over the 16 MB limit": exact, since a rounded size could read as the limit itself.
    static func tooLargeReason(size: Int?, limit: Int) -> String {
        let over = "over the \(formatSize(limit)) limit"
        return size.map { "is \($0) bytes, \(over)" } ?? "is \(over)"
    }

    /// A byte count as people say it: "16 MB" for a whole number of megabytes, else "12.5 MB" or "900 bytes".
    public static func formatSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : formatNumber((Double(bytes) / Double(1 << 20) * 10).rounded() / 10) + " MB"
        }
        return "\(bytes) bytes"
    }

    /// Writes `bytes` to `path` through `.NAME.PID.tmp` in the same folder and a rename (atomic
    /// only within one file system), so no reader ever sees a half-written file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        func failure(_ reason: String) -> Failure { Failure(path: path, reason: reason, action: "write") }
        let temporary = directory(of: path) + "/." + fileName(of: path) + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw failure(reason)
            }
            written += count
        }
        if close(fd) != 0 || rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(reason)
        }
    }

    /// Image names (without extension or @Nx) in a folder, for "did you mean".
    static func imageNames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: Set<String> = []
        while let entry = readdir(dir) {
            var name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".svg") || name.hasSuffix(".png") else { continue }
            name.removeLast(4)
            if let at = name.lastIndex(of: "@") { name = String(name[..<at]) }
            names.insert(name)
        }
        return names.sorted()
    }

    /// The folder part of a path: `a/b.yaml` → `a`, `b.yaml` → `.`.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path: `a/b.yaml` → `b.yaml`.
    public static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
