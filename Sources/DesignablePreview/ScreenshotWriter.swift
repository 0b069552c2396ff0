import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// `p`, Ctrl+S and `--screenshot`: the canvas as `designable render` draws it, through the same
/// render job (the file's own canvas, not the window's width; same scale, appearance and
/// direction; the states on screen; no banner, ring or scrolling), written as PNG; or the
/// variants grid, as `render --variants` draws it, while the window shows it.
struct ScreenshotWriter {
    /// What happened, for the note the window flashes.
    enum Outcome: Equatable {
        case saved(path: String)
        case failed(note: String)
    }

    private let job: RenderJob
    /// Where `p` saves; nil means beside the style file.
    private let directory: String?
    /// With `--trace`, stdout carries JSON lines for scripts: a saved path comes as one of them.
    private let announcesAsJSON: Bool

    init(renderer: Renderer, scale: Double, directory: String?, announcesAsJSON: Bool) {
        job = RenderJob(options: RenderJob.Options(scale: scale), renderer: renderer)
        self.directory = directory
        self.announcesAsJSON = announcesAsJSON
    }

    /// Writes `session`'s canvas (or its variants `grid`) in its current states and `variant` to
    /// `path`, or to a new timestamped name beside the style file (announced on stdout); what
    /// went wrong goes to stderr.
    func write(_ session: PreviewSession, to path: String?, variant: Variant, grid: Bool) -> Outcome {
        if let remote = session.remote {
            return write(remote, of: session, to: path)
        }
        guard let document = session.document else {
            fputs("designable: nothing to save: \(session.path) has no good version yet\n", stderr)
            return .failed(note: "Nothing to save yet")
        }
        let target = path ?? ScreenshotName.path(for: session.path, in: directory)
        do {
            var job = self.job
            job.options.appearance = variant.appearance
            job.options.direction = variant.direction
            job.options.variants = grid ? [variant] : nil
            let output = try job.run(document: document, states: session.state(of:))
            guard let png = output.png else {
                // The only finding that stops a loaded document from drawing: a canvas too large.
                let reason = output.findings.last?.message ?? "nothing was drawn"
                return failed(reason)
            }
            try FileSystem.writeAtomically(png, to: target)
        } catch {
            return failed((error as? RenderError)?.message ?? "\(error)")
        }
        announce(target, chosen: path == nil)
        return .saved(path: target)
    }

    /// A file with Swift components: the worker's last whole frame, which it drew as `render`
    /// does (the file's own canvas, at the window's scale, appearance, direction and states).
    private func write(_ remote: RemoteCanvas, of session: PreviewSession, to path: String?) -> Outcome {
        guard let image = remote.image else {
            fputs("designable: nothing to save: \(session.path) has not been drawn yet\n", stderr)
            return .failed(note: "Nothing to save yet")
        }
        let target = path ?? ScreenshotName.path(for: session.path, in: directory)
        do {
            try FileSystem.writeAtomically(try image.pngData(), to: target)
        } catch {
            return failed((error as? RenderError)?.message ?? "\(error)")
        }
        announce(target, chosen: path == nil)
        return .saved(path: target)
    }

    /// A name the writer chose is said on stdout (a JSON line under `--trace`).
    private func announce(_ target: String, chosen: Bool) {
        guard chosen else { return }
        fputs(announcesAsJSON ? "{\"screenshot\":\(jsonQuoted(target))}\n" : target + "\n", stdout)
    }

    private func failed(_ reason: String) -> Outcome {
        fputs("designable: screenshot failed: \(reason)\n", stderr)
        return .failed(note: "Screenshot failed")
    }
}
