/// The control's horizontal alignment (`contentHorizontalAlignment`).
public enum HorizontalAlignment: String, InspectableEnum, Sendable {
    case left, center, right
    /// The content stretched over the whole width: the title takes what the image leaves (its
    /// text from the left), and an image alone is stretched to the width.
    case fill
    /// UIKit's directional alignments: the left in a left-to-right layout, the right in a
    /// right-to-left one (and the other way for `trailing`); `left` and `right` never flip.
    case leading, trailing
    public static var typeName: String { "UIControl.ContentHorizontalAlignment" }

    /// The alignment on the page in a layout that reads `direction`: left, center, right or fill.
    public func physical(in direction: LayoutDirection) -> HorizontalAlignment {
        switch self {
        case .leading: return direction == .leftToRight ? .left : .right
        case .trailing: return direction == .leftToRight ? .right : .left
        default: return self
        }
    }
}

/// Where the image sits beside the title (`UIButton.Configuration.imagePlacement`).
public enum ImagePlacement: String, InspectableEnum, Sendable {
    case leading, trailing
    public static var typeName: String { "NSDirectionalRectEdge" }
}

/// `UIButton.ButtonType`, as far as a drawing shows it.
public enum ButtonType: Sendable {
    /// Draws its image as a template, in the tint, unless the image is marked original.
    case system
    /// Draws its image as it is unless the image is marked template: every subclass a seed makes.
    case custom
}

/// A system `UIButton`: the attributes Interface Builder shows for every button, and the
/// layout and drawing the seed buttons build on.
open class Button: Component {
    @Inspectable("Title shown in the button.") public var title = ""
    @Inspectable("Colour of the title; the tint colour when unset, as a system button.") public var titleColor: Color? = nil
    @Inspectable("Tint: the title's colour when it has none of its own, and a template image's fill.") public var tintColor = Color.systemBlue
    @Inspectable("Title font, as Pango describes one: family, style, size.") public var font = Font("Sans 15")
    @Inspectable("Fill behind the content.") public var backgroundColor = Color.clear
    @Inspectable("Image beside the title (SVG or PNG, by name).") public var image: ImageReference? = nil
    @Inspectable("Render As: template fills the image's shape with the tint, original draws it as is; a system UIButton's default is template, a custom button's original.") public var imageRendering = ImageRendering.template
    @Inspectable("Horizontal alignment of the image and title inside the button.") public var alignment = HorizontalAlignment.center
    @Inspectable("iOS 15 content insets: top, leading, bottom, trailing.") public var contentInsets = EdgeInsets.zero
    @Inspectable("iOS 15 space between the image and the title.", minimum: 0) public var imagePadding = 0.0
    @Inspectable("iOS 15 side of the title the image sits on.") public var imagePlacement = ImagePlacement.leading
    @Inspectable("Most lines the title takes (titleLabel.numberOfLines), 0 for any number; a \\n in the title starts a line while lines are left.", minimum: 0) public var numberOfLines = 1
    @Inspectable("How a title that does not fit wraps or is cut (titleLabel.lineBreakMode); UIButton keeps its beginning and end, … between.") public var lineBreakMode = LineBreakMode.byTruncatingMiddle
    @Inspectable("Starts in the selected state.") public var isSelected = false
    @Inspectable("Starts highlighted, as if held down: shows that look in a still render.") public var isHighlighted = false
    @Inspectable("Takes input; a disabled button is dimmed and ignores it.") public var isEnabled = true

    open override class var className: String { "UIButton" }
    open override class var summary: String { "A system button: title, tint, image and the iOS 15 configuration." }
    open override class var isControl: Bool { true }
    /// As `effectiveTitleColor` draws it.
    open override class var fallbacks: [String: String] { ["titleColor": "tintColor"] }
    /// Whether an image is tinted unless marked otherwise: a system button's is, a custom one's is not.
    open class var buttonType: ButtonType { .system }

    public required init() {
        super.init()
        if Self.buttonType == .custom { $imageRendering.overrideDefault(.original) }
    }

