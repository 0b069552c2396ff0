#if canImport(Glibc)
import Glibc
#endif
import CCairo
import CPango
import CRsvg

/// librsvg's functions, opened on first use instead of linked (see Sources/CRsvg/shim.h for why):
/// a process that draws no SVG never loads it, and the preview's warm-up opens it on its own
/// thread. Thread-safe: the library is opened once, by whichever thread asks first.
enum Librsvg {
    typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
    typealias SetDPI = @convention(c) (OpaquePointer?, Double) -> Void
    typealias IntrinsicSizeInPixels = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> gboolean
    typealias IntrinsicDimensions = @convention(c) (OpaquePointer?, UnsafeMutablePointer<gboolean>?, UnsafeMutableRawPointer?,
                                                    UnsafeMutablePointer<gboolean>?, UnsafeMutableRawPointer?,
                                                    UnsafeMutablePointer<gboolean>?, UnsafeMutablePointer<RsvgRectangle>?) -> Void
    typealias RenderDocument = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<RsvgRectangle>?,
                                               UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean

    /// The functions Designable calls.
    struct Functions {
        let newFromData: NewFromData
        let setDPI: SetDPI
        let intrinsicSizeInPixels: IntrinsicSizeInPixels
        let intrinsicDimensions: IntrinsicDimensions
        let renderDocument: RenderDocument
    }

    /// The shared library's name, as Debian's librsvg2-2 installs it.
    static let soname = "librsvg-2.so.2"

    /// The functions, or why they cannot be had, in words that follow "SVG images need librsvg: ".
    static let loaded: Result<Functions, RenderError> = {
        let result = open()
        openState.set()
        return result
    }()

    /// Whether `loaded` has its answer, asked without waiting for it: a style read while the
    /// warm-up thread is still opening the library goes on reading, and checks its SVG files
    /// when the read is done (`ImageProbe.checkWithoutWaiting`).
    static var isOpen: Bool { openState.isSet }

    private static let openState = SharedFlag()

    private static func open() -> Result<Functions, RenderError> {
        // Never closed: the handles librsvg makes live as long as the process may draw.
        guard let library = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(RenderError("SVG images need librsvg (\(soname)), which could not be loaded: " + lastError()))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let newFromData = symbol("rsvg_handle_new_from_data", as: NewFromData.self),
              let setDPI = symbol("rsvg_handle_set_dpi", as: SetDPI.self),
              let intrinsicSizeInPixels = symbol("rsvg_handle_get_intrinsic_size_in_pixels", as: IntrinsicSizeInPixels.self),
              let intrinsicDimensions = symbol("rsvg_handle_get_intrinsic_dimensions", as: IntrinsicDimensions.self),
              let renderDocument = symbol("rsvg_handle_render_document", as: RenderDocument.self) else {
            return .failure(RenderError("SVG images need librsvg 2.52 or later; \(soname) lacks " + lastError()))
        }
        return .success(Functions(newFromData: newFromData, setDPI: setDPI, intrinsicSizeInPixels: intrinsicSizeInPixels,
                                  intrinsicDimensions: intrinsicDimensions, renderDocument: renderDocument))
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }
}
