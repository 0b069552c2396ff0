#if canImport(Glibc)
import Glibc
#endif
import DesignableCore

/// `designable snapshot`: records each view's look where no reference exists yet and verifies it
/// where one does, for CI. The work is the core's (`Snapshot`, `SnapshotRun`, `ImageComparison`,
/// `JUnitReport`); this reads the options, pins the fonts and says what happened.
struct SnapshotCommand: Command {
    static let name = "snapshot"
    static let abstract = "Record each view in each state as PNG, or verify it against the recording. Exit 1 on a mismatch."
    static let positionals = ["STYLE"]
    static let options = [
        OptionSpec(name: "--dir", valueName: "DIR", help: "The references' folder (default: __Snapshots__ beside the style file)."),
        OptionSpec(name: "--scale", valueName: "N", help: "Pixels per point, 0.5 to 4; a list (1,2) or repeated for several (default 2)."),
        OptionSpec(name: "--record", help: "Write every reference again, on purpose, instead of verifying."),
        OptionSpec(name: "--tolerance", valueName: "N", help: "How far a colour channel may differ, 0 to 255, before a pixel counts as changed (default \(ImageComparison.Tolerance.standard.channel))."),
        OptionSpec(name: "--max-diff", valueName: "SHARE", help: "The share of changed pixels a snapshot may have: 0 to 1, or a percentage such as 0.5% (default 0.1%)."),
        OptionSpec(name: "--junit", valueName: "FILE.xml", help: "Also write the results as JUnit XML, for CI."),
        OptionSpec(name: "--appearance", valueName: "MODE", help: "Light, dark or both: the appearances each view is kept in (default light).",
                   completion: .words(VariantChoice.appearanceWords(both: true))),
        OptionSpec(name: "--direction", valueName: "DIR", help: "Left to right (ltr), right to left (rtl) or both: the directions each view is kept in (default ltr).",
                   completion: .words(VariantChoice.directionWords(both: true))),
        OptionSpec(name: "--system-fonts", help: "Draw text with this machine's fonts instead of the pinned ones (snapshots may not hold elsewhere)."),
        .allowOutsideImages, .components,
    ]
    static let discussion = """
    Each view is drawn alone on the canvas background, trimmed to what it covers (its frame and its
    shadow), in each state: normal, and for a control also highlighted, selected,
    selected+highlighted and disabled; and in each appearance and direction asked for. Each is
    DIR/ID.STATE[.dark][.rtl]@SCALEx.png (sign-in.disabled@2x.png, sign-in.normal.dark.rtl@2x.png);
    a view without an id is named after its class and place among the views of that class
    (FancyButton-3), with a warning. A view is drawn whole, with its subviews; each control inside
    it is kept too, the view drawn whole with that control in each state the file gives a look:
    DIR/ID.CONTROL-STATE...png (card.buy-highlighted@2x.png; CONTROL is the ids below the view,
    joined by dots: card.row.buy-disabled@2x.png). A reference that is missing is recorded; one that is there is
    compared, and a mismatch leaves ID.STATE@SCALEx.actual.png and .diff.png (the changes in red)
    beside it. The summary line is 'N passed, N failed'.

    When the CI environment variable is set (not to 0, false or no), a missing reference fails
    instead of being recorded. Text is drawn with the fonts Designable pins (its fonts.conf: DejaVu
    Sans, WenQuanYi Micro Hei), so snapshots hold on any machine that has them.
    """

    let style: String, directory: String, scales: [Double], tolerance: ImageComparison.Tolerance
    let recordsAll: Bool, junit: String?, pinsFonts: Bool, choice: VariantChoice

    init(_ arguments: ParsedArguments) throws {
        style = arguments.positionals[0]
        let folder = FileSystem.directory(of: style)
        directory = arguments.values["--dir"] ?? (folder == "." ? "" : folder + "/") + "__Snapshots__"
        scales = try Self.scales(arguments.valueLists["--scale"] ?? [])
        let channel = try arguments.number("--tolerance", default: Double(ImageComparison.Tolerance.standard.channel), in: 0...255)
        guard channel == channel.rounded() else { throw UsageError("--tolerance takes a whole number from 0 to 255, not '\(formatNumber(channel))'") }
        tolerance = ImageComparison.Tolerance(channel: Int(channel), changedShare: try Self.share(arguments.values["--max-diff"]))
        recordsAll = arguments.flags.contains("--record")
        junit = arguments.values["--junit"]
        pinsFonts = !arguments.flags.contains("--system-fonts")
        choice = try VariantChoice(arguments)
    }

    func run() throws -> Int32 {
        if pinsFonts {
            do { try PinnedFonts.pin() } catch { throw Failure(error.message) }
        }
        let renderer = Renderer()
        let (document, _) = try loadReporting(style, renderer: renderer, outcome: "no snapshot taken")
        let (snapshots, naming) = Snapshot.all(of: document, scales: scales, variants: choice.variants)
        Console.report(naming)
        let options = SnapshotRun.Options(directory: directory, tolerance: tolerance, recordsAll: recordsAll,
                                          recordsMissing: !Self.underCI)
        let results = try SnapshotRun(document: document, options: options, renderer: renderer).run(snapshots) { result in
            if let failure = result.failure { Console.report([failure]) }
        }
        let count = { (outcome: SnapshotRun.Result.Outcome) in results.filter { $0.outcome == outcome }.count }
        var summary = "\(count(.passed)) passed, \(count(.failed)) failed"
        if count(.recorded) > 0 { summary += ", \(count(.recorded)) recorded in \(directory): look at them before you commit them" }
        Console.out(summary)
        if let junit {
            try FileSystem.writeAtomically(Array(JUnitReport.xml(suite: style, results: results).utf8), to: junit)
        }
        return count(.failed) > 0 ? 1 : 0
    }

    // MARK: - Options

    /// Whether CI is running us: `CI` set, as GitHub Actions, GitLab and most others set it, and
    /// not to a value that says no.
    static var underCI: Bool {
        guard let value = getenv("CI").map({ String(cString: $0).lowercased() }) else { return false }
        return !["", "0", "false", "no"].contains(value)
    }

    /// The scales of every `--scale`, each a number or a comma-separated list, in the order
    /// given, each once; 2 when none is given: a Retina screen's, sharp enough to show a half-point
    /// edge that 1× would round away, with under half the pixels of 3× to store.
    static func scales(_ values: [String]) throws -> [Double] {
        var scales: [Double] = []
        for text in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let trimmed = String(text.trimmingWhitespace())
            guard let scale = Double(trimmed), (0.5...4).contains(scale) else {
                throw UsageError("--scale takes numbers from 0.5 to 4, as a list (1,2) or with --scale repeated, not '\(trimmed)'")
            }
            if !scales.contains(scale) { scales.append(scale) }
        }
        return scales.isEmpty ? [2] : scales
    }

    /// `--max-diff` as a share from 0 to 1: written as one (0.001) or as a percentage (0.1%).
    static func share(_ text: String?) throws -> Double {
        guard let text else { return ImageComparison.Tolerance.standard.changedShare }
        let percent = text.hasSuffix("%")
        guard let number = Double(percent ? String(text.dropLast()) : text), (0...(percent ? 100 : 1)).contains(number) else {
            throw UsageError("--max-diff takes a share from 0 to 1 (0.001) or a percentage (0.1%), not '\(text)'")
        }
        return percent ? number / 100 : number
    }
}
