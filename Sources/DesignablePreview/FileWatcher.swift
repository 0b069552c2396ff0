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
/// down to it and the files under it count as changed, in case they came with it. A watched
/// folder that goes away (deleted and made again by `git checkout`, renamed away) drops its
/// watch: the watches then walk up to the nearest folder left and come down again as the path
/// re-appears, so the watcher never goes stale. Symbolic links are followed, however a path is
/// built of them (a file link to a path through a folder link, relative or absolute texts, links
/// to links): the folder of every link met on the way is watched for the link's name, and the
/// target's folder for the target, so pointing any of the links elsewhere is seen, and the path
/// is resolved again whenever one changes.
///
/// Where inotify cannot watch (its watch limit is reached, or it is refused), the file's
/// identity is polled a few times a second instead, through the loop's `.poll` deadline.
final class FileWatcher {
    /// How long a file must be quiet after an event that does not end a save (a modify, a create,
    /// a delete) before it is read anyway: editors close or rename well within this.
    static let settleDelay: UInt64 = 120_000_000
    /// How often a file inotify cannot watch is stat()ed: four times a second is quick enough
    /// for a person looking over and costs nothing measurable.
    static let pollInterval: UInt64 = 250_000_000

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

    /// The inotify descriptor for the loop's poll(), or -1 when inotify is not available at all
    /// (poll() ignores a negative descriptor): then every file is polled.
    let fileDescriptor: Int32
    /// Watched folders by watch descriptor: the names of interest in each, to the paths they
    /// stand for as the caller spells them (a missing folder's name stands for every path under it).
    private var folders: [Int32: [String: Set<String>]] = [:]
    /// Names of missing folders by the watch descriptor of the existing folder that stands in for them.
    private var standIns: [Int32: Set<String>] = [:]
    /// The paths asked for last, so an unchanged set costs no system calls.
    private var watched: Set<String> = []
    /// How each watched path that goes through symbolic links resolved when the watches were
    /// made: a change of any link on its route (or of where it leads) makes the watches again.
    private var routes: [String: Route] = [:]
    /// Paths no watch covers, with their identity when last looked at (nil: not there).
    private var polled: [String: [Int]?] = [:]
    /// Files touched by a save still in progress (truncated, created empty, deleted before the new one comes).
    private var unsettled: Set<String> = []
    /// Read buffer reused for every drain (inotify events are at most NAME_MAX + 17 bytes each).
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Tests set `DESIGNABLE_NO_INOTIFY` to see the polling fallback without exhausting the
    /// machine's watch limit (as root, permissions cannot make a watch fail).
    private let refusesWatches = getenv("DESIGNABLE_NO_INOTIFY") != nil

    private static let settlingMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
    /// The kernel dropped a folder's watch (deleted, or its file system unmounted) or the folder
    /// moved away from its path: the watches must be made again from the paths.
    private static let goneMask = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let mask = settlingMask | UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Never fails: without inotify (its instance limit reached) the files are polled.
    init() {
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    }

    deinit { if fileDescriptor >= 0 { close(fileDescriptor) } }

    /// Whether some file is polled because inotify could not watch it; the title says so.
    var isPolling: Bool { !polled.isEmpty }

    /// Watches exactly the files of `dependencies` from now on (whatever their kind: the caller
    /// tells them apart), adding and removing folder watches as needed.
    func watch(_ dependencies: Set<Dependency>) {
        watch(paths: Set(dependencies.map(\.path)))
    }

    /// Makes every watch again from the paths, for the reload key: whatever the kernel did, the
    /// watches afterwards match the file system as it is now.
    func rearm() {
        watch(paths: watched, force: true)
    }

    /// Watches exactly `paths`. A folder that does not exist is watched through its nearest
    /// existing ancestor; a path inotify refuses to watch (the watch limit, permissions) is polled.
    private func watch(paths: Set<String>, force: Bool = false) {
        guard force || paths != watched else { return }
        watched = paths
        var wanted: [Int32: [String: Set<String>]] = [:]
        var standIns: [Int32: Set<String>] = [:]
        var polled: [String: [Int]?] = [:]
        routes = [:]
        for path in paths {
            var places = [path]
            if let route = Route(to: path) {
                // Each link's own folder says when the link changes; the target's when it is edited.
                routes[path] = route
                places += route.links + [route.target]
            }
            for place in places {
                guard let (descriptor, name, isStandIn) = arm(place) else {
                    polled[path] = self.polled[path] ?? FileSystem.identity(path)
                    continue
                }
                // The same folder spelt two ways gives the same descriptor, so its names merge.
                wanted[descriptor, default: [:]][name, default: []].insert(path)
                if isStandIn { standIns[descriptor, default: []].insert(name) }
            }
        }
        for descriptor in folders.keys where wanted[descriptor] == nil {
            inotify_rm_watch(fileDescriptor, descriptor)
        }
        folders = wanted
        self.standIns = standIns
        self.polled = polled
    }

