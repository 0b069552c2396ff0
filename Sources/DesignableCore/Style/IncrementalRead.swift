#if canImport(Glibc)
import Glibc
#endif

/// Reading again only the views a save changed. The new text is compared with the text the last
/// document was read from; the span that differs is widened to the `views:` entries it touches;
/// only those entries' lines are parsed (alone, at their own lines) and decoded. The views above
/// them are the last document's very objects, the views below move by the lines the edit added
/// or took out, and the findings are put together in the order a full read makes them: the
/// result is exactly what reading the whole file gives, views, findings and pixels, in the time
/// one view takes instead of the time the file takes (a 2,000-view file is 12 ms of libyaml alone).
///
/// A save that changes only the lines of another top-level key (`canvas:`, `theme:`, `styles:`,
/// `import:`...), written at the start of its line, re-reads that key's lines alone: the canvas
/// is decoded alone and the views kept; any other section is decoded with the rest of the file
/// from the nodes the last read parsed, so the file is decoded again but not parsed.
///
/// The whole file is read instead (`load` gives nil) wherever a part read alone might mean
/// something other than it means in the file:
/// - a change reaching past the entries or past one top-level key's lines: the `views:` key,
///   two sections, or what is above the first key;
/// - anchors, aliases or merge keys in the changed entries, before or after the save;
/// - lines that do not sit as entries of the list: each entry's first line starts `- ` at the
///   list's column, every other line is indented further, blank or a comment (so nothing can end
///   the list, join an entry to the one above, or be read as a new document);
/// - a syntax error: the whole file says it, at its place, in its words;
/// - bounds the whole file might break (nodes, nesting, aliases' expansion, the views' number, the
///   size shared with imported files);
/// - a change of line count when what is below the entries could not simply move with it: a later
///   top-level key, a parser's finding (its message may name a line), an anchor, an alias or a
///   merge key (what a view merges from above would stay while the view moves);
/// - a section's lines changing their number, or a section read alone after views moved down the
///   file: a moved view keeps the node it was read from, which no longer says where it is, until
///   the next whole read.
enum IncrementalRead {
    /// What reading `bytes` gives, read over `previous` (the same file's last good document), or
    /// nil when the whole file must be read.
    static func load(_ bytes: [UInt8], over previous: StyleDocument) -> LoadResult? {
        try? read(bytes, over: previous).get()
    }

    /// Why a save is read whole.
    enum Fallback: Error, Equatable {
        /// The last document keeps no text to compare with: its views are not a block list of
        /// entries each starting a line (`LoadedText.make`).
        case noText
        /// The change reaches outside the views' entries and outside any one section's lines.
        case outsideViews
        /// The changed entries' lines do not sit as entries of the list.
        case notEntries
        /// An anchor, an alias or a merge key in the changed entries.
        case sharing
        /// Lines move that cannot: the line count changed above a later top-level key, a parser's
        /// finding, an anchor, an alias or a merge key.
        case movesFixedLines
        /// The changed entries do not parse alone (an alias of an anchor above them included),
        /// or not as the list's entries.
        case syntax
        /// The whole file might go over one of the parser's or the loader's bounds.
        case bounds
    }

