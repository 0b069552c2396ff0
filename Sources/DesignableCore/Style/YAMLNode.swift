import CYAML
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Nodes

/// One node of a YAML (or JSON) document, with the place it was written: a handle into the
/// document's `YAMLTree`, which stores every node flat.
///
/// An alias is the very node its anchor names, shared rather than copied, so a document's
/// memory stays proportional to its text however its aliases multiply.
public struct YAMLNode {
    public enum Kind {
        case scalar(String)
        case sequence(Items)
        /// The pairs as they apply: merge keys (`<<: *base`) already resolved, so the mapping's
        /// own keys come after (and win over) the merged ones. A repeated key stays, the last wins.
        case mapping(Pairs)
    }

    let tree: YAMLTree
    let index: UInt32

    private var record: YAMLTree.Record { tree.records[Int(index)] }

    public var kind: Kind {
        let record = record
        switch record.kind {
        case .plainScalar, .emptiedScalar, .quotedScalar: return .scalar(tree.string(record))
        case .sequence: return .sequence(Items(tree: tree, slots: record.slots))
        case .mapping: return .mapping(Pairs(tree: tree, slots: record.slots))
        }
    }

    public var location: SourceLocation {
        let record = record
        return SourceLocation(line: Int(record.line), column: Int(record.column), file: tree.file)
    }

    /// True for a scalar written without quotes: only those can mean null, true or a number.
    public var isPlain: Bool { record.kind == .plainScalar || record.kind == .emptiedScalar }

    /// True for a value a comment took: `color: #FF0000` unquoted is a key with no value and a
    /// comment `#FF0000`. Null to YAML, but what was typed was a value, not "none".
    public var isEmptiedByComment: Bool { record.kind == .emptiedScalar }

    /// How many nodes this one stands for once every alias under it is expanded.
    var expandedSize: Int { Int(record.expandedSize) }

    public var scalar: String? {
        let record = record
        return record.kind.isScalar ? tree.string(record) : nil
    }

    /// The scalar's UTF-8 bytes, without making a string of them.
    func withScalarBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let record = record
        guard record.kind.isScalar else { return nil }
        return tree.text.withUnsafeBufferPointer { text in
            body(UnsafeBufferPointer(rebasing: text[Int(record.first)..<Int(record.first + record.count)]))
        }
    }

    /// Whether `self` and `other` are one node (an alias and its anchor are).
    public func isIdentical(to other: YAMLNode) -> Bool { tree === other.tree && index == other.index }

    /// YAML's null: a plain `~`, `null`, `Null`, `NULL`, or nothing. Read from the bytes: every
    /// value decoded asks it, most more than once.
    public var isNull: Bool {
        guard isPlain else { return false }
        return withScalarBytes { bytes in
            switch bytes.count {
            case 0: return true
            case 1: return bytes[0] == UInt8(ascii: "~")
            case 4: return bytes.elementsEqual("null".utf8) || bytes.elementsEqual("Null".utf8) || bytes.elementsEqual("NULL".utf8)
            default: return false
            }
        } ?? false
    }

    /// The scalar as a number when it is written as a short whole one (`8`, `-12`), read from
    /// its bytes; nil for any other text, which `parseNumber` reads.
    var wholeNumber: Double? { withScalarBytes(DesignableCore.wholeNumber) ?? nil }

    /// Whether the node is a scalar (of any text, null included), without making its text.
    public var isScalarNode: Bool { record.kind.isScalar }

    /// Whether the node is a list, without making its items.
    public var isSequence: Bool { record.kind == .sequence }

    /// What the node is, in the words a message uses: "a mapping", "the number 12", "'red'".
    public var summary: String {
        switch kind {
        case .sequence(let items): return "a list of \(items.count)"
        case .mapping: return "a mapping"
        case .scalar(let text):
            if isNull { return "nothing" }
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            if isPlain, Double(text) != nil { return shown }
            return "'\(shown)'"
        }
    }

    /// The value under `key` in a mapping, with the key node itself for its place.
    public subscript(key: String) -> YAMLNode? {
        guard record.kind == .mapping else { return nil }
        return Pairs(tree: tree, slots: record.slots).value(forKey: key)
    }

    /// Whether the node is the scalar `text` (quoted or not), compared without making a string.
    public func isScalar(_ text: String) -> Bool { tree.scalar(index, equals: text) }

    /// A list's items, in order.
    public struct Items: RandomAccessCollection {
        let tree: YAMLTree
        let slots: Range<Int>
        public var startIndex: Int { 0 }
        public var endIndex: Int { slots.count }
        public subscript(position: Int) -> YAMLNode {
            YAMLNode(tree: tree, index: tree.slots[slots.lowerBound + position])
        }
    }

    /// A mapping's pairs, in the order they apply.
    public struct Pairs: RandomAccessCollection {
        let tree: YAMLTree
        /// Two slots per pair: the key's node, then the value's.
        let slots: Range<Int>
        public var startIndex: Int { 0 }
        public var endIndex: Int { slots.count / 2 }
        public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
            let slot = slots.lowerBound + 2 * position
            return (YAMLNode(tree: tree, index: tree.slots[slot]), YAMLNode(tree: tree, index: tree.slots[slot + 1]))
        }

        /// The value of the last pair whose key is `key` (the one that applies).
        public func value(forKey key: String) -> YAMLNode? {
            var slot = slots.upperBound - 2
            while slot >= slots.lowerBound {
                if tree.scalar(tree.slots[slot], equals: key) { return YAMLNode(tree: tree, index: tree.slots[slot + 1]) }
                slot -= 2
            }
            return nil
        }
    }
}

