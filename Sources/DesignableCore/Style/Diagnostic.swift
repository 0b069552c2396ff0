#if canImport(Glibc)
import Glibc
#endif

/// The file a node or a finding is in: a small interned number, so a location stays a few
/// machine words and creating one per YAML event costs no reference counting.
///
/// The same path gives the same `SourceFile` for the life of the process, so locations from two
/// loads of one file compare equal.
public struct SourceFile: Hashable, Sendable, Comparable {
    let id: UInt32

    /// Text with no file behind it (a string given in a test): its findings print no path.
    public static let none = SourceFile(id: 0)

    /// The file at `path`, as the caller spells it.
    public init(path: String) {
        self = path.isEmpty ? .none : SourceFileTable.shared.intern(path)
    }

    init(id: UInt32) { self.id = id }

    /// The path as it was first given; empty for `none`.
    public var path: String { id == 0 ? "" : SourceFileTable.shared.path(of: self) }

    public static func < (a: SourceFile, b: SourceFile) -> Bool { a.id < b.id }
}

/// Paths by number and numbers by path, behind a lock: files are interned once per load, from
/// whichever thread loads them.
final class SourceFileTable: @unchecked Sendable {
    static let shared = SourceFileTable()
    private var paths: [String] = [""]
    private var ids: [String: UInt32] = [:]
    private var lock = pthread_mutex_t()

    private init() { pthread_mutex_init(&lock, nil) }

    func intern(_ path: String) -> SourceFile {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let id = ids[path] { return SourceFile(id: id) }
        let id = UInt32(paths.count)
        paths.append(path)
        ids[path] = id
        return SourceFile(id: id)
    }

    func path(of file: SourceFile) -> String {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return Int(file.id) < paths.count ? paths[Int(file.id)] : ""
    }
}

/// A place in a source file, 1-based, as editors and compilers print it.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var file: SourceFile
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int, file: SourceFile = .none) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The first character of `file`, where findings about the file as a whole point.
    public static func start(of file: SourceFile) -> SourceLocation {
        SourceLocation(line: 1, column: 1, file: file)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One finding about a style file: an error stops the file from being used, a warning does not.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// The file the finding is about, from its location; empty when it has no name (a string
    /// given in a test).
    public var path: String { location.file.path }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// `path:line:col: error: message`, the form editors jump to.
    public var description: String { description(colored: false) }

    /// `description`, with the place in bold and the severity in bold red or yellow when
    /// `colored`, as compilers colour their findings on a terminal (`TerminalColors` says when).
    public func description(colored: Bool) -> String {
        func paint(_ text: String, _ style: String) -> String { colored ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text }
        let place = path.isEmpty ? "\(location.line):\(location.column)" : "\(path):\(location.line):\(location.column)"
        return "\(paint(place, "1")): \(paint(severity.rawValue, severity == .error ? "1;31" : "1;33")): \(message)"
    }

    /// `line:col: message`, short enough for a banner inside the window.
    public var shortDescription: String {
        "\(location.line):\(location.column): \(message)"
    }
}

extension Array where Element == Diagnostic {
    public var errorCount: Int { lazy.filter { $0.severity == .error }.count }
    public var warningCount: Int { lazy.filter { $0.severity == .warning }.count }
    public var hasErrors: Bool { contains { $0.severity == .error } }
}

// MARK: - Suggestions

/// The closest candidate to a misspelt word, when it is close enough to be what was meant.
public func closestMatch<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
    let lowered = word.lowercased()
    let candidates = Array(candidates)  // read twice: by distance, then by prefix
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, (word.count + 2) / 3))
    if best.distance <= allowed { return best.name }
    // A name that says more than the key does, as UIKit's does (`backgroundColor` for the
    // canvas's `background`): a candidate the word starts with, covering most of it.
    return candidates.first { candidate in
        candidate.count * 3 >= word.count * 2 && lowered.hasPrefix(candidate.lowercased())
    }
}

/// `a`, `a and b`, `a, b and c` (or `or` for `conjunction`), for messages.
public func listed(_ words: [String], _ conjunction: String = "and") -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words[words.count - 1]
}

/// ` (did you mean 'x'?)`, or nothing when no candidate is close.
public func didYouMean<S: Sequence>(_ word: String, _ candidates: S) -> String where S.Element == String {
    closestMatch(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// Optimal-string-alignment distance: Levenshtein plus swapped neighbours, the commonest typo.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = Swift.min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
