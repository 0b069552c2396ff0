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

/// The states `--state` takes, by the names the grid's columns and snapshots give them
/// (`selected+highlighted`: a selected button held down).
let controlStates: [(key: String, value: ControlState)] = ControlState.every.map { ($0.description, $0) }

/// The state every control is drawn in, from `--state`; nil keeps each view's own starting state.
func parseState(_ text: String?) throws -> ControlState? {
    guard let text else { return nil }
    // The two words in either order, as `highlighted+selected` reads as well; each once.
    let words = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    let state = Set(words).count == words.count
        ? controlStates.first(where: { Set($0.key.split(separator: "+").map(String.init)) == Set(words) })?.value : nil
    guard let state else {
        throw UsageError("--state takes \(listed(controlStates.map(\.key), "or")), not '\(text)'"
            + didYouMean(text, controlStates.map(\.key).sorted()))
    }
    return state
}

// MARK: - Appearance and direction

/// `--appearance light|dark|both` and `--direction ltr|rtl|both`: the variants a command draws,
/// each option's values once for every command that takes them.
struct VariantChoice {
    var appearances: [Appearance] = [.light]
    var directions: [LayoutDirection] = [.leftToRight]

    /// The options' values, for completions: `both` where the command draws several.
    static func appearanceWords(both: Bool) -> [String] { Appearance.allCases.map(\.rawValue) + (both ? ["both"] : []) }
    static func directionWords(both: Bool) -> [String] { LayoutDirection.allCases.map(\.rawValue) + (both ? ["both"] : []) }

    /// Reads both options. `both` is taken unless `bothApplies` says where else it would do
    /// something: then it is a usage mistake that says so.
    init(_ arguments: ParsedArguments, bothApplies: String? = nil) throws {
        appearances = try Self.values("--appearance", arguments.values["--appearance"], default: .light, bothApplies: bothApplies)
        directions = try Self.values("--direction", arguments.values["--direction"], default: .leftToRight, bothApplies: bothApplies)
    }

    /// Every pairing, light before dark and left to right before right to left.
    var variants: [Variant] { Variant.all(appearances: appearances, directions: directions) }

    /// The one variant chosen, for a command that draws one.
    var single: Variant { variants[0] }

    private static func values<Value: RawRepresentable & CaseIterable>(
        _ option: String, _ text: String?, default value: Value, bothApplies: String?
    ) throws -> [Value] where Value.RawValue == String {
        guard let text else { return [value] }
        if let one = Value(rawValue: text) { return [one] }
        let names = Value.allCases.map(\.rawValue)
        if text == "both" {
            if let bothApplies {
                throw UsageError("\(option) both applies \(bothApplies); here give \(names.joined(separator: " or "))")
            }
            return Array(Value.allCases)
        }
        let choices = names + (bothApplies == nil ? ["both"] : [])
        throw UsageError("\(option) takes \(choices.dropLast().joined(separator: ", ")) or \(choices.last!), not '\(text)'"
            + didYouMean(text, choices))
    }
}

