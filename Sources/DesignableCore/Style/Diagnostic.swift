/// A place in a source file, 1-based, as editors and compilers print it.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
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
    /// The file the finding is about; empty when it has no name (a string given in a test).
    public var path: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, path: String = "") {
        self.severity = severity
        self.message = message
        self.location = location
        self.path = path
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// `path:line:col: error: message`, the form editors jump to.
    public var description: String {
        let place = path.isEmpty ? "\(location.line):\(location.column)" : "\(path):\(location.line):\(location.column)"
        return "\(place): \(severity.rawValue): \(message)"
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
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, (word.count + 2) / 3))
    return best.distance <= allowed ? best.name : nil
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