    /// Watches the folder of `path`, or the nearest existing ancestor when it is missing: the
    /// watch descriptor, the name in it that leads to `path`, and whether that name is a missing
    /// folder's. Nil when inotify refuses (not for a missing folder: the root always exists).
    private func arm(_ path: String) -> (Int32, String, Bool)? {
        guard fileDescriptor >= 0, !refusesWatches else { return nil }
        // A folder made between a failed watch on it and the watch on its parent sends that parent
        // no event: look again once the parent is watched, and climb back down (`mkdir -p` races).
        for _ in 0..<8 {
            var (folder, name) = (FileSystem.directory(of: path), FileSystem.fileName(of: path))
            var descriptor = inotify_add_watch(fileDescriptor, folder, Self.mask)
            var isStandIn = false
            while descriptor < 0, errno == ENOENT || errno == ENOTDIR, FileSystem.directory(of: folder) != folder {
                (folder, name) = (FileSystem.directory(of: folder), FileSystem.fileName(of: folder))
                descriptor = inotify_add_watch(fileDescriptor, folder, Self.mask)
                isStandIn = true
            }
            guard descriptor >= 0 else { return nil }
            if isStandIn, FileSystem.identity(folder + "/" + name) != nil { continue }
            return (descriptor, name, isStandIn)
        }
        return nil
    }

    // MARK: - Polling

    /// Stat()s the polled files: those whose identity changed since the last look.
    func poll() -> Set<String> {
        var changed: Set<String> = []
        for (path, identity) in polled {
            let now = FileSystem.identity(path)
            if now != identity {
                polled[path] = now
                changed.insert(path)
            }
        }
        return changed
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
        var mustRearm = false
        while fileDescriptor >= 0 {
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
                        // Events were lost, a folder's going perhaps: treat every watched file as
                        // saved (the identity check sorts it out) and make the watches again.
                        change.settled.formUnion(watched)
                        mustRearm = true
                        continue
                    }
                    guard let names = folders[descriptor] else { continue }
                    if nameLength == 0 {
                        // An event on the folder itself: it went, so the files in it may have.
                        if mask & Self.goneMask != 0 {
                            mustRearm = true
                            for paths in names.values { change.unsettled.formUnion(paths) }
                        }
                        continue
                    }
                    let name = bytes[nameStart..<min(count, nameStart + nameLength)].prefix { $0 != 0 }
                    let text = String(decoding: name, as: UTF8.self)
                    guard let paths = names[text] else { continue }
                    if standIns[descriptor]?.contains(text) == true {
                        // A folder on the way to missing files appeared (or went): what it holds
                        // may have come with it, and is settled once the folders are watched again.
                        mustRearm = true
                        change.unsettled.formUnion(paths)
                    } else if mask & Self.settlingMask != 0 {
                        change.settled.formUnion(paths)
                    } else {
                        change.unsettled.formUnion(paths)
                    }
                }
            }
        }
        // A link changed (made, removed, pointed elsewhere): watch where it leads now.
        for path in change.settled.union(change.unsettled) where Route(to: path) != routes[path] {
            mustRearm = true
        }
        if mustRearm { watch(paths: watched, force: true) }
        return change
    }
}

/// The symbolic links a path goes through and where it leads, found as the kernel resolves it:
/// component by component, each link's text taking the place of its name (an absolute text
/// starting again at the root), so a link met anywhere (the file itself, a folder on the way as
/// spelt, a folder inside another link's text, a link to a link) is on the route. Each link is
/// spelt from folders that are not links, as is the target: their folders are the ones that hold
/// them. A path that goes through a link that dangles is followed by the text as far as it goes:
/// the folder where the rest will appear is watched.
struct Route: Equatable {
    /// The links met, in order.
    let links: [String]
    /// Where the path leads: a file, or where one will be.
    let target: String

    /// As many links as the kernel follows before it gives up on a path (`ELOOP`): a loop of
    /// links is followed no further, and the rest of the path is taken as spelt.
    static let maximumLinks = 40

    /// Nil when the path goes through no link.
    init?(to path: String) {
        var links: [String] = []
        // What is walked so far, through no link: "" is the current folder.
        var walked = path.hasPrefix("/") ? "/" : ""
        // The components left, the next last.
        var left = Self.components(of: path).reversed() as [Substring]
        while let part = left.popLast() {
            let next = Self.appending(part, to: walked)
            if part != "..", links.count < Self.maximumLinks, let text = Self.linkText(next) {
                links.append(next)
                if text.hasPrefix("/") { walked = "/" }
                left += Self.components(of: text).reversed()
            } else {
                walked = next
            }
        }
        guard !links.isEmpty else { return nil }
        self.links = links
        target = walked.isEmpty ? "." : walked
    }

    private static func components(of path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }

    /// `walked` then `part`, `..` taking a folder off: what is walked holds no link, so the
    /// folder before `..` is its parent, as the kernel finds it.
    private static func appending(_ part: Substring, to walked: String) -> String {
        guard part == ".." else { return walked.isEmpty ? String(part) : walked == "/" ? "/" + part : walked + "/" + part }
        if walked == "/" { return "/" }
        let last = FileSystem.fileName(of: walked)
        if walked.isEmpty || last == ".." { return walked.isEmpty ? ".." : walked + "/.." }
        let parent = FileSystem.directory(of: walked)
        return walked.contains("/") ? parent : ""
    }

    /// The text of the symbolic link at `path`; nil when it is none.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
