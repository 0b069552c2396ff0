import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// Watches files through inotify on their folders, so every way an editor saves is seen: a
/// write in place, a truncate and rewrite, a temporary file renamed over the original (vim,
/// VS Code, `sed -i`), a delete followed by a create. A watch on the file itself would die with
/// the first rename. Its descriptor goes into the event loop's poll(): no thread; the one timer,
/// for a save that never says it is done, is the loop's `.settle` deadline.
///
/// A file whose folder does not exist yet (an image in an `assets/` not made yet) is watched
/// through the nearest folder that does: when the missing folder appears, the watches move
/// down to it and the files under it count as changed, in case they came with it.
final class FileWatcher {
    /// How long a file must be quiet after an event that does not end a save (a modify, a create,
    /// a delete) before it is read anyway: editors close or rename well within this.
    static let settleDelay: UInt64 = 120_000_000

    /// What the events waiting said.
    enum Saves: Equatable {
        case none
        /// Files were closed after writing or renamed into place: read these now.
        case saved(Set<String>)
        /// Files were modified, created, deleted or renamed away, and more is probably coming:
        /// read them after `settleDelay` of quiet (`settle()`), or with the save that ends it.
        case saving
    }

    /// What happened to watched files, in the order of how sure it is that a file is now complete.
    private struct Change {
        /// The file was closed after writing or renamed into place: it is whole now.
        var settled: Set<String> = []
        /// The file was modified, created, deleted or renamed away: more is probably coming.
        var unsettled: Set<String> = []

        var isEmpty: Bool { settled.isEmpty && unsettled.isEmpty }
    }

    let fileDescriptor: Int32
    /// Watched folders by watch descriptor: the names of interest in each, to the paths they
    /// stand for as the caller spells them (a missing folder's name stands for every path under it).
    private var folders: [Int32: [String: Set<String>]] = [:]
    /// Names of missing folders by the watch descriptor of the existing folder that stands in for them.
    private var standIns: [Int32: Set<String>] = [:]
    /// The paths asked for last, so an unchanged set costs no system calls.
    private var watched: Set<String> = []
    /// Files touched by a save still in progress (truncated, created empty, deleted before the new one comes).
    private var unsettled: Set<String> = []
    /// Read buffer reused for every drain (inotify events are at most NAME_MAX + 17 bytes each).
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let settlingMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
    private static let mask = settlingMask | UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

    init() throws(PreviewFailure) {
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else {
            throw PreviewFailure("cannot watch files (inotify): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fileDescriptor) }

    /// Watches exactly the files of `dependencies` from now on (whatever their kind: the caller
    /// tells them apart), adding and removing folder watches as needed.
    func watch(_ dependencies: Set<Dependency>) {
        watch(paths: Set(dependencies.map(\.path)))
    }

    /// Watches exactly `paths`. A folder that does not exist is watched through its nearest
    /// existing ancestor; one that cannot be watched otherwise (unreadable) is skipped: the
    /// preview still runs.
    private func watch(paths: Set<String>, force: Bool = false) {
        guard force || paths != watched else { return }
        watched = paths
        var wanted: [Int32: [String: Set<String>]] = [:]
        var standIns: [Int32: Set<String>] = [:]
        for path in paths {
            var (folder, name) = (FileSystem.directory(of: path), FileSystem.fileName(of: path))
            // The same folder spelt two ways gives the same descriptor, so its names merge.
            var descriptor = inotify_add_watch(fileDescriptor, folder, Self.mask)
            var isStandIn = false
            while descriptor < 0, errno == ENOENT || errno == ENOTDIR, FileSystem.directory(of: folder) != folder {
                (folder, name) = (FileSystem.directory(of: folder), FileSystem.fileName(of: folder))
                descriptor = inotify_add_watch(fileDescriptor, folder, Self.mask)
                isStandIn = true
            }
            guard descriptor >= 0 else { continue }
            wanted[descriptor, default: [:]][name, default: []].insert(path)
            if isStandIn { standIns[descriptor, default: []].insert(name) }
        }
        for descriptor in folders.keys where wanted[descriptor] == nil {
            inotify_rm_watch(fileDescriptor, descriptor)
        }
        folders = wanted
        self.standIns = standIns
    }

    // MARK: - Events

    /// Reads every event waiting, without blocking: the files saved, with any a save in
    /// progress touched before, or that a save is under way.
    func drain() -> Saves {
        let change = readEvents()
        guard !change.isEmpty else { return .none }
        unsettled.formUnion(change.unsettled)
        if change.settled.isEmpty { return .saving }
        return .saved(change.settled.union(settle()))
    }

    /// The files a save in progress touched, taken: its `settleDelay` of quiet has passed.
    func settle() -> Set<String> {
        defer { unsettled = [] }
        return unsettled
    }

    /// Reads every event waiting, without blocking; the watched files they concern.
    private func readEvents() -> Change {
        var change = Change()
        var folderAppeared = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= count {
                    let descriptor = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameStart = offset + headerSize
                    defer { offset = nameStart + nameLength }
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: treat every watched file as saved, the identity check sorts it out.
                        change.settled.formUnion(watched)
                        continue
                    }
                    guard nameLength > 0, let names = folders[descriptor] else { continue }
                    let name = bytes[nameStart..<min(count, nameStart + nameLength)].prefix { $0 != 0 }
                    let text = String(decoding: name, as: UTF8.self)
                    guard let paths = names[text] else { continue }
                    if standIns[descriptor]?.contains(text) == true {
                        // A folder on the way to missing files appeared (or went): what it holds
                        // may have come with it, and is settled once the folders are watched again.
                        folderAppeared = true
                        change.unsettled.formUnion(paths)
                    } else if mask & Self.settlingMask != 0 {
                        change.settled.formUnion(paths)
                    } else {
                        change.unsettled.formUnion(paths)
                    }
                }
            }
        }
        if folderAppeared { watch(paths: watched, force: true) }
        return change
    }
}
