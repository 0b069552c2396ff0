#if canImport(Glibc)
import Glibc
#endif

/// A first read's text of a large file: the views that cannot draw on the first screen blanked
/// out line by line before libyaml sees them. Leaving views out of the decoding
/// (`ViewsSection.firstScreenViews`) saves building their components, but the whole file is
/// still scanned and made into nodes: for 2,000 buttons, 15 to 25 ms of a 60 to 80 ms start.
/// A view blanked here costs one look at its bytes.
///
/// Only what the text tells for certain is blanked: a view of the top-level `views:` block list
/// whose own `frame` is four plain numbers missing the screen, written with nothing that reaches
/// beyond its lines (no anchor, alias, merge key, tag or quoted key). Every view's lines are
/// read as far as knowing that each quoted scalar and flow collection ends on its line; at the
/// first view where that is not known, blanking stops, as its text could run on through the
/// lines after it. The parse of the blanked text must then find the views kept at the lines
/// read here (`Blanked.matches`), or the file is read with nothing blanked. Each blanked line
/// keeps its line break, so every other line's number and columns stay.
enum FirstScreenText {
    /// A blanked text, and the lines (0-based) of each view it blanked and of each it kept, in order.
    struct Blanked {
        var text: [UInt8]
        var blankedItems: [Range<Int>]
        var keptItems: [Range<Int>]
        var count: Int { blankedItems.count }

        /// Whether the parse found the kept views where this reading did: each item's node, by
        /// the 1-based line it starts on, inside its view's lines.
        func matches(itemLines: [Int]) -> Bool {
            itemLines.count == keptItems.count && zip(itemLines, keptItems).allSatisfy { $1.contains($0 - 1) }
        }
    }

    /// The text with the views that miss `reach` (canvas points: the first screen grown by
    /// `ViewsSection.firstScreenMargin`) blanked; nil when fewer than
    /// `ViewsSection.minimumViewsLeftOut` can be told from the text, or the file has more views
    /// than it may (the whole read says so, at the view past the limit).
    static func blanking(_ bytes: [UInt8], outside reach: Rect) -> Blanked? {
        bytes.withUnsafeBufferPointer { buffer in
            guard !hasOtherLineBreaks(buffer) else { return nil }
            guard let lines = Lines(buffer), let items = lines.viewItems(), items.count <= ViewsSection.maximumViews else { return nil }
            var blank: [Range<Int>] = []
            var kept: [Range<Int>] = []
            var trusted = true
            // A block scalar that ends a view ends where the next view begins: blanked, that
            // view's lines and the comments after it would become the scalar's.
            var afterBlockScalar = false
            for item in items {
                // Once a view's text may run on, the views after it are the parse's to read.
                guard trusted else {
                    kept.append(item)
                    continue
                }
                var view = ViewText(lines: lines, item: item)
                view.read()
                if !afterBlockScalar, view.isSelfContained, let frame = view.ownFrame, !frame.intersects(reach) {
                    blank.append(item)
                } else {
                    kept.append(item)
                    trusted = view.isFullyRead
                }
                afterBlockScalar = view.endsInBlockScalar
            }
            guard blank.count >= ViewsSection.minimumViewsLeftOut else { return nil }
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count)
            var line = 0
            for range in blank {
                text += buffer[lines.start(of: line)..<lines.start(of: range.lowerBound)]
                for blanked in range { text += buffer[lines.ending(of: blanked)] }
                line = range.upperBound
            }
            text += buffer[lines.start(of: line)...]
            return Blanked(text: text, blankedItems: blank, keptItems: kept)
        }
    }

    /// Line breaks YAML knows besides "\n" and "\r\n": a lone "\r", and NEL, LS and PS in UTF-8.
    /// Each lead byte is looked for with `memchr`, which reads a large file many bytes at a time.
    private static func hasOtherLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func occurrences(of lead: UInt8, _ isBreak: (Int) -> Bool) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            var from = 0
            while from < bytes.count, let found = memchr(base + from, Int32(lead), bytes.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if isBreak(index) { return true }
                from = index + 1
            }
            return false
        }
        return occurrences(of: UInt8(ascii: "\r")) { $0 + 1 == bytes.count || bytes[$0 + 1] != UInt8(ascii: "\n") }
            || occurrences(of: 0xC2) { $0 + 1 < bytes.count && bytes[$0 + 1] == 0x85 }
            || occurrences(of: 0xE2) { $0 + 2 < bytes.count && bytes[$0 + 1] == 0x80 && (bytes[$0 + 2] == 0xA8 || bytes[$0 + 2] == 0xA9) }
    }
}

