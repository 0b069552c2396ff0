#if canImport(Glibc)
import Glibc
#endif
import DesignableCore

/// Times the headless pipeline in one process: the first (cold) frame, then many warm ones.
struct BenchCommand: Command {
    static let name = "bench"
    static let abstract = "Time reading, parsing, layout, rendering and PNG encoding of a style file, frame by frame."
    static let positionals = ["STYLE"]
    static let options = [
        OptionSpec(name: "--scale", valueName: "N", help: "Pixels per point (default 1)."),
        OptionSpec(name: "--frames", valueName: "N", help: "Warm frames to time after the cold one (default 200)."),
        OptionSpec(name: "--json", help: "Print one JSON object instead of a table, for scripts."),
    ]

    let style: String, scale: Double, frames: Int, json: Bool

    init(_ arguments: ParsedArguments) throws {
        style = arguments.positionals[0]
        scale = try arguments.number("--scale", default: 1, in: 0.5...4)
        frames = Int(try arguments.number("--frames", default: 200, in: 1...100_000))
        json = arguments.flags.contains("--json")
    }

    func run() throws -> Int32 {
        // One job for every frame: its renderer keeps the caches a live preview keeps warm. The
        // cold frame pays for everything a first render pays for: fontconfig, shaping, decoding images.
        let job = RenderJob(options: RenderJob.Options(scale: scale))
        let (coldTimes, views, width, height) = try frame(job)
        let names = RenderJob.Phases().all.map(\.name)
        var samples = [[Double]](repeating: [], count: names.count)
        for _ in 0..<frames {
            for (index, time) in try frame(job).times.enumerated() { samples[index].append(time) }
        }
        let totals = (0..<frames).map { frame in samples.reduce(0) { $0 + $1[frame] } }
        if json {
            var fields = ["\"style\": \(jsonQuoted(style))", "\"scale\": \(scale)", "\"frames\": \(frames)", "\"views\": \(views)",
                          "\"pixels\": [\(width), \(height)]"]
            for (index, name) in names.enumerated() {
                fields.append("\"\(name)\": {\"cold_ms\": \(ms(coldTimes[index])), \"median_ms\": \(ms(percentile(samples[index], 50))), \"p99_ms\": \(ms(percentile(samples[index], 99)))}")
            }
            fields.append("\"total\": {\"cold_ms\": \(ms(coldTimes.reduce(0, +))), \"median_ms\": \(ms(percentile(totals, 50))), \"p99_ms\": \(ms(percentile(totals, 99)))}")
            Console.out("{" + fields.joined(separator: ", ") + "}")
            return 0
        }
        Console.out("\(style): \(views) views, \(width)×\(height) px at \(formatNumber(scale))×, \(frames) warm frames")
        Console.out("phase".padding(to: 10) + "cold ms".leftPadded(10) + "median ms".leftPadded(12) + "p99 ms".leftPadded(10))
        for (index, name) in names.enumerated() {
            Console.out(name.padding(to: 10) + ms(coldTimes[index]).leftPadded(10)
                        + ms(percentile(samples[index], 50)).leftPadded(12) + ms(percentile(samples[index], 99)).leftPadded(10))
        }
        Console.out("total".padding(to: 10) + ms(coldTimes.reduce(0, +)).leftPadded(10)
                    + ms(percentile(totals, 50)).leftPadded(12) + ms(percentile(totals, 99)).leftPadded(10))
        return 0
    }

    /// One frame from the file's bytes to PNG bytes: each phase's time in seconds, as the job
    /// timed it, and what was drawn. The surface is let go, so the renderer draws into it again.
    private func frame(_ job: RenderJob) throws -> (times: [Double], views: Int, width: Int, height: Int) {
        let output = try job.run(path: style)
        guard let png = output.png, let document = output.document, let surface = output.surface else {
            Console.report(output.findings)
            throw Failure("\(style) has errors; nothing to time")
        }
        precondition(!png.isEmpty)
        return (output.phases.all.map { seconds($0.nanoseconds) }, document.views.count, surface.width, surface.height)
    }
}

// MARK: - Statistics

/// Nanoseconds as seconds.
private func seconds(_ nanoseconds: UInt64) -> Double {
    Double(nanoseconds) / 1e9
}

/// The nearest-rank percentile of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
}

/// Milliseconds to three decimals.
private func ms(_ seconds: Double) -> String {
    let thousandths = Int((seconds * 1e6).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
