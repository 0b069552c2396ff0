import CCairo
import DesignableCore

/// Draws any region of the window into the back buffer: the desk around the canvas, the visible
/// part of the canvas through the renderer (clipped, so a state change redraws just its view),
/// the focus ring, the banner, the flash note and the inspector. Every frame, full or partial,
/// is a list of such regions, so overlays are always redrawn over whatever they cover.
final class FrameComposer {
    /// Behind the canvas where the window is larger than it, as Interface Builder's canvas backdrop.
    static let deskColor = Color(rgb: 0xD1D1D6)
    static let ringColor = Color(rgb: 0x0A84FF)

    let renderer: Renderer
    /// The flash note on show, if any.
    var notes = NoteBoard()
    /// The variants grid, drawn instead of the canvas while `g` shows it.
    var grid: VariantGrid?
    /// The grid's cell a pointer press went down in: that cell alone shows the press.
    var pressedCell: VariantGrid.Cell?
    /// `o`: each view's layout rectangles over the canvas, and their legend below it.
    var showsOutlines = false
    /// `u`: the accessibility audit's findings marked on the views.
    var showsAudit = false
    /// The inspector's first property row shown, for the view it was scrolled on.
    var inspectorScroll = InspectorPanel.Scroll()
    let audit = AuditMarkers()
    /// The pixels of views drawn unchanged before, composited when only what is around them
    /// changed (the background, a neighbour, a scroll). The variants grid draws without it.
    let viewPixels = ViewPixelCache()
    /// Whether anything is drawn over the views besides the focus ring: such marks may reach past
    /// a view's coverage, so a change then redraws the whole canvas.
    var showsOverlays: Bool { showsOutlines || showsAudit }
    private var bannerMemo: (banner: Banner, area: PixelRect, frame: PixelRect)?

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Redraws `region` (window pixels) on `context`, the back buffer's, but for `kept` (window
    /// pixels of the canvas's views that stay as they are: `keptOpaquePixels`).
    func draw(_ region: PixelRect, session: PreviewSession, viewport: Viewport, on context: DrawingContext, keeping kept: [PixelRect] = []) {
        let region = region.intersection(viewport.window)
        guard !region.isEmpty else { return }
        context.save()
        clip(context, to: region)
        if !viewport.bannerArea.intersection(region).isEmpty, let banner = session.banner {
            banner.draw(in: viewport.mainArea, scale: viewport.scale, on: context, painter: renderer.painter)
        }
        if showsOutlines, !viewport.legendArea.intersection(region).isEmpty {
            drawLegend(in: viewport.legendArea, scale: viewport.scale, nested: session.document?.isNested ?? false, on: context)
        }
        let area = viewport.canvasArea.intersection(region)
        if !area.isEmpty {
            let canvas = viewport.canvasOnWindow.intersection(area)
            let remoteImage = session.remote?.image
            let hasCanvas = (session.document != nil || remoteImage != nil) && session.layout != nil && !canvas.isEmpty
            if !hasCanvas || canvas != area {
                context.save()
                clip(context, to: area)
                context.clear(to: Self.deskColor)
                context.restore()
            }
            if hasCanvas, let document = session.document, let layout = session.layout {
                drawCanvas(document, layout: layout, in: canvas, session: session, viewport: viewport, on: context, keeping: kept)
            } else if hasCanvas, let remoteImage {
                drawRemoteCanvas(remoteImage, in: canvas, session: session, viewport: viewport, on: context)
            }
            drawOverlays(in: area, session: session, viewport: viewport, on: context)
        }
        if viewport.panelWidth > 0, !viewport.panelArea.intersection(region).isEmpty {
            let found = showsAudit ? session.focusedRoot.map { audit.findings(of: $0, in: session) } ?? [] : nil
            InspectorPanel.draw(session, audit: found, in: viewport.panelArea, scale: viewport.scale, on: context, painter: renderer.painter,
                                scroll: &inspectorScroll)
        }
        context.restore()
    }