// MARK: - Lines

/// The text's lines and what a block structure needs of each, as ranges of the bytes.
private struct Lines {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where each line starts, and one more entry: the end.
    private var starts: [Int] = [0]

    /// Most lines read: far beyond `ViewsSection.maximumViews` views of a hundred lines, and 8 MB of
    /// line starts at most, where a 16 MB file of empty lines would ask for 128.
    static let maximumLines = 1 << 20

    /// The lines of `bytes`; nil past `maximumLines`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if let base = bytes.baseAddress {
            var from = 0
            while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from) {
                from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(from)
                if starts.count > Self.maximumLines { return nil }
            }
        }
        if starts.last != bytes.count { starts.append(bytes.count) }
    }

    var count: Int { starts.count - 1 }

    func start(of line: Int) -> Int { line < count ? starts[line] : bytes.count }

    /// The line without "\n" or "\r\n".
    func content(_ line: Int) -> Range<Int> {
        var end = starts[line + 1]
        if end > starts[line], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > starts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return starts[line]..<end
    }

    /// The line's ending, which a blanked line keeps.
    func ending(of line: Int) -> Range<Int> { content(line).upperBound..<starts[line + 1] }

    /// Leading spaces: nil for a line YAML ignores outside a block scalar (blank, or only a
    /// comment), -1 for one that indents with a tab, which this reading does not take on.
    func indent(_ line: Int) -> Int? {
        let text = content(line)
        var index = text.lowerBound
        while index < text.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < text.upperBound, bytes[index] != UInt8(ascii: "#") else { return nil }
        return bytes[index] == UInt8(ascii: "\t") ? -1 : index - text.lowerBound
    }

    func starts(_ range: Range<Int>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return (0..<count).allSatisfy { bytes[range.lowerBound + $0] == prefix.utf8Start[$0] }
    }

    /// The lines of each item of the top-level `views:` block list; nil without one, or when
    /// anything about the file's shape is not plain (a directive, a second document or a
    /// second `views:`, a tab where indentation is).
    func viewItems() -> [Range<Int>]? {
        var viewsLine: Int?
        for line in 0..<count {
            let text = content(line)
            guard !text.isEmpty else { continue }
            let first = bytes[text.lowerBound]
            if first == UInt8(ascii: "\t") || first == UInt8(ascii: "%") || starts(text, with: "---") || starts(text, with: "...") { return nil }
            guard starts(text, with: "views:") else { continue }
            var after = text.lowerBound + 6
            while after < text.upperBound, bytes[after] == UInt8(ascii: " ") { after += 1 }
            let commentOrEnd = after == text.upperBound || bytes[after] == UInt8(ascii: "#") && after > text.lowerBound + 6
            guard viewsLine == nil, commentOrEnd else { return nil }
            viewsLine = line
        }
        guard let viewsLine else { return nil }
        var items: [Range<Int>] = []
        var itemIndent: Int?
        var itemStart: Int?
        var lastContent = viewsLine
        for line in (viewsLine + 1)..<count {
            guard let indent = indent(line) else { continue }
            guard indent >= 0 else { return nil }
            let text = content(line)
            let dash = text.lowerBound + indent
            let isItem = bytes[dash] == UInt8(ascii: "-") && (dash + 1 == text.upperBound || bytes[dash + 1] == UInt8(ascii: " "))
            if itemIndent == nil {
                guard isItem else { return nil }
                itemIndent = indent
            }
            if indent == itemIndent, isItem {
                if let start = itemStart { items.append(start..<(lastContent + 1)) }
                itemStart = line
            } else if indent <= itemIndent! {
                // Where the list ends, a key of the top level must be.
                guard indent == 0, !isItem else { return nil }
                break
            }
            lastContent = line
        }
        if let start = itemStart { items.append(start..<(lastContent + 1)) }
        return items
    }
}

