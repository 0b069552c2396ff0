/// A `UIImageView`: an image sized and placed in its bounds by `contentMode`, drawn as it is or,
/// as a template, filled with the tint.
///
/// The Swift class is `ImageView` so that a designer's own UIKit code can declare a
/// `UIImageView` subclass of its own; a style file names it `UIImageView`.
open class ImageView: Component {
    @Inspectable("Image shown (SVG or PNG, by name).") public var image: ImageReference? = nil
    @Inspectable("Image shown instead while isHighlighted; image when unset.") public var highlightedImage: ImageReference? = nil
    @Inspectable("Shows the highlighted image.") public var isHighlighted = false
    @Inspectable("How the image is sized and placed: scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight.") public var contentMode = ContentMode.scaleToFill
    @Inspectable("Tint: a template image's fill.") public var tintColor = Color.systemBlue
    @Inspectable("Render As: original draws the image as it is (UIImageView's default), template fills its shape with the tint.") public var imageRendering = ImageRendering.original
    @Inspectable("Fill behind the image.") public var backgroundColor = Color.clear
    @Inspectable("Clips the image to the bounds (clipsToBounds, the layer's masksToBounds); without it a scaleAspectFill image is drawn past them.") public var clipsToBounds = false

    open override class var className: String { "UIImageView" }
    open override class var summary: String { "An image view: an image scaled or placed in its bounds by its content mode, tinted when a template." }
    open override class var fallbacks: [String: String] { ["highlightedImage": "image"] }

    /// The image drawn: the highlighted one while highlighted, when there is one.
    public var displayedImage: ImageReference? { isHighlighted ? highlightedImage ?? image : image }

    /// The image's size in points, as `UIImageView.intrinsicContentSize` gives it; none without
    /// an image (a missing one takes the placeholder's size, so the gap is seen).
    open override func intrinsicContentSize(_ painter: Painter) -> Size? {
        displayedImage.map { painter.size(of: $0) }
    }

    open override func masksToBoundsReason(_ layer: Layer) -> String { "clipsToBounds is true" }

    /// The background, and the clip: UIKit clips a view's content only when `clipsToBounds` is
    /// set, so without it an image larger than the bounds (scaleAspectFill, or center and the
    /// sides at its own size) is drawn past them, here as on iOS.
    open override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.backgroundColor = backgroundColor
        layer.masksToBounds = clipsToBounds
        // Sized from the loader's check of the file: a layer is set up without a painter.
        if let image = displayedImage, let size = ImageProbe.pointSize(of: image) {
            let rect = contentMode.rect(for: size, in: bounds)
            if !bounds.contains(rect) { layer.contentOverflow = rect }
        }
    }

    /// Where the image goes in `bounds`.
    public func imageRect(in bounds: Rect, with painter: Painter) -> Rect? {
        displayedImage.map { contentMode.rect(for: painter.size(of: $0), in: bounds) }
    }

    open override func layoutRectangles(in bounds: Rect, with painter: Painter) -> LayoutRectangles {
        LayoutRectangles(frame: bounds, image: imageRect(in: bounds, with: painter))
    }

    /// The image's rectangle. Only for Designable's own class: a Swift subclass may draw more.
    open override func contentExtent(in bounds: Rect, with painter: Painter) -> Rect? {
        guard Self.isBuiltIn else { return nil }
        return imageRect(in: bounds, with: painter) ?? Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
    }

    open override func drawContent(in bounds: Rect, with painter: Painter) {
        guard let image = displayedImage, let rect = imageRect(in: bounds, with: painter) else { return }
        painter.drawImage(image, in: rect, tint: imageRendering == .template ? tintColor : nil)
    }

    /// A scaleAspectFill image unclipped: iOS draws it past two sides of any bounds of another
    /// shape than its own, which a design rarely means. Said whatever the frame, which a size
    /// class or a device may change.
    open override var combinationWarnings: [(location: SourceLocation?, message: String)] {
        guard contentMode == .scaleAspectFill, displayedImage != nil, !clipsToBounds, layerAttributes?[\.masksToBounds].wrappedValue != true else { return [] }
        return [($contentMode.setAt, "contentMode scaleAspectFill without clipsToBounds: iOS draws the image past the view's bounds wherever its shape differs from theirs; set clipsToBounds: true (or layer: {masksToBounds: true}) to crop it")]
    }
}
