// MARK: - The blur

/// A layer's shadow as Core Animation draws it: the alpha of what the layer draws, blurred,
/// tinted `shadowColor` at `shadowOpacity` and offset by `shadowOffset`, beneath the layer.
///
/// `shadowRadius` is taken as the standard deviation σ of a Gaussian blur, in points. That is the
/// relation designers convert by: Figma's and Sketch's drop-shadow "blur" B, like CSS
/// `box-shadow`'s blur radius, is a Gaussian of σ = B / 2, and the conversion in common use is
/// `shadowRadius = B / 2`; so a Figma blur of 8 is `shadowRadius: 4`, and both draw σ = 4.
/// The Gaussian is approximated by three successive box blurs (the usual way, within a few
/// percent of the true curve), horizontally then vertically, on an 8-bit alpha mask.
public enum Shadow {
    /// How far a blur of `radius` reaches past the shape it blurs: three standard deviations,
    /// beyond which less than 0.3% of the shadow lies.
    public static func reach(ofRadius radius: Double) -> Double {
        3 * max(0, radius)
    }

    /// The widths of three box blurs whose succession approximates a Gaussian of `sigma` pixels.
    static func boxWidths(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [1, 1, 1] }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let l = Double(lower)
        let smaller = ((12 * sigma * sigma - 3 * l * l - 12 * l - 9) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < smaller ? lower : upper }
    }

    /// Blurs an 8-bit alpha image in place with a Gaussian of `sigma` pixels.
    static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        var line = [UInt16](repeating: 0, count: max(width, height))
        for boxWidth in boxWidths(sigma: sigma) where boxWidth > 1 {
            let radius = boxWidth / 2
            for y in 0..<height {
                boxBlur(pixels + y * stride, count: width, step: 1, radius: radius, scratch: &line)
            }
            for x in 0..<width {
                boxBlur(pixels + x, count: height, step: stride, radius: radius, scratch: &line)
            }
        }
    }

    /// One box blur of `radius` along a run of `count` values `step` apart; zero beyond its ends.
    private static func boxBlur(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt16]) {
        let width = 2 * radius + 1
        scratch.withUnsafeMutableBufferPointer { copy in
            for index in 0..<count { copy[index] = UInt16(start[index * step]) }
            var sum = 0
            for index in 0..<min(radius, count) { sum += Int(copy[index]) }
            for index in 0..<count {
                let entering = index + radius, leaving = index - radius - 1
                if entering < count { sum += Int(copy[entering]) }
                if leaving >= 0 { sum -= Int(copy[leaving]) }
                start[index * step] = UInt8((sum + width / 2) / width)
            }
        }
    }
}

// MARK: - Masks

/// A blurred shadow mask at one scale: its pixels, and where its top-left lies from the layer's
/// own top-left, in points (before the shadow's offset).
final class ShadowMask {
    let surface: ImageSurface
    let origin: Point
    let bytes: Int

    init(surface: ImageSurface, origin: Point) {
        self.surface = surface
        self.origin = origin
        bytes = surface.stride * surface.height
    }
}

/// Blurred masks of plain shapes (an opaque rounded background), by geometry: views of one size
/// and corners share one, whatever their colours, so a state change or a recolour never blurs
/// again. Bounded: past `maximumBytes` the least recently used are dropped.
final class ShadowCache {
    /// 32 MB of masks: a thousand button-sized shadows at 2×, far more than one screen shows.
    static let maximumBytes = 32 << 20

    struct Key: Hashable {
        /// The outline at the origin: where the view is does not change its shadow.
        let outline: Outline
        let sigma: Double
        let scale: Double
    }

    private let masks = ByteBoundedCache<Key, ShadowMask>(limit: maximumBytes)

    func mask(for key: Key, make: () -> ShadowMask?) -> ShadowMask? {
        masks.value(for: key) { make().map { ($0, $0.bytes) } }
    }

    /// How many masks are kept.
    var count: Int { masks.count }
}