// MARK: - render

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render a style file to PNG, SVG or PDF, without any display."
    static let positionals = ["STYLE"]
    static let options = [
        OptionSpec(name: "--output", short: "-o", valueName: "OUT", help: "Where to write OUT.png, OUT.svg or OUT.pdf; - for PNG on standard output.",
                   required: true, completion: .files(extensions: RenderJob.Format.allCases.map(\.rawValue))),
        OptionSpec(name: "--scale", valueName: "N", help: "Pixels per point, 0.5 to 4: 2 and 3 as on Retina screens (default 1)."),
        OptionSpec(name: "--state", valueName: "STATE", help: "Draw every control normal, highlighted, selected, selected+highlighted or disabled.",
                   completion: .words(controlStates.map(\.key))),
        OptionSpec(name: "--view", valueName: "ID", help: "Draw one view alone, trimmed to it and its shadow: its id, or #N as inspect numbers it; a view inside another by its path (card/buy), as it sits on its parents."),
        OptionSpec(name: "--appearance", valueName: "MODE", help: "Light or dark colours (default light); both, with --variants, adds a dark column set.",
                   completion: .words(VariantChoice.appearanceWords(both: true))),
        OptionSpec(name: "--direction", valueName: "DIR", help: "ltr, the default, or rtl: insets, image placement, leading and trailing mirror; both, with --variants, adds an RTL column set.",
                   completion: .words(VariantChoice.directionWords(both: true))),
        OptionSpec(name: "--variants", help: "Draw every view in each of its states, a captioned grid, with a row for each control inside a view; with --view, that view's rows."),
        OptionSpec(name: "--outline", help: "Draw each view's frame, content insets, image and title rectangles, with a legend below."),
        .allowOutsideImages, .components,
    ]
    static let discussion = """
        The output's extension picks the format. An SVG or PDF page is sized in points (an SVG
        pixel is a point): its text, shapes and gradients stay vector, and its shadows and images
        are embedded as pixels, --scale of them to a point.

        With --variants each view is a row, captioned with its id (or class), and each state a
        column: normal, highlighted, selected, selected+highlighted, disabled (normal only for a
        view that is not a control). --appearance both and --direction both add a set of columns
        for each variant, each on the canvas background as that variant draws it.
        """

    let style: String, output: String, scale: Double, state: ControlState?, format: RenderJob.Format, view: String?
    let choice: VariantChoice, variants: Bool, outline: Bool

    init(_ arguments: ParsedArguments) throws {
        style = arguments.positionals[0]
        guard let output = arguments.values["--output"] else { throw UsageError("render needs -o OUT.png, OUT.svg or OUT.pdf") }
        guard let format = output == "-" ? .png : RenderJob.Format(path: output) else {
            throw UsageError("render writes PNG, SVG or PDF, by the output's extension: name it .png, .svg or .pdf (or - for PNG on standard output), not '\(output)'")
        }
        self.output = output
        self.format = format
        scale = try arguments.number("--scale", default: 1, in: 0.5...4)
        state = try parseState(arguments.values["--state"])
        view = arguments.values["--view"]
        variants = arguments.flags.contains("--variants")
        if variants && state != nil {
            throw UsageError("--variants draws every state, each in its own column: leave out --state")
        }
        outline = arguments.flags.contains("--outline")
        if variants && outline {
            throw UsageError("--outline draws on the canvas or one view, not on the variants grid: leave out one of them")
        }
        choice = try VariantChoice(arguments, bothApplies: variants ? nil : "with --variants, a column set for each")
    }

    func run() throws -> Int32 {
        // fontconfig's start-up and librsvg's loading, while the file is read.
        WarmUp.beginForkSafe()
        defer { WarmUp.finishAll() }
        var options = RenderJob.Options(scale: scale, state: state, format: format, view: view, appearance: choice.single.appearance,
                                        direction: choice.single.direction, variants: variants ? choice.variants : nil)
        options.outline = outline
        let rendered = try RenderJob(options: options).run(path: style)
        Console.report(rendered.findings)
        if let view, let document = rendered.document, document.path(named: view) == nil {
            let names = document.allPaths.compactMap { path in document.view(at: path)?.id.map { _ in document.name(of: path) } }
            // A view inside another named by its own id alone: its path is what to write.
            var meant = didYouMean(view, names)
            if meant.isEmpty, let path = names.first(where: { $0.hasSuffix("/" + view) }) { meant = " (did you mean '\(path)'?)" }
            throw UsageError("--view: \(style) has no view '\(view)'" + meant
                + "; give a view's id, or #1 to #\(document.views.count) as inspect numbers them, and a nested one by its path (card/buy)")
        }
        guard let file = rendered.file else {
            // Not drawn: the file has errors, or its canvas is too large (said in the findings);
            // either way the last line says nothing was written.
            throw Failure(style, hasErrors: rendered.findings, so: "nothing rendered")
        }
        if output == "-" {
            guard file.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, stdout) }) == file.count, fflush(stdout) == 0 else {
                throw Failure("cannot write the PNG to standard output")
            }
        } else {
            try FileSystem.writeAtomically(file, to: output)
        }
        return 0
    }
}

