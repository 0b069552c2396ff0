#if canImport(Glibc)
import Glibc
#endif
import DesignablePreview

/// The manual page and the shell completions, written from the same declarations `--help` is
/// (each command's usage, options and discussion; the preview's key table), so none of them can
/// say what the program does not do. `make docs` writes them into the tree with
/// `designable _generate man|bash|zsh`, and a test checks the committed files are these.
enum Documentation {
    /// What `_generate` writes, by name.
    static let generators: KeyValuePairs<String, () -> String> = ["man": manPage, "bash": bashCompletion, "zsh": zshCompletion]

    /// `designable _generate man|bash|zsh`: a maintainer's command, not listed with the others.
    static func generate(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let generator = generators.first(where: { $0.key == arguments[0] })?.value else {
            Console.error("Usage: designable _generate " + generators.map(\.key).joined(separator: "|"))
            return 64
        }
        fputs(generator(), stdout)
        return 0
    }

    /// What completes the style file a command line may start with (the preview's shortcut).
    private static let styleFiles = ValueCompletion.files(extensions: ["yaml", "yml"])

    // MARK: - The manual page

    /// `designable.1`, in the man macros.
    static func manPage() -> String {
        var page = """
            .\\" The manual of designable, written by `designable _generate man` from its option tables.
            .TH DESIGNABLE 1 "" "designable \(version)" "User Commands"
            .\\" Ragged right and no hyphenation: option names and paths are not words to split.
            .ad l
            .nh
            .SH NAME
            designable \\- draw custom iOS\\-style UI components described in a YAML style file
            .SH SYNOPSIS
            .B designable
            .I STYLE
            .br
            .B designable
            .I COMMAND
            .RI [ OPTIONS ]
            .br
            .B designable help
            .I COMMAND
            .SH DESCRIPTION

            """
        page += roffText("""
            Designable draws the custom views a style file describes (buttons with rounded clips, borders, \
            gradients, shadows and icons, gradient views, pill labels) as UIKit draws them. designable STYLE \
            opens a window that redraws on every save; the other commands run without a display, for scripts \
            and CI. Findings are printed as path:line:col: error|warning: message, the form editors jump to.
            """)
        page += ".SH COMMANDS\n"
        for command in commands {
            page += ".SS \(roffText(command.name, quoted: true))\n"
            page += roffText(command.abstract)
            page += ".PP\n.nf\n" + roffText(command.usage) + ".fi\n"
            for option in command.options + [OptionSpec.helpFlag] {
                var flag = "\\fB" + roffText(option.name, line: false) + "\\fR"
                if let short = option.short { flag = "\\fB" + roffText(short, line: false) + "\\fR, " + flag }
                if let value = option.valueName { flag += " \\fI" + roffText(value, line: false) + "\\fR" }
                page += ".TP\n" + flag + "\n" + roffText(option.help)
            }
            if command == PreviewCommand.self {
                page += ".PP\nIn the window:\n"
                for row in KeyHelp.rows { page += ".TP\n" + roffText(row.input) + roffText(row.effect) }
            } else if !command.discussion.isEmpty {
                page += ".PP\n" + roffText(command.discussion.split(separator: "\n").joined(separator: " "))
            }
        }
        page += """
            .SH EXIT STATUS
            .TP
            .B 0
            Done; for check, no errors (and with \\-\\-strict, no warnings).
            .TP
            .B 1
            A finding that stops the command (an error in the style file), or a failure (an output that cannot be written).
            .TP
            .B 64
            A usage mistake: an unknown command or option, a missing argument, a value out of range.
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            When set and not empty, findings are never coloured.
            .TP
            .B CLICOLOR_FORCE
            When set and not 0, findings are coloured even when standard error is not a terminal.
            .TP
            .B DESIGNABLE_ASSETS
            The folder of Designable's own icons (or the assets folder that holds them in icons/), instead of the one installed beside the program.
            .TP
            .B DISPLAY
            The X display the preview opens its window on.
            .SH FILES
            .TP
            .I PREFIX/share/designable/icons
            Designable's own icons, found beside the installed program.
            .SH EXAMPLES
            .nf
            designable gallery.yaml
            designable render gallery.yaml \\-o gallery.png \\-\\-scale 2 \\-\\-state selected
            designable render gallery.yaml \\-o card.pdf \\-\\-view card
            designable render gallery.yaml \\-o dark.png \\-\\-appearance dark \\-\\-direction rtl
            designable render gallery.yaml \\-o grid.png \\-\\-variants \\-\\-appearance both
            designable check \\-\\-strict gallery.yaml
            designable inspect \\-\\-json gallery.yaml
            .fi

            """
        return page
    }