// MARK: - One view

/// One view's lines, read as far as knowing its own frame, whether anything in them reaches
/// other views, and whether each quoted scalar and flow collection ends on its line.
private struct ViewText {
    let lines: Lines
    let item: Range<Int>
    /// How many own `frame:` keys, and the rectangle of the last when four plain numbers.
    private var frameCount = 0
    private var frame: Rect?
    /// An anchor, alias, tag, merge key, or a key other than plain: the view is not the text's alone.
    private var reaches = false
    /// Every line was read to its end and every construct ended on its line.
    private(set) var isFullyRead = false
    /// The view's last value is a block scalar, which the next view's first line ends.
    private(set) var endsInBlockScalar = false

    init(lines: Lines, item: Range<Int>) {
        self.lines = lines
        self.item = item
    }

    /// What the view's bytes hold besides printable ASCII and line breaks.
    private enum Characters { case plain, tab, unreadable }

    /// A tab, which libyaml takes as a space in some places and refuses in others, so that the
    /// view's text could run on in ways not read here; or what libyaml refuses outright (a control
    /// character, an invalid UTF-8 sequence, as YAML 1.1 has it), which leaves the view to the
    /// parse to report, the views after it blanked as before.
    private var characters: Characters {
        let start = lines.start(of: item.lowerBound), end = lines.content(item.upperBound - 1).upperBound
        var index = start, unreadable = false
        while index < end {
            let byte = lines.bytes[index]
            if byte >= 0x20 && byte < 0x7F || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                index += 1  // a "\r" here is one of a "\r\n": the others are refused before
                continue
            }
            if byte == UInt8(ascii: "\t") { return .tab }
            if let scalar = Self.scalar(at: &index, in: lines.bytes, before: end), Self.isPrintable(scalar) { continue }
            unreadable = true
            index += 1
        }
        return unreadable ? .unreadable : .plain
    }

    /// The Unicode scalar UTF-8 encodes at `index` (moved past it), nil for an invalid sequence:
    /// the standard library's decoder refuses overlong forms, surrogates and what is past
    /// U+10FFFF, as libyaml does.
    private static func scalar(at index: inout Int, in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Unicode.Scalar? {
        var iterator = UnsafeBufferPointer(rebasing: bytes[index..<end]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return nil }
        index += encoded.count
        return Unicode.UTF8.decode(encoded)
    }

    /// YAML 1.1's printable characters beyond ASCII: NEL is a line break (refused before), C1
    /// controls, U+FFFE and U+FFFF are not.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0xA0 && value <= 0xD7FF || value >= 0xE000 && value <= 0xFFFD || value >= 0x10000
    }

    var isSelfContained: Bool { isFullyRead && !reaches }
    var ownFrame: Rect? { frameCount == 1 ? frame : nil }

    mutating func read() {
        var reader = LineReader(lines.bytes, lines.content(item.lowerBound))
        switch characters {
        case .plain: break
        case .tab: return finish(false, reader)
        case .unreadable: reaches = true
        }
        reader.skipSpaces()
        reader.index += 1  // the "-"
        reader.skipSpaces()
        reader.properties(inFlow: false)
        if reader.peek == UInt8(ascii: "{") {
            // A flow mapping on its line, and nothing else in the view.
            let read = reader.flowMapping { key, value in
                guard lines.equals(key, "frame") else { return }
                frameCount += 1
                var value = LineReader(lines.bytes, value)
                frame = value.frameValue()
            }
            finish(read && reader.restIsEmpty() && item.dropFirst().allSatisfy { lines.indent($0) == nil }, reader)
            return
        }
        // A block mapping: the view's keys at the column of the first ("-" alone: on the next
        // line), and nested blocks each at a column of its own, opened by a key with nothing
        // after it. A line deeper than its block that no key opened (a plain scalar's next line,
        // or an error) is not read here.
        var levels: [(column: Int, isList: Bool)] = []
        var opens = reader.restIsEmpty()
        // The open block scalar's key column, and its text's column once its first line is read.
        var blockScalarAbove: Int?
        var blockScalarColumn: Int?
        var line = item.lowerBound
        if opens { line += 1 }
        var onFirstLine = !opens
        while line < item.upperBound {
            defer { line += 1; onFirstLine = false }
            if !onFirstLine {
                // A block scalar's lines are its text until one is no deeper than its key's; a
                // line of spaces alone could set its column deeper than its text, and a line less
                // deep than its first is an error.
                if let above = blockScalarAbove {
                    let text = lines.content(line)
                    if !text.isEmpty, text.allSatisfy({ lines.bytes[$0] == UInt8(ascii: " ") }) { return finish(false, reader) }
                    let depth = text.firstIndex { lines.bytes[$0] != UInt8(ascii: " ") }.map { $0 - text.lowerBound }
                    guard let depth else { continue }
                    if depth > above {
                        if depth < blockScalarColumn ?? depth { return finish(false, reader) }
                        blockScalarColumn = blockScalarColumn ?? depth
                        continue
                    }
                    blockScalarAbove = nil
                    blockScalarColumn = nil
                }
                guard let indent = lines.indent(line) else { continue }
                reader = LineReader(lines.bytes, lines.content(line), carrying: reader)
                reader.index += indent
            }
            let column = reader.column
            // A block holds keys or list items, not both (a list at its key's column, which YAML
            // allows, is not read here).
            let isList = reader.peek == UInt8(ascii: "-")
            if opens || levels.isEmpty, column > levels.last?.column ?? -1 {
                guard !isList || !levels.isEmpty else { return finish(false, reader) }
                levels.append((column, isList))
            } else {
                while let last = levels.last, last.column > column { levels.removeLast() }
                guard let level = levels.last, level.column == column, level.isList == isList else { return finish(false, reader) }
            }
            let outcome: LineReader.Value
            if isList {
                outcome = reader.listItem()
            } else {
                guard let key = reader.blockKey() else { return finish(false, reader) }
                let valueStart = reader.index
                outcome = reader.blockValue()
                if levels.count == 1, lines.equals(key, "frame") {
                    frameCount += 1
                    var value = LineReader(lines.bytes, valueStart..<reader.end)
                    frame = outcome == .plain ? value.frameValue() : nil
                }
            }
            opens = outcome == .empty
            switch outcome {
            case .unknown: return finish(false, reader)
            case .plain, .empty: break
            case .blockScalar: blockScalarAbove = column
            }
        }
        endsInBlockScalar = blockScalarAbove != nil
        finish(true, reader)
    }

    private mutating func finish(_ fullyRead: Bool, _ reader: LineReader) {
        isFullyRead = fullyRead
        reaches = reaches || reader.reaches
    }
}