    open override var initialState: ControlState {
        var state = ControlState.normal
        if isSelected { state.insert(.selected) }
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        return state
    }

    /// The state this instance was made for, and which of its states the style file restyled.
    public internal(set) var state = ControlState.normal
    public internal(set) var styledStates = ControlState.normal

    open override func hasSameLook(as other: PropertyHolder) -> Bool {
        guard let other = other as? Button, other.state == state, other.styledStates == styledStates else { return false }
        return super.hasSameLook(as: other)
    }

    // MARK: - What subclasses shape

    /// Moves the laid-out title and image (the iOS 14 edge insets and the like).
    open func adjust(_ content: inout ContentLayout, in bounds: Rect) {}

    /// Where the image and title go inside the bounds, and the room the title's text has.
    public struct ContentLayout: Equatable {
        public var imageRect: Rect?
        public var titleRect: Rect?
        public var titleBox = TextBox.singleLine
        /// Which way the layout read, for edge insets applied after it.
        public var direction = LayoutDirection.leftToRight
    }

    /// Moves a laid-out title or image as UIKit applies `titleEdgeInsets` or `imageEdgeInsets`
    /// (`leading` is the left inset, `trailing` the right). UIKit insets the content rectangle and
    /// aligns the title or image in what is left: toward the aligned edge by that edge's inset, and
    /// by half the difference of the two where it is centred (vertically, always).
    public final func shift(_ rect: Rect, by insets: EdgeInsets, direction: LayoutDirection = .leftToRight) -> Rect {
        let dx: Double
        switch alignment.physical(in: direction) {
        case .left, .fill: dx = insets.leading
        case .right: dx = -insets.trailing
        default: dx = (insets.leading - insets.trailing) / 2
        }
        return rect.offsetBy(dx: dx, dy: (insets.top - insets.bottom) / 2)
    }

    // MARK: - Layout

    var effectiveTitleColor: Color { titleColor ?? tintColor }

    /// The title label's room: `width` (nil for as wide as the title), its lines and its mode,
    /// its lines aligned to the leading edge of a layout that reads `direction`.
    func titleBox(width: Double?, direction: LayoutDirection = .leftToRight) -> TextBox {
        TextBox(width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, direction: direction)
    }

    /// The content laid out as UIKit does: image and title side by side (image on the placement
    /// side, `imagePadding` between), the group aligned inside the content insets, centred
    /// vertically; the title wraps or truncates in the width the image leaves it.
    public func layoutContent(in bounds: Rect, with painter: Painter) -> ContentLayout {
        let direction = painter.layoutDirection
        let alignment = alignment.physical(in: direction)
        let area = contentInsets.inset(bounds, direction: direction)
        var imageSize = image.map { painter.size(of: $0) }
        let gap = !title.isEmpty && imageSize != nil ? imagePadding : 0
        let titleWidth = max(0, area.width - (imageSize?.width ?? 0) - gap)
        let box = titleBox(width: titleWidth, direction: direction)
        var titleSize = title.isEmpty ? nil : painter.measure(title, font: font, in: box)
        if alignment == .fill {
            if titleSize != nil {
                titleSize?.width = titleWidth
            } else {
                imageSize?.width = area.width
            }
        }
        let contentWidth = (imageSize?.width ?? 0) + gap + (titleSize?.width ?? 0)
        var x: Double
        switch alignment {
        case .left, .fill: x = area.x
        case .right: x = area.maxX - contentWidth
        default: x = area.midX - contentWidth / 2
        }
        var layout = ContentLayout(titleBox: box, direction: direction)
        func place(_ size: Size) -> Rect {
            defer { x += size.width + gap }
            return Rect(x: x, y: area.midY - size.height / 2, width: size.width, height: size.height)
        }
        // The group is placed left to right; in a right-to-left layout the leading item is the right one.
        switch (imagePlacement == .leading) == (direction == .leftToRight) ? ImagePlacement.leading : .trailing {
        case .leading:
            layout.imageRect = imageSize.map(place)
            layout.titleRect = titleSize.map(place)
        case .trailing:
            layout.titleRect = titleSize.map(place)
            layout.imageRect = imageSize.map(place)
        }
        adjust(&layout, in: bounds)
        return layout
    }

