/// Plain advice for libyaml's syntax errors, read from the source text around them.
///
/// libyaml reports where its grammar broke, which is often not where the mistake is: an unquoted
/// `#FF0000` inside `{...}` turns the rest of the line into a comment, and the error surfaces at
/// the next view or past the end of the file. The common mistakes leave recognisable marks in the
/// text, so each rule looks for one and, when it finds it, names the character to fix and where.
/// Anything no rule recognises keeps libyaml's own words.
struct SyntaxAdvice {
    /// The file's lines, without their line breaks (`\r\n` and `\n` alike).
    let lines: [[UInt8]]
    let problem: String
    let context: String?
    /// 1-based, as findings print them.
    let problemLine: Int, problemColumn: Int
    let contextLine: Int, contextColumn: Int

    init(bytes: [UInt8], problem: String, context: String?, problemLine: Int, problemColumn: Int, contextLine: Int, contextColumn: Int) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line -> [UInt8] in
            line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
        }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
        self.problem = problem
        self.context = context
        self.problemLine = problemLine
        self.problemColumn = problemColumn
        self.contextLine = contextLine
        self.contextColumn = contextColumn
    }

    /// The advice and the place it is about, or nil when no rule recognises the error.
    func advice() -> (message: String, line: Int, column: Int)? {
        if context?.containsText("flow") == true, let found = commentInFlow() { return found }
        if let found = tab() { return found }
        if context?.hasPrefix("while parsing a flow") == true, let found = colonInFlow() ?? unclosedFlow() { return found }
        if let found = strayCloser() { return found }
        if problem == "found unknown escape character", let found = badEscape() { return found }
        if problem == "mapping values are not allowed in this context" {
            return colonInValue() ?? indentation()
        }
        if problem.hasPrefix("did not find expected '-' indicator") || problem == "did not find expected key" {
            return indentation()
        }
        return directiveOrTag() ?? documentMarker() ?? namelessAnchor() ?? reservedIndicator()
    }

    // MARK: - Rules

    /// `%` lines and `!` tags: YAML's machinery for documents from other tools, which a style
    /// file never needs. Each is named, with what to do instead.
    private func directiveOrTag() -> (message: String, line: Int, column: Int)? {
        let line = problemLine, column = problemColumn
        switch problem {
        case "found incompatible YAML document":
            return ("this file says it is a YAML version other than 1.1 or 1.2 (the %YAML line); style files are YAML 1.1: remove the %YAML line", contextLine, 1)
        case "found duplicate %YAML directive", "found duplicate %TAG directive":
            let directive = problem.containsText("%YAML") ? "%YAML" : "%TAG"
            return ("\(directive) is given twice before the document; keep one (style files need neither)", line, 1)
        case "found unknown directive name":
            return ("a line starting with '%' is a YAML directive, and only %YAML and %TAG exist; a comment starts with '#'", contextLine, contextColumn)
        case "found undefined tag handle":
            return ("this '!' tag names a %TAG handle the file does not define; style files need no tags: remove it (quote the value if it starts with '!')", line, column)
        case "did not find the expected '>'" where context == "while scanning a tag":
            return ("'!<' starts a verbatim tag, which needs a closing '>'; style files need no tags: remove it (quote the value if it starts with '!')", contextLine, contextColumn)
        default:
            return nil
        }
    }

    /// A file that is only `---` or `...` markers (or has content before a `...` and more after
    /// it): a style file is one document.
    private func documentMarker() -> (message: String, line: Int, column: Int)? {
        guard problem == "did not find expected node content" || problem == "did not find expected <document start>" else { return nil }
        let index = problemLine - 1
        guard index >= 0, index < lines.count else { return nil }
        if lines[index].starts(with: "...".utf8) {
            return ("this '...' ends a YAML document where none has begun; remove the line (a style file is one document and needs no markers)", problemLine, 1)
        }
        return nil
    }

    /// `title: @handle` or a backtick: YAML reserves `@` and `` ` `` and lets no plain value
    /// start with them. The value, quoted, is the fix.
    private func reservedIndicator() -> (message: String, line: Int, column: Int)? {
        guard problem == "found character that cannot start any token",
              let found = character(problemLine, problemColumn), found == UInt8(ascii: "@") || found == UInt8(ascii: "`") else { return nil }
        let line = lines[problemLine - 1]
        var value = Array(line[(problemColumn - 1)...])
        if let comment = commentColumn(in: value) { value = Array(value[..<comment]) }
        // Inside brackets the value ends at the next ',' or closing bracket.
        if line[..<(problemColumn - 1)].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }),
           let end = value.firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }) {
            value = Array(value[..<end])
        }
        while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { value.removeLast() }
        let text = String(decoding: value, as: UTF8.self)
        let mark = found == UInt8(ascii: "@") ? "@" : "`"
        return ("YAML reserves '\(mark)': a value cannot start with it unless quoted; write \"\(text.replacingQuotes())\"", problemLine, problemColumn)
    }

    /// `&` or `*` with no name after it: an anchor or alias needs one (`&base`, `*base`).
    private func namelessAnchor() -> (message: String, line: Int, column: Int)? {
        guard problem == "did not find expected alphabetic or numeric character",
              context == "while scanning an anchor" || context == "while scanning an alias" else { return nil }
        let (mark, what) = context == "while scanning an anchor" ? ("&", "an anchor") : ("*", "an alias")
        return ("'\(mark)' starts \(what) and needs a name right after it (\(mark)base); to write '\(mark)' as text, quote the value", contextLine, contextColumn)
    }

    /// `{class: X, backgroundColor: #FF0000}`: a `#` after a space starts a comment, which takes
    /// the closing `}` with it. libyaml notices only on a later line (past the file's end, for the
    /// last), so the lines up to the error are read for the first `#` written right before a word
    /// (`# note` is a comment meant as one) while a bracket is open.
    private func commentInFlow() -> (message: String, line: Int, column: Int)? {
        var depth = 0
        for number in 1...max(1, min(problemLine, lines.count)) where number <= lines.count {
            let line = lines[number - 1]
            let comment = commentColumn(in: line)
            // Counts brackets outside quotes; the closure never matches, it only visits.
            _ = firstUnquoted(in: Array(line.prefix(comment ?? line.count))) { index in
                switch line[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
                default: break
                }
                return false
            }
            guard let column = comment, depth > 0, column + 1 < line.count,
                  !" \t#".utf8.contains(line[column + 1]) else { continue }
            let value = line[column...].prefix { !", \t}]".utf8.contains($0) }
            let typed = String(decoding: value, as: UTF8.self)
            return ("a # after a space starts a YAML comment, so the rest of line \(number) is ignored, closing bracket and all; quote it: \"\(typed)\"",
                    number, column + 1)
        }
        return nil
    }

    /// A tab where YAML expects indentation or a token.
    private func tab() -> (message: String, line: Int, column: Int)? {
        guard character(problemLine, problemColumn) == UInt8(ascii: "\t") else { return nil }
        return ("a tab cannot indent YAML; indent with spaces", problemLine, problemColumn)
    }

    /// `{text: a: b}`: a second colon inside a flow mapping's value.
    private func colonInFlow() -> (message: String, line: Int, column: Int)? {
        guard character(problemLine, problemColumn) == UInt8(ascii: ":") else { return nil }
        let line = lines[problemLine - 1]
        let colon = problemColumn - 1
        guard let keyColon = line[..<colon].lastIndex(where: { $0 == UInt8(ascii: ":") }) else { return nil }
        let valueEnd = line[colon...].firstIndex { ",}]".utf8.contains($0) } ?? line.count
        let value = String(decoding: line[(keyColon + 1)..<valueEnd], as: UTF8.self).trimmingWhitespace()
        return ("a value containing ': ' must be quoted: \"\(value.replacingQuotes())\"", problemLine, problemColumn)
    }

    /// A `{` or `[` whose closer is missing: libyaml notices at the next line's token, but the
    /// fix is on the line the bracket was opened on.
    private func unclosedFlow() -> (message: String, line: Int, column: Int)? {
        guard problem == "did not find expected ',' or '}'" || problem == "did not find expected ',' or ']'",
              problemLine > contextLine, let opener = character(contextLine, contextColumn) else { return nil }
        let closer = opener == UInt8(ascii: "{") ? "}" : "]"
        return ("this '\(Character(UnicodeScalar(opener)))' is not closed by the end of its line: add '\(closer)' (or a ',' to go on to the next line)",
                contextLine, contextColumn)
    }

    /// `size: [100, 40]]`: a closing bracket that closes nothing.
    private func strayCloser() -> (message: String, line: Int, column: Int)? {
        guard let byte = character(problemLine, problemColumn), byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") else { return nil }
        return ("this '\(Character(UnicodeScalar(byte)))' closes no bracket; remove it", problemLine, problemColumn)
    }

    /// `"tab\q"`: an escape double quotes do not know.
    private func badEscape() -> (message: String, line: Int, column: Int)? {
        guard let next = character(problemLine, problemColumn + 1) else { return nil }
        let escape = "\\" + String(Character(UnicodeScalar(next)))
        return ("'\(escape)' is not an escape YAML knows in double quotes; write '\\\\' for a backslash, or use single quotes, where a backslash is just a backslash",
                problemLine, problemColumn)
    }

    /// `title: Note: this`: a second `: ` on a line that already has a key.
    private func colonInValue() -> (message: String, line: Int, column: Int)? {
        guard problemLine <= lines.count else { return nil }
        let line = lines[problemLine - 1]
        let before = line.prefix(max(0, problemColumn - 1))
        guard let keyEnd = firstColon(in: Array(before)) else { return nil }
        let value = String(decoding: line[(keyEnd + 1)...], as: UTF8.self).trimmingWhitespace()
        let key = String(decoding: line[..<keyEnd], as: UTF8.self).trimmingWhitespace()
        let shownKey = key.hasPrefix("- ") ? key.dropFirst(2).trimmingWhitespace() : key
        return ("a value containing ': ' must be quoted: \(shownKey): \"\(value.replacingQuotes())\"", problemLine, problemColumn)
    }

    /// A line indented to a column no open block uses: say which line above it should align with.
    private func indentation() -> (message: String, line: Int, column: Int)? {
        guard problemLine >= 2, problemLine <= lines.count else { return nil }
        let line = lines[problemLine - 1]
        guard let indent = line.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return nil }
        let column = indent + 1
        guard let above = (1..<problemLine).reversed().first(where: { isContent(lines[$0 - 1]) }) else { return nil }
        let aboveColumn = keyColumn(of: lines[above - 1])
        let text = String(decoding: lines[above - 1], as: UTF8.self).trimmingWhitespace()
        let shown = text.count > 40 ? String(text.prefix(37)) + "..." : String(text)
        if column > aboveColumn {
            return ("line \(problemLine) is indented more than line \(above) ('\(shown)'), so YAML reads it as part of that line's value; align it with line \(above) (column \(aboveColumn))",
                    problemLine, column)
        }
        if column < aboveColumn {
            let item = problem.hasPrefix("did not find expected '-'") ? ", or start a new list item with '- '" : ""
            return ("line \(problemLine) is indented less than line \(above) ('\(shown)') but lines up with no block above it; align it with line \(above) (column \(aboveColumn))\(item)",
                    problemLine, column)
        }
        return nil
    }

    // MARK: - Reading lines

    /// The 1-based line and column of byte `offset`, as libyaml's reader reports only offsets.
    static func place(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes.prefix(min(offset, bytes.count))
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (before.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1, before.count - lineStart + 1)
    }

    /// The byte at a 1-based line and column, nil past the text.
    private func character(_ line: Int, _ column: Int) -> UInt8? {
        guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count else { return nil }
        return lines[line - 1][column - 1]
    }

    /// The first index outside quotes where `matches` holds.
    private func firstUnquoted(in line: [UInt8], where matches: (Int) -> Bool) -> Int? {
        var quote: UInt8?
        for (index, byte) in line.enumerated() {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if matches(index) {
                return index
            }
        }
        return nil
    }

    /// Where a comment starts: a `#` at the start or after a space or tab, outside quotes.
    private func commentColumn(in line: [UInt8]) -> Int? {
        firstUnquoted(in: line) { index in
            line[index] == UInt8(ascii: "#") && (index == 0 || line[index - 1] == UInt8(ascii: " ") || line[index - 1] == UInt8(ascii: "\t"))
        }
    }

    /// The index of the first `:` followed by a space or the end, outside quotes: a key's end.
    private func firstColon(in line: [UInt8]) -> Int? {
        firstUnquoted(in: line) { index in
            line[index] == UInt8(ascii: ":") && (index + 1 == line.count || line[index + 1] == UInt8(ascii: " "))
        }
    }

    private func isContent(_ line: [UInt8]) -> Bool {
        guard let first = line.first(where: { $0 != UInt8(ascii: " ") }) else { return false }
        return first != UInt8(ascii: "#")
    }

    /// The 1-based column of a line's first key: past the indentation and any `- ` before it.
    private func keyColumn(of line: [UInt8]) -> Int {
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: " ") {
                index += 1
            } else if line[index] == UInt8(ascii: "-"), index + 1 < line.count, line[index + 1] == UInt8(ascii: " ") {
                index += 2
            } else {
                break
            }
        }
        return index + 1
    }
}

private extension StringProtocol {
    /// Escapes double quotes, for a value shown inside them.
    func replacingQuotes() -> String {
        var result = ""
        for character in self { result += character == "\"" ? "\\\"" : String(character) }
        return result
    }
}
