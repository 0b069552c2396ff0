/// `UIView.ContentMode`: how a view's content (an image view's image) is sized and placed in its
/// bounds. `left` and `right` are the page's sides, as UIKit's are: they do not flip in a
/// right-to-left layout.
public enum ContentMode: String, InspectableEnum, Sendable {
    /// Stretched to the bounds, its aspect ratio lost.
    case scaleToFill
    /// Scaled to fit inside the bounds, keeping its shape, centred; the rest left clear.
    case scaleAspectFit
    /// Scaled to cover the bounds, keeping its shape, centred: it reaches past two sides.
    case scaleAspectFill
    /// Drawn again at every size: an image view's image is then stretched as `scaleToFill`.
    case redraw
    /// At its own size, centred, or against a side or corner.
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    public static var typeName: String { "UIView.ContentMode" }

    /// Where content of `size` goes in `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        switch self {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard size.width > 0, size.height > 0 else { return bounds }
            let across = bounds.width / size.width, down = bounds.height / size.height
            let scale = self == .scaleAspectFit ? min(across, down) : max(across, down)
            let scaled = Size(width: size.width * scale, height: size.height * scale)
            return Rect(x: bounds.midX - scaled.width / 2, y: bounds.midY - scaled.height / 2, width: scaled.width, height: scaled.height)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.x
            case .right, .topRight, .bottomRight: x = bounds.maxX - size.width
            default: x = bounds.midX - size.width / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.y
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - size.height
            default: y = bounds.midY - size.height / 2
            }
            return Rect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}