// MARK: - check

struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check a style file; print each finding as path:line:col, then a summary. Exit 1 on errors."
    static let positionals = ["STYLE"]
    static let options: [OptionSpec] = [
        OptionSpec(name: "--strict", help: "Fail (exit 1) on warnings too, as a CI job wants."),
        OptionSpec(name: "--audit", help: "Audit accessibility too: contrast, tap targets, truncated titles, every state, light and dark."),
        OptionSpec(name: "--scale", valueName: "N", help: "Check that the canvas can be drawn at this scale too, as render --scale N would (default 1)."),
        .allowOutsideImages, .components,
    ]
    static let discussion = """
        --audit draws each view in each of its states, in light and dark appearance, and warns
        of a title whose contrast with the pixels behind its glyphs is under WCAG 2's 4.5:1
        (3:1 for large text: 24 points, or 18.66 bold), a control smaller than 44×44 points,
        and a title truncated or cut off by the view's bounds. A disabled state's contrast is
        not checked, as WCAG exempts inactive controls.
        """

    let style: String, strict: Bool, audit: Bool, scale: Double

    init(_ arguments: ParsedArguments) throws {
        style = arguments.positionals[0]
        strict = arguments.flags.contains("--strict")
        audit = arguments.flags.contains("--audit")
        scale = try arguments.number("--scale", default: 1, in: 0.5...4)
    }

    func run() throws -> Int32 {
        let result = StyleLoader.load(path: style)
        let renderer = Renderer()
        let layout = result.document.map { renderer.layout($0) }
        // A file can be well-formed and still draw views where nobody sees them, or be too large to draw.
        var findings = Findings.all(result, layout: layout)
        // A canvas drawable at 1× may not be at the scale a later render asks for (one that is
        // not, or a file with errors, has said so).
        if scale != 1, !findings.hasErrors, let document = result.document, let layout {
            do { try Renderer.checkCanvas(layout.canvasSize, scale: scale, of: document) } catch {
                if !findings.contains(error) { findings.append(error) }
            }
        }
        if audit, !findings.hasErrors, let document = result.document, let layout {
            findings += Audit.run(document, layout: layout, renderer: renderer).map { $0.diagnostic(in: document) }
        }
        Console.report(findings)
        let fails = findings.hasErrors || (strict && findings.warningCount > 0)
        Console.out(summary(findings, views: result.document?.views.count, fails: fails))
        return fails ? 1 : 0
    }

    /// One line after the findings: "gallery.yaml: 22 views, no findings", "… 2 warnings", or
    /// the errors that stopped the file from loading.
    private func summary(_ findings: [Diagnostic], views: Int?, fails: Bool) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var counts: [String] = []
        if findings.errorCount > 0 { counts.append(count(findings.errorCount, "error")) }
        if findings.warningCount > 0 { counts.append(count(findings.warningCount, "warning")) }
        var line = style + ": " + ((views.map { [count($0, "view")] } ?? []) + (counts.isEmpty ? ["no findings"] : counts)).joined(separator: ", ")
        if fails && !findings.hasErrors { line += " (failing: --strict)" }
        return line
    }
}

// MARK: - inspect

struct InspectCommand: Command {
    static let name = "inspect"
    static let abstract = "List every view with its class, each property (label, type, value, where it came from) and its state maps."
    static let positionals = ["STYLE"]
    static let options: [OptionSpec] = [
        OptionSpec(name: "--json", help: "Print one JSON object instead, for scripts and editors."),
        .allowOutsideImages, .components,
    ]
    static let discussion = """
        A value followed by an arrow, "#FF0000" ← tintColor, is the one a property takes while it
        has none of its own: what is drawn.
        """