    /// `text` for the man macros, ending in a newline: backslashes and hyphens escaped, anything
    /// beyond ASCII by its code point (the page renders alike whatever the locale), a line that
    /// would read as a request guarded. `quoted` for a macro argument, `line: false` within a line.
    private static func roffText(_ text: String, quoted: Bool = false, line: Bool = true) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "\"" where quoted: escaped += "\\(dq"
            case "\n": escaped += "\n"
            default:
                if scalar.isASCII {
                    escaped.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if quoted { return "\"" + escaped + "\"" }
        guard line else { return escaped }
        // A line starting with a dot or an apostrophe would be taken for a request.
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - bash

    /// A bash completion script: commands, each command's options, the values an option takes
    /// (words, or files by extension), and style files where a STYLE goes. Plain bash, without
    /// the bash-completion package's helpers.
    static func bashCompletion() -> String {
        func words(_ list: [String]) -> String { list.joined(separator: " ") }
        /// The command that offers `completion`'s candidates (`:` for none).
        func complete(_ completion: ValueCompletion) -> String {
            switch completion.kind {
            case .none: return ":"
            case .files: return "_designable_files \(words(completion.values))"
            case .directories: return "_designable_directories"
            case .words: return "COMPREPLY=($(compgen -W \"\(words(completion.values))\" -- \"$cur\"))"
            }
        }
        func flags(_ command: any Command.Type) -> String {
            words((command.options + [OptionSpec.helpFlag]).flatMap { [$0.short, $0.name].compactMap { $0 } })
        }
        var optionLists = "", values = "", positionals = ""
        for command in commands {
            optionLists += "    \(command.name)) options=\"\(flags(command))\" ;;\n"
            for option in command.options where option.takesValue {
                let patterns = [option.short, option.name].compactMap { $0 }.map { "\(command.name):\($0)" }
                values += "    " + patterns.joined(separator: "|") + ") " + complete(option.completion) + "; return ;;\n"
            }
            if !command.positionals.isEmpty {
                positionals += "    \(command.name)) " + complete(command.positionalCompletion) + " ;;\n"
            }
        }
        return """
            # bash completion for designable, written by `designable _generate bash` from its option tables.

            # Files with one of the extensions given (any case), and folders to go into.
            _designable_files() {
                local IFS=$'\\n' file extension
                compopt -o filenames 2>/dev/null
                for file in $(compgen -f -- "$cur"); do
                    if [[ -d $file ]]; then COMPREPLY+=("$file"); continue; fi
                    for extension in "$@"; do
                        if [[ ${file,,} == *."$extension" ]]; then COMPREPLY+=("$file"); break; fi
                    done
                done
            }

            _designable_directories() {
                local IFS=$'\\n'
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$cur"))
            }

            _designable() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]} options
                COMPREPLY=()
                if ((COMP_CWORD == 1)); then
                    COMPREPLY=($(compgen -W "\(words(commands.map { $0.name } + ["help", "--help", "--version"]))" -- "$cur"))
                    [[ $cur == -* ]] || \(complete(styleFiles))
                    return
                fi
                if [[ $command == help ]]; then
                    ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "\(words(commands.map { $0.name }))" -- "$cur"))
                    return
                fi
                # Anything but a command is a style file: the preview's shortcut.
                case $command in
            \(optionLists)    *) command=preview; options="\(flags(PreviewCommand.self))" ;;
                esac
                # The value of an option that takes one.
                case $command:$prev in
            \(values)    esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                    return
                fi
                case $command in
            \(positionals)    esac
            }

            complete -F _designable designable

            """
    }

    // MARK: - zsh

    /// A zsh completion function (`_designable`, for a folder on `fpath`): commands with their
    /// abstracts, options with their help, values, and style files.
    static func zshCompletion() -> String {
        func quoted(_ text: String) -> String { "'" + escaping(text, ["'": "'\\''"]) + "'" }
        func action(_ completion: ValueCompletion) -> String {
            switch completion.kind {
            case .none: return " "
            case .files: return "_files -g \"*.(#i)(\(completion.values.joined(separator: "|")))(-.)\""
            case .directories: return "_files -/"
            case .words: return "(" + completion.values.joined(separator: " ") + ")"
            }
        }
        func arguments(_ command: any Command.Type) -> String {
            var specs: [String] = []
            for option in command.options + [OptionSpec.helpFlag] {
                // Brackets end the help in a spec; colons separate its fields.
                let help = escaping(option.help, ["[": "\\[", "]": "\\]"])
                let value = option.valueName.map { ":" + escaping($0, [":": "\\:"]) + ":" + action(option.completion) } ?? ""
                if let short = option.short {
                    specs.append(quoted("(\(short) \(option.name))") + "{\(short),\(option.name)}" + quoted("[\(help)]" + value))
                } else {
                    specs.append(quoted(option.name + "[\(help)]" + value))
                }
            }
            for (index, name) in command.positionals.enumerated() {
                specs.append(quoted("\(index + 1):\(name):" + action(command.positionalCompletion)))
            }
            return "_arguments -s \\\n        " + specs.joined(separator: " \\\n        ")
        }
        var script = """
            #compdef designable
            # zsh completion for designable, written by `designable _generate zsh` from its option tables.

            _designable() {
              local -a commands
              commands=(
            \(commands.map { "    " + quoted($0.name + ":" + $0.abstract) }.joined(separator: "\n"))
              )
              if (( CURRENT == 2 )); then
                _describe -t commands 'designable command' commands
                \(action(styleFiles))
                return
              fi
              case $words[2] in
                help)
                  (( CURRENT == 3 )) && _describe -t commands 'designable command' commands
                  ;;

            """
        for command in commands {
            script += "    \(command.name))\n      shift words; (( CURRENT-- ))\n      \(arguments(command))\n      ;;\n"
        }
        script += "    *)\n      \(arguments(PreviewCommand.self))\n      ;;\n"
        script += """
              esac
            }

            _designable "$@"

            """
        return script
    }

    /// `text` with each character in `table` replaced by its entry.
    private static func escaping(_ text: String, _ table: [Character: String]) -> String {
        text.map { table[$0] ?? String($0) }.joined()
    }
}