    /// The window pixels a change to view `index` touches, its focus ring included, over what it
    /// covered `before` the change when that is known.
    func damage(of index: Int, session: PreviewSession, layout: Layout, viewport: Viewport, before: Rect? = nil) -> PixelRect {
        guard let document = session.document, index < layout.frames.count, index < document.views.count else { return .empty }
        // In the grid a view's cells are its row: every one of them may show the change.
        if let grid { return grid.rowRect(of: index).map(viewport.windowRect) ?? .empty }
        var now = document.views[index].coverage(in: layout.frames[index], state: session.state(of: index))
        // A ring around a view inside this one may reach past what the view covers.
        if let focus = session.focus, !focus.isTopLevel, focus.root == index, let ring = nestedRingBounds(focus, session: session) {
            now = now.union(ring)
        }
        return viewport.windowRect(of: before.map(now.union) ?? now)
    }

    /// What the focus ring around the nested view at `path` covers.
    private func nestedRingBounds(_ path: ViewPath, session: PreviewSession) -> Rect? {
        guard let view = session.document?.view(at: path), let frame = session.canvasFrame(of: path) else { return nil }
        return FocusRing.bounds(around: view.component(in: session.state(at: path)).layer(in: frame).shape(in: frame))
    }

    // MARK: - Parts

    /// The window pixels of the views on screen whose kept pixels are opaque there: what a frame
    /// changing only the canvas background leaves as it is, when it draws neither the grid nor
    /// overlays (the audit's tags depend on the background). None over a see-through canvas
    /// (drawn as a group over white, which a kept pixel would not be part of).
    func keptOpaquePixels(session: PreviewSession, viewport: Viewport) -> [PixelRect] {
        guard let document = session.document, let layout = session.layout, document.canvas.background.alpha >= 1 else { return [] }
        let canvas = viewport.canvasOnWindow
        let (ox, oy) = viewport.origin
        return renderer.keptOpaquePixels(document, layout: layout, scale: viewport.scale, states: session.state(of:),
                                         area: viewport.canvasRect(of: canvas), cache: viewPixels)
            .map { $0.offsetBy(dx: ox, dy: oy).intersection(canvas) }
            .filter { !$0.isEmpty }
    }

    private func drawCanvas(_ document: StyleDocument, layout: Layout, in canvas: PixelRect, session: PreviewSession,
                            viewport: Viewport, on context: DrawingContext, keeping kept: [PixelRect]) {
        let scale = viewport.scale
        let (ox, oy) = viewport.origin
        context.save()
        clip(context, to: canvas)
        // Whole-pixel offsets keep every pixel where `render` puts it.
        context.translate(Double(ox), Double(oy))
        let damage = viewport.canvasRect(of: canvas)
        // The focus ring around view `index` in `state`, when it has the visible focus.
        func ring(_ index: Int, _ state: ControlState) -> ((Painter) -> Void)? {
            guard session.focusVisible, let focus = session.focus, index == focus.root, index < layout.frames.count else { return nil }
            guard focus.isTopLevel else {
                // Around the nested view, in the canvas space its top-level view is drawn in.
                guard let view = document.view(at: focus), let frame = renderer.canvasFrame(of: focus, in: document, layout: layout) else { return nil }
                let shape = view.component(in: session.state(at: focus)).layer(in: frame).shape(in: frame)
                return { painter in painter.focusRing(around: shape, color: Self.ringColor) }
            }
            let frame = layout.frames[index]
            let shape = document.views[index].component(in: state).layer(in: frame).shape(in: frame)
            return { painter in painter.focusRing(around: shape, color: Self.ringColor) }
        }
        // A see-through canvas would show the window's undefined alpha as black: draw it over white.
        let translucent = document.canvas.background.alpha < 1
        if translucent {
            context.clear(to: .white)
            cairo_push_group(context.pointer)
        }
        if let grid {
            // Each cell: its column's state with the view's own (selected with a click, `s`…),
            // the press only where it went down; its view's layout rectangles with `o`.
            let pressed = pressedCell, outlines = showsOutlines
            func state(_ cell: VariantGrid.Cell) -> ControlState { cell.state.union(session.state(of: cell.view, pointer: cell == pressed)) }
            grid.draw(on: context, renderer: renderer, scale: scale, damage: damage, state: state,
                      overlay: { cell, painter in
                          if outlines { LayoutOutlines.draw(document, layout: layout, states: { _ in state(cell) }, only: cell.view, painter: painter) }
                          ring(cell.view, state(cell))?(painter)
                      })
        } else {
            var overlay = session.focusedRoot.flatMap { ring($0, session.state(of: $0)) }
            if showsOverlays {
                // Measured before drawing: the audit draws views of its own.
                if showsAudit { _ = audit.findings(in: damage, of: session) }
                let (outlines, audit, focusRing) = (showsOutlines, showsAudit ? self.audit : nil, overlay)
                overlay = { painter in
                    if outlines {
                        LayoutOutlines.draw(document, layout: layout, states: session.state(of:), nestedStates: session.drawnNestedStates, painter: painter)
                    }
                    focusRing?(painter)
                    // Last: a tag must stay readable over the ring of the view it is on.
                    audit?.draw(in: damage, of: session, painter: painter)
                }
            }
            let keptOnCanvas = kept.map { $0.offsetBy(dx: -ox, dy: -oy) }
            renderer.nestedStates = session.drawnNestedStates
            renderer.draw(document, layout: layout, scale: scale, on: context, states: session.state(of:), damage: damage,
                          cache: viewPixels, keeping: keptOnCanvas, overlay: overlay)
        }
        if translucent {
            cairo_pop_group_to_source(context.pointer)
            context.paint()
        }
        context.restore()
    }

