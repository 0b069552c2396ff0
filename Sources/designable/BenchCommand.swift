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

    private static let phases = ["read", "parse", "layout", "render", "png"]

    func run() throws -> Int32 {
        // The cold frame pays for everything a first render pays for: fontconfig, shaping, decoding images.
        let renderer = Renderer()
        let (cold, document, canvas) = try frame(renderer)
        var samples = [[Double]](repeating: [], count: Self.phases.count)
        for _ in 0..<frames {
            let (times, _, _) = try frame(renderer)
            for (index, time) in times.enumerated() { samples[index].append(time) }
        }
        let totals = (0..<frames).map { frame in samples.reduce(0) { $0 + $1[frame] } }
        let rows = zip(Self.phases, samples).map { (name: $0, cold: 0.0, values: $1) }
        let coldRows = Array(cold)
        if json {
            var fields = ["\"style\": \(jsonQuoted(style))", "\"scale\": \(scale)", "\"frames\": \(frames)", "\"views\": \(document.views.count)",
                          "\"pixels\": [\(canvas.width), \(canvas.height)]"]
            for (index, row) in rows.enumerated() {
                fields.append("\"\(row.name)\": {\"cold_ms\": \(ms(coldRows[index])), \"median_ms\": \(ms(percentile(row.values, 50))), \"p99_ms\": \(ms(percentile(row.values, 99)))}")
            }
            fields.append("\"total\": {\"cold_ms\": \(ms(cold.reduce(0, +))), \"median_ms\": \(ms(percentile(totals, 50))), \"p99_ms\": \(ms(percentile(totals, 99)))}")
            Console.out("{" + fields.joined(separator: ", ") + "}")
            return 0
        }
        Console.out("\(style): \(document.views.count) views, \(canvas.width)×\(canvas.height) px at \(formatNumber(scale))×, \(frames) warm frames")
        Console.out("phase".padding(to: 10) + "cold ms".leftPadded(10) + "median ms".leftPadded(12) + "p99 ms".leftPadded(10))
        for (index, row) in rows.enumerated() {
            Console.out(row.name.padding(to: 10) + ms(coldRows[index]).leftPadded(10)
                        + ms(percentile(row.values, 50)).leftPadded(12) + ms(percentile(row.values, 99)).leftPadded(10))
        }
        Console.out("total".padding(to: 10) + ms(cold.reduce(0, +)).leftPadded(10)
                    + ms(percentile(totals, 50)).leftPadded(12) + ms(percentile(totals, 99)).leftPadded(10))
        return 0
    }

    /// One frame from the file's bytes to PNG bytes; each phase's time in seconds.
    private func frame(_ renderer: Renderer) throws -> ([Double], StyleDocument, (width: Int, height: Int)) {
        var times: [Double] = []
        var mark = now()
        func lap() { let next = now(); times.append(next - mark); mark = next }

        let bytes = try FileSystem.read(style)
        lap()
        let result = StyleLoader.load(bytes: bytes, path: style)
        guard let document = result.document else {
            Console.report(result.diagnostics)
            throw Failure("\(style) has errors; nothing to time")
        }
        lap()
        let layout = renderer.layout(document)
        lap()
        let surface = try renderer.render(document, layout: layout, scale: scale) { document.views[$0].initialState }
        lap()
        let png = try surface.pngData()
        precondition(!png.isEmpty)
        lap()
        return (times, document, (surface.width, surface.height))
    }
}

// MARK: - Statistics

/// Seconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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
