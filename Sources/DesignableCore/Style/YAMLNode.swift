import CYAML

/// One node of a YAML (or JSON) document, with the place it was written.
///
/// An alias is the very node its anchor names, shared rather than copied, so a document's
/// memory stays proportional to its text however its aliases multiply.
public final class YAMLNode {
    public enum Kind {
        case scalar(String)
        case sequence([YAMLNode])
        /// The pairs as they apply: merge keys (`<<: *base`) already resolved, so the mapping's
        /// own keys come after (and win over) the merged ones. A repeated key stays, the last wins.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public let kind: Kind
    public let location: SourceLocation
    /// True for a scalar written without quotes: only those can mean null, true or a number.
    public let isPlain: Bool
    /// How many nodes this one stands for once every alias under it is expanded.
    let expandedSize: Int

    init(_ kind: Kind, at location: SourceLocation, isPlain: Bool = false, expandedSize: Int = 1) {
        self.kind = kind
        self.location = location
        self.isPlain = isPlain
        self.expandedSize = expandedSize
    }

    public var scalar: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    public var isNull: Bool {
        guard isPlain, let text = scalar else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

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

    /// The file the node was written in.

    /// The value under `key` in a mapping, with the key node itself for its place.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.last { $0.key.scalar == key }?.value
    }
}

// MARK: - Parsing

/// Reads YAML 1.1 (and so JSON) through libyaml's event parser into a tree of `YAMLNode`s.
public enum YAMLParser {
    /// Documents larger than this once expanded are refused: aliases that multiply
    /// ("billion laughs") would otherwise cost time and memory far beyond the file's size.
    static func expansionLimit(forParsedNodes count: Int) -> Int { 10_000 + 100 * count }
    static let maximumDepth = 256

    /// The first document of `text`, or nil when it is empty. Findings that do not stop the
    /// parse (a repeated key, a bad merge) are dropped: use `parseDocument` to have them.
    public static func parse(_ text: String, file: SourceFile = .none) throws(Diagnostic) -> YAMLNode? {
        try parseDocument(bytes: Array(text.utf8), file: file).root
    }