    /// The content-inset rectangle the content is aligned in, and the image and title where
    /// `layoutContent` puts them (edge insets applied).
    open override func layoutRectangles(in bounds: Rect, with painter: Painter) -> LayoutRectangles {
        let content = layoutContent(in: bounds, with: painter)
        return LayoutRectangles(frame: bounds, content: contentInsets.inset(bounds, direction: painter.layoutDirection),
                                image: content.imageRect, title: content.titleRect)
    }

    open override func intrinsicContentSize(_ painter: Painter) -> Size? {
        let titleSize = title.isEmpty ? Size.zero : painter.measure(title, font: font, in: titleBox(width: nil))
        let imageSize = image.map { painter.size(of: $0) } ?? .zero
        let gap = !title.isEmpty && image != nil ? imagePadding : 0
        return Size(width: contentInsets.leading + imageSize.width + gap + titleSize.width + contentInsets.trailing,
                    height: contentInsets.top + max(imageSize.height, titleSize.height) + contentInsets.bottom)
    }

    // MARK: - Drawing

    /// How opaque the title and image are: a system button fades them while highlighted and
    /// dims them while disabled, unless the style file gave that state a look of its own.
    var contentAlpha: Double {
        if state.contains(.disabled) && !styledStates.contains(.disabled) { return 0.35 }
        if state.contains(.highlighted) && !styledStates.contains(.highlighted) && fadesWhenHighlighted { return 0.3 }
        return 1
    }

    /// False for buttons whose own highlighted look replaces the fade.
    open var fadesWhenHighlighted: Bool { true }

    open override func configure(_ layer: inout Layer, in bounds: Rect) {
        super.configure(&layer, in: bounds)
        layer.backgroundColor = backgroundColor
    }

    /// The image's rectangle and the title's ink, a pixel wider all round for hinting, which
    /// may move a glyph's outline by part of one. Only for Designable's own buttons: a Swift
    /// component's subclass may draw more in its `drawContent`, so its content is clipped.
    open override func contentExtent(in bounds: Rect, with painter: Painter) -> Rect? {
        guard Self.isBuiltIn else { return nil }
        let content = layoutContent(in: bounds, with: painter)
        measuredForDrawing = (bounds, painter.layoutDirection, content)
        var extent = image == nil ? nil : content.imageRect
        if let rect = content.titleRect {
            let margin = 1 / painter.scale
            let ink = painter.text.layout(title, font: font, in: content.titleBox).ink
                .offsetBy(dx: rect.x, dy: rect.y).insetBy(dx: -margin, dy: -margin)
            extent = extent.map { $0.union(ink) } ?? ink
        }
        return extent ?? Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
    }

    /// The layout `contentExtent` just made, which the drawing that follows it takes rather than
    /// laying the content out twice per view and frame; taken once, so it never outlives a draw.
    private var measuredForDrawing: (bounds: Rect, direction: LayoutDirection, content: ContentLayout)?

    open override func drawContent(in bounds: Rect, with painter: Painter) {
        let content: ContentLayout
        if let measured = measuredForDrawing, measured.bounds == bounds, measured.direction == painter.layoutDirection {
            content = measured.content
        } else {
            content = layoutContent(in: bounds, with: painter)
        }
        measuredForDrawing = nil
        let alpha = contentAlpha
        if let image, let rect = content.imageRect {
            painter.drawImage(image, in: rect, tint: imageRendering == .template ? tintColor : nil, alpha: alpha)
        }
        if let rect = content.titleRect {
            let color = effectiveTitleColor
            painter.drawText(title, font: font, color: color.multiplyingAlpha(alpha), at: rect.origin, in: content.titleBox)
        }
    }
}