    /// What reading `bytes` over `previous` gives, or why the whole file must be read.
    static func read(_ bytes: [UInt8], over previous: StyleDocument) -> Result<LoadResult, Fallback> {
        guard let text = previous.loadedText else { return .failure(.noText) }
        guard bytes.count <= StyleLoader.maximumFileSize else { return .failure(.bounds) }
        let span = bytes.withUnsafeBufferPointer { new in
            text.bytes.withUnsafeBufferPointer { old in changedSpan(old, new) }
        }
        if let section = text.section(holding: span) {
            if section.key == CanvasSection.key, let findingStart = text.canvasFindingStart {
                return readCanvas(bytes, over: previous, text: text, canvas: section, findingStart: findingStart, span: span)
            }
            return readSection(bytes, over: previous, text: text, section: section, span: span)
        }
        guard let entries = entries(touchedBy: span, in: text) else { return .failure(.outsideViews) }
        let byteDelta = bytes.count - text.bytes.count
        let oldRange = text.itemStarts[entries.lowerBound]..<text.itemStarts[entries.upperBound]
        let newRange = oldRange.lowerBound..<(oldRange.upperBound + byteDelta)
        guard let lines = EntryLines(bytes, newRange, dashColumn: text.dashColumn) else { return .failure(.notEntries) }

        // The old entries' lines; those below move by `lineDelta`.
        let file = SourceFile(path: previous.path)
        let firstLine = text.itemLines[entries.lowerBound]
        let endsLine = oldRange.isEmpty || text.bytes[oldRange.upperBound - 1] == UInt8(ascii: "\n")
        let oldLines = firstLine..<(text.itemLines[entries.upperBound] + (endsLine ? 0 : 1))
        let lineDelta = lines.breaks - (text.itemLines[entries.upperBound] - firstLine)
        func inOldEntries(_ place: SourceLocation) -> Bool { place.file == file && oldLines.contains(place.line) }
        func below(_ place: SourceLocation) -> Bool { place.file == file && place.line >= oldLines.upperBound }
        guard !text.extent.sharingLines.contains(where: oldLines.contains) else { return .failure(.sharing) }
        let oldViews = previous.views[entries]
        let suffix = previous.views[entries.upperBound...]
        if lineDelta != 0 {
            guard !text.hasTextAfter, !text.extent.sharingLines.contains(where: { $0 >= oldLines.upperBound }),
                  !text.parseFindings.contains(where: { below($0.location) }) else { return .failure(.movesFixedLines) }
        }

        // The new entries, parsed alone at their lines.
        var parsed = YAMLDocument(root: nil, findings: [])
        var items = YAMLNode.Items(tree: YAMLTree(file: file), slots: 0..<0)
        if !newRange.isEmpty {
            do {
                parsed = try YAMLParser.parseDocument(bytes: Array(bytes[newRange]), file: file, lineOffset: firstLine - 1)
            } catch {
                return .failure(.syntax)
            }
            if let root = parsed.root {
                guard case .sequence(let list) = root.kind else { return .failure(.syntax) }
                items = list
            }
        }
        guard parsed.extent.sharingLines.isEmpty else { return .failure(.sharing) }
        guard items.count == lines.dashLines.count else { return .failure(.syntax) }
        for (index, item) in items.enumerated() {
            let line = item.location.line, dash = firstLine + lines.dashLines[index]
            guard line >= dash, index + 1 == items.count || line < firstLine + lines.dashLines[index + 1] else { return .failure(.syntax) }
        }

        // The bounds, as the whole file would meet them.
        var old = (nodes: 0, slots: 0)
        for view in oldViews {
            let extent = view.node.tree.extent(of: view.node.index)
            old = (old.nodes + extent.nodes, old.slots + extent.slots)
        }
        let hasRoot = parsed.root == nil ? 0 : 1
        let addedNodes = parsed.extent.nodes - hasRoot - old.nodes
        var extent = text.extent
        extent.nodes += addedNodes
        extent.slots += parsed.extent.slots - items.count - old.slots + items.count - oldViews.count
        extent.depth = max(extent.depth, parsed.extent.depth + 1)
        if addedNodes < 0, extent.expansionMargin != .max { extent.expansionMargin -= YAMLParser.expansionPerNode * -addedNodes }
        var importSlack = text.importSlack
        if let slack = importSlack { importSlack = (slack.bytes - byteDelta, slack.nodes - addedNodes) }
        let viewCount = previous.views.count - oldViews.count + items.count
        guard extent.nodes <= YAMLParser.maximumNodes, extent.slots <= YAMLParser.maximumSlots,
              extent.depth <= YAMLParser.maximumDepth, extent.aliases == 0 || extent.expansionMargin >= 0,
              importSlack.map({ $0.bytes >= 0 && $0.nodes >= 0 }) ?? true,
              viewCount > 0, viewCount <= ViewsSection.maximumViews else { return .failure(.bounds) }

        // The views: those above as they were, the new entries decoded (or taken over from the old
        // ones when written the same way), those below moved.
        let context = DecodingContext(theme: previous.theme, fonts: previous.fonts, directory: FileSystem.directory(of: previous.path),
                                      allowsOutsideImages: StyleLoader.allowsOutsideImages)
        context.presets = previous.presets
        let decoded = ViewsSection.decode(items, reusing: Array(oldViews), presets: previous.presets, context: context)
        var views = Array(previous.views[..<entries.lowerBound])
        views.reserveCapacity(viewCount)
        views += decoded.views
        for view in suffix { views.append(view.moved(by: lineDelta)) }

        // The findings in the order a full read makes them: the parser's (the old entries' replaced
        // by the new ones': only findings at one place keep an order, and theirs cannot meet), the
        // sections' before `views:`, each view's, then the ids used twice. Only the views with
        // findings or an id are visited.
        let summary = text.views.replacing(entries, of: previous.views, with: ViewSummary(decoded.views, from: entries.lowerBound),
                                           count: decoded.views.count)
        let parseFindings = text.parseFindings.filter { !inOldEntries($0.location) } + parsed.findings
        var found = parseFindings + text.sectionFindings
        let firstBelow = entries.lowerBound + decoded.views.count
        for index in summary.withFindings where index < entries.lowerBound { found += views[index].findings }
        found += decoded.diagnostics
        for index in summary.withFindings where index >= firstBelow { found += views[index].findings }
        found += ViewsSection.sharedIDWarnings(summary.withIDs.map { views[$0] })
        var emptied: [SourceLocation: String] = [:]
        for (place, typed) in text.emptiedByComments where !inOldEntries(place) {
            var place = place
            if below(place) { place.line += lineDelta }
            emptied[place] = typed
        }
        emptied.merge(parsed.emptiedByComments) { first, _ in first }
        let dependencies = text.sectionDependencies.union(summary.dependents.keys)
        let assembly = LoadAssembly(found: found, emptiedByComments: emptied, filesInOrder: text.filesInOrder, dependencies: dependencies)
        return .success(assembly.result(document: {
            // Which old view each continues, as matching the whole lists would pair them.
            var matches = (0..<entries.lowerBound).map { ViewIdentity.Match(old: $0, sameContent: true) as ViewIdentity.Match? }
            matches += decoded.matches.map { $0.map { ViewIdentity.Match(old: $0.old + entries.lowerBound, sameContent: $0.sameContent) } }
            matches += suffix.indices.map { ViewIdentity.Match(old: $0, sameContent: true) }
            return StyleDocument(over: previous, canvas: previous.canvas, canvasLocation: previous.canvasLocation, views: views,
                                 dependencies: dependencies, matches: matches)
        }) { _ in LoadedText(
            bytes: bytes,
            itemStarts: text.itemStarts[..<entries.lowerBound] + lines.dashStarts + text.itemStarts[entries.upperBound...].map { $0 + byteDelta },
            itemLines: text.itemLines[..<entries.lowerBound] + lines.dashLines.map { $0 + firstLine }
                + text.itemLines[entries.upperBound...].map { $0 + lineDelta },
            dashColumn: text.dashColumn, parseFindings: parseFindings, sectionFindings: text.sectionFindings, emptiedByComments: emptied,
            sectionDependencies: text.sectionDependencies, views: summary, filesInOrder: text.filesInOrder, extent: extent, importSlack: importSlack,
            sections: text.sections.map { $0.moved(below: oldRange, by: byteDelta, lines: lineDelta) }, canvasFindingStart: text.canvasFindingStart,
            root: text.root, replaced: text.replaced, treeNodes: text.treeNodes + addedNodes)
        })
    }

