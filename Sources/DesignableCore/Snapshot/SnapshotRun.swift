#if canImport(Glibc)
import Glibc
#endif

/// Records a document's snapshots where none exists and verifies the others: each view drawn
/// alone through the render job (`RenderJob.Options.view`), then written as the reference, or
/// compared with it by `ImageComparison`. A mismatch leaves `<stem>.actual.png` and
/// `<stem>.diff.png` beside the reference; a snapshot that passes or is recorded removes those a
/// failing run left.
public struct SnapshotRun {
    /// Where the references are and how strictly they are held.
    public struct Options {
        /// The folder of references, made when the first is written.
        public var directory: String
        public var tolerance: ImageComparison.Tolerance
        /// Writes every reference again, whatever is there (`--record`).
        public var recordsAll: Bool
        /// Whether a missing reference is recorded; when not (under CI), it is a failure.
        public var recordsMissing: Bool

        public init(directory: String, tolerance: ImageComparison.Tolerance = .standard, recordsAll: Bool = false,
                    recordsMissing: Bool = true) {
            self.directory = directory
            self.tolerance = tolerance
            self.recordsAll = recordsAll
            self.recordsMissing = recordsMissing
        }
    }

    /// What became of one snapshot.
    public struct Result {
        public enum Outcome: Equatable, Sendable {
            case passed, recorded, failed
        }

        public var snapshot: Snapshot
        public var outcome: Outcome
        /// Why it failed, at the view's line; nil unless it failed.
        public var failure: Diagnostic?
        /// How long drawing, comparing and writing took.
        public var seconds: Double
    }

    public let document: StyleDocument
    public let options: Options
    /// Draws each snapshot; one job for all, so its caches stay warm.
    private let job: RenderJob

    public init(document: StyleDocument, options: Options, renderer: Renderer = Renderer()) {
        self.document = document
        self.options = options
        job = RenderJob(renderer: renderer)
    }

    /// Takes each snapshot in turn, handing each result to `report` as it comes. Throws only
    /// when the machine fails (a file cannot be written, Cairo cannot allocate).
    public func run(_ snapshots: [Snapshot], report: (Result) -> Void = { _ in }) throws -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            let start = MonotonicClock.now()
            var result = try take(snapshot)
            result.seconds = Double(MonotonicClock.now() &- start) / 1e9
            report(result)
            results.append(result)
        }
        return results
    }

    /// The path of `file` in the references' folder.
    public func path(of file: String) -> String {
        options.directory.hasSuffix("/") ? options.directory + file : options.directory + "/" + file
    }

    // MARK: - One snapshot

    private func take(_ snapshot: Snapshot) throws -> Result {
        // A failure points at the control whose state the picture shows, when it is a nested one.
        let view = snapshot.nested.flatMap { document.view(at: $0.path) } ?? document.views[snapshot.index]
        var drawing = job
        // The single place a snapshot's variant reaches the drawing.
        drawing.options = RenderJob.Options(scale: snapshot.scale, state: snapshot.nested == nil ? snapshot.state : nil,
                                            view: "#\(snapshot.index + 1)",
                                            appearance: snapshot.variant.appearance, direction: snapshot.variant.direction)
        // The rest of the tree in its starting states, whatever the renderer was last told.
        drawing.options.nestedStates = snapshot.nested.map { [$0.path: snapshot.state] } ?? [:]
        let output = try drawing.run(document: document)
        guard let surface = output.surface, let png = output.png else {
            // Not drawn: the view is too large to draw at this scale (the last finding says so).
            let refusal = output.findings.last ?? .error("this \(view.type.className) could not be drawn", at: view.location)
            return failed(snapshot, "snapshot \(snapshot.fileName) not taken: \(refusal.message)", at: refusal.location)
        }
        let referencePath = path(of: snapshot.fileName)
        let exists = FileSystem.isRegularFile(referencePath)
        if options.recordsAll || (!exists && options.recordsMissing) {
            try write(png, to: snapshot.fileName)
            try removeLeftovers(of: snapshot)
            return Result(snapshot: snapshot, outcome: .recorded, seconds: 0)
        }
        guard exists else {
            // The picture is still left where CI keeps artefacts, for whoever reads the failure.
            try write(png, to: snapshot.actualFileName)
            try removeLeftovers(of: snapshot, keepingActual: true)
            return failed(snapshot, "snapshot \(snapshot.fileName) is missing, and CI is set, so it was not recorded: record it where you can look at it, and commit it (this run drew \(path(of: snapshot.actualFileName)))", at: view.location)
        }
        let reference: ImageSurface
        do throws(RenderError) {
            // Probed first, as an image a style names is: Cairo words a file that is no PNG as
            // "out of memory", and would decode a PNG of any size.
            if case .failure(let problem) = ImageProbe.check(.init(path: referencePath, scale: 1)) {
                throw RenderError("the reference \(problem.message)")
            }
            reference = try ImageSurface(png: referencePath)
        } catch {
            try write(png, to: snapshot.actualFileName)
            try removeLeftovers(of: snapshot, keepingActual: true)
            return failed(snapshot, "snapshot \(snapshot.fileName) cannot be compared: \(error.message); --record writes it again", at: view.location)
        }
        let comparison = ImageComparison(surface, to: reference, tolerance: options.tolerance)
        guard comparison.matches else {
            try write(png, to: snapshot.actualFileName)
            try write(try comparison.differenceImage().pngData(), to: snapshot.diffFileName)
            return failed(snapshot, "snapshot \(snapshot.fileName) differs: \(comparison.summary); see \(path(of: snapshot.diffFileName))", at: view.location)
        }
        try removeLeftovers(of: snapshot)
        return Result(snapshot: snapshot, outcome: .passed, seconds: 0)
    }

    private func failed(_ snapshot: Snapshot, _ message: String, at location: SourceLocation) -> Result {
        Result(snapshot: snapshot, outcome: .failed, failure: .error(message, at: location), seconds: 0)
    }

    // MARK: - Files

    private func write(_ png: [UInt8], to file: String) throws {
        try FileSystem.makeFolders(options.directory)
        try FileSystem.writeAtomically(png, to: path(of: file))
    }

    /// Removes the `.actual.png` and `.diff.png` a failing run left, which would now mislead.
    private func removeLeftovers(of snapshot: Snapshot, keepingActual: Bool = false) throws {
        if !keepingActual { try FileSystem.remove(path(of: snapshot.actualFileName)) }
        try FileSystem.remove(path(of: snapshot.diffFileName))
    }
}

extension FileSystem {
    /// Makes the folder at `path` and any missing above it, as `mkdir -p` does.
    static func makeFolders(_ path: String) throws(Failure) {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o755) != 0 && errno != EEXIST {
                throw Failure(path: path, reason: String(cString: strerror(errno)), action: "make the folder")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: path, reason: "it is not a folder", action: "write into")
        }
    }

    /// Removes the file at `path`; one that is not there is fine.
    static func remove(_ path: String) throws(Failure) {
        if unlink(path) != 0 && errno != ENOENT {
            throw Failure(path: path, reason: String(cString: strerror(errno)), action: "remove")
        }
    }
}