// MARK: - The tree

/// Every node of one document, stored flat so that a node costs a fixed 24 bytes plus 4 per
/// place it is used and its scalar's text: a file of the smallest nodes (`[a,a,a,…]`, two bytes
/// each) makes a tree of at most 15 times its size, a real style file 2 to 4 times.
final class YAMLTree {
    enum NodeKind: UInt8 {
        /// `emptiedScalar`: a plain empty scalar whose line goes on with a comment that reads as
        /// a value (`#FF0000`, `#3`: a `#` and no space after it).
        case plainScalar, emptiedScalar, quotedScalar, sequence, mapping
        var isScalar: Bool { self == .plainScalar || self == .emptiedScalar || self == .quotedScalar }
    }

    struct Record {
        var line: UInt32
        var column: UInt32
        /// A scalar's first byte in `text`; a collection's first slot in `slots`.
        var first: UInt32
        /// A scalar's bytes; a collection's slots (two per mapping pair).
        var count: UInt32
        var expandedSize: UInt32
        var kind: NodeKind

        var slots: Range<Int> { Int(first)..<Int(first + count) }
    }

    let file: SourceFile
    // The three arrays are written only by the parser that builds the tree, before anyone else
    // has it, and read after: no access can overlap another, so the dynamic exclusivity check
    // each read would pay (every key of every lookup of every load) is left out.
    @exclusivity(unchecked) fileprivate(set) var records: [Record] = []
    /// The nodes collections hold, by index in `records`.
    @exclusivity(unchecked) fileprivate(set) var slots: [UInt32] = []
    /// Every scalar's UTF-8 text, one after the other.
    @exclusivity(unchecked) fileprivate(set) var text: [UInt8] = []

    /// Long scalars' strings, made once each: a long text an alias repeats in a thousand views
    /// is then one string they share, not a thousand copies (a 1 MB title so repeated cost 1 GB).
    /// Unlike the arrays above it is written as the tree is read, so a tree must be read on one
    /// thread at a time (as every load reads its own).
    @exclusivity(unchecked) private var longStrings: [UInt32: String] = [:]
    /// From this many bytes a scalar's string is made once and shared.
    static let sharedStringLength: UInt32 = 1024

    init(file: SourceFile) { self.file = file }

    func string(_ record: Record) -> String {
        if record.count >= Self.sharedStringLength, let made = longStrings[record.first] { return made }
        let made = text.withUnsafeBufferPointer { text in
            String(decoding: UnsafeBufferPointer(rebasing: text[Int(record.first)..<Int(record.first + record.count)]), as: UTF8.self)
        }
        if record.count >= Self.sharedStringLength { longStrings[record.first] = made }
        return made
    }

    /// Whether node `index` is a scalar whose text is `text`.
    func scalar(_ index: UInt32, equals text: String) -> Bool {
        let record = records[Int(index)]
        // Lengths first: the keys a lookup walks past are mostly of another length.
        guard record.kind.isScalar, text.utf8.count == Int(record.count) else { return false }
        var text = text
        return text.withUTF8 { wanted in
            wanted.count == Int(record.count) && self.text.withUnsafeBufferPointer { bytes in
                wanted.isEmpty || memcmp(bytes.baseAddress! + Int(record.first), wanted.baseAddress!, wanted.count) == 0
            }
        }
    }