    let style: String, json: Bool

    init(_ arguments: ParsedArguments) throws {
        style = arguments.positionals[0]
        json = arguments.flags.contains("--json")
    }

    func run() throws -> Int32 {
        let renderer = Renderer()
        let (document, layout) = try loadReporting(style, renderer: renderer, outcome: "nothing to inspect")
        if json {
            Console.out(inspection(of: document, layout: layout, renderer: renderer).serialized())
            return 0
        }
        // A flat file lists its views as it always has; a tree lists each subview under its parent.
        let paths = document.isNested ? document.allPaths : document.views.indices.map { ViewPath($0) }
        var summary = "\(style): \(document.views.count) view\(document.views.count == 1 ? "" : "s")"
        let subviews = paths.count - document.views.count
        if subviews > 0 { summary += " and \(subviews) subview\(subviews == 1 ? "" : "s")" }
        Console.out(summary + " on a \(formatSize(layout.canvasSize)) canvas")
        for path in paths {
            guard let view = document.view(at: path), let frame = renderer.canvasFrame(of: path, in: document, layout: layout) else { continue }
            let indent = String(repeating: "  ", count: path.depth - 1)
            Console.out("")
            var heading = indent
            if path.isTopLevel {
                heading += "#\(path.root + 1) \(view.type.className)"
                if let id = view.id { heading += " \"\(id)\"" }
                heading += "  line \(view.location.line)"
            } else {
                // Its path, as render --view takes it; a subview from a compound preset is written there.
                heading += "\(document.name(of: path)) \(view.type.className)  \(place(view.location))"
            }
            heading += "  frame \(formatNumber(frame.x)),\(formatNumber(frame.y)) \(formatSize(frame.size))"
            if view.initialState != .normal { heading += "  starts \(view.initialState)" }
            Console.out(heading)
            if !view.presets.isEmpty {
                // The chain with where each preset is written: the rows name the preset of each value.
                Console.out(indent + "  style " + view.presets.map { "\($0.name) (\(place($0.location)))" }.joined(separator: " → "))
            }
            let source = { (row: PropertyRow) in self.source(of: row, at: path, in: document) }
            list(view.propertyRows(in: view.initialState), indent: indent + "  ", source: source)
            for map in view.writtenStateMaps {
                Console.out(indent + "  \(map.state) map, line \(map.location.line):")
                list(map.rows, indent: indent + "    ", source: source)
            }
        }
        return 0
    }

    /// One line a row, in columns: label, type, value, where the value came from.
    private func list(_ rows: [PropertyRow], indent: String, source: (PropertyRow) -> String) {
        let labelWidth = rows.map(\.label.count).max() ?? 0, typeWidth = rows.map(\.typeName.count).max() ?? 0
        let valueWidth = rows.map(\.shownValue.count).max() ?? 0
        for row in rows {
            Console.out(indent + row.label.padding(to: labelWidth + 2) + row.typeName.padding(to: typeWidth + 2)
                        + row.shownValue.padding(to: valueWidth + 2) + source(row))
        }
    }

    /// Where a value came from (`view 8:19`, `preset Card 5:30`); one a view above set through
    /// `nested:` names that view or its preset instead of `view` (`card nested: 14:22`).
    private func source(of row: PropertyRow, at path: ViewPath, in document: StyleDocument) -> String {
        let text = row.source(in: SourceFile(path: style))
        guard !path.isTopLevel, let setAt = row.setAt, let origin = row.origin,
              let setter = document.nestedSetter(of: setAt, at: path) else { return text }
        // The same place, and the state map it is in, after what wrote it.
        return setter.label(in: document) + (origin == .view ? "" : " " + origin.label) + text.dropFirst(origin.label.count)
    }

