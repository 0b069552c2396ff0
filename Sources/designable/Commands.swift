#if canImport(Glibc)
import Glibc
#endif
import DesignableCore

/// Loads and lays out a style file, printing its findings (the same `Findings` as every command
/// and the preview give); the document and its layout, or a failure when it has errors
/// (`outcome` says what did not happen: "nothing rendered").
func loadReporting(_ path: String, renderer: Renderer, outcome: String) throws -> (StyleDocument, Layout) {
    let result = StyleLoader.load(path: path)
    let layout = result.document.map { renderer.layout($0) }
    Console.report(Findings.all(result, layout: layout))
    guard let document = result.document, let layout else { throw Failure(path, hasErrors: result.diagnostics, so: outcome) }
    return (document, layout)
}

extension Failure {
    /// The failure of a file whose errors stopped a command: "gallery.yaml: 2 errors; nothing rendered".
    init(_ path: String, hasErrors findings: [Diagnostic], so outcome: String) {
        let errors = findings.errorCount
        self.init("\(path): \(errors) error\(errors == 1 ? "" : "s"); \(outcome)")
    }
}

/// The state every control is drawn in, from `--state`; nil keeps each view's own starting state.
func parseState(_ text: String?) throws -> ControlState? {
    guard let text else { return nil }
    let states: [String: ControlState] = ["normal": .normal, "highlighted": .highlighted, "selected": .selected, "disabled": .disabled]
    guard let state = states[text] else {
        throw UsageError("--state takes normal, highlighted, selected or disabled, not '\(text)'"
            + didYouMean(text, states.keys.sorted()))
    }
    return state
}

// MARK: - render

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render a style file to PNG, without any display."
    static let positionals = ["STYLE"]
    static let options = [
        OptionSpec(name: "--output", short: "-o", valueName: "OUT.png", help: "Where to write the PNG; - for standard output.", required: true),
        OptionSpec(name: "--scale", valueName: "N", help: "Pixels per point, 0.5 to 4: 2 and 3 as on Retina screens (default 1)."),
        OptionSpec(name: "--state", valueName: "STATE", help: "Draw every control normal, highlighted, selected or disabled."),
        .allowOutsideImages,
    ]

    let style: String, output: String, scale: Double, state: ControlState?

    init(_ arguments: ParsedArguments) throws {
        style = arguments.positionals[0]
        guard let output = arguments.values["--output"] else { throw UsageError("render needs -o OUT.png") }
        guard output == "-" || output.lowercased().hasSuffix(".png") else {
            throw UsageError("render writes PNG: name the output .png (or - for standard output), not '\(output)'")
        }
        self.output = output
        scale = try arguments.number("--scale", default: 1, in: 0.5...4)
        state = try parseState(arguments.values["--state"])
    }

    func run() throws -> Int32 {
        let rendered = try RenderJob(options: RenderJob.Options(scale: scale, state: state)).run(path: style)
        Console.report(rendered.findings)
        guard let png = rendered.png else {
            // Not drawn: the file has errors, or its canvas is too large (said in the findings).
            guard rendered.document == nil else { return 1 }
            throw Failure(style, hasErrors: rendered.findings, so: "nothing rendered")
        }
        if output == "-" {
            guard png.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, stdout) }) == png.count, fflush(stdout) == 0 else {
                throw Failure("cannot write the PNG to standard output")
            }
        } else {
            try FileSystem.writeAtomically(png, to: output)
        }
        return 0
    }
}

// MARK: - check

struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check a style file; print each finding as path:line:col. Exit 1 on errors."
    static let positionals = ["STYLE"]
    static let options: [OptionSpec] = [.allowOutsideImages]

    let style: String

    init(_ arguments: ParsedArguments) throws { style = arguments.positionals[0] }

    func run() throws -> Int32 {
        let result = StyleLoader.load(path: style)
        let layout = result.document.map { Renderer().layout($0) }
        // A file can be well-formed and still draw views where nobody sees them, or be too large to draw.
        let findings = Findings.all(result, layout: layout)
        Console.report(findings)
        if Console.stderrIsTerminal {
            let (errors, warnings) = (findings.errorCount, findings.warningCount)
            Console.error("\(style): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        return findings.hasErrors ? 1 : 0
    }
}

// MARK: - inspect

struct InspectCommand: Command {
    static let name = "inspect"
    static let abstract = "List every view with its class and each property: label, type, value, and where the value came from."
    static let positionals = ["STYLE"]
    static let options: [OptionSpec] = [.allowOutsideImages]

    let style: String

    init(_ arguments: ParsedArguments) throws { style = arguments.positionals[0] }

    func run() throws -> Int32 {
        let (document, layout) = try loadReporting(style, renderer: Renderer(), outcome: "nothing to inspect")
        Console.out("\(style): \(document.views.count) view\(document.views.count == 1 ? "" : "s") on a \(formatSize(layout.canvasSize)) canvas")
        for (index, view) in document.views.enumerated() {
            let frame = layout.frames[index]
            let component = view.component(in: view.initialState)
            Console.out("")
            var heading = "#\(index + 1) \(view.type.className)"
            if let id = view.id { heading += " \"\(id)\"" }
            heading += "  line \(view.location.line)  frame \(formatNumber(frame.x)),\(formatNumber(frame.y)) \(formatSize(frame.size))"
            if view.initialState != .normal { heading += "  starts \(view.initialState)" }
            Console.out(heading)
            if !view.presets.isEmpty {
                // The chain with where each preset is written: the rows name the preset of each value.
                Console.out("  style " + view.presets.map { "\($0.name) (\(place($0.location)))" }.joined(separator: " → "))
            }
            let rows = PropertyRow.rows(of: component)
            let labelWidth = rows.map(\.label.count).max() ?? 0, typeWidth = rows.map(\.typeName.count).max() ?? 0
            let valueWidth = rows.map(\.value.count).max() ?? 0
            for row in rows {
                let source = row.source(in: view.location.file)
                Console.out("  " + row.label.padding(to: labelWidth + 2) + row.typeName.padding(to: typeWidth + 2)
                            + row.value.padding(to: valueWidth + 2) + source)
            }
        }
        return 0
    }

    /// `line 3` in the style file, `tokens.yaml:3` in another.
    private func place(_ location: SourceLocation) -> String {
        location.file == SourceFile(path: style) ? "line \(location.line)" : "\(location.file.path):\(location.line)"
    }

    private func formatSize(_ size: Size) -> String { "\(formatNumber(size.width))×\(formatNumber(size.height))" }
}

// MARK: - schema

struct SchemaCommand: Command {
    static let name = "schema"
    static let abstract = "Print the JSON Schema of style files, for editors that complete and check YAML."
    static let positionals: [String] = []
    static let options: [OptionSpec] = []

    init(_ arguments: ParsedArguments) throws {}

    func run() throws -> Int32 {
        Console.out(StyleSchema.json())
        return 0
    }
}