    /// Whether nodes `a` and `b` (of this tree) are scalars of the same text, however quoted.
    func sameScalar(_ a: UInt32, _ b: UInt32) -> Bool {
        let x = records[Int(a)], y = records[Int(b)]
        guard x.kind.isScalar, y.kind.isScalar, x.count == y.count else { return false }
        return text.withUnsafeBufferPointer { bytes in
            x.count == 0 || memcmp(bytes.baseAddress! + Int(x.first), bytes.baseAddress! + Int(y.first), Int(x.count)) == 0
        }
    }

    // MARK: Content

    /// Feeds node `index` and everything under it to `hasher` as written: kind, quoting, text,
    /// column, and line counted from `firstLine`.
    func feed(_ index: UInt32, firstLine: UInt32, into hasher: inout Hasher) {
        let record = records[Int(index)]
        hasher.combine(record.line &- firstLine)
        hasher.combine(record.column)
        hasher.combine(record.kind.rawValue)
        hasher.combine(record.count)
        if record.kind.isScalar {
            text.withUnsafeBufferPointer { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[record.slots])))
            }
        } else {
            for slot in record.slots { feed(slots[slot], firstLine: firstLine, into: &hasher) }
        }
    }

    /// Whether node `a` of `x` and node `b` of `y` are written the same way, each counted from
    /// its own first line.
    static func same(_ x: YAMLTree, _ a: UInt32, _ xFirst: UInt32, _ y: YAMLTree, _ b: UInt32, _ yFirst: UInt32) -> Bool {
        if x === y && a == b { return true }
        let p = x.records[Int(a)], q = y.records[Int(b)]
        guard p.line &- xFirst == q.line &- yFirst, p.column == q.column, p.kind == q.kind, p.count == q.count else { return false }
        if p.kind.isScalar {
            return p.count == 0 || x.text.withUnsafeBufferPointer { one in
                y.text.withUnsafeBufferPointer { other in
                    memcmp(one.baseAddress! + Int(p.first), other.baseAddress! + Int(q.first), Int(p.count)) == 0
                }
            }
        }
        for offset in 0..<Int(p.count) where !same(x, x.slots[Int(p.first) + offset], xFirst, y, y.slots[Int(q.first) + offset], yFirst) {
            return false
        }
        return true
    }

    /// The nodes of node `index` and everything under it, and the places their collections
    /// hold: what they took of the parser's bounds, none of them being an alias.
    func extent(of index: UInt32) -> (nodes: Int, slots: Int) {
        let record = records[Int(index)]
        guard !record.kind.isScalar else { return (1, 0) }
        var total = (nodes: 1, slots: Int(record.count))
        for slot in record.slots {
            let child = extent(of: slots[slot])
            total.nodes += child.nodes
            total.slots += child.slots
        }
        return total
    }

    /// The bytes the tree's nodes take, for the documented bound on its size.
    var byteCount: Int {
        records.count * MemoryLayout<Record>.stride + slots.count * MemoryLayout<UInt32>.stride + text.count
    }
}

// MARK: - Parsing

/// Reads YAML 1.1 (and so JSON) through libyaml's event parser into a tree of `YAMLNode`s.
public enum YAMLParser {
    /// Documents larger than this once expanded are refused: aliases that multiply
    /// ("billion laughs") would otherwise cost time and memory far beyond the file's size.
    static func expansionLimit(forParsedNodes count: Int) -> Int { 10_000 + expansionPerNode * count }
    /// What each node parsed adds to `expansionLimit`.
    static let expansionPerNode = 100
    static let maximumDepth = 256
    /// The most nodes (values, lists, mappings and aliases) a document may have: twenty times
    /// what 10,000 views of ten properties take, and what bounds the tree at 24 bytes a node.
    static let maximumNodes = 1_000_000
    /// The most places collections may hold, counting the pairs merge keys copy in.
    static let maximumSlots = 4 * maximumNodes

    /// The first document of `text`, or nil when it is empty. Findings that do not stop the
    /// parse (a repeated key, a bad merge) are dropped: use `parseDocument` to have them.
    public static func parse(_ text: String, file: SourceFile = .none) throws(Diagnostic) -> YAMLNode? {
        try parseDocument(bytes: Array(text.utf8), file: file).root
    }