    // MARK: - The canvas

    /// What reading `bytes` gives when the save changed only the `canvas:` section's lines and
    /// added or took out none: the section parsed alone at its lines and decoded, every view
    /// the previous document's own (a canvas edit changes no view's look; the layout is made
    /// again from the new canvas). A background edit of a 2,000-button file is then the time of
    /// one small mapping, not of the file.
    private static func readCanvas(_ bytes: [UInt8], over previous: StyleDocument, text: LoadedText, canvas: LoadedText.SectionText,
                                   findingStart: Int, span: Span) -> Result<LoadResult, Fallback> {
        let file = SourceFile(path: previous.path)
        let read: SectionParse
        switch parseSection(bytes, text: text, section: canvas, span: span, file: file) {
        case .success(let parse): read = parse
        case .failure(let fallback): return .failure(fallback)
        }
        let value = read.value

        let context = DecodingContext(theme: previous.theme, fonts: previous.fonts, directory: FileSystem.directory(of: previous.path),
                                      allowsOutsideImages: StyleLoader.allowsOutsideImages)
        context.presets = previous.presets
        let settings = CanvasSettings.make()
        var canvasFindings: [Diagnostic] = []
        CanvasSection.apply(value, to: settings, in: context, diagnostics: &canvasFindings)

        // The findings in a full read's order: the parser's (the canvas lines' replaced), the
        // sections' before the canvas, the canvas's, then every view's as they were.
        let parseFindings = read.parseFindings
        let sectionFindings = Array(text.sectionFindings[..<findingStart]) + canvasFindings
        var found = parseFindings + sectionFindings
        for index in text.views.withFindings { found += previous.views[index].findings }
        found += ViewsSection.sharedIDWarnings(text.views.withIDs.map { previous.views[$0] })
        let emptied = read.emptiedByComments
        let dependencies = text.sectionDependencies.union(text.views.dependents.keys)
        let assembly = LoadAssembly(found: found, emptiedByComments: emptied, filesInOrder: text.filesInOrder, dependencies: dependencies)
        return .success(assembly.result(document: {
            let matches = previous.views.indices.map { ViewIdentity.Match(old: $0, sameContent: true) as ViewIdentity.Match? }
            return StyleDocument(over: previous, canvas: settings, canvasLocation: value.location, views: previous.views,
                                 dependencies: dependencies, matches: matches)
        }) { _ in LoadedText(
            bytes: bytes, itemStarts: read.shifted(text.itemStarts), itemLines: text.itemLines, dashColumn: text.dashColumn,
            parseFindings: parseFindings, sectionFindings: sectionFindings, emptiedByComments: emptied,
            sectionDependencies: text.sectionDependencies, views: text.views, filesInOrder: text.filesInOrder, extent: read.extent,
            importSlack: read.importSlack, sections: read.sections(text), canvasFindingStart: findingStart, root: text.root,
            replaced: text.replaced.merging([canvas.key: value]) { $1 }, treeNodes: read.treeNodes(text))
        })
    }

    // MARK: - Another section

    /// What reading `bytes` gives when the save changed only the lines of one top-level key
    /// (`theme:`, `styles:`, `import:`...) and added or took out none: the key's lines parsed alone
    /// at their place, and every section decoded as a whole read decodes it, from the nodes the
    /// last read parsed for the others and the views' own entries. A theme colour's edit then
    /// costs what decoding the file costs, without parsing it; the views it leaves alone are
    /// taken over as a whole read over the last document takes them over.
    private static func readSection(_ bytes: [UInt8], over previous: StyleDocument, text: LoadedText, section: LoadedText.SectionText,
                                    span: Span) -> Result<LoadResult, Fallback> {
        // Each view's entry must be where its node says: a view moved by lines added above it
        // keeps the node it was read from.
        guard previous.views.allSatisfy({ $0.node.location == $0.location }) else { return .failure(.movesFixedLines) }
        let file = SourceFile(path: previous.path)
        let read: SectionParse
        switch parseSection(bytes, text: text, section: section, span: span, file: file) {
        case .success(let parse): read = parse
        case .failure(let fallback): return .failure(fallback)
        }

        let load = StyleLoad(path: previous.path, previous: previous)
        load.diagnostics = read.parseFindings
        load.parseFindingCount = load.diagnostics.count
        load.emptiedByComments = read.emptiedByComments
        load.extent = read.extent
        load.root = text.root
        load.bytesRead = bytes.count
        load.nodesRead = read.treeNodes(text)
        let replaced = text.replaced.merging([section.key: read.value]) { $1 }
        let document = StyleLoader.decodeSections(of: text.root, replacing: replaced, views: previous.views.map(\.node), into: load)
        // Without the findings before the views, no later save can be read over this one.
        return .success(LoadAssembly(load).result(document: { load.beforeViews == nil ? nil : document }) { document in
            LoadedText(bytes: bytes, decoded: load, before: load.beforeViews!, document: document, itemStarts: read.shifted(text.itemStarts),
                       itemLines: text.itemLines, dashColumn: text.dashColumn, sections: read.sections(text),
                       root: text.root, replaced: replaced, treeNodes: read.treeNodes(text))
        })
    }

