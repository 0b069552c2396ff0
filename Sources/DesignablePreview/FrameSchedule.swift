import DesignableCore

/// The bookkeeping of frames: what waits to be drawn (its cause, timings and window regions),
/// and what was drawn into the back buffer but is not on the window yet. The first frame waits
/// for the window's first Expose; later ones are put on the window as soon as they are drawn.
struct FrameSchedule {
    /// Work waiting to be drawn: its cause, when the wake-up that led to it began, steps timed so far.
    private(set) var pending: Tracer.Frame?
    /// Whether the next frame redraws the whole window rather than `regions`. Setting it for any
    /// other reason than `redrawAll(keeping:)` drops what that keeps.
    var fullRedraw = false {
        didSet { kept = [] }
    }
    /// Window pixels a full redraw leaves as they are: opaque middles of views that did not
    /// change, when only the canvas background did.
    private(set) var kept: [PixelRect] = []
    /// Window regions the next frame redraws.
    private var regions: [PixelRect] = []
    /// Views the regions redraw, for the trace of input frames.
    private var viewsRedrawn = 0
    /// Drawn into the buffer but not yet on the window.
    private var unpresented: Tracer.Frame?
    private var unpresentedRects: [PixelRect] = []
    private var exposed = PixelRect.empty
    private var hasBeenExposed = false

    init(start: Tracer.Frame) {
        pending = start
        fullRedraw = true
    }

    // MARK: - Scheduling

    /// Makes sure a frame is coming; the first cause since the last frame names it.
    mutating func schedule(_ cause: Tracer.Cause, at wake: UInt64) {
        if pending == nil { pending = Tracer.Frame(cause, started: wake) }
    }

    mutating func scheduleFull(_ cause: Tracer.Cause, at wake: UInt64) {
        schedule(cause, at: wake)
        fullRedraw = true
    }

    /// Adds a reload's timings to the pending frame; a file change names the frame it shares.
    mutating func merge(_ frame: Tracer.Frame) {
        guard var merged = pending else {
            pending = frame
            return
        }
        merged.absorb(frame)
        if frame.cause != .input { merged.cause = frame.cause }
        merged.started = min(merged.started, frame.started)
        pending = merged
    }

    /// The whole window in the next frame, but for `kept`, whose pixels on screen are what the
    /// frame would draw there; when a full redraw is already due, everything.
    mutating func redrawAll(keeping kept: [PixelRect]) {
        let already = fullRedraw
        fullRedraw = true
        if !already { self.kept = kept }
    }

    /// Adds `region` to the next frame; the caller schedules the frame.
    mutating func redraw(_ region: PixelRect) {
        regions.append(region)
    }

    /// Adds `count` views to those the next frame redraws.
    mutating func countViews(_ count: Int) {
        viewsRedrawn += count
    }

    /// Part of the window lost its pixels: the buffer has them.
    mutating func expose(_ rect: PixelRect) {
        exposed = exposed.union(rect)
    }

    // MARK: - Drawing

    /// Takes the pending frame, if any, to be drawn.
    mutating func takePending() -> Tracer.Frame? {
        defer { pending = nil }
        return pending
    }

    /// Forgets what the next frame was to redraw (it could not be drawn).
    mutating func dropRegions() {
        regions.removeAll(keepingCapacity: true)
        fullRedraw = false
    }

    /// The regions the next frame redraws: all of `window` for a full redraw (`visibleViews`
    /// counts its views). Notes the views redrawn in an input frame's trace.
    mutating func regions(for frame: inout Tracer.Frame, window: PixelRect, visibleViews: () -> Int) -> [PixelRect] {
        if fullRedraw {
            regions.removeAll(keepingCapacity: true)
            regions.append(window)
            viewsRedrawn = visibleViews()
        } else {
            regions = PixelRect.coalescing(regions, within: window)
        }
        if frame.cause == .input { frame.views = viewsRedrawn }
        return regions
    }

    /// The regions were drawn into the buffer: they wait, with `frame`'s timings, to be presented.
    mutating func drew(_ frame: Tracer.Frame) {
        if kept.isEmpty {
            unpresentedRects.append(contentsOf: regions)
        } else {
            for region in regions { unpresentedRects += region.subtracting(kept) }
        }
        regions.removeAll(keepingCapacity: true)
        fullRedraw = false
        viewsRedrawn = 0
        if var held = unpresented {
            held.absorb(frame)
            unpresented = held
        } else {
            unpresented = frame
        }
    }

    // MARK: - Presenting

    /// Puts what was drawn (and any exposed area) on the window through `blit`, which returns
    /// when the pixels landed; the frame presented and that time, or nil when nothing was due.
    mutating func present(window: PixelRect, bufferIsCurrent: Bool, wake: UInt64,
                          blit: ([PixelRect]) -> UInt64) -> (frame: Tracer.Frame, presented: UInt64)? {
        // The window is not on screen until its first Expose; what was drawn waits for it.
        guard hasBeenExposed || !exposed.isEmpty else { return nil }
        var frame: Tracer.Frame
        if !hasBeenExposed {
            hasBeenExposed = true
            frame = unpresented ?? Tracer.Frame(.start, started: wake)
            frame.cause = .start
            unpresentedRects = [window]
        } else if let drawn = unpresented {
            frame = drawn
            if !exposed.isEmpty { unpresentedRects.append(exposed) }
        } else if !exposed.isEmpty, bufferIsCurrent {
            frame = Tracer.Frame(.expose, started: wake)
            unpresentedRects = [exposed]
        } else {
            exposed = .empty
            return nil
        }
        let blitStart = MonotonicClock.now()
        let presented = blit(unpresentedRects)
        frame.blit = presented - blitStart
        unpresented = nil
        unpresentedRects.removeAll(keepingCapacity: true)
        exposed = .empty
        return (frame, presented)
    }
}
