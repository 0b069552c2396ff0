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

    /// The whole file as bytes.
    public static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(path: path, reason: "is a folder, not a file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(4096, Int(info.st_size) + 1))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
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
