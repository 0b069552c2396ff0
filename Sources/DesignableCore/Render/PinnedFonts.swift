#if canImport(Glibc)
import Glibc
#endif

/// The fonts snapshots are drawn with, the same on every machine: fontconfig pointed at the
/// `fonts.conf` Designable ships (DejaVu Sans, WenQuanYi Micro Hei for CJK, nothing else) instead
/// of the machine's own setup, as the tests pin theirs (`Tests/fonts.conf` is a link to it). A
/// desktop's fonts and their aliases differ from machine to machine, and every glyph drawn
/// differently would fail a snapshot recorded elsewhere.
public enum PinnedFonts {
    /// Why the fonts could not be pinned, and what to do.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The family the file makes every generic name resolve to: without it the pin means nothing.
    static let family = "DejaVu Sans"
    private static let optOut = "or pass --system-fonts to draw with this machine's fonts (snapshots then hold only where the same fonts are)"

    /// Points fontconfig at the shipped `fonts.conf` and checks its fonts are installed. Call it
    /// before anything measures or draws text: fontconfig reads its configuration once, when
    /// Pango first asks for a font.
    public static func pin() throws(Failure) {
        guard let file = BundledAssets.file("fonts.conf") else {
            throw Failure(message: "cannot pin the fonts: fonts.conf is not among Designable's files (assets/ in the source tree, share/designable/ where installed; make install puts it there); \(optOut)")
        }
        setenv("FONTCONFIG_FILE", file, 1)
        guard InstalledFonts.families.contains(family) else {
            throw Failure(message: "cannot pin the fonts: \(family) is not in the folders \(file) names (Debian's fonts-dejavu-core, which make deps installs); \(optOut)")
        }
    }
}
