#if canImport(Glibc)
import Glibc
#endif

/// Whether findings written to a stream may carry ANSI colours: on a terminal, unless
/// `NO_COLOR` is set to anything but nothing (https://no-color.org); and on a pipe too when
/// `CLICOLOR_FORCE` is set to anything but `0`, for a log viewer or CI page that shows them.
public enum TerminalColors {
    /// The answer for file descriptor `fd` under `environment` (a variable's value, or nil when unset).
    public static func enabled(forDescriptor fd: Int32, environment: (String) -> String? = environmentValue) -> Bool {
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
        if let force = environment("CLICOLOR_FORCE"), !force.isEmpty, force != "0" { return true }
        // A terminal that says it cannot show colour gets none.
        return isatty(fd) == 1 && environment("TERM") != "dumb"
    }

    /// For standard error, where findings go; decided once.
    public static let onStandardError = enabled(forDescriptor: 2)

    /// The process's own environment.
    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
