import CCairo

/// How a rendered image differs from its reference, pixel by pixel: the one comparison behind
/// the golden-image tests and `designable snapshot`, so a test and a user's CI judge alike.
///
/// A pixel counts as changed when any of its channels (alpha included, premultiplied as Cairo
/// stores them) differs by more than `Tolerance.channel`; the images match when they have the
/// same size and at most `Tolerance.changedShare` of their pixels changed. Anti-aliasing noise
/// passes; a moved edge or a changed colour does not.
public struct ImageComparison {
    /// How much difference counts as noise.
    public struct Tolerance: Equatable, Sendable {
        /// How far a channel may differ, of 255, before its pixel counts as changed.
        public var channel: Int
        /// The share of pixels, 0 to 1, that may change before the images differ.
        public var changedShare: Double

        public init(channel: Int, changedShare: Double) {
            self.channel = channel
            self.changedShare = changedShare
        }

        /// 16 of 255 per channel and 0.1% of the pixels: what font hinting and anti-aliasing
        /// move between machines stays under it; an edge a pixel away or a colour changed by
        /// more than a rounding does not.
        public static let standard = Tolerance(channel: 16, changedShare: 0.001)
        /// Not a bit may change: what a refactor owes on the machine that recorded the reference.
        public static let exact = Tolerance(channel: 0, changedShare: 0)
    }

    public let actual: ImageSurface
    public let reference: ImageSurface
    public let tolerance: Tolerance
    /// Pixels changed beyond the tolerance, counting every pixel that only one image has.
    public let changedPixels: Int

    /// Compares `actual` with `reference`; images of different sizes are compared over both
    /// areas, top-left aligned, every pixel outside either one counting as changed.
    public init(_ actual: ImageSurface, to reference: ImageSurface, tolerance: Tolerance = .standard) {
        self.actual = actual
        self.reference = reference
        self.tolerance = tolerance
        changedPixels = Self.scan(actual, reference, channelTolerance: tolerance.channel, into: nil)
    }

    /// Whether the two have the same width and height.
    public var sizesMatch: Bool { actual.width == reference.width && actual.height == reference.height }
    /// The pixels compared: the area both images span.
    public var pixelCount: Int { max(actual.width, reference.width) * max(actual.height, reference.height) }
    /// The share of pixels changed, 0 to 1.
    public var changedShare: Double { Double(changedPixels) / Double(max(1, pixelCount)) }
    /// Whether the images are the same but for noise the tolerance allows.
    public var matches: Bool { sizesMatch && changedShare <= tolerance.changedShare }

    /// What differs, in words: "412 pixels (1.03%) changed by more than 16 of 255, 0.1% allowed",
    /// or the two sizes when they differ.
    public var summary: String {
        if !sizesMatch {
            return "its size \(actual.width)×\(actual.height) differs from the reference's \(reference.width)×\(reference.height) pixels"
        }
        return "\(changedPixels) pixel\(changedPixels == 1 ? "" : "s") (\(percent(changedShare))) changed by more than "
            + "\(tolerance.channel) of 255, \(percent(tolerance.changedShare)) allowed"
    }

    /// The changed pixels in red over a faded grey copy of the actual image, so the marks have
    /// their context; as large as both images together.
    public func differenceImage() throws(RenderError) -> ImageSurface {
        let diff = try ImageSurface(width: max(actual.width, reference.width), height: max(actual.height, reference.height))
        _ = Self.scan(actual, reference, channelTolerance: tolerance.channel, into: diff)
        return diff
    }

    // MARK: - The pixels

    private static let changedMark: UInt32 = 0xFFFF_0000

    /// Counts the pixels changed beyond `channelTolerance`, and paints the difference image into
    /// `diff` (the union of both sizes) when given: one walk for both, so they cannot disagree.
    private static func scan(_ actual: ImageSurface, _ reference: ImageSurface, channelTolerance: Int,
                             into diff: ImageSurface?) -> Int {
        let width = max(actual.width, reference.width), height = max(actual.height, reference.height)
        guard let a = Pixels(actual), let r = Pixels(reference) else { return width * height }
        let out = diff.flatMap(Pixels.init)
        var changed = 0
        for y in 0..<height {
            for x in 0..<width {
                var mark = changedMark
                if let pa = a[x, y], let pr = r[x, y], maximumChannelDifference(pa, pr) <= channelTolerance {
                    let grey = (((pa >> 16) & 0xFF) + ((pa >> 8) & 0xFF) + (pa & 0xFF)) / 3 / 4 + 191
                    mark = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                } else {
                    changed += 1
                }
                out?[x, y] = mark
            }
        }
        diff?.markDirty()
        return changed
    }

    private static func maximumChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return worst
    }

    private func percent(_ share: Double) -> String {
        let hundredths = (share * 10_000).rounded()
        // Two decimals, fewer when they are zeros: "0.1%", "1.03%", "100%"; never "0%" for a change.
        if hundredths == 0 && share > 0 { return "<0.01%" }
        return formatNumber(hundredths / 100) + "%"
    }
}

/// A surface's pixels with its geometry read once: Cairo's accessors are calls, too dear per pixel.
private struct Pixels {
    let data: UnsafeMutableRawPointer
    let width: Int, height: Int, stride: Int
    /// Cairo reads an opaque PNG as RGB24, whose top byte is not alpha: its pixels compare as opaque.
    let opaque: Bool

    init?(_ surface: ImageSurface) {
        guard let data = surface.data else { return nil }
        self.data = data
        (width, height, stride) = (surface.width, surface.height, surface.stride)
        opaque = cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_RGB24
    }

    /// The pixel at `x`, `y` as premultiplied ARGB; nil outside the image.
    subscript(x: Int, y: Int) -> UInt32? {
        get {
            guard x < width, y < height else { return nil }
            let pixel = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            return opaque ? pixel | 0xFF00_0000 : pixel
        }
        nonmutating set {
            guard let newValue, x < width, y < height else { return }
            data.storeBytes(of: newValue, toByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }
}
