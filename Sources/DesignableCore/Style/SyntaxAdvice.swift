/// Plain advice for libyaml's syntax errors, read from the source text around them.
///
/// libyaml reports where its grammar broke, which is often not where the mistake is: an unquoted
/// `#FF0000` inside `{...}` turns the rest of the line into a comment, and the error surfaces at
/// the next view or past the end of the file. The common mistakes leave recognisable marks in the
/// text, so each rule looks for one and, when it finds it, names the character to fix and where.
/// Anything no rule recognises is said as what YAML expected and what it found, at the place it
/// stopped.
struct SyntaxAdvice {
    /// The file's lines, without their line breaks, broken where libyaml breaks them so a line
    /// it names is the line here: `\n`, `\r\n`, a lone `\r`, and Unicode's NEL, LS and PS.
    let lines: [[UInt8]]
    let problem: String
    let context: String?
    /// 1-based, as findings print them.
    let problemLine: Int, problemColumn: Int
    let contextLine: Int, contextColumn: Int

    init(bytes: [UInt8], problem: String, context: String?, problemLine: Int, problemColumn: Int, contextLine: Int, contextColumn: Int) {
        var lines: [[UInt8]] = [], start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var breakLength = 0
            if byte == 0x0A {
                breakLength = 1
            } else if byte == 0x0D {
                breakLength = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                breakLength = 2
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                breakLength = 3
            }
            guard breakLength > 0 else {
                index += 1
                continue
            }
            lines.append(Array(bytes[start..<index]))
            index += breakLength
            start = index
        }
        lines.append(Array(bytes[start...]))
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
        self.problem = problem
        self.context = context
        self.problemLine = problemLine
        self.problemColumn = problemColumn
        self.contextLine = contextLine
        self.contextColumn = contextColumn
    }

    /// The advice and the place it is about. Every libyaml problem is said in plain words: a
    /// rule that recognises the mistake names it and the character to fix; otherwise what YAML
    /// expected is said at the place it stopped, never past the end of the file.
    func advice() -> Advice {
        if context?.containsText("flow") == true, let found = commentInFlow() { return found }
        if let found = tab() { return found }
        if let found = textAfterQuote() { return found }
        if let found = unclosedFlow() { return found }
        if context?.hasPrefix("while parsing a flow") == true, let found = colonInFlow() { return found }
        if let found = strayCloser() { return found }
        let found: Advice?
        switch problem {
        case "found unknown escape character": found = badEscape()
        case "did not find expected hexdecimal number", "found invalid Unicode character escape code": found = unicodeEscape()
        case "mapping values are not allowed in this context": found = colonInValue() ?? keyWithoutColon() ?? indentation()
        case "could not find expected ':'": found = keyWithoutColon()
        case "did not find expected key", "did not find expected '-' indicator": found = indentation()
        case "block sequence entries are not allowed in this context": found = listAfterKey()
        case "found unexpected end of stream", "found unexpected document indicator": found = quoteLeftOpen()
        default: found = nil
        }
        return found ?? directiveOrTag() ?? documentMarker() ?? namelessAnchor() ?? blockScalarHeader() ?? reservedIndicator()
            ?? emptyEntry() ?? plainWords()
    }

    typealias Advice = (message: String, line: Int, column: Int)

    // MARK: - Rules

    /// `%` lines and `!` tags: YAML's machinery for documents from other tools, which a style
    /// file never needs. Each is named, with what to do instead.
    private func directiveOrTag() -> Advice? {
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
        case "did not find expected <document start>":
            // Directives must be followed by `---`; the line to remove is the last of them.
            guard let directive = (1..<min(problemLine, lines.count + 1)).last(where: { lines[$0 - 1].first == UInt8(ascii: "%") }) else { return nil }
            return ("a %YAML or %TAG line must be followed by a '---' line before the document; style files need neither: remove line \(directive) ('\(shown(directive))')", directive, 1)
        default:
            break
        }
        guard let context else { return nil }
        if context.containsText("directive") {
            return ("'\(shown(contextLine))' is not a directive YAML can read: %YAML gives a version (%YAML 1.1), %TAG a handle and a prefix; style files need neither: remove line \(contextLine)",
                    contextLine, 1)
        }
        if context == "while scanning a tag" || context == "while parsing a tag" {
            let typed = typedValue(contextLine, from: contextColumn)
            let tag = typed.prefix { $0 != " " }
            return ("'\(tag)' is not a tag YAML can read, and style files use no tags: remove it, or quote the value to write text that starts with '!': \"\(typed.replacingQuotes())\"",
                    contextLine, contextColumn)
        }
        return nil
    }

    /// A file that is only `---` or `...` markers (or has content before a `...` and more after
    /// it): a style file is one document.
    private func documentMarker() -> Advice? {
        guard problem == "did not find expected node content" || problem == "did not find expected <document start>" else { return nil }
        let index = problemLine - 1
        guard index >= 0, index < lines.count else { return nil }
        if lines[index].starts(with: "...".utf8) {
            return ("this '...' ends a YAML document where none has begun; remove the line (a style file is one document and needs no markers)", problemLine, 1)
        }
        return nil
    }

    /// `title: @handle`, `` `code` ``, `%50 off`, `? x` after a key, `{title: |x}`: characters
    /// YAML keeps for its own syntax, which no plain value may start with there. The value,
    /// quoted, is the fix.
    private func reservedIndicator() -> Advice? {
        guard problem == "found character that cannot start any token" || problem == "mapping keys are not allowed in this context",
              let found = character(problemLine, problemColumn) else { return nil }
        let text = typedValue(problemLine, from: problemColumn)
        let mark = Character(UnicodeScalar(found))
        return ("YAML reserves '\(mark)': a value cannot start with it unless quoted; write \"\(text.replacingQuotes())\"", problemLine, problemColumn)
    }

    /// `title: |x`, `title: |0`: `|` and `>` start a block of text on the lines below, and only
    /// how to keep its line breaks and indentation may follow them on their line.
    private func blockScalarHeader() -> Advice? {
        guard context == "while scanning a block scalar", let mark = character(contextLine, contextColumn) else { return nil }
        let indicator = Character(UnicodeScalar(mark))
        if problem == "found an indentation indicator equal to 0" {
            return ("a block of text's indentation digit after '\(indicator)' is 1 to 9, never 0; leave it out and YAML takes the indentation from the text's first line",
                    problemLine, problemColumn)
        }
        let typed = typedValue(contextLine, from: contextColumn)
        return ("'\(indicator)' starts a block of text on the lines below it, so only '-', '+' or a digit may follow it on its line; to write text that starts with '\(indicator)', quote it: \"\(typed.replacingQuotes())\"",
                problemLine, problemColumn)
    }

    /// `{class: X,, title: A}` or `size: [100, , 40]`: a ',' with no entry before it.
    private func emptyEntry() -> Advice? {
        guard problem == "did not find expected node content", character(problemLine, problemColumn) == UInt8(ascii: ",") else { return nil }
        return ("this ',' has no entry before it, after the last ','; remove it", problemLine, problemColumn)
    }

    /// `&` or `*` with no name after it: an anchor or alias needs one (`&base`, `*base`).
    private func namelessAnchor() -> Advice? {
        guard problem == "did not find expected alphabetic or numeric character",
              context == "while scanning an anchor" || context == "while scanning an alias" else { return nil }
        let (mark, what) = context == "while scanning an anchor" ? ("&", "an anchor") : ("*", "an alias")
        return ("'\(mark)' starts \(what) and needs a name right after it (\(mark)base); to write '\(mark)' as text, quote the value", contextLine, contextColumn)
    }

    /// `{class: X, backgroundColor: #FF0000}`: a `#` after a space starts a comment, which takes
    /// the closing `}` with it. libyaml notices only on a later line (past the file's end, for the
    /// last), so the lines up to the error are read for the first `#` written right before a word
    /// (`# note` is a comment meant as one) while a bracket is open.
    private func commentInFlow() -> Advice? {
        let found = openBrackets(through: min(problemLine, lines.count)) { number, open in
            let line = lines[number - 1]
            guard open > 0, let column = commentColumn(in: line), column + 1 < line.count else { return false }
            return !" \t#".utf8.contains(line[column + 1])
        }
        guard let number = found.stoppedAt, let column = commentColumn(in: lines[number - 1]) else { return nil }
        let value = lines[number - 1][column...].prefix { !", \t}]".utf8.contains($0) }
        let typed = String(decoding: value, as: UTF8.self)
        return ("a # after a space starts a YAML comment, so the rest of line \(number) is ignored, closing bracket and all; quote it: \"\(typed)\"",
                number, self.column(number, byte: column))
    }

    /// A tab where YAML expects indentation or a token.
    private func tab() -> Advice? {
        guard character(problemLine, problemColumn) == UInt8(ascii: "\t") else { return nil }
        return ("a tab cannot indent YAML; indent with spaces", problemLine, problemColumn)
    }

    /// `{text: a: b}`: a second colon inside a flow mapping's value.
    private func colonInFlow() -> Advice? {
        guard character(problemLine, problemColumn) == UInt8(ascii: ":") else { return nil }
        let line = lines[problemLine - 1]
        let colon = problemColumn - 1
        guard let keyColon = line[..<colon].lastIndex(where: { $0 == UInt8(ascii: ":") }) else { return nil }
        let valueEnd = line[colon...].firstIndex { ",}]".utf8.contains($0) } ?? line.count
        let value = String(decoding: line[(keyColon + 1)..<valueEnd], as: UTF8.self).trimmingWhitespace()
        return ("a value containing ': ' must be quoted: \"\(value.replacingQuotes())\"", problemLine, problemColumn)
    }

    /// A `{` or `[` whose closer is missing: libyaml notices at the next line's token, or past
    /// the end of the file, but the fix is on the line the bracket was opened on. libyaml names
    /// the bracket it was in when it expected a ',' or the closer; at the end of the file, the
    /// text is read for the bracket still open.
    private func unclosedFlow() -> Advice? {
        let opener: (line: Int, column: Int)
        if problem == "did not find expected ',' or '}'" || problem == "did not find expected ',' or ']'", problemLine > contextLine {
            opener = (contextLine, contextColumn)
        } else if isPastTheText(problemLine, problemColumn), let open = openBrackets(through: lines.count).open.last {
            opener = open
        } else {
            return nil
        }
        guard let bracket = character(opener.line, opener.column), bracket == UInt8(ascii: "{") || bracket == UInt8(ascii: "[") else { return nil }
        let closer = bracket == UInt8(ascii: "{") ? "}" : "]"
        return ("this '\(Character(UnicodeScalar(bracket)))' is not closed by the end of its line: add '\(closer)' (or a ',' to go on to the next line)",
                opener.line, opener.column)
    }

    /// `size: [100, 40]]`: a closing bracket that closes nothing.
    private func strayCloser() -> Advice? {
        guard let byte = character(problemLine, problemColumn), byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") else { return nil }
        return ("this '\(Character(UnicodeScalar(byte)))' closes no bracket; remove it", problemLine, problemColumn)
    }

    /// `"tab\q"`: an escape double quotes do not know.
    private func badEscape() -> Advice? {
        guard let next = character(problemLine, problemColumn + 1) else { return nil }
        let escape = "\\" + String(Character(UnicodeScalar(next)))
        return ("'\(escape)' is not an escape YAML knows in double quotes; write '\\\\' for a backslash, or use single quotes, where a backslash is just a backslash",
                problemLine, problemColumn)
    }

    /// `title: Note: this`: a second `: ` on a line that already has a key.
    private func colonInValue() -> Advice? {
        guard problemLine <= lines.count else { return nil }
        let line = lines[problemLine - 1]
        let before = line.prefix(max(0, problemColumn - 1))
        guard let keyEnd = firstColon(in: Array(before)) else { return nil }
        let value = String(decoding: line[(keyEnd + 1)...], as: UTF8.self).trimmingWhitespace()
        let key = String(decoding: line[..<keyEnd], as: UTF8.self).trimmingWhitespace()
        let shownKey = key.hasPrefix("- ") ? key.dropFirst(2).trimmingWhitespace() : key
        return ("a value containing ': ' must be quoted: \(shownKey): \"\(value.replacingQuotes())\"", problemLine, problemColumn)
    }

    /// A line indented to a column no open block uses. Which line it should align with depends
    /// on what it is: a list item's `-` aligns with an open list's `-`, a key with an open
    /// mapping's keys, the nearest one (the inner of two as near), and a key that names a
    /// section of the style file (`views:`) with the top level. A key at an open list's `-`
    /// belongs to that list's item, or starts a new one.
    private func indentation() -> Advice? {
        guard problemLine >= 2, problemLine <= lines.count else { return nil }
        let line = lines[problemLine - 1]
        guard let indent = line.firstIndex(where: { $0 != UInt8(ascii: " ") }),
              let above = (1..<problemLine).reversed().first(where: { isContent(lines[$0 - 1]) }) else { return nil }
        let column = indent + 1
        let isItem = line[indent] == UInt8(ascii: "-") && (indent + 1 == line.count || line[indent + 1] == UInt8(ascii: " "))
        let blocks = openBlocks(above: problemLine)
        var target: Block?
        var orNewItem = ""
        if isItem {
            target = nearest(to: column, among: blocks.filter { $0.isList })
        } else if let list = blocks.first(where: { $0.isList && $0.column == column }),
                  let item = blocks.first(where: { !$0.isList && $0.column == column + 2 && $0.line >= list.line }) {
            target = item
            orNewItem = ", or start a new list item with '- '"
        } else {
            let keys = blocks.filter { !$0.isList }
            let key = String(decoding: line[indent...].prefix { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: " ") }, as: UTF8.self)
            let isSection = StyleLoader.topLevelKeys.contains(key) || key.hasPrefix("x-")
            target = (isSection ? keys.first { $0.column == 1 } : nil) ?? nearest(to: column, among: keys)
        }
        guard let target, target.column != column else { return nil }
        let aboveColumn = keyColumn(of: lines[above - 1])
        let what: String
        if column > aboveColumn {
            what = "line \(problemLine) is indented more than line \(above) ('\(shown(above))'), so YAML reads it as part of that line's value"
        } else if isItem, blocks.contains(where: { !$0.isList && $0.column == column }) {
            what = "line \(problemLine) starts a list item where line \(above) ('\(shown(above))') has keys, so YAML expects another key"
        } else {
            what = "line \(problemLine) is indented less than line \(above) ('\(shown(above))') but lines up with no block above it"
        }
        let align = isItem ? "align its '-' with line \(target.line)'s '-'" : "align it with line \(target.line)"
        let named = target.line == above ? "" : "'\(shown(target.line))', "
        return ("\(what); \(align) (\(named)column \(target.column))\(orNewItem)", problemLine, column)
    }

    /// A block that a line's indentation can align with: a list (its items' `-`) or a mapping
    /// (its keys), at a 1-based column, first written on `line` above the line asking.
    private struct Block {
        let isList: Bool
        let column: Int
        let line: Int
    }

    /// The blocks open at line `number`, innermost first: those of the nearest line above it,
    /// then of each line above that is indented less than every line taken so far.
    private func openBlocks(above number: Int) -> [Block] {
        var blocks: [Block] = []
        var limit = Int.max
        for above in stride(from: number - 1, through: 1, by: -1) where isContent(lines[above - 1]) {
            let line = lines[above - 1]
            var index = line.firstIndex { $0 != UInt8(ascii: " ") } ?? 0
            guard index + 1 < limit else { continue }
            // `- - key: value` opens a list at each '-' and a mapping at the key.
            var found: [Block] = []
            let first = index
            while index < line.count, line[index] == UInt8(ascii: "-"), index + 1 == line.count || line[index + 1] == UInt8(ascii: " ") {
                found.append(Block(isList: true, column: index + 1, line: above))
                index += 1
                while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
            }
            let rest = Array(line[index...])
            if let start = rest.first, !"{[\"'#".utf8.contains(start), firstColon(in: rest) != nil {
                found.append(Block(isList: false, column: index + 1, line: above))
            }
            blocks += found.reversed().filter { $0.column < limit }
            limit = first + 1
            if limit == 1 { break }
        }
        return blocks
    }

    /// The block whose column is nearest `column`, the inner of two as near.
    private func nearest(to column: Int, among blocks: [Block]) -> Block? {
        blocks.min { a, b in
            let (x, y) = (abs(a.column - column), abs(b.column - column))
            return x != y ? x < y : a.column > b.column
        }
    }

    /// `title` alone on its line, `title SIGN IN`, or `class:FancyButton`: a key without its
    /// ': '. YAML reads the words as text, then either finds no ':' after them where a key was
    /// due, or runs them on into the next line's key and finds its ':' where no key may start.
    private func keyWithoutColon() -> Advice? {
        let start: (line: Int, column: Int)
        if context == "while scanning a simple key" {
            start = (contextLine, contextColumn)
        } else {
            guard problemLine >= 2, problemLine <= lines.count,
                  firstColon(in: Array(lines[problemLine - 1].prefix(byteIndex(problemLine, problemColumn)))) == nil,
                  let above = (1..<problemLine).reversed().first(where: { isContent(lines[$0 - 1]) }) else { return nil }
            let key = keyColumn(of: lines[above - 1]) - 1
            let content = Array(lines[above - 1][key...])
            guard let first = content.first, !"{[\"'&*!|>".utf8.contains(first), firstColon(in: content) == nil else { return nil }
            start = (above, column(above, byte: key))
        }
        let typed = typedValue(start.line, from: start.column)
        let words = typed.split(separator: " ", omittingEmptySubsequences: true)
        guard let word = words.first else { return nil }
        if let colon = word.firstIndex(of: ":"), word.index(after: colon) < word.endIndex,
           word[word.index(after: colon)].isLetter || word[word.index(after: colon)].isNumber || "\"'#[{".contains(word[word.index(after: colon)]) {
            let fixed = typed[..<colon] + ": " + typed[typed.index(after: colon)...]
            return ("'\(word)' has no space after its ':', so YAML reads it as one word, not a key and its value; write '\(fixed)'", start.line, start.column)
        }
        guard word.last != ":" else { return nil }
        if words.count == 1 {
            return ("'\(word)' has no ':' after it, so YAML cannot read it as a key; write '\(word): ' and its value", start.line, start.column)
        }
        let rest = typed[typed.index(typed.startIndex, offsetBy: word.count)...].trimmingWhitespace()
        return ("'\(typed)' has no ':', so YAML cannot read it as a key and its value; did you mean '\(word): \(rest)'?", start.line, start.column)
    }

    /// `title: "Sale" now` or `{title: "a"b}`: a quoted value ends at its closing quote, and YAML
    /// finds the text after it where it expected the next key, or a ',' or the bracket's end.
    private func textAfterQuote() -> Advice? {
        guard ["did not find expected key", "did not find expected '-' indicator", "did not find expected ',' or '}'", "did not find expected ',' or ']'"].contains(problem),
              problemLine <= lines.count else { return nil }
        let line = lines[problemLine - 1]
        let at = byteIndex(problemLine, problemColumn)
        guard at < line.count, !":,#}]".utf8.contains(line[at]) else { return nil }
        // The line's quoted values, read from its start: a quote opens one at the start of a
        // token (an apostrophe inside a word is text).
        var index = 0, span: Range<Int>?
        while index < at {
            let byte = line[index]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), index == 0 || " \t{[,:".utf8.contains(line[index - 1]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < line.count {
                if byte == UInt8(ascii: "\""), line[end] == UInt8(ascii: "\\") { end += 2; continue }
                if line[end] == byte {
                    // '' is a quote inside single quotes.
                    if byte == UInt8(ascii: "'"), end + 1 < line.count, line[end + 1] == byte { end += 2; continue }
                    break
                }
                end += 1
            }
            guard end < line.count else { return nil }
            span = index..<(end + 1)
            index = end + 1
        }
        // A quoted value that runs past the problem holds it: not text after a closing quote.
        guard let span, span.upperBound <= at, line[span.upperBound..<at].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        let quote = Character(UnicodeScalar(line[span.lowerBound]))
        let inner = String(decoding: line[(span.lowerBound + 1)..<(span.upperBound - 1)], as: UTF8.self)
        let between = String(decoding: line[span.upperBound..<at], as: UTF8.self)
        let rest = typedValue(problemLine, from: problemColumn)
        let restInQuote = quote == "\"" ? rest.replacingQuotes() : rest.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
        var message = "the quoted value \(quote)\(inner)\(quote) ends at its closing quote, so YAML cannot read the '\(rest)' after it; put it all inside the quotes: \(quote)\(inner)\(between)\(restInQuote)\(quote)"
        if quote == "\"", !inner.contains("'"), !rest.contains("'"), !inner.contains("\\") {
            message += ", or '\"\(inner)\"\(between)\(rest)' to show the quote marks"
        }
        return (message, problemLine, problemColumn)
    }

    /// `views: - {class: A}`: a list item on its key's line. A block list's items each start a
    /// line of their own.
    private func listAfterKey() -> Advice? {
        guard problemLine <= lines.count else { return nil }
        let dash = byteIndex(problemLine, problemColumn)
        var before = String(decoding: lines[problemLine - 1].prefix(dash), as: UTF8.self).trimmingWhitespace()
        if before.hasPrefix("- ") { before = before.dropFirst(2).trimmingWhitespace() }
        let item = typedValue(problemLine, from: problemColumn)
        guard before.hasSuffix(":") else {
            return ("'- ' starts a list item only at the start of a line; put '\(item)' on a line of its own", problemLine, problemColumn)
        }
        let key = before.dropLast()
        return ("a list cannot start on the line of its key '\(key):'; put '\(item)' on the next line, indented under '\(key)'", problemLine, problemColumn)
    }

    /// A quote left open that YAML reads on from to the end of the file, or to a `---` or `...`
    /// line, which no value can hold: the quote is what to fix.
    private func quoteLeftOpen() -> Advice? {
        guard context == "while scanning a quoted scalar", let mark = character(contextLine, contextColumn) else { return nil }
        let quote = Character(UnicodeScalar(mark))
        let stop = isPastTheText(problemLine, problemColumn) ? "the end of the file"
            : "the '\(shown(problemLine).prefix(3))' on line \(problemLine), which no value can hold,"
        return ("this \(quote) opens a quoted value that is not closed on its line, so YAML reads on for its closing \(quote) and finds \(stop) first; close it on line \(contextLine)",
                contextLine, contextColumn)
    }

    /// `"\uZZZZ"`, `"\uD83D\uDE00"`: an escape whose digits are not hexadecimal, or name no
    /// character (half of a UTF-16 pair, as JSON writes an emoji, or past U+10FFFF).
    private func unicodeEscape() -> Advice? {
        guard problemLine <= lines.count else { return nil }
        let line = lines[problemLine - 1]
        let at = min(byteIndex(problemLine, problemColumn), line.count)
        guard let slash = line[..<at].lastIndex(of: UInt8(ascii: "\\")), slash + 1 < line.count else { return nil }
        let letter = line[slash + 1]
        let digits = letter == UInt8(ascii: "x") ? 2 : letter == UInt8(ascii: "u") ? 4 : 8
        let end = min(line.count, slash + 2 + digits)
        let typed = String(decoding: line[slash..<end], as: UTF8.self)
        let place = column(problemLine, byte: slash)
        guard problem == "found invalid Unicode character escape code", let code = UInt32(String(decoding: line[(slash + 2)..<end], as: UTF8.self), radix: 16) else {
            return ("'\(typed)' is not an escape: '\\\(Character(UnicodeScalar(letter)))' takes \(digits) hexadecimal digits (\\u00E9 is é); to write a backslash, write '\\\\' or use single quotes",
                    problemLine, place)
        }
        if (0xD800..<0xDC00).contains(code), end + 6 <= line.count, line[end] == UInt8(ascii: "\\"), line[end + 1] == UInt8(ascii: "u"),
           let low = UInt32(String(decoding: line[(end + 2)..<(end + 6)], as: UTF8.self), radix: 16), (0xDC00..<0xE000).contains(low),
           let scalar = Unicode.Scalar(0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)) {
            let pair = String(decoding: line[slash..<(end + 6)], as: UTF8.self)
            let written = String(scalar.value, radix: 16, uppercase: true)
            return ("'\(pair)' is a UTF-16 surrogate pair, JSON's way to write one character; YAML takes the character itself: write \\U\(String(repeating: "0", count: 8 - written.count))\(written) (or \(Character(scalar)))",
                    problemLine, place)
        }
        if (0xD800..<0xE000).contains(code) {
            return ("'\(typed)' is half of a UTF-16 surrogate pair, not a character; write the character itself, or \\U and its 8 hexadecimal digits", problemLine, place)
        }
        return ("'\(typed)' is past the last Unicode character (\\U0010FFFF); write the character itself, or its code in hexadecimal digits", problemLine, place)
    }

    /// What no rule recognised: what YAML expected, or what it cannot take, in plain words, at
    /// the place it stopped (the file's last character when it stopped at the end).
    private func plainWords() -> Advice {
        var (line, column) = (problemLine, problemColumn)
        if line > lines.count {
            line = max(1, lines.count)
            column = lines.isEmpty ? 1 : self.column(line, byte: lines[line - 1].count)
        }
        let found = isPastTheText(problemLine, problemColumn) ? "the end of the file"
            : character(problemLine, problemColumn).map { _ in "'\(typedValue(problemLine, from: problemColumn).prefix(20))'" } ?? "the end of the line"
        let expected: String
        switch problem {
        case "did not find expected key": expected = "expected a key (a name and ':') here, found \(found)"
        case "did not find expected '-' indicator": expected = "expected a list item ('- ') here, found \(found)"
        case "did not find expected ',' or '}'": expected = "expected a ',' or the closing '}' here, found \(found)"
        case "did not find expected ',' or ']'": expected = "expected a ',' or the closing ']' here, found \(found)"
        case "did not find expected node content": expected = "expected a value here, found \(found)"
        case "mapping values are not allowed in this context", "found unexpected ':'":
            expected = "this ':' cannot start a value here; quote the text if the ':' is part of it"
        case "could not find expected ':'": expected = "expected a ':' after the key that starts here, found \(found)"
        case "found unexpected end of stream": expected = "the file ends inside a value that is never closed"
        case "found character that cannot start any token": expected = "YAML cannot read \(found) here; quote the value"
        default: expected = "YAML cannot read the file here (found \(found))"
        }
        return (expected, line, column)
    }

    // MARK: - Reading lines

    /// The brackets still open after reading lines 1 through `last` (outside quotes and
    /// comments), outermost first: after `last`, or after the first line `stop` holds for, given
    /// its number and how many are open after it; `stoppedAt` is that line.
    private func openBrackets(through last: Int, stoppingAt stop: (Int, Int) -> Bool = { _, _ in false }) -> (open: [(line: Int, column: Int)], stoppedAt: Int?) {
        var open: [(line: Int, column: Int)] = []
        for number in stride(from: 1, through: min(last, lines.count), by: 1) {
            let line = lines[number - 1]
            let comment = commentColumn(in: line)
            // Counts brackets outside quotes; the closure never matches, it only visits.
            _ = firstUnquoted(in: Array(line.prefix(comment ?? line.count))) { index in
                switch line[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): open.append((number, column(number, byte: index)))
                case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
                default: break
                }
                return false
            }
            if stop(number, open.count) { return (open, number) }
        }
        return (open, nil)
    }

    /// Whether a 1-based place is past the file's last character: where libyaml says it found
    /// the end of the file.
    private func isPastTheText(_ line: Int, _ column: Int) -> Bool {
        line > lines.count || (line == lines.count && byteIndex(line, column) >= lines[line - 1].count)
    }

    /// The byte of line `line` at character column `column` (libyaml counts characters).
    private func byteIndex(_ line: Int, _ column: Int) -> Int {
        guard line >= 1, line <= lines.count else { return 0 }
        var index = 0, characters = 1
        let bytes = lines[line - 1]
        while index < bytes.count, characters < column {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index
    }

    /// The 1-based character column of byte `byte` of line `line`.
    private func column(_ line: Int, byte: Int) -> Int {
        lines[line - 1].prefix(byte).reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }

    /// Line `line` without its indentation, shortened for a message to quote.
    private func shown(_ line: Int) -> String {
        let text = String(decoding: lines[line - 1], as: UTF8.self).trimmingWhitespace()
        return text.count > 40 ? String(text.prefix(37)) + "..." : String(text)
    }

    /// What was typed as a value from a 1-based place: to the line's end, short of a comment
    /// and, inside brackets, of the ',' or bracket that ends it.
    private func typedValue(_ line: Int, from column: Int) -> String {
        guard line >= 1, line <= lines.count else { return "" }
        let bytes = lines[line - 1], start = min(byteIndex(line, column), bytes.count)
        var value = Array(bytes[start...])
        if let comment = commentColumn(in: value) { value = Array(value[..<comment]) }
        if !openBrackets(through: line).open.isEmpty || bytes[..<start].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }),
           let end = firstUnquoted(in: value, where: { ",}]".utf8.contains(value[$0]) }) {
            value = Array(value[..<end])
        }
        return String(String(decoding: value, as: UTF8.self).trimmingWhitespace())
    }

    /// The 1-based line and column of byte `offset`, as libyaml's reader reports only offsets.
    static func place(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes.prefix(min(offset, bytes.count))
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (before.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1, before.count - lineStart + 1)
    }

    /// The byte at a 1-based line and column, nil past the text.
    private func character(_ line: Int, _ column: Int) -> UInt8? {
        guard line >= 1, line <= lines.count, column >= 1 else { return nil }
        let index = byteIndex(line, column)
        return index < lines[line - 1].count ? lines[line - 1][index] : nil
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