    /// The first document of `bytes`, read as the file `file`: every node's location names it.
    /// A syntax error is thrown; findings that leave a usable tree are returned with it.
    public static func parseDocument(bytes: [UInt8], file: SourceFile) throws(Diagnostic) -> YAMLDocument {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error("the YAML parser could not start (out of memory)", at: .start(of: file))
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) -> YAMLDocument in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(file: file, bytes: buffer)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser, bytes: bytes, file: file) }
                defer { yaml_event_delete(&event) }
                if try builder.take(event) { break }
            }
            return YAMLDocument(root: builder.root, findings: builder.findings, emptiedByComments: builder.emptiedByComments)
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
            let message = problem.contains("control characters")
                ? "control character U+\(hex(value, digits: 4)) is not allowed in a YAML file; remove it"
                : "the file is not UTF-8 text (\(problem), byte 0x\(hex(value, digits: 2))); save it as UTF-8"
            return .error("YAML syntax: \(message)", at: SourceLocation(line: place.line, column: place.column, file: file))
        }
        if let found = advice.advice() {
            return .error("YAML syntax: \(found.message)", at: SourceLocation(line: found.line, column: found.column, file: file))
        }
        guard let context else {
            return .error("YAML syntax: \(problem)", at: SourceLocation(parser.problem_mark, file: file))
        }
        // A quote or bracket left open is only noticed at the end of the file: point at where it
        // was opened, which is what needs fixing.
        if problem.contains("end of stream") {
            return .error("YAML syntax: \(context) that is never closed (\(problem) at line \(parser.problem_mark.line + 1))",
                          at: SourceLocation(parser.context_mark, file: file))
        }
        return .error("YAML syntax: \(problem) (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))",
                      at: SourceLocation(parser.problem_mark, file: file))
    }

    /// `value` in upper-case hex, zero-padded to `digits`.
    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Builds nodes from events with an explicit stack, so nesting depth costs no native stack.
    private struct TreeBuilder {
        /// A collection still being read. A class, so appending to it never copies what it holds.
        final class Open {
            let isMapping: Bool
            let location: SourceLocation
            let anchor: String?
            var items: [YAMLNode] = []
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            var pendingKey: YAMLNode?
            /// Nodes it stands for once its aliases are expanded, itself included.
            var size = 1

            init(isMapping: Bool, location: SourceLocation, anchor: String?) {
                self.isMapping = isMapping
                self.location = location
                self.anchor = anchor
            }
        }

        let file: SourceFile
        /// The text being parsed, to place an empty value at the comment that emptied it.
        let bytes: UnsafeBufferPointer<UInt8>
        var stack: [Open] = []
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var parsedNodes = 0
        /// Findings that leave the tree usable: repeated keys, merges of something not a mapping.
        var findings: [Diagnostic] = []
        var emptiedByComments: [SourceLocation: String] = [:]

        init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>) {
            self.file = file
            self.bytes = bytes
        }

        /// `color: #FF0000` is a key with no value and a comment: its finding belongs at the `#`,
        /// the character to fix, not at the space libyaml places the empty value on.
        private mutating func placeOfEmptyValue(_ mark: yaml_mark_t) -> SourceLocation {
            var index = Int(mark.index), column = Int(mark.column)
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
                column += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return SourceLocation(mark, file: file) }
            let place = SourceLocation(line: Int(mark.line) + 1, column: column + 1, file: file)
            var end = index
            while end < bytes.count, !" \t\r\n".utf8.contains(bytes[end]) { end += 1 }
            emptiedByComments[place] = String(decoding: bytes[index..<end], as: UTF8.self)
            return place
        }

        /// Takes one event; true once the first document is complete.
        mutating func take(_ event: yaml_event_t) throws(Diagnostic) -> Bool {
            let location = SourceLocation(event.start_mark, file: file)
            switch event.type {
            case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                return true
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                parsedNodes += 1
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                let place = isPlain && scalar.length == 0 ? placeOfEmptyValue(event.start_mark) : location
                try add(YAMLNode(.scalar(text), at: place, isPlain: isPlain),
                        anchor: string(scalar.anchor), at: location)
            case YAML_ALIAS_EVENT:
                let name = string(event.data.alias.anchor) ?? ""
                guard let node = anchors[name] else {
                    throw .error("the alias *\(name) names no anchor defined before it\(didYouMean(name, anchors.keys))", at: location)
                }
                try add(node, anchor: nil, at: location)
            case YAML_SEQUENCE_START_EVENT:
                try push(Open(isMapping: false, location: location, anchor: string(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                try push(Open(isMapping: true, location: location, anchor: string(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let open = stack.removeLast()
                let node = open.isMapping
                    ? YAMLNode(.mapping(YAMLMapping.resolve(open.pairs, findings: &findings)), at: open.location, expandedSize: open.size)
                    : YAMLNode(.sequence(open.items), at: open.location, expandedSize: open.size)
                try add(node, anchor: open.anchor, at: open.location)
            default:
                break
            }
            return false
        }

        private mutating func push(_ open: Open) throws(Diagnostic) {
            guard stack.count < YAMLParser.maximumDepth else {
                throw .error("the document nests deeper than \(YAMLParser.maximumDepth) levels", at: open.location)
            }
            parsedNodes += 1
            stack.append(open)
        }

        private mutating func add(_ node: YAMLNode, anchor: String?, at location: SourceLocation) throws(Diagnostic) {
            if let anchor {
                // YAML lets a later anchor take the name over; it is almost always a copied line.
                if let earlier = anchors[anchor] {
                    findings.append(.warning("the anchor &\(anchor) is defined again (first at line \(earlier.location.line)); aliases after this line use the new one", at: location))
                }
                anchors[anchor] = node
            }
            guard let top = stack.last else {
                root = root ?? node
                return
            }
            top.size += node.expandedSize
            if !top.isMapping {
                top.items.append(node)
            } else if let key = top.pendingKey {
                top.pairs.append((key, node))
                top.pendingKey = nil
            } else {
                top.pendingKey = node
            }
            let limit = YAMLParser.expansionLimit(forParsedNodes: parsedNodes)
            if top.size > limit {
                throw .error("aliases expand this document far beyond its own size (over \(limit) nodes from \(parsedNodes)); refusing it", at: location)
            }
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
}

extension SourceLocation {
    init(_ mark: yaml_mark_t, file: SourceFile) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1, file: file)
    }
}