    /// `line 3` in the style file, `tokens.yaml:3` in another.
    private func place(_ location: SourceLocation) -> String {
        location.file == SourceFile(path: style) ? "line \(location.line)" : "\(location.file.path):\(location.line)"
    }

    private func formatSize(_ size: Size) -> String { "\(formatNumber(size.width))×\(formatNumber(size.height))" }

    // MARK: JSON

    /// What the listing says, as data: each view with its properties and state maps, values as
    /// the file would write them; in a file with subviews, each view with its path, its
    /// subviews inside it, and where each value came from as the listing says.
    private func inspection(of document: StyleDocument, layout: Layout, renderer: Renderer) -> JSONValue {
        let isNested = document.isNested
        func object(_ path: ViewPath, _ view: StyledView) -> JSONValue {
            let frame = renderer.canvasFrame(of: path, in: document, layout: layout) ?? layout.frames[path.root]
            func rows(_ rows: [PropertyRow]) -> JSONValue {
                .array(rows.map { row in
                    isNested ? json(row).setting("source", .string(source(of: row, at: path, in: document))) : json(row)
                })
            }
            var members: [(key: String, value: JSONValue)] = [("number", .number(Double((path.indices.last ?? 0) + 1)))]
            if isNested { members.append(("path", .string(document.name(of: path)))) }
            members += [
                ("class", .string(view.type.className)),
                ("id", view.id.map(JSONValue.string) ?? .null),
                ("line", .number(Double(view.location.line))),
                ("frame", [.number(frame.x), .number(frame.y), .number(frame.width), .number(frame.height)]),
                ("startsIn", .string(view.initialState.description)),
                ("properties", rows(view.propertyRows(in: view.initialState))),
                ("states", .array(view.writtenStateMaps.map { map in
                    ["state": .string(map.state.description), "line": .number(Double(map.location.line)), "properties": rows(map.rows)]
                })),
            ]
            if isNested {
                members.append(("subviews", .array(view.subviews.enumerated().map { object(path.child($0), $1) })))
            }
            return .object(members)
        }
        return ["style": .string(style),
                "canvas": ["width": .number(layout.canvasSize.width), "height": .number(layout.canvasSize.height)],
                "views": .array(document.views.enumerated().map { object(ViewPath($0), $1) })]
    }

    private func json(_ row: PropertyRow) -> JSONValue {
        var object: JSONValue = [
            "name": .string(row.name), "label": .string(row.label), "type": .string(row.typeName),
            "value": json(styleText: row.value),
            "setAt": row.setAt.map { ["line": .number(Double($0.line)), "column": .number(Double($0.column))] } ?? .null,
        ]
        if let fallback = row.fallback {
            object = object.setting("fallback", ["name": .string(fallback.name), "value": json(styleText: fallback.value)])
        }
        return object
    }

    /// A value as a style file writes it, read back as YAML into JSON: `"#FF0000"` a string, `4` a number.
    private func json(styleText: String) -> JSONValue {
        guard let node = (try? YAMLParser.parse(styleText)) ?? nil else { return .string(styleText) }
        return node.json()
    }
}

// MARK: - schema

struct SchemaCommand: Command {
    static let name = "schema"
    static let abstract = "Print the JSON Schema of style files, for editors that complete and check YAML."
    static let positionals: [String] = []
    static let options: [OptionSpec] = [.components]
    static let discussion = """
        With --components DIR the schema describes the Swift components in DIR too, each
        property with its type and help, as it does the built-in ones.
        """

    init(_ arguments: ParsedArguments) throws {}

    func run() throws -> Int32 {
        // The style-less load: only the folder's components, installed for the schema to list.
        if let provider = StyleLoader.componentProvider {
            let findings = provider.provide([])
            Console.report(findings)
            if findings.hasErrors { throw Failure("the components have errors; no schema written") }
        }
        Console.out(StyleSchema.json())
        return 0
    }
}