    /// One section's lines of a save, parsed alone at their place.
    private struct SectionParse {
        let section: LoadedText.SectionText
        /// The key's new value, and the bytes it was read from.
        let value: YAMLNode
        let newRange: Range<Int>
        let byteDelta: Int
        /// The file's share of the parser's bounds, and what its imports may still take, with the
        /// new value for the old.
        let extent: YAMLDocument.Extent
        let importSlack: (bytes: Int, nodes: Int)?
        let nodes: Int
        let slots: Int
        /// The parser's findings and the values comments emptied: the section's old lines'
        /// replaced by its new lines'.
        let parseFindings: [Diagnostic]
        let emptiedByComments: [SourceLocation: String]

        /// Offsets of the old text, those below the section moved with it.
        func shifted(_ offsets: [Int]) -> [Int] {
            offsets.map { $0 >= section.bytes.upperBound ? $0 + byteDelta : $0 }
        }

        /// `text`'s sections, this one as it now is and those below it moved.
        func sections(_ text: LoadedText) -> [LoadedText.SectionText] {
            var read = section
            (read.bytes, read.nodes, read.slots) = (newRange, nodes, slots)
            return text.sections.map { $0.key == section.key ? read : $0.moved(below: section.bytes, by: byteDelta, lines: 0) }
        }

        func treeNodes(_ text: LoadedText) -> Int { text.treeNodes + nodes - section.nodes }
    }