    private func drawOverlays(in area: PixelRect, session: PreviewSession, viewport: Viewport, on context: DrawingContext) {
        let painter = renderer.painter
        if let note = notes.note, !note.frame(in: viewport.canvasArea, scale: viewport.scale, painter: painter).intersection(area).isEmpty {
            note.draw(in: viewport.canvasArea, scale: viewport.scale, on: context, painter: painter)
        }
    }

    /// The pixels the banner takes across the top of the window (less the inspector) for the
    /// session's status: empty without one. Remembered for the text and area, since every
    /// reload asks.
    func bannerFrame(for session: PreviewSession, viewport: Viewport) -> PixelRect {
        guard let banner = session.banner else { return .empty }
        let area = viewport.mainArea
        if let memo = bannerMemo, memo.banner == banner, memo.area == area { return memo.frame }
        let frame = banner.frame(in: area, scale: viewport.scale, painter: renderer.painter)
        bannerMemo = (banner, area, frame)
        return frame
    }

    /// The height in pixels the outlines' legend takes below the canvas, 0 while they are off.
    /// `nested`: the canvas has views inside views, whose dashed frames the legend explains.
    func legendHeight(viewport: Viewport, nested: Bool) -> Int {
        guard showsOutlines else { return 0 }
        let scale = viewport.scale
        return Int((LayoutOutlines.legendHeight(width: Double(viewport.mainArea.width) / scale, nested: nested, painter: renderer.painter) * scale).rounded(.up))
    }

    private func drawLegend(in area: PixelRect, scale: Double, nested: Bool, on context: DrawingContext) {
        let painter = renderer.painter
        context.save()
        clip(context, to: area)
        // The legend's background is translucent (over a canvas in `render`): start from white.
        context.clear(to: .white)
        context.translate(Double(area.x), Double(area.y))
        context.scale(scale)
        painter.drawing(on: context, scale: scale) {
            LayoutOutlines.drawLegend(in: Rect(x: 0, y: 0, width: Double(area.width) / scale, height: Double(area.height) / scale),
                                      nested: nested, painter: painter)
        }
        context.restore()
    }

    private func clip(_ context: DrawingContext, to rect: PixelRect) {
        context.newPath()
        context.rectangle(rect.rect)
        context.clip()
    }
}
