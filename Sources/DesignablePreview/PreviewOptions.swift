import DesignableCore

/// How `designable preview` was asked to run.
public struct PreviewOptions {
    /// The style file to show and watch.
    public var stylePath: String
    /// Device pixels per point; nil takes it from the X resource Xft.dpi (dpi / 96), else 1.
    public var scale: Double?
    /// When set, render once in the window, write this PNG and exit: for scripts.
    public var screenshotPath: String?
    /// Where `p` and Ctrl+S put screenshots; nil means the style file's folder.
    public var screenshotDirectory: String?
    /// Print one JSON line per frame on stdout with the time each step took.
    public var trace: Bool
    /// The appearance and layout direction the window starts in (`a` and `l` switch them).
    public var variant: Variant
    /// `--components DIR`: Swift components besides the style's own, drawn by the worker.
    public var componentFolder: String?

    public init(stylePath: String, scale: Double? = nil, screenshotPath: String? = nil,
                screenshotDirectory: String? = nil, trace: Bool = false, variant: Variant = .standard) {
        self.variant = variant
        self.stylePath = stylePath
        self.scale = scale
        self.screenshotPath = screenshotPath
        self.screenshotDirectory = screenshotDirectory
        self.trace = trace
    }
}