    /// Parses the lines of `section` in `bytes` alone, or says why the whole file must be read:
    /// the save changed the number of lines, the section shares nodes (an anchor, an alias, a merge
    /// key) before or after, or its lines no longer read as that one key where it was.
    private static func parseSection(_ bytes: [UInt8], text: LoadedText, section: LoadedText.SectionText, span: Span,
                                     file: SourceFile) -> Result<SectionParse, Fallback> {
        let breaks = { (buffer: ArraySlice<UInt8>) in buffer.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        guard breaks(text.bytes[span.start..<span.oldEnd]) == breaks(bytes[span.start..<span.newEnd]) else { return .failure(.movesFixedLines) }
        let byteDelta = bytes.count - text.bytes.count
        let newRange = section.bytes.lowerBound..<(section.bytes.upperBound + byteDelta)
        // Its lines: one per line break, and the last line when the file ends without one.
        let unterminated = section.bytes.upperBound == text.bytes.count && text.bytes.last != UInt8(ascii: "\n") ? 1 : 0
        let oldLines = section.line..<(section.line + breaks(text.bytes[section.bytes]) + unterminated)
        guard !text.extent.sharingLines.contains(where: oldLines.contains) else { return .failure(.sharing) }
        let parsed: YAMLDocument
        do {
            parsed = try YAMLParser.parseDocument(bytes: Array(bytes[newRange]), file: file, lineOffset: section.line - 1)
        } catch {
            return .failure(.syntax)
        }
        guard parsed.extent.sharingLines.isEmpty else { return .failure(.sharing) }
        // Still the one key, where it was: anything else changes what the file holds.
        guard let root = parsed.root, case .mapping(let pairs) = root.kind, pairs.count == 1, let (key, value) = pairs.first,
              key.isScalar(section.key), key.location.line == section.line, key.location.column == 1 else { return .failure(.syntax) }

        // The bounds, as the whole file would meet them: the new value's nodes for the old one's.
        let new = value.tree.extent(of: value.index)
        var extent = text.extent
        extent.nodes += new.nodes - section.nodes
        extent.slots += new.slots - section.slots
        extent.depth = max(extent.depth, parsed.extent.depth)
        var importSlack = text.importSlack
        if let slack = importSlack { importSlack = (slack.bytes - byteDelta, slack.nodes - (new.nodes - section.nodes)) }
        guard extent.nodes <= YAMLParser.maximumNodes, extent.slots <= YAMLParser.maximumSlots, extent.depth <= YAMLParser.maximumDepth,
              importSlack.map({ $0.bytes >= 0 && $0.nodes >= 0 }) ?? true else { return .failure(.bounds) }

        func inSection(_ place: SourceLocation) -> Bool { place.file == file && oldLines.contains(place.line) }
        var emptied = text.emptiedByComments.filter { !inSection($0.key) }
        emptied.merge(parsed.emptiedByComments) { first, _ in first }
        return .success(SectionParse(section: section, value: value, newRange: newRange, byteDelta: byteDelta, extent: extent, importSlack: importSlack, nodes: new.nodes, slots: new.slots,
                                     parseFindings: text.parseFindings.filter { !inSection($0.location) } + parsed.findings,
                                     emptiedByComments: emptied))
    }

    // MARK: - The changed span

    /// Where two texts differ: `start` is the length of what they begin with alike, and each
    /// ends alike from its `end` on (the two spans are empty when the texts are the same).
    struct Span: Equatable {
        var start: Int
        var oldEnd: Int
        var newEnd: Int
    }

    /// The span `new` differs from `old` in: their common beginning and (of what is left) end.
    static func changedSpan(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>) -> Span {
        let shorter = min(old.count, new.count)
        // Whole blocks first: a save changes a few bytes of a file of up to megabytes.
        let block = 4096
        var start = 0
        while start + block <= shorter, memcmp(old.baseAddress! + start, new.baseAddress! + start, block) == 0 { start += block }
        while start < shorter, old[start] == new[start] { start += 1 }
        let most = shorter - start
        var tail = 0
        while tail + block <= most,
              memcmp(old.baseAddress! + old.count - tail - block, new.baseAddress! + new.count - tail - block, block) == 0 { tail += block }
        while tail < most, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        return Span(start: start, oldEnd: old.count - tail, newEnd: new.count - tail)
    }

    /// The entries of the list (by index) whose text a change at `span` may alter, or nil when it
    /// reaches outside the list. The entry holding the last byte before the change is one (the
    /// change may go on its last line, or add lines that continue it), as is the entry holding
    /// the first byte after it (the change may end in its first line). No entries when the texts
    /// are the same.
    static func entries(touchedBy span: Span, in text: LoadedText) -> Range<Int>? {
        let starts = text.itemStarts
        let count = starts.count - 1
        if span.start == span.oldEnd, span.start == span.newEnd { return count..<count }
        guard span.start >= starts[0], span.oldEnd <= starts[count] else { return nil }
        /// The last entry starting at or before `offset` (which is before the list's end).
        func entry(holding offset: Int) -> Int { starts.firstIndex(notBelow: offset + 1) - 1 }
        var first = span.start == starts[0] ? 0 : entry(holding: span.start - 1)
        // A line added above an entry begins like the entry's line, with spaces: the change then
        // starts in that indentation, and its lines may be the entry above's.
        if first > 0, text.bytes[starts[first]..<span.start].allSatisfy({ $0 == UInt8(ascii: " ") }) { first -= 1 }
        let last = span.oldEnd == starts[count] ? count - 1 : entry(holding: span.oldEnd)
        return first..<(last + 1)
    }
}

// MARK: - Entries' lines

/// The lines of a run of `views:` entries, checked to read alone as they read in the file: every
/// line blank, a comment, indented past the list's column, or an entry's first line (`-` at the
/// list's column, then a space or the line's end), the first line with anything on it an
/// entry's; no line break libyaml counts but a newline (`\r` alone, NEL, LS, PS); ending with a
/// newline unless the file ends there. Such lines cannot end the list, continue the entry above
/// them or start a document, and they count lines as libyaml does.
struct EntryLines {
    /// Where each entry's first line starts in the text, and that line counted from the run's
    /// first line (0).
    private(set) var dashStarts: [Int] = []
    private(set) var dashLines: [Int] = []
    /// The newlines in the run.
    private(set) var breaks = 0

