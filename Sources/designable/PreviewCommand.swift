import DesignableCore
import DesignablePreview

// MARK: - preview

/// `designable preview STYLE` (and plain `designable STYLE`): the live window.
struct PreviewCommand: Command {
    static let name = "preview"
    static let abstract = "Open a window that draws the style file and redraws it on every save."
    static let positionals = ["STYLE"]
    static let options = [
        OptionSpec(name: "--scale", valueName: "N", help: "Pixels per point (default: Xft.dpi / 96, else 1)."),
        OptionSpec(name: "--screenshot", valueName: "OUT.png", help: "Draw once in the window, write the canvas as PNG, exit.",
                   completion: .files(extensions: ["png"])),
        OptionSpec(name: "--screenshot-dir", valueName: "DIR", help: "Where p and Ctrl+S save (default: the style file's folder).",
                   completion: .directories),
        OptionSpec(name: "--trace", help: "Print one JSON line per frame with the time of each step."),
        OptionSpec(name: "--appearance", valueName: "MODE", help: "Start in light or dark colours (default light; a switches).",
                   completion: .words(VariantChoice.appearanceWords(both: false))),
        OptionSpec(name: "--direction", valueName: "DIR", help: "Start left to right (ltr, the default) or right to left (rtl; l switches).",
                   completion: .words(VariantChoice.directionWords(both: false))),
        .allowOutsideImages, .components,
    ]

    /// Written from the window's key table, as the README's table is.
    static var discussion: String { KeyHelp.text }

    var options: PreviewOptions

    init(_ arguments: ParsedArguments) throws {
        let scale = arguments.values["--scale"] == nil ? nil : try arguments.number("--scale", default: 1, in: 0.5...4)
        options = PreviewOptions(stylePath: arguments.positionals[0], scale: scale,
                                 screenshotPath: arguments.values["--screenshot"],
                                 screenshotDirectory: arguments.values["--screenshot-dir"],
                                 trace: arguments.flags.contains("--trace"),
                                 variant: try VariantChoice(arguments, bothApplies: "to snapshot and to render --variants, which draw several pictures").single)
        if let folder = arguments.values[OptionSpec.components.name] {
            if (try? ComponentLoader.files(inFolder: folder))?.isEmpty ?? true { throw UsageError("--components: \(folder) has no .swift files") }
            options.componentFolder = folder
        }
    }

    func run() throws -> Int32 {
        do {
            return try Preview.run(options)
        } catch let failure as PreviewFailure {
            throw Failure(failure.message)
        }
    }
}
