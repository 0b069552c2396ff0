/// A snapshot run as JUnit XML, the report CI systems (GitLab, Jenkins, GitHub Actions' test
/// reporters) read: one test suite, one test case a snapshot, a `failure` element on each that
/// failed with its message.
public enum JUnitReport {
    /// The report of `results`, a suite named `suite` (the style file) whose cases are named by
    /// the snapshots' file stems.
    public static func xml(suite: String, results: [SnapshotRun.Result]) -> String {
        let failures = results.filter { $0.outcome == .failed }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"\(escaped(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(formatNumber(total))\">\n"
        for result in results {
            xml += "  <testcase classname=\"\(escaped(suite))\" name=\"\(escaped(result.snapshot.stem))\" time=\"\(formatNumber(result.seconds))\""
            switch result.outcome {
            case .passed:
                xml += "/>\n"
            case .recorded:
                xml += ">\n    <system-out>recorded \(escaped(result.snapshot.fileName, inAttribute: false))</system-out>\n  </testcase>\n"
            case .failed:
                let message = result.failure?.message ?? "failed"
                xml += ">\n    <failure message=\"\(escaped(message))\">\(escaped(result.failure?.description ?? message, inAttribute: false))</failure>\n  </testcase>\n"
            }
        }
        return xml + "</testsuite>\n"
    }

    /// `text` as XML character data: the five markup characters as entities; in an attribute,
    /// tabs and line breaks as character references too (a parser would turn them into spaces);
    /// characters XML 1.0 cannot hold at all (other control characters, U+FFFE, U+FFFF) as U+FFFD.
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\t", "\n", "\r":
                out += inAttribute ? "&#\(scalar.value);" : String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