private extension Lines {
    func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && starts(range, with: word)
    }
}

/// A cursor over one line that knows where YAML's quoted scalars and flow collections begin and
/// end, and the node properties that make a view matter beyond its lines. A false, nil or
/// `.unknown` means "not understood here": the parse reads the view.
private struct LineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    let end: Int
    var index: Int
    /// Met an anchor, alias, tag, merge key, a key that is not plain, or an escape libyaml refuses:
    /// the view is not the text's alone to tell.
    private(set) var reaches = false
    /// Flow collections open around the cursor: reading nests a call per level.
    private var depth = 0
    /// Deepest nesting read: far beyond any view's, and a stack that cannot run out on hostile input.
    private static let maximumDepth = 32

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        start = range.lowerBound
        end = range.upperBound
        index = range.lowerBound
    }

    /// A reader of the view's next line, keeping what the last one met.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, carrying previous: LineReader) {
        self.init(bytes, range)
        reaches = previous.reaches
    }

    /// What follows a key or a list's dash on its line: a value that ends there, nothing (the
    /// value is the block below), a block scalar's header, or something not understood.
    enum Value { case plain, empty, blockScalar, unknown }

    var column: Int { index - start }
    var atEnd: Bool { index >= end }
    var peek: UInt8? { index < end ? bytes[index] : nil }
    /// The byte after the current one is a space or the line's end.
    private var spaceFollows: Bool { index + 1 >= end || bytes[index + 1] == UInt8(ascii: " ") }

    private static func isSpace(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: " ") }

    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): true
        default: false
        }
    }

    /// What this reading does not take as a plain scalar's first character (YAML allows "-", "?"
    /// and ":" before anything but a space; "-" is read where a negative number needs it).
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
             UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"):
            true
        default:
            false
        }
    }

    mutating func skipSpaces() { while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 } }

    /// Whether only spaces, or spaces and a comment, are left.
    mutating func restIsEmpty() -> Bool {
        skipSpaces()
        return atEnd || bytes[index] == UInt8(ascii: "#") && (index == start || bytes[index - 1] == UInt8(ascii: " "))
    }

    /// Anchors and tags before a node, and an alias (the whole node): skipped, and noted.
    /// Whether it was an alias.
    @discardableResult
    mutating func properties(inFlow: Bool) -> Bool {
        while let first = peek, first == UInt8(ascii: "&") || first == UInt8(ascii: "!") || first == UInt8(ascii: "*") {
            reaches = true
            while let byte = peek, !Self.isSpace(byte), !(inFlow && Self.isFlowIndicator(byte)) { index += 1 }
            if first == UInt8(ascii: "*") { return true }
            skipSpaces()
        }
        return false
    }

    /// A block mapping's key, up to its colon; nil where the line is not a key's.
    mutating func blockKey() -> Range<Int>? {
        properties(inFlow: false)
        guard let first = peek else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            // A quoted key: read, but it might be `frame` written another way.
            reaches = true
            guard quoted() else { return nil }
            skipSpaces()
            guard peek == UInt8(ascii: ":"), spaceFollows else { return nil }
            index += 1
            return index..<index
        }
        guard !Self.isIndicator(first) else { return nil }
        let keyStart = index
        while let byte = peek {
            if byte == UInt8(ascii: ":"), spaceFollows {
                // `frame :` is the key `frame`.
                let key = trimmed(keyStart..<index)
                index += 1
                noteMergeKey(key)
                return key
            }
            if byte == UInt8(ascii: "#"), bytes[index - 1] == UInt8(ascii: " ") { return nil }
            index += 1
        }
        return nil
    }

    /// The value after a block key, on the key's line.
    mutating func blockValue() -> Value {
        skipSpaces()
        if properties(inFlow: false) { return restIsEmpty() ? .plain : .unknown }
        if restIsEmpty() { return .empty }
        let first = bytes[index]
        if first == UInt8(ascii: "|") || first == UInt8(ascii: ">") {
            // Its chomping, not an indentation indicator: the text's column is then the first line's.
            index += 1
            if peek == UInt8(ascii: "-") || peek == UInt8(ascii: "+") { index += 1 }
            return restIsEmpty() ? .blockScalar : .unknown
        }
        return node(inFlow: false) && restIsEmpty() ? .plain : .unknown
    }

    /// A list item's line: its dash (and the dashes of lists in it), then a scalar, a flow
    /// collection, or nothing (its content below). A key after the dash starts a mapping whose
    /// next keys would sit at a column no key opened: not read here.
    mutating func listItem() -> Value {
        while peek == UInt8(ascii: "-"), spaceFollows {
            index += 1
            skipSpaces()
        }
        if restIsEmpty() { return .empty }
        var probe = self
        if probe.blockKey() != nil { return .unknown }
        return blockValue()
    }

    /// Skips one node, which must end on this line.
    mutating func node(inFlow: Bool) -> Bool {
        skipSpaces()
        if properties(inFlow: inFlow) { return true }
        guard let first = peek else { return true }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return quoted()
        case UInt8(ascii: "["):
            return flowSequence { _ in }
        case UInt8(ascii: "{"):
            return flowMapping { _, _ in }
        case UInt8(ascii: "#"):
            return !inFlow  // a comment: the node is empty (in a flow collection, the line ends open)
        case UInt8(ascii: "-"):
            // A plain scalar may start with "-" before anything but a space (a negative number).
            guard !spaceFollows, !(inFlow && Self.isFlowIndicator(bytes[index + 1])) else { return false }
            return plainScalar(inFlow: inFlow)
        default:
            return !Self.isIndicator(first) && plainScalar(inFlow: inFlow)
        }
    }

    /// A quoted scalar closed on this line. An escape libyaml does not know leaves the view to the
    /// parse to report (noted as `reaches`); the scalar still ends where its quote closes.
    private mutating func quoted() -> Bool {
        let quote = bytes[index]
        index += 1
        while index < end {
            let byte = bytes[index]
            index += 1
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                guard let escaped = peek else { return false }  // a line break escaped: it runs on
                index += 1
                let hexDigits = escaped == UInt8(ascii: "x") ? 2 : escaped == UInt8(ascii: "u") ? 4 : escaped == UInt8(ascii: "U") ? 8 : 0
                if hexDigits > 0, index + hexDigits <= end, (index..<index + hexDigits).allSatisfy({ Self.isHexDigit(bytes[$0]) }) {
                    index += hexDigits
                } else if hexDigits > 0 || !"0abtnvfre \"/\\N_LP".utf8.contains(escaped) {
                    reaches = true
                }
            } else if byte == quote {
                guard quote == UInt8(ascii: "'"), peek == quote else { return index <= end }
                index += 1
            }
        }
        return false
    }

    /// A plain scalar to where it ends: in a flow collection at a flow indicator or ": ", in a
    /// block at " #".
    private mutating func plainScalar(inFlow: Bool) -> Bool {
        while index < end {
            let byte = bytes[index]
            if inFlow, Self.isFlowIndicator(byte) { return true }
            if byte == UInt8(ascii: ":") {
                // In a flow collection libyaml ends the scalar at ": " and refuses a ":" before a
                // flow indicator or "?"; any other ":" there ("12:30") is not read here either,
                // rare in a style file. In a block, ": " would start a second key on the line.
                if spaceFollows { return inFlow }
                if inFlow { return false }
            }
            if byte == UInt8(ascii: "#"), bytes[index - 1] == UInt8(ascii: " ") { return !inFlow }
            index += 1
        }
        return true
    }

    /// A flow collection opened at the cursor and closed on this line by `close`, its entries each
    /// read by `entry` up to the comma or `close` after it. A static function taking the reader
    /// inout, so that `entry` may move it.
    private static func flowCollection(_ reader: inout LineReader, closedBy close: UInt8, _ entry: (inout LineReader) -> Bool) -> Bool {
        reader.depth += 1
        defer { reader.depth -= 1 }
        guard reader.depth <= maximumDepth else { return false }
        reader.index += 1
        while true {
            reader.skipSpaces()
            guard let first = reader.peek else { return false }
            if first == close { reader.index += 1; return true }
            guard entry(&reader) else { return false }
            if reader.peek == UInt8(ascii: ",") { reader.index += 1; continue }
            guard reader.peek == close else { return false }
        }
    }

    /// A flow sequence closed on this line, each item's text handed to `item`.
    private mutating func flowSequence(_ item: (Range<Int>) -> Void) -> Bool {
        Self.flowCollection(&self, closedBy: UInt8(ascii: "]")) { reader in
            let itemStart = reader.index
            guard reader.node(inFlow: true) else { return false }
            reader.skipSpaces()
            if reader.peek == UInt8(ascii: ":") {
                reader.index += 1  // a single-pair mapping as the item
                guard reader.node(inFlow: true) else { return false }
                reader.skipSpaces()
            }
            item(itemStart..<reader.index)
            return true
        }
    }

    /// A flow mapping closed on this line, each entry's key and value handed to `entry`.
    mutating func flowMapping(_ entry: (Range<Int>, Range<Int>) -> Void) -> Bool {
        Self.flowCollection(&self, closedBy: UInt8(ascii: "}")) { reader in
            let first = reader.bytes[reader.index]
            if first == UInt8(ascii: "?") { return false }
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") || first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { reader.reaches = true }
            let keyStart = reader.index
            guard reader.node(inFlow: true) else { return false }
            let key = reader.trimmed(keyStart..<reader.index)
            reader.noteMergeKey(key)
            reader.skipSpaces()
            var value = reader.index..<reader.index
            if reader.peek == UInt8(ascii: ":") {
                reader.index += 1
                let valueStart = reader.index
                guard reader.node(inFlow: true) else { return false }
                value = reader.trimmed(valueStart..<reader.index)
                reader.skipSpaces()
            }
            entry(key, value)
            return true
        }
    }

    /// A merge key (`<<`): what it merges may hold a frame.
    private mutating func noteMergeKey(_ key: Range<Int>) {
        if key.count == 2, bytes[key.lowerBound] == UInt8(ascii: "<"), bytes[key.lowerBound + 1] == UInt8(ascii: "<") { reaches = true }
    }

    /// `[x, y, width, height]` of plain numbers and nothing after it, the size not negative and
    /// every number within `maximumLength`, as `Rect` decodes it without a finding; nil otherwise.
    mutating func frameValue() -> Rect? {
        skipSpaces()
        var numbers: [Double] = []
        numbers.reserveCapacity(4)
        var plain = true
        let bytes = bytes
        guard peek == UInt8(ascii: "["), flowSequence({ item in
            if plain, let number = Self.plainNumber(Self.trimmed(item, in: bytes), in: bytes) { numbers.append(number) } else { plain = false }
        }), plain, numbers.count == 4, restIsEmpty(), numbers[2] >= 0, numbers[3] >= 0,
              numbers.allSatisfy({ abs($0) <= maximumLength }) else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// `-?digits(.digits)?`, no leading zero, at most 9 digits each side: what every YAML schema
    /// reads as the same number.
    private static func plainNumber(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = range.lowerBound
        let negative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var whole = 0, wholeDigits = 0
        while index < range.upperBound, let digit = digit(bytes[index]) {
            // Counted before it is added: a longer run of digits would overflow.
            guard wholeDigits < 9 else { return nil }
            whole = whole * 10 + digit
            wholeDigits += 1
            index += 1
        }
        guard wholeDigits >= 1, wholeDigits == 1 || bytes[range.lowerBound + (negative ? 1 : 0)] != UInt8(ascii: "0") else { return nil }
        if index == range.upperBound { return Double(negative ? -whole : whole) }
        guard bytes[index] == UInt8(ascii: "."), range.upperBound - index - 1 <= 9,
              (index + 1..<range.upperBound).allSatisfy({ digit(bytes[$0]) != nil }), index + 1 < range.upperBound else { return nil }
        // A fraction: converted as the loader converts it, to the same last bit.
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        digit(byte) != nil || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> { Self.trimmed(range, in: bytes) }

    private static func trimmed(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
        return lower..<upper
    }
}