    /// The first document of `bytes`, read as the file `file`: every node's location names it.
    /// A syntax error is thrown; findings that leave a usable tree are returned with it.
    /// `maximumNodes` is lower for a file a style file imports: the limit holds for them together.
    /// `lineOffset` is for bytes that are part of a file, starting a line: the lines before them,
    /// added to every place in the tree and its findings (a syntax error is said as in `bytes` alone).
    public static func parseDocument(bytes: [UInt8], file: SourceFile, maximumNodes: Int? = nil, lineOffset: Int = 0) throws(Diagnostic) -> YAMLDocument {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error("the YAML parser could not start (out of memory)", at: .start(of: file))
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) -> YAMLDocument in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(file: file, bytes: buffer, maximumNodes: maximumNodes ?? YAMLParser.maximumNodes, lineOffset: lineOffset)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser, bytes: bytes, file: file) }
                defer { yaml_event_delete(&event) }
                if try builder.take(event) { break }
            }
            builder.extent.nodes = builder.written
            builder.extent.slots = builder.tree.slots.count
            builder.extent.anchored = Set(builder.anchors.values)
            return YAMLDocument(root: builder.root, findings: builder.findings, emptiedByComments: builder.emptiedByComments, extent: builder.extent)
        }
    }

    private static func syntaxError(_ parser: yaml_parser_t, bytes: [UInt8], file: SourceFile) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { String(cString: $0) }
        // libyaml says where its grammar broke; the mistake is often elsewhere, and in words a
        // user does not know. Advice read from the text comes first when a rule recognises it.
        let advice = SyntaxAdvice(bytes: bytes, problem: problem, context: context,
                                  problemLine: Int(parser.problem_mark.line) + 1, problemColumn: Int(parser.problem_mark.column) + 1,
                                  contextLine: Int(parser.context_mark.line) + 1, contextColumn: Int(parser.context_mark.column) + 1)
        if parser.error == YAML_READER_ERROR {
            // The reader reports a byte offset, and no line: find the line, and name the byte.
            let place = SyntaxAdvice.place(ofOffset: Int(parser.problem_offset), in: bytes)
            // An incomplete sequence reports -1 as its value: the byte itself says more.
            let offset = Int(parser.problem_offset)
            let value = parser.problem_value < 0 && offset < bytes.count ? Int(bytes[offset]) : Int(parser.problem_value)
            let message = problem.containsText("control characters")
                ? "control character U+\(hex(value, digits: 4)) is not allowed in a YAML file; remove it"
                : "the file is not UTF-8 text (\(problem), byte 0x\(hex(value, digits: 2))); save it as UTF-8"
            return .error("YAML syntax: \(message)", at: SourceLocation(line: place.line, column: place.column, file: file))
        }
        var found = advice.advice()
        // Never a place past the file: libyaml may stop on the line after the last one.
        if found.line > advice.lines.count {
            found.line = max(1, advice.lines.count)
            found.column = (advice.lines.last?.count ?? 0) + 1
        }
        return .error("YAML syntax: \(found.message)", at: SourceLocation(line: found.line, column: found.column, file: file))
    }

    /// `value` in upper-case hex, zero-padded to `digits`.
    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }


    /// Reads events into a `YAMLTree`.
    private struct TreeBuilder {
        /// A collection still being read: its items wait in `pending` from `firstPending` on.
        struct Open {
            let isMapping: Bool
            /// Written in brackets (`{...}`, `[...]`), where a ',' ends a plain value.
            var isFlow = false
            let location: SourceLocation
            let anchor: String?
            let firstPending: Int
            /// Nodes it stands for once its aliases are expanded, itself included.
            var size = 1
        }

        let tree: YAMLTree
        /// The text being parsed, to place an empty value at the comment that emptied it.
        let bytes: UnsafeBufferPointer<UInt8>
        var stack: [Open] = []
        /// The items of every open collection, innermost last.
        var pending: [UInt32] = []
        var anchors: [String: UInt32] = [:]
        var root: YAMLNode?
        var parsedNodes = 0
        var written = 0
        /// Findings that leave the tree usable: repeated keys, merges of something not a mapping.
        var findings: [Diagnostic] = []
        var emptiedByComments: [SourceLocation: String] = [:]
        /// A plain value in brackets whose parentheses a ',' left open (`rgb(229`), taking the
        /// entries after it: its node, its place in `pending`, its bytes so far, and how many
        /// parentheses are still open.
        private var cut: (node: UInt32, slot: Int, start: Int, end: Int, open: Int)?
        /// The value YAML gives the key that closed a cut value's parentheses, to leave out.
        private var skipNextValue = false

        /// The most nodes this document may have: fewer than `YAMLParser.maximumNodes` for an
        /// imported file, by what the files read before it took.
        let maximumNodes: Int
        /// Lines of the file before `bytes`, added to every place.
        let lineOffset: Int
        /// The last character `byteOffset(ofCharacter:)` found, and its byte; past the end to start.
        private var characterCursor = (index: Int.max, byte: 0)
        var extent = YAMLDocument.Extent()

        init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, maximumNodes: Int, lineOffset: Int) {
            tree = YAMLTree(file: file)
            self.bytes = bytes
            self.maximumNodes = maximumNodes
            self.lineOffset = lineOffset
            // A node takes two bytes of text at least: reserving that many (untouched until
            // used) means the tree never pays for a copy as it grows.
            tree.records.reserveCapacity(max(0, min(bytes.count / 2 + 1, maximumNodes + 1)))
            tree.text.reserveCapacity(bytes.count)
        }

        /// `color: #FF0000` is a key with no value and a comment: its finding belongs at the `#`,
        /// the character to fix, not at the space libyaml places the empty value on.
        private mutating func placeOfEmptyValue(_ mark: yaml_mark_t) -> (place: SourceLocation, emptied: Bool) {
            let start = byteOffset(ofCharacter: Int(mark.index))
            var index = start, column = Int(mark.column), line = Int(mark.line)
            func skip(while skipped: (UInt8) -> Bool) {
                while index < bytes.count, skipped(bytes[index]) {
                    if bytes[index] & 0xC0 != 0x80 { column += 1 }
                    index += 1
                }
            }
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            skip(while: isBlank)
            // `color: &base #FF0000`: the anchor names the value, which the comment after it took.
            if index < bytes.count, bytes[index] == UInt8(ascii: "&") {
                skip { !" \t\r\n".utf8.contains($0) }
                skip(while: isBlank)
            }
            if index >= bytes.count || bytes[index] != UInt8(ascii: "#") {
                // `{…, color: #FF0000` with the bracket closed on the next line: libyaml places the
                // empty value at the bracket, and the comment that took it ends a line above.
                guard let above = commentEndingALineAbove(start) else { return (place(mark), false) }
                (index, column, line) = (above.index, above.column, line - above.linesUp)
            }
            let place = SourceLocation(line: line + 1 + lineOffset, column: column + 1, file: tree.file)
            // What was typed, for the finding to quote: the first word decides whether it reads
            // as a value; a text goes on to the line's end (`#1 Best seller`), short of a comment
            // of its own or what ends a value in brackets.
            var word = index
            while word < bytes.count, !" \t\r\n".utf8.contains(bytes[word]) { word += 1 }
            var end = word
            while end < bytes.count, !"\r\n,}]".utf8.contains(bytes[end]),
                  !(bytes[end] == UInt8(ascii: "#") && (bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t"))) { end += 1 }
            while end > word, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            emptiedByComments[place] = String(decoding: bytes[index..<end], as: UTF8.self)
            return (place, word - index > 1)
        }

        /// `title: "Save` with its closing quote forgotten, and a later value quoted: YAML reads
        /// the lines between into the title, views and keys alike, and may find nothing wrong.
        /// A quoted value may go on past its line, but indented under the line it starts on; a
        /// line it takes in that is not is structure swallowed, and the quote left open is said.
        private mutating func checkQuoteClosed(_ start: yaml_mark_t, _ end: yaml_mark_t) throws(Diagnostic) {
            let quote = byteOffset(ofCharacter: Int(start.index))
            guard quote < bytes.count else { return }
            var lineStart = quote
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let bytes = self.bytes
            func indent(_ from: Int) -> Int {
                var index = from
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                return index - from
            }
            let opening = indent(lineStart)
            var index = quote, line = Int(start.line)
            while line < Int(end.line), let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
                index = newline + 1
                line += 1
                let spaces = indent(index)
                let blank = index + spaces >= bytes.count || bytes[index + spaces] == UInt8(ascii: "\n") || bytes[index + spaces] == UInt8(ascii: "\r")
                guard !blank, spaces <= opening else { continue }
                let mark = bytes[quote] == UInt8(ascii: "'") ? "'" : "\""
                throw .error("YAML syntax: this \(mark) opens a quoted value that is not closed on its line, so YAML reads on to the \(mark) on line \(Int(end.line) + 1 + lineOffset), taking in the lines between; close it on line \(Int(start.line) + 1 + lineOffset)",
                             at: SourceLocation(line: Int(start.line) + 1 + lineOffset, column: Int(start.column) + 1, file: tree.file))
            }
        }

        /// The `#` of a comment right after a key (`color: #FF0000`) that ends the last line with
        /// anything on it before byte `start`, with its character column and how many lines up
        /// it is; nil when that line ends otherwise.
        private func commentEndingALineAbove(_ start: Int) -> (index: Int, column: Int, linesUp: Int)? {
            var end = min(start, bytes.count) - 1, linesUp = 0
            while end >= 0, " \t\r\n".utf8.contains(bytes[end]) {
                if bytes[end] == UInt8(ascii: "\n") { linesUp += 1 }
                end -= 1
            }
            guard linesUp > 0, end >= 0 else { return nil }
            let lineStart = (bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            for hash in lineStart...end where bytes[hash] == UInt8(ascii: "#") && hash > lineStart
                && (bytes[hash - 1] == UInt8(ascii: " ") || bytes[hash - 1] == UInt8(ascii: "\t")) {
                let before = bytes[lineStart..<hash].last { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                guard before == UInt8(ascii: ":") else { return nil }
                let column = bytes[lineStart..<hash].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
                return (hash, column, linesUp)
            }
            return nil
        }

        /// The byte of `bytes` where character `index` is: libyaml's marks count characters, and
        /// a character of a name or a title may take up to four bytes. Counted on from the last
        /// character asked for (the parser asks in the order it reads), past a byte order mark,
        /// which libyaml does not count.
        private mutating func byteOffset(ofCharacter index: Int) -> Int {
            if index < characterCursor.index {
                let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
                characterCursor = (0, hasMark ? 3 : 0)
            }
            while characterCursor.index < index, characterCursor.byte < bytes.count {
                characterCursor.byte += 1
                while characterCursor.byte < bytes.count, bytes[characterCursor.byte] & 0xC0 == 0x80 { characterCursor.byte += 1 }
                characterCursor.index += 1
            }
            return characterCursor.byte
        }

        /// Where `mark` is in the file.
        private func place(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1, file: tree.file)
        }

        /// Notes a line where a node is named or shared: an anchor, an alias, a merge key.
        private mutating func noteSharing(at location: SourceLocation) {
            extent.sharingLines.append(location.line)
        }

        /// Takes one event; true once the first document is complete.
        mutating func take(_ event: yaml_event_t) throws(Diagnostic) -> Bool {
            let location = place(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                return true
            case YAML_SCALAR_EVENT:
                if skipNextValue {
                    skipNextValue = false
                    return false
                }
                try count(at: location)
                let scalar = event.data.scalar
                warnAboutTag(scalar.tag, at: location)
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                if isPlain, scalar.length == 2, scalar.value[0] == UInt8(ascii: "<"), scalar.value[1] == UInt8(ascii: "<") {
                    noteSharing(at: location)
                }
                let isQuoted = scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE || scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                if isQuoted, event.end_mark.line > event.start_mark.line { try checkQuoteClosed(event.start_mark, event.end_mark) }
                let (place, emptied) = isPlain && scalar.length == 0 ? placeOfEmptyValue(event.start_mark) : (location, false)
                let first = tree.text.count
                tree.text.append(contentsOf: UnsafeBufferPointer(start: scalar.value, count: scalar.length))
                let kind: YAMLTree.NodeKind = emptied ? .emptiedScalar : isPlain ? .plainScalar : .quotedScalar
                let node = record(at: place, kind: kind, first: first, count: scalar.length, expandedSize: 1)
                try add(node, anchor: string(scalar.anchor), at: location)
                if isPlain || cut != nil { takeParenthesised(node, event) }
            case YAML_ALIAS_EVENT:
                cut = nil
                try count(at: location, isAlias: true)
                extent.aliases += 1
                noteSharing(at: location)
                let name = string(event.data.alias.anchor) ?? ""
                guard let node = anchors[name] else {
                    throw .error("the alias *\(name) names no anchor defined before it\(didYouMean(name, anchors.keys.sorted()))", at: location)
                }
                try add(node, anchor: nil, at: location)
            case YAML_SEQUENCE_START_EVENT:
                // A cut value takes only plain entries of its own mapping: a collection between
                // ends it, as YAML reads it (`[f(, [a, [)]]]`).
                cut = nil
                warnAboutTag(event.data.sequence_start.tag, at: location)
                try push(isMapping: false, at: location, anchor: string(event.data.sequence_start.anchor))
                stack[stack.count - 1].isFlow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            case YAML_MAPPING_START_EVENT:
                cut = nil
                warnAboutTag(event.data.mapping_start.tag, at: location)
                try push(isMapping: true, at: location, anchor: string(event.data.mapping_start.anchor))
                stack[stack.count - 1].isFlow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                cut = nil
                try close()
            default:
                break
            }
            return false
        }

        /// `{tintColor: rgb(229, 72, 77)}`: in brackets a ',' ends a plain value, so YAML reads the
        /// value 'rgb(229' and the keys '72' and '77)' with no values, which no style file means.
        /// A plain value whose parentheses a ',' leaves open takes the plain entries after it up
        /// to the one that closes them, as typed, so the value is read (and refused, or taken) as
        /// written and no key is made of its pieces. An entry with a ':' of its own, anything
        /// else between, or a value spread over lines leaves YAML's reading as it is.
        private mutating func takeParenthesised(_ node: UInt32, _ event: yaml_event_t) {
            // In braces only: a list in brackets (`[Menu (beta, Settings, Help)]`) keeps YAML's entries.
            guard let top = stack.last, top.isFlow, top.isMapping, event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE else {
                cut = nil
                return
            }
            let isKey = top.isMapping && (pending.count - top.firstPending) % 2 == 1
            var open = 0
            for byte in UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length) {
                if byte == UInt8(ascii: "(") { open += 1 } else if byte == UInt8(ascii: ")") { open -= 1 }
            }
            guard var current = cut else {
                if !isKey, open > 0 {
                    let start = byteOffset(ofCharacter: Int(event.start_mark.index))
                    cut = (node, pending.count - 1, start, byteOffset(ofCharacter: Int(event.end_mark.index)), open)
                }
                return
            }
            cut = nil
            let end = byteOffset(ofCharacter: Int(event.end_mark.index))
            var next = end
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            // A key of its own (`{a: f(1, b: 2}`) is YAML's reading, and so is the value after it.
            guard !isKey || (next < bytes.count && (bytes[next] == UInt8(ascii: ",") || bytes[next] == UInt8(ascii: "}"))) else { return }
            current.end = end
            current.open += open
            guard current.open <= 0 else {
                cut = current
                return
            }
            let typed = bytes[current.start..<current.end]
            guard !typed.contains(UInt8(ascii: "\n")), !typed.contains(UInt8(ascii: "\r")) else { return }
            tree.records[Int(current.node)].first = UInt32(tree.text.count)
            tree.records[Int(current.node)].count = UInt32(typed.count)
            tree.text.append(contentsOf: typed)
            pending.removeSubrange((current.slot + 1)...)
            skipNextValue = isKey
        }

        /// Counts a node (or an alias) against the document's limit, at the first one past it.
        /// Aliases count there but not in `parsedNodes`, from which aliases may expand.
        private mutating func count(at location: SourceLocation, isAlias: Bool = false) throws(Diagnostic) {
            written += 1
            if !isAlias { parsedNodes += 1 }
            if written > maximumNodes {
                if maximumNodes < YAMLParser.maximumNodes {
                    throw .error("the style file and the files it imports have more than \(YAMLParser.maximumNodes) values, lists and mappings together; they may have at most that many", at: location)
                }
                throw .error("the document has more than \(YAMLParser.maximumNodes) values, lists and mappings; a style file may have at most that many: split it into several files", at: location)
            }
        }

        private mutating func record(at location: SourceLocation, kind: YAMLTree.NodeKind, first: Int, count: Int, expandedSize: Int) -> UInt32 {
            tree.records.append(YAMLTree.Record(line: UInt32(clamping: location.line), column: UInt32(clamping: location.column),
                                                first: UInt32(first), count: UInt32(count),
                                                expandedSize: UInt32(clamping: expandedSize), kind: kind))
            return UInt32(tree.records.count - 1)
        }

        private mutating func push(isMapping: Bool, at location: SourceLocation, anchor: String?) throws(Diagnostic) {
            guard stack.count < YAMLParser.maximumDepth else {
                throw .error("the document nests deeper than \(YAMLParser.maximumDepth) levels", at: location)
            }
            try count(at: location)
            stack.append(Open(isMapping: isMapping, location: location, anchor: anchor, firstPending: pending.count))
            extent.depth = max(extent.depth, stack.count)
        }

        private mutating func close() throws(Diagnostic) {
            let open = stack.removeLast()
            let first = tree.slots.count
            // The slices of `pending` live for one statement each: one kept until the removal
            // below would make it copy all of `pending` (the whole file's list of views) for
            // every view it closes, quadratic in the views.
            if open.isMapping, let resolved = YAMLMapping.resolve(pending[open.firstPending...], in: tree, findings: &findings) {
                tree.slots.append(contentsOf: resolved)
            } else {
                tree.slots.append(contentsOf: pending[open.firstPending...])
            }
            pending.removeSubrange(open.firstPending...)
            // Merges copy the pairs they bring: bounded like the aliases they come from.
            if tree.slots.count > YAMLParser.maximumSlots {
                throw .error("aliases and merges expand this document far beyond its own size (over \(YAMLParser.maximumSlots) places); refusing it", at: open.location)
            }
            let node = record(at: open.location, kind: open.isMapping ? .mapping : .sequence,
                              first: first, count: tree.slots.count - first, expandedSize: open.size)
            try add(node, anchor: open.anchor, at: open.location)
        }

        private mutating func add(_ node: UInt32, anchor: String?, at location: SourceLocation) throws(Diagnostic) {
            if let anchor {
                noteSharing(at: location)
                // YAML lets a later anchor take the name over; it is almost always a copied line.
                if let earlier = anchors[anchor] {
                    let line = tree.records[Int(earlier)].line
                    findings.append(.warning("the anchor &\(anchor) is defined again (first at line \(line)); aliases after this line use the new one", at: location))
                }
                anchors[anchor] = node
            }
            guard !stack.isEmpty else {
                root = root ?? YAMLNode(tree: tree, index: node)
                return
            }
            stack[stack.count - 1].size += Int(tree.records[Int(node)].expandedSize)
            pending.append(node)
            let limit = YAMLParser.expansionLimit(forParsedNodes: parsedNodes)
            extent.expansionMargin = min(extent.expansionMargin, limit - stack[stack.count - 1].size)
            if stack[stack.count - 1].size > limit {
                throw .error("aliases expand this document far beyond its own size (over \(limit) nodes from \(parsedNodes)); refusing it", at: location)
            }
        }

        /// `title: !important Buy now` reads as the tag `!important` and the text "Buy now":
        /// style files give tags no meaning, so one is said, not silently dropped. YAML's own
        /// (`!!str`) are left alone: they are what the value is anyway.
        private mutating func warnAboutTag(_ pointer: UnsafeMutablePointer<yaml_char_t>?, at location: SourceLocation) {
            guard let tag = string(pointer), !tag.hasPrefix("tag:yaml.org,2002:") else { return }
            findings.append(.warning("'\(tag)' is a YAML tag, which style files do not use: it is ignored (quote the value to write text that starts with '!')", at: location))
        }

        private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}