    init?(_ bytes: [UInt8], _ range: Range<Int>, dashColumn: Int) {
        let fits: Bool? = bytes.withUnsafeBufferPointer { text in
            var position = range.lowerBound
            var hasEntry = false
            while position < range.upperBound {
                let lineStart = position
                while position < range.upperBound, text[position] == UInt8(ascii: " ") { position += 1 }
                var lineEnd = position
                while lineEnd < range.upperBound, text[lineEnd] != UInt8(ascii: "\n") {
                    switch text[lineEnd] {
                    case UInt8(ascii: "\r"):
                        guard lineEnd + 1 < range.upperBound, text[lineEnd + 1] == UInt8(ascii: "\n") else { return nil }
                    case 0x85:  // NEL is C2 85
                        if lineEnd > range.lowerBound, text[lineEnd - 1] == 0xC2 { return nil }
                    case 0xA8, 0xA9:  // LS and PS are E2 80 A8 and E2 80 A9
                        if lineEnd >= range.lowerBound + 2, text[lineEnd - 1] == 0x80, text[lineEnd - 2] == 0xE2 { return nil }
                    default:
                        break
                    }
                    lineEnd += 1
                }
                let column = position - lineStart
                let first = position < lineEnd ? text[position] : UInt8(ascii: "\n")
                switch first {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
                    break
                case UInt8(ascii: "-") where column == dashColumn
                    && (position + 1 == lineEnd || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(text[position + 1])):
                    dashStarts.append(lineStart)
                    dashLines.append(breaks)
                    hasEntry = true
                default:
                    // A tab where the indentation ends is YAML's to judge, with the whole file.
                    guard column > dashColumn, first != UInt8(ascii: "\t"), hasEntry else { return nil }
                }
                position = lineEnd
                if lineEnd < range.upperBound {
                    breaks += 1
                    position += 1
                }
            }
            return range.isEmpty || text[range.upperBound - 1] == UInt8(ascii: "\n") || range.upperBound == text.count
        }
        guard fits == true else { return nil }
    }
}

// MARK: - The text a document was read from

/// The text a document was read from and where its views are written in it: what the next save
/// of the file is compared with (`IncrementalRead`). It keeps the file's bytes (the document's
/// tree holds about as many already) and two numbers a view.
final class LoadedText {
    let bytes: [UInt8]
    /// Where each view's entry starts (the start of the line of its `-`), then where the list
    /// ends: the line of the next top-level key, or the end of the file.
    let itemStarts: [Int]
    /// The line of each of `itemStarts`, from 1.
    let itemLines: [Int]
    /// The column of the entries' `-`, from 0.
    let dashColumn: Int
    /// The load's findings in the order it made them: the parser's, then those up to `views:`
    /// (unknown top-level keys, imports, theme, styles, canvas).
    let parseFindings: [Diagnostic]
    let sectionFindings: [Diagnostic]
    let emptiedByComments: [SourceLocation: String]
    /// What the sections before `views:` depend on: the imported files, presets' images.
    let sectionDependencies: Set<Dependency>
    /// What the document's views have that the load gathers from them all.
    let views: ViewSummary
    let filesInOrder: [SourceFile]
    /// The style file's share of the parser's bounds.
    let extent: YAMLDocument.Extent
    /// How many bytes and nodes the style file may still grow by before the files it imports go
    /// over the bounds they share with it; nil when it imports none.
    let importSlack: (bytes: Int, nodes: Int)?
    /// The lines of each top-level key written once, at the start of its line, besides `views:`:
    /// what a save that changes only one of them re-reads (`readCanvas`, `readSection`).
    let sections: [SectionText]
    /// Where the canvas's findings start in `sectionFindings` (it is the last section before
    /// `views:`); nil when the file has no `canvas:` section of its own lines.
    let canvasFindingStart: Int?
    /// The file's mapping as a whole read parsed it, and the values of the keys read alone since
    /// (`replaced`): with the views' own entries, the nodes the file's sections now read from.
    let root: YAMLNode
    let replaced: [String: YAMLNode]
    /// The nodes the style file's tree would hold, read whole: imports share the parser's bound with it.
    let treeNodes: Int

    /// A top-level key's lines: from the start of its line to that of the next top-level key (or
    /// the end of the file).
    struct SectionText {
        let key: String
        var bytes: Range<Int>
        /// The line of the key, from 1.
        var line: Int
        /// Its value's share of the parser's bounds.
        var nodes: Int
        var slots: Int

        /// This section after a save that changed `changed` (old bytes) by `byteDelta`: moved
        /// when it lies below.
        func moved(below changed: Range<Int>, by byteDelta: Int, lines lineDelta: Int) -> SectionText {
            guard bytes.lowerBound >= changed.upperBound else { return self }
            var moved = self
            moved.bytes = (bytes.lowerBound + byteDelta)..<(bytes.upperBound + byteDelta)
            moved.line += lineDelta
            return moved
        }
    }

    func section(holding span: IncrementalRead.Span) -> SectionText? {
        sections.first { span.start >= $0.bytes.lowerBound && span.oldEnd <= $0.bytes.upperBound }
    }

    /// Whether anything follows the list (a later top-level key).
    var hasTextAfter: Bool { itemStarts[itemStarts.count - 1] < bytes.count }

    init(bytes: [UInt8], itemStarts: [Int], itemLines: [Int], dashColumn: Int, parseFindings: [Diagnostic], sectionFindings: [Diagnostic],
         emptiedByComments: [SourceLocation: String], sectionDependencies: Set<Dependency>, views: ViewSummary, filesInOrder: [SourceFile],
         extent: YAMLDocument.Extent, importSlack: (bytes: Int, nodes: Int)?, sections: [SectionText], canvasFindingStart: Int?,
         root: YAMLNode, replaced: [String: YAMLNode], treeNodes: Int) {
        self.bytes = bytes
        self.itemStarts = itemStarts
        self.itemLines = itemLines
        self.dashColumn = dashColumn
        self.parseFindings = parseFindings
        self.sectionFindings = sectionFindings
        self.emptiedByComments = emptiedByComments
        self.sectionDependencies = sectionDependencies
        self.views = views
        self.filesInOrder = filesInOrder
        self.extent = extent
        self.importSlack = importSlack
        self.sections = sections
        self.canvasFindingStart = canvasFindingStart
        self.root = root
        self.replaced = replaced
        self.treeNodes = treeNodes
    }

