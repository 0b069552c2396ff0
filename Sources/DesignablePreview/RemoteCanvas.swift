import CCairo
import DesignableCore

/// What the window keeps of a file its component worker draws: each view's frame and kind,
/// the files to watch, and the last good pixels, the window's own copy (a worker that dies
/// mid-frame leaves the shared memory half drawn).
final class RemoteCanvas {
    var views: [LoadedCanvas.View] = []
    var dependencies: Set<Dependency> = []
    /// The canvas at the window's scale, as last drawn whole.
    var image: ImageSurface?
    /// The inspector's rows of the view it showed last, as the worker read them.
    var inspected: InspectedView?
    /// Every view's layout rectangles with the last frame, while `o` shows them.
    var outlines: [ViewRectangles]?

    /// Copies the worker's frame out of the shared memory.
    func take(from shared: SharedPixels, width: Int, height: Int, stride: Int) -> Bool {
        guard let pixels = shared.pixels, stride * height <= shared.capacity,
              let copy = try? ImageSurface(width: width, height: height), let target = copy.data else { return false }
        let rowBytes = min(stride, copy.stride)
        for row in 0..<height { (target + row * copy.stride).copyMemory(from: pixels + row * stride, byteCount: rowBytes) }
        copy.markDirty()
        image = copy
        return true
    }
}

extension FrameComposer {
    /// The worker's pixels of the canvas in `canvas` (window pixels), and the layout rectangles
    /// (`o`) and the focus ring over them.
    func drawRemoteCanvas(_ image: ImageSurface, in canvas: PixelRect, session: PreviewSession, viewport: Viewport, on context: DrawingContext) {
        let (ox, oy) = viewport.origin
        context.save()
        context.newPath()
        context.rectangle(canvas.rect)
        context.clip()
        cairo_set_source_surface(context.pointer, image.pointer, Double(ox), Double(oy))
        cairo_paint(context.pointer)
        context.translate(Double(ox), Double(oy))
        context.scale(viewport.scale)
        renderer.painter.drawing(on: context, scale: viewport.scale) {
            if showsOutlines, let outlines = session.remote?.outlines {
                for rectangles in outlines { LayoutOutlines.draw(rectangles, painter: renderer.painter) }
            }
            if session.focusVisible, let focus = session.focusedRoot, let remote = session.remote, focus < remote.views.count {
                let view = remote.views[focus]
                renderer.painter.focusRing(around: Shape(view.frame, cornerRadius: view.cornerRadius), color: Self.ringColor)
            }
        }
        context.restore()
    }
}
