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
        OptionSpec(name: "--screenshot", valueName: "OUT.png", help: "Draw once in the window, write the canvas as PNG, exit."),
        OptionSpec(name: "--screenshot-dir", valueName: "DIR", help: "Where p and Ctrl+S save (default: the style file's folder)."),
        OptionSpec(name: "--trace", help: "Print one JSON line per frame with the time of each step."),
    ]

    static let discussion = """
    In the window:
      click, hold        highlight a button while held; release on it toggles selected
      Tab, Shift-Tab     move the focus ring; Space or Return press the focused view
      h, s, d            toggle highlighted, selected, disabled on the focused view (they stay)
      i                  show or hide the attributes inspector for the focused view
      p, Ctrl+S          save the canvas as PNG (stem-YYYYMMDD-HHMMSS.png)
      wheel, arrows      scroll a canvas taller than the window
      r                  reload;  q, Escape  quit
    """

    let options: PreviewOptions

    init(_ arguments: ParsedArguments) throws {
        let scale = arguments.values["--scale"] == nil ? nil : try arguments.number("--scale", default: 1, in: 0.5...4)
        options = PreviewOptions(stylePath: arguments.positionals[0], scale: scale,
                                 screenshotPath: arguments.values["--screenshot"],
                                 screenshotDirectory: arguments.values["--screenshot-dir"],
                                 trace: arguments.flags.contains("--trace"))
    }

    func run() throws -> Int32 {
        do {
            return try Preview.run(options)
        } catch let failure as PreviewFailure {
            throw Failure(failure.message)
        }
    }
}
