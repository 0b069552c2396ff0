import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// Where `p` saves: `<stem>-<YYYYMMDD-HHMMSS>.png` in local time, beside the style file unless
/// `--screenshot-dir` says otherwise; a second one in the same second gets `-2`, never overwriting.
enum ScreenshotName {
    static func path(for stylePath: String, in folder: String?) -> String {
        let folder = folder ?? FileSystem.directory(of: stylePath)
        var stem = FileSystem.fileName(of: stylePath)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        var text = [CChar](repeating: 0, count: 32)
        strftime(&text, text.count, "%Y%m%d-%H%M%S", &local)
        let base = folder + "/" + stem + "-" + String(cString: text)
        var candidate = base + ".png"
        var number = 2
        while access(candidate, F_OK) == 0 {
            candidate = base + "-\(number).png"
            number += 1
        }
        return candidate
    }
}
