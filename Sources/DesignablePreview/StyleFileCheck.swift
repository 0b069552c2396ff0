#if canImport(Glibc)
import Glibc
#endif

/// The preview's guard before it reads the style file: the event loop has one thread, so a read
/// that blocks (a FIFO with no writer, a terminal, a device that never ends) freezes the window
/// for good. The file is opened without blocking and fstat()ed; anything but a regular file is
/// refused with a message that says what it is, and the window stays responsive.
enum StyleFileCheck {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws unless `path` is a regular file (a symbolic link is followed). Opening with
    /// O_NONBLOCK returns at once even for a FIFO without a writer, where a plain open waits.
    static func requireRegularFile(_ path: String) throws(Refusal) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Refusal(description: String(cString: strerror(errno))) }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw Refusal(description: "it is \(kind); the preview reads only regular files")
    }
}
