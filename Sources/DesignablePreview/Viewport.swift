import DesignableCore

/// Where the canvas sits in the window: the canvas area (the window less the inspector), the
/// canvas centred in it when narrower, and scrolled when larger. Converts between window pixels
/// and canvas points; offsets are whole pixels so the canvas draws exactly as `render` does.
struct Viewport {
    /// The drawn part of the window in pixels: its size as the server last told it, within
    /// `drawnSize`'s caps. The only copy the preview keeps.
    var windowWidth: Int
    var windowHeight: Int
    let scale: Double
    /// The inspector's width in pixels, 0 when it is hidden.
    var panelWidth = 0
    /// The banner's height in pixels across the top, 0 without one: the canvas starts below it,
    /// so a banner never hides the first view.
    var topInset = 0
    /// The outlines' legend's height in pixels across the bottom, 0 while outlines are off.
    var bottomInset = 0
    /// The canvas in pixels: its size in points times the scale, rounded up as `render` does.
    private(set) var canvasWidth = 0
    private(set) var canvasHeight = 0
    private(set) var scrollX = 0
    private(set) var scrollY = 0

    init(windowWidth: Int, windowHeight: Int, scale: Double) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.scale = scale
    }

    /// The most pixels the back buffer holds (64 MiB at 4 bytes a pixel), and the longest side it
    /// may have: a window larger than this (a 32767×32767 resize) is drawn in its top-left part
    /// only and the rest is filled with one colour by the server, so a frame's memory and time
    /// stay bounded whatever size the window is given.
    static let maxBufferPixels = 16 * 1024 * 1024
    static let maxBufferSide = 8192

    /// The part of a `width` × `height` window that is drawn: the window itself when it is within
    /// the caps, else its top-left part with at most `maxBufferSide` a side and
    /// `maxBufferPixels` in all (the height gives way first: a tall canvas scrolls).
    static func drawnSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let drawnWidth = max(1, min(width, maxBufferSide))
        let drawnHeight = max(1, min(height, maxBufferSide, maxBufferPixels / drawnWidth))
        return (drawnWidth, drawnHeight)
    }

    /// The window size for a canvas of `canvas` points (nil: a phone's 375×667) at `scale`, at
    /// most 90% of the screen and at least the window's minimum (120×80).
    static func windowSize(for canvas: Size?, scale: Double, screenWidth: Int, screenHeight: Int) -> (width: Int, height: Int) {
        let size = canvas ?? Size(width: 375, height: 667)
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        return (max(120, min(width, screenWidth * 9 / 10)), max(80, min(height, screenHeight * 9 / 10)))
    }

    var window: PixelRect { PixelRect(x: 0, y: 0, width: windowWidth, height: windowHeight) }
    /// The window less the inspector: the banner, the canvas area and the legend, top to bottom.
    var mainArea: PixelRect { PixelRect(x: 0, y: 0, width: max(0, windowWidth - panelWidth), height: windowHeight) }
    var canvasArea: PixelRect {
        let top = min(topInset, windowHeight), bottom = min(bottomInset, windowHeight - top)
        return PixelRect(x: 0, y: top, width: max(0, windowWidth - panelWidth), height: windowHeight - top - bottom)
    }
    var bannerArea: PixelRect { PixelRect(x: 0, y: 0, width: mainArea.width, height: min(topInset, windowHeight)) }
    var legendArea: PixelRect {
        let area = canvasArea
        return PixelRect(x: 0, y: area.maxY, width: area.width, height: windowHeight - area.maxY)
    }
    var panelArea: PixelRect { PixelRect(x: max(0, windowWidth - panelWidth), y: 0, width: panelWidth, height: windowHeight) }

    /// The canvas's top-left in window pixels.
    var origin: (x: Int, y: Int) {
        let area = canvasArea
        let x = canvasWidth < area.width ? (area.width - canvasWidth) / 2 : -scrollX
        let y = area.y + (canvasHeight < area.height ? 0 : -scrollY)
        return (x, y)
    }

    /// The canvas's pixels on the window, clipped to the canvas area.
    var canvasOnWindow: PixelRect {
        let (x, y) = origin
        return PixelRect(x: x, y: y, width: canvasWidth, height: canvasHeight).intersection(canvasArea)
    }

    mutating func setCanvasSize(_ size: Size) {
        canvasWidth = Int((size.width * scale).rounded(.up))
        canvasHeight = Int((size.height * scale).rounded(.up))
        clampScroll()
    }

    /// Scrolls by whole pixels; true when the view moved.
    mutating func scroll(dx: Int, dy: Int) -> Bool {
        let before = (scrollX, scrollY)
        scrollX += dx
        scrollY += dy
        clampScroll()
        return before != (scrollX, scrollY)
    }

    mutating func clampScroll() {
        scrollX = max(0, min(scrollX, canvasWidth - canvasArea.width))
        scrollY = max(0, min(scrollY, canvasHeight - canvasArea.height))
    }

    /// Scrolls the least needed to show `rect` (canvas points); true when the view moved.
    mutating func reveal(_ rect: Rect) -> Bool {
        let area = canvasArea
        let target = PixelRect(covering: rect, scale: scale)
        var dx = 0, dy = 0
        if canvasWidth > area.width {
            if target.x < scrollX { dx = target.x - scrollX } else if target.maxX > scrollX + area.width { dx = min(target.x - scrollX, target.maxX - scrollX - area.width) }
        }
        if canvasHeight > area.height {
            if target.y < scrollY { dy = target.y - scrollY } else if target.maxY > scrollY + area.height { dy = min(target.y - scrollY, target.maxY - scrollY - area.height) }
        }
        return scroll(dx: dx, dy: dy)
    }

    // MARK: - Converting

    /// The canvas point under window pixel (x, y), or nil outside the canvas area.
    func canvasPoint(x: Int, y: Int) -> Point? {
        guard canvasArea.contains(x: x, y: y) else { return nil }
        let (ox, oy) = origin
        return Point(x: (Double(x - ox) + 0.5) / scale, y: (Double(y - oy) + 0.5) / scale)
    }

    /// The window pixels covering `rect` (canvas points), clipped to the canvas area.
    func windowRect(of rect: Rect) -> PixelRect {
        PixelRect(covering: rect, scale: scale, origin: origin).intersection(canvasArea)
    }

    /// `region` (window pixels) in canvas points.
    func canvasRect(of region: PixelRect) -> Rect {
        let (ox, oy) = origin
        return Rect(x: Double(region.x - ox) / scale, y: Double(region.y - oy) / scale,
                    width: Double(region.width) / scale, height: Double(region.height) / scale)
    }
}