/// A parsed document: its root (nil when empty) and what parsing found that did not stop it.
public struct YAMLDocument {
    public var root: YAMLNode?
    public var findings: [Diagnostic]
    /// Values left empty by a comment right after their key (`color: #FF0000`), by where their
    /// `#` is, with what was written from it: what the user meant as the value.
    public var emptiedByComments: [SourceLocation: String] = [:]
    /// How much of the parser's bounds the document took, and where it shares nodes.
    var extent = Extent()

    /// What reading part of a file again (`IncrementalRead`) must know of a parse to tell that
    /// reading the whole file would have kept within the same bounds and meant the same.
    struct Extent {
        /// Nodes and aliases read, against `YAMLParser.maximumNodes`.
        var nodes = 0
        /// Places the collections hold, against `YAMLParser.maximumSlots`.
        var slots = 0
        var aliases = 0
        /// The deepest nesting of collections.
        var depth = 0
        /// The least any collection stayed under the expansion limit when checked.
        var expansionMargin = Int.max
        /// The line of every anchor, alias and merge key (`<<`), in the order read.
        var sharingLines: [Int] = []
        /// The nodes anchors name.
        var anchored: Set<UInt32> = []
    }
}

extension SourceLocation {
    init(_ mark: yaml_mark_t, file: SourceFile) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1, file: file)
    }
}

extension YAMLNode {
    /// The last line a node under this one (or this one) starts on: where the text of a
    /// collection ends, but for a scalar on several lines.
    var lastLine: Int {
        var last = location.line
        var pending = [self]
        var visited = 0
        // Aliases may repeat a node many times over; its lines are those of its first place.
        while let node = pending.popLast(), visited < 1 << 20 {
            visited += 1
            last = max(last, node.location.line)
            switch node.kind {
            case .scalar: break
            case .sequence(let items): pending += items
            case .mapping(let pairs): for (key, value) in pairs { pending += [key, value] }
            }
        }
        return last
    }
}
