#if canImport(Glibc)
import Glibc
#endif
import DesignableCore

/// A mistake in how the command was called: exit 64 with the usage line, as sysexits' EX_USAGE.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A failure that is the input's or the environment's, not the caller's syntax: exit 1.
struct Failure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// What a shell offers to complete a value with: the completion scripts are written from it.
///
/// A struct, not an enum with list payloads: Swift keeps such an enum's case in the spare bits
/// of the list's pointer, which LeakSanitizer then cannot read, and the option tables, kept for
/// the whole process, were reported lost under `make test-asan`.
struct ValueCompletion: Equatable {
    enum Kind: Equatable {
        /// Nothing: a number, a name.
        case none
        /// Files with one of `values`' extensions (and folders, to go into).
        case files
        case directories
        /// One of `values`.
        case words
    }
    let kind: Kind
    let values: [String]

    static let none = ValueCompletion(kind: .none, values: [])
    static let directories = ValueCompletion(kind: .directories, values: [])
    static func files(extensions: [String]) -> ValueCompletion { ValueCompletion(kind: .files, values: extensions) }
    static func words(_ words: [String]) -> ValueCompletion { ValueCompletion(kind: .words, values: words) }
}

/// One option a command takes: `--scale 2`, or a flag such as `--trace`.
struct OptionSpec {
    let name: String
    var short: String? = nil
    var valueName: String? = nil
    let help: String
    /// Shown without brackets in the usage line; the command checks it is there.
    var required = false
    /// What the value may be completed with, for an option that takes one.
    var completion = ValueCompletion.none
    var takesValue: Bool { valueName != nil }

    /// Every command takes it.
    static let helpFlag = OptionSpec(name: "--help", short: "-h", help: "Show this help.")

    /// Lets image names leave the style file's folder (`../x`, `/abs/x`, `~/x`): off, a file
    /// nobody reviewed could load, and learn of, any image on the disk.
    static let allowOutsideImages = OptionSpec(name: "--allow-outside-images", help: "Let image names and imports reach outside the style file's folder.")

    /// Swift component files besides those the style file names: every `.swift` file in DIR.
    static let components = OptionSpec(name: "--components", valueName: "DIR", help: "Compile and load the Swift components in DIR (every .swift file) besides the style's own.",
                                       completion: .directories)
}

/// A command's declaration: name, one-line abstract, positional arguments and options. The
/// parser, `--help` text and usage line all come from it.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// Positional arguments, as the usage line shows them (`STYLE`).
    static var positionals: [String] { get }
    static var options: [OptionSpec] { get }
    /// More about the command, after its options in `--help`.
    static var discussion: String { get }
    /// What completes the positional arguments: style files, unless a command says otherwise.
    static var positionalCompletion: ValueCompletion { get }
    init(_ arguments: ParsedArguments) throws
    /// Runs the command; the exit status.
    func run() throws -> Int32
}

extension Command {
    static var discussion: String { "" }
    static var positionalCompletion: ValueCompletion { .files(extensions: ["yaml", "yml"]) }

    static var usage: String {
        let options = self.options.map { option in
            let text = (option.required ? option.short ?? option.name : option.name) + (option.valueName.map { " " + $0 } ?? "")
            return option.required ? text : "[\(text)]"
        }
        return (["designable", name] + positionals + options).joined(separator: " ")
    }

    static var help: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            for option in options + [OptionSpec.helpFlag] {
                var flag = option.name + (option.valueName.map { " " + $0 } ?? "")
                if let short = option.short { flag = short + ", " + flag }
                text += "  " + flag.padding(to: 26) + option.help + "\n"
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

/// Arguments split into positionals and options after checking them against a command's declaration.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of each option, in order, for the options that may be given more than once.
    var valueLists: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    init(_ arguments: [String], for command: any Command.Type) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals += remaining
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument, inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let known = command.options + [OptionSpec.helpFlag]
            guard let option = known.first(where: { $0.name == name || $0.short == name }) else {
                throw UsageError("unknown option '\(name)' for '\(command.name)'" + didYouMean(name, known.map(\.name)))
            }
            if option.takesValue {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("\(option.name) needs a value (\(option.valueName!))")
                }
                values[option.name] = value
                valueLists[option.name, default: []].append(value)
                continue
            }
            // A flag is on when given and off when not: `--json=no` turning JSON on, or
            // `--trace=false` tracing, would do the opposite of what was written.
            if inlineValue != nil {
                throw UsageError("\(option.name) takes no value: give \(option.name) alone, or leave it out (not '\(argument)')")
            }
            if option.name == OptionSpec.helpFlag.name {
                wantsHelp = true
            } else {
                flags.insert(option.name)
            }
        }
        if !wantsHelp && positionals.count != command.positionals.count {
            if positionals.count < command.positionals.count {
                throw UsageError("missing \(command.positionals[positionals.count]) argument")
            }
            throw UsageError("unexpected argument '\(positionals[command.positionals.count])'")
        }
    }

    func number(_ option: String, default value: Double, in range: ClosedRange<Double>) throws -> Double {
        guard let text = values[option] else { return value }
        guard let number = Double(text), range.contains(number) else {
            throw UsageError("\(option) takes a number from \(formatRange(range)), not '\(text)'")
        }
        return number
    }

    private func formatRange(_ range: ClosedRange<Double>) -> String {
        func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return "\(text(range.lowerBound)) to \(text(range.upperBound))"
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

// MARK: - Output

enum Console {
    static func error(_ text: String) {
        fputs(text + "\n", stderr)
    }

    static func out(_ text: String) {
        fputs(text + "\n", stdout)
    }

    /// Prints findings as `path:line:col: severity: message`, the form editors jump to; in colour
    /// on a terminal.
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { error(diagnostic.description(colored: TerminalColors.onStandardError)) }
    }
}