    /// What a full read of `bytes` left in `load` that a later read of a few entries needs, or
    /// nil when the views cannot be told apart by their lines: no block list under one `views:`
    /// key, an anchor on the list or the file's mapping (an alias elsewhere would share what a
    /// save changes), an entry not starting its own line, or line breaks other than newlines.
    static func make(bytes: [UInt8], load: StyleLoad, document: StyleDocument) -> LoadedText? {
        guard let root = load.root, let before = load.beforeViews, case .mapping(let pairs) = root.kind,
              pairs.filter({ $0.key.isScalar(ViewsSection.key) }).count == 1,
              let viewsKey = pairs.first(where: { $0.key.isScalar(ViewsSection.key) })?.key,
              let list = root[ViewsSection.key], case .sequence(let items) = list.kind,
              !items.isEmpty, items.count == document.views.count,
              !load.extent.anchored.contains(root.index), !load.extent.anchored.contains(list.index) else { return nil }
        let places: (starts: [Int], lines: [Int], dashColumn: Int)? = bytes.withUnsafeBufferPointer { text in
            guard !TextLines.hasOtherBreaks(text) else { return nil }
            var lines = TextLines.Cursor(text)
            /// The indentation of the line starting at `start`, and the byte after it (nil at the end).
            func indentation(_ start: Int) -> (column: Int, first: UInt8?) {
                var position = start
                while position < text.count, text[position] == UInt8(ascii: " ") { position += 1 }
                return (position - start, position < text.count ? text[position] : nil)
            }
            func isBlankOrComment(_ first: UInt8?) -> Bool {
                first == nil || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\r") || first == UInt8(ascii: "#")
            }
            /// Whether the line starting at `start` starts an entry: `-` at `column`, then a space
            /// or the line's end.
            func isDashLine(_ start: Int, column: Int) -> Bool {
                let (indent, first) = indentation(start)
                let after = start + indent + 1
                return indent == column && first == UInt8(ascii: "-")
                    && (after == text.count || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(text[after]))
            }
            // A block list starts at its first `-`.
            let dashColumn = list.location.column - 1
            guard let listStart = lines.start(of: list.location.line), isDashLine(listStart, column: dashColumn) else { return nil }
            var starts: [Int] = [], entryLines: [Int] = []
            starts.reserveCapacity(items.count + 1)
            entryLines.reserveCapacity(items.count + 1)
            for item in items {
                // An entry's node follows its `-` on that line, or has a line of its own below
                // it (`-` alone, or with a comment).
                guard var start = lines.start(of: item.location.line) else { return nil }
                var line = item.location.line
                if !(isDashLine(start, column: dashColumn) && item.location.column - 1 > dashColumn) {
                    repeat {
                        guard start > 0 else { return nil }
                        start = TextLines.start(ofLineBefore: start, in: text)
                        line -= 1
                    } while isBlankOrComment(indentation(start).first)
                    guard isDashLine(start, column: dashColumn) else { return nil }
                    var after = start + dashColumn + 1
                    while after < text.count, text[after] == UInt8(ascii: " ") || text[after] == UInt8(ascii: "\t") { after += 1 }
                    guard after == text.count || isBlankOrComment(text[after]) else { return nil }
                }
                guard line > (entryLines.last ?? 0) else { return nil }
                starts.append(start)
                entryLines.append(line)
            }
            // The list ends where the next top-level key is written, or with the file.
            if let next = pairs.map(\.key.location.line).filter({ $0 > viewsKey.location.line }).min() {
                guard next > entryLines[entryLines.count - 1], let start = lines.start(of: next) else { return nil }
                starts.append(start)
                entryLines.append(next)
            } else {
                starts.append(text.count)
                entryLines.append(lines.lastLine)
            }
            return (starts, entryLines, dashColumn)
        }
        guard let places else { return nil }
        return LoadedText(bytes: bytes, decoded: load, before: before, document: document, itemStarts: places.starts, itemLines: places.lines,
                          dashColumn: places.dashColumn, sections: sectionTexts(bytes: bytes, pairs: pairs), root: root, replaced: [:],
                          treeNodes: root.tree.records.count)
    }

    /// What a decode of every section left in `load` (`before`: its findings and dependencies
    /// before `views:`), with where the entries and sections are written in `bytes`: a whole
    /// read's, or a read of one section alone over the nodes parsed before.
    convenience init(bytes: [UInt8], decoded load: StyleLoad, before: (findings: Int, dependencies: Set<Dependency>), document: StyleDocument,
                     itemStarts: [Int], itemLines: [Int], dashColumn: Int, sections: [SectionText], root: YAMLNode,
                     replaced: [String: YAMLNode], treeNodes: Int) {
        var extent = load.extent
        extent.sharingLines.sort()
        extent.anchored = []
        let canvasFindingStart = load.beforeCanvas.map { $0 - load.parseFindingCount }
        self.init(bytes: bytes, itemStarts: itemStarts, itemLines: itemLines, dashColumn: dashColumn,
                  parseFindings: Array(load.diagnostics[..<load.parseFindingCount]),
                  sectionFindings: Array(load.diagnostics[load.parseFindingCount..<before.findings]),
                  emptiedByComments: load.emptiedByComments, sectionDependencies: before.dependencies,
                  views: ViewSummary(document.views), filesInOrder: load.filesInOrder,
                  extent: extent, importSlack: load.importNodeSlack.map { (StyleLoader.maximumFileSize - load.bytesRead, $0) },
                  sections: sections,
                  canvasFindingStart: sections.contains { $0.key == CanvasSection.key } ? canvasFindingStart.flatMap { $0 >= 0 ? $0 : nil } : nil,
                  root: root, replaced: replaced, treeNodes: treeNodes)
    }

