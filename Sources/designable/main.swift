#if canImport(Glibc)
import Glibc
#endif
import DesignableCore
import DesignablePreview

// First: what came before is the process's own start (exec, linking, the runtime's set-up).
MonotonicClock.markMainEntered()

let version = "0.1.0"

let commands: [any Command.Type] = [
    PreviewCommand.self, RenderCommand.self, CheckCommand.self, InspectCommand.self, BenchCommand.self, SchemaCommand.self,
    SnapshotCommand.self,
]

let overview = """
Designable \(version): custom UI components described in a YAML style file, drawn live.

Usage: designable STYLE                   open the live preview (same as 'designable preview STYLE')
       designable COMMAND [OPTIONS]

Commands:
\(commands.map { "  " + $0.name.padding(to: 10) + $0.abstract }.joined(separator: "\n"))

Run 'designable help COMMAND' (or 'designable COMMAND --help') for a command's options.
"""

/// Runs the command line; the exit status: 0 done, 1 a finding or failure, 64 a usage mistake.
func main(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        Console.error(overview)
        return 64
    }
    switch first {
    case "help" where arguments.count > 1 && !["help", "--help", "-h"].contains(arguments[1]):
        return help(Array(arguments.dropFirst()))
    case "--help", "-h", "help":
        Console.out(overview)
        return 0
    case "_generate":
        return Documentation.generate(Array(arguments.dropFirst()))
    case ComponentWorker.commandName:
        // The preview's worker process: hidden, started by the preview alone. It draws.
        ImageProbe.decodesBitmaps = true
        return ComponentWorker.serve()
    case "--version":
        Console.out("designable \(version)")
        return 0
    default:
        break
    }
    // A path where a command would be opens the preview, as people expect of a viewer.
    let named = commands.first { $0.name == first }
    let command: any Command.Type = named ?? PreviewCommand.self
    let rest = named == nil ? arguments : Array(arguments.dropFirst())
    if named == nil, first.hasPrefix("-") || (!first.contains(".") && !first.contains("/")) {
        Console.error("Error: unknown command '\(first)'"
            + didYouMean(first, commands.map { $0.name }))
        Console.error("Usage: designable COMMAND [OPTIONS]   (designable --help lists the commands)")
        return 64
    }
    do {
        let parsed = try ParsedArguments(rest, for: command)
        if parsed.wantsHelp {
            Console.out(command.help)
            return 0
        }
        StyleLoader.allowsOutsideImages = parsed.flags.contains(OptionSpec.allowOutsideImages.name)
        // The commands that draw decode each PNG as they read the style file, so one whose data is
        // corrupt is a finding at its line; `check` and `inspect` read only headers.
        ImageProbe.decodesBitmaps = [PreviewCommand.self, RenderCommand.self, SnapshotCommand.self, BenchCommand.self].contains { $0 == command }
        // User components run in this process for every command but the preview, whose window
        // leaves them to a worker process that a crash cannot take down.
        if command != PreviewCommand.self {
            ComponentLoader.beforeRunningUserCode = Supervision.superviseThisProcess
            let folder = parsed.values[OptionSpec.components.name]
            StyleLoader.componentProvider = ComponentLoader(extraFiles: try folder.map { folder in
                let files = try ComponentLoader.files(inFolder: folder)
                if files.isEmpty { throw UsageError("--components: \(folder) has no .swift files") }
                return files
            } ?? [])
        }
        return try command.init(parsed).run()
    } catch let error as UsageError {
        Console.error("Error: \(error.message)")
        Console.error("Usage: \(command.usage)")
        return 64
    } catch let failure as Failure {
        Console.error("designable: \(failure.message)")
        return 1
    } catch let failure as FileSystem.Failure {
        Console.error("designable: \(failure)")
        return 1
    } catch let error as RenderError {
        Console.error("designable: \(error.message)")
        return 1
    } catch {
        Console.error("designable: \(error)")
        return 1
    }
}

/// `designable help COMMAND`: the command's `--help`.
func help(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let command = commands.first(where: { $0.name == arguments[0] }) else {
        let named = arguments[0]
        Console.error(arguments.count > 1 ? "Error: help takes one command, not \(arguments.count)"
                      : "Error: unknown command '\(named)'" + didYouMean(named, commands.map { $0.name }))
        Console.error("Usage: designable help COMMAND   (designable --help lists the commands)")
        return 64
    }
    Console.out(command.help)
    return 0
}

// Output is line-buffered even into a pipe, so `--trace` lines reach a reader as they happen.
setvbuf(stdout, nil, _IOLBF, 0)
exit(main(Array(CommandLine.arguments.dropFirst())))