    /// Where each top-level key but `views:` is written, when it is written once, at the start
    /// of its line, with the next top-level key (or the end of the file) below it.
    private static func sectionTexts(bytes: [UInt8], pairs: YAMLNode.Pairs) -> [SectionText] {
        let keyLines = pairs.map(\.key.location.line)
        return bytes.withUnsafeBufferPointer { text in
            var lines = TextLines.Cursor(text)
            return pairs.compactMap { pair -> SectionText? in
                guard let key = pair.key.scalar, key != ViewsSection.key, pair.key.location.column == 1,
                      pairs.filter({ $0.key.isScalar(key) }).count == 1 else { return nil }
                let line = pair.key.location.line
                let next = keyLines.filter { $0 > line }.min()
                guard let start = lines.start(of: line) else { return nil }
                var end = text.count
                if let next {
                    guard let found = lines.start(of: next) else { return nil }
                    end = found
                }
                let extent = pair.value.tree.extent(of: pair.value.index)
                return SectionText(key: key, bytes: start..<end, line: line, nodes: extent.nodes, slots: extent.slots)
            }
        }
    }
}

// MARK: - What the views have

/// What a load gathers from all its views (their findings, their ids, the files they depend on),
/// kept by view, so that a read of a few entries updates it instead of visiting every view: on
/// a file of thousands of views, a visit of each is a cache miss each.
struct ViewSummary {
    /// The views with findings, and those with an id, by index, in order.
    private(set) var withFindings: [Int] = []
    private(set) var withIDs: [Int] = []
    /// How many of the views depend on each file.
    private(set) var dependents: [Dependency: Int] = [:]

    private init() {}

    /// The summary of `views`, the first of them at index `start`.
    init(_ views: [StyledView], from start: Int = 0) {
        for (index, view) in views.enumerated() {
            if !view.findings.isEmpty { withFindings.append(start + index) }
            if view.id != nil { withIDs.append(start + index) }
            for dependency in view.dependencies { dependents[dependency, default: 0] += 1 }
        }
    }

    /// This summary of `old` views with those at `replaced` replaced by the `count` views `new`
    /// sums up (counted from `replaced.lowerBound`), the views after them moved along.
    func replacing(_ replaced: Range<Int>, of old: [StyledView], with new: ViewSummary, count: Int) -> ViewSummary {
        /// `indices` (in order) with those in `replaced` replaced by `added`, those after moved.
        func splice(_ indices: [Int], _ added: [Int]) -> [Int] {
            let start = indices.firstIndex(notBelow: replaced.lowerBound)
            let end = indices.firstIndex(notBelow: replaced.upperBound)
            return indices[..<start] + added + indices[end...].map { $0 + count - replaced.count }
        }
        var summary = ViewSummary()
        summary.withFindings = splice(withFindings, new.withFindings)
        summary.withIDs = splice(withIDs, new.withIDs)
        summary.dependents = dependents
        for view in old[replaced] {
            for dependency in view.dependencies {
                summary.dependents[dependency, default: 0] -= 1
                if summary.dependents[dependency] == 0 { summary.dependents[dependency] = nil }
            }
        }
        summary.dependents.merge(new.dependents, uniquingKeysWith: +)
        return summary
    }
}

extension Array where Element == Int {
    /// In an array sorted upwards, the index of the first element at least `value` (the count
    /// when there is none), by halving.
    func firstIndex(notBelow value: Int) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

// MARK: - Lines

/// Lines of a text as libyaml counts them, for texts whose only line break is the newline.
enum TextLines {
    /// Walks a text's lines forwards, finding where each starts without a table of all of them
    /// (a file of empty lines at the size limit has eight million).
    struct Cursor {
        private let text: UnsafeBufferPointer<UInt8>
        private var line = 1, start = 0

        init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

        /// Where line `target` (from 1, not before the last line asked for) starts; nil when the
        /// text has fewer lines.
        mutating func start(of target: Int) -> Int? {
            while line < target {
                guard let base = text.baseAddress, start < text.count,
                      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), text.count - start) else { return nil }
                start = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                line += 1
            }
            return line == target ? start : nil
        }

        /// The text's last line: after a final newline, the empty line that follows it.
        var lastLine: Int {
            mutating get {
                _ = start(of: .max)
                return line
            }
        }
    }

    /// Where the line before the one starting at `start` (which is not the first) starts.
    static func start(ofLineBefore start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var position = start - 1
        while position > 0, text[position - 1] != UInt8(ascii: "\n") { position -= 1 }
        return position
    }

    /// Whether `text` breaks a line other than with a newline (`\r\n` being one): libyaml counts
    /// a `\r` alone, NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9) as line breaks too.
    static func hasOtherBreaks(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        /// Whether some `byte` is one the rule says breaks a line.
        func any(_ byte: UInt8, breaks: (Int) -> Bool) -> Bool {
            var position = 0
            while position < text.count, let found = memchr(base + position, Int32(byte), text.count - position) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if breaks(index) { return true }
                position = index + 1
            }
            return false
        }
        return any(UInt8(ascii: "\r")) { $0 + 1 == text.count || text[$0 + 1] != UInt8(ascii: "\n") }
            || any(0x85) { $0 > 0 && text[$0 - 1] == 0xC2 }
            || any(0xA8) { $0 > 1 && text[$0 - 1] == 0x80 && text[$0 - 2] == 0xE2 }
            || any(0xA9) { $0 > 1 && text[$0 - 1] == 0x80 && text[$0 - 2] == 0xE2 }
    }
}
