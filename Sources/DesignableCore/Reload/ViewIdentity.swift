// MARK: - Content

/// A view's text as a value, ignoring where in the file it starts: every node's kind, text,
/// quoting and column, and its line counted from the view's first line. A comment added above
/// leaves it equal; any change to what the view says, or to how its lines sit, makes it differ.
///
/// Equal content decodes the same way (the theme and folder being the same), so a view whose
/// content is unchanged can be taken over from the last load, components and all.
struct ViewContent: Hashable {
    let node: YAMLNode
    private let hash: Int

    init(_ node: YAMLNode) {
        self.node = node
        var hasher = Hasher()
        Self.feed(node, firstLine: node.location.line, into: &hasher)
        hash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: ViewContent, b: ViewContent) -> Bool {
        a.hash == b.hash && same(a.node, a.node.location.line, b.node, b.node.location.line)
    }

    private static func feed(_ node: YAMLNode, firstLine: Int, into hasher: inout Hasher) {
        node.tree.feed(node.index, firstLine: UInt32(clamping: firstLine), into: &hasher)
    }

    /// Whether two views' mappings are written the same way, each counted from its own first line.
    static func same(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        same(a, a.location.line, b, b.location.line)
    }

    private static func same(_ a: YAMLNode, _ aFirst: Int, _ b: YAMLNode, _ bFirst: Int) -> Bool {
        a.tree.file == b.tree.file
            && YAMLTree.same(a.tree, a.index, UInt32(clamping: aFirst), b.tree, b.index, UInt32(clamping: bFirst))
    }
}

// MARK: - Identity

/// The one rule for "the same view" in two versions of a file, used by the loader (to take a view
/// over instead of decoding it again) and by the reconciler (to carry its state, focus and press):
///
/// 1. the same `id:`;
/// 2. else the same content (`ViewContent`): a view moved by lines added above it, or reordered;
///    the k-th view written some way continues the k-th old one written that way;
/// 3. else the same class, in order among the views of that class still unmatched: an edited
///    view stays itself.
///
/// A save usually changes a view or two in place, so views written the same way at the same
/// place counted from either end are paired first, by comparing them (which is what the rules
/// give there, ids being unique); only the views between go through the rules, which hash.
/// Matching is linear in the number of views.
public enum ViewIdentity {
    /// What the rule looks at in one view, read from its mapping as written.
    /// Read on demand: most views of a save are paired by comparison and need none of it.
    struct Key {
        let node: YAMLNode
        /// The old view it was read from, which knows its id and class and keeps its content.
        private let view: StyledView?

        init(_ node: YAMLNode) {
            self.node = node
            view = nil
        }

        init(_ view: StyledView) {
            node = view.node
            self.view = view
        }

        // Merge keys are resolved in the YAML layer, so an id or class from `<<` counts too.
        var id: String? { view.map { $0.id } ?? node["id"].flatMap { $0.isNull ? nil : $0.scalar } }
        /// The class as written; a view that takes its class from its preset goes by the preset.
        var className: String? {
            if let view, view.decoding.chain.isEmpty { return view.type.className }
            return node["class"]?.scalar ?? node["style"]?.scalar.map { "style " + $0 }
        }
        var content: ViewContent { view?.content ?? ViewContent(node) }
    }

    /// Which old view a new one continues, and whether it is written the same way (so whatever
    /// was decoded from the old one holds for the new one too).
    struct Match: Equatable {
        let old: Int
        let sameContent: Bool
    }

    /// For each new view, the old view it continues, or nil for a new one. `trimmingEnds: false`
    /// puts every view through the rules, for tests that the shortcut changes nothing.
    static func match(old: [Key], new: [Key], trimmingEnds: Bool = true) -> [Match?] {
        var matches = [Match?](repeating: nil, count: new.count)
        var claimed = [Bool](repeating: false, count: old.count)
        func pair(_ newIndex: Int, _ oldIndex: Int, sameContent: Bool) {
            matches[newIndex] = Match(old: oldIndex, sameContent: sameContent)
            claimed[oldIndex] = true
        }
        // 0. The unchanged ends, by comparison.
        var start = 0
        while trimmingEnds, start < min(old.count, new.count), ViewContent.same(old[start].node, new[start].node) {
            pair(start, start, sameContent: true)
            start += 1
        }
        var (oldEnd, newEnd) = (old.count, new.count)
        while trimmingEnds, oldEnd > start, newEnd > start, ViewContent.same(old[oldEnd - 1].node, new[newEnd - 1].node) {
            (oldEnd, newEnd) = (oldEnd - 1, newEnd - 1)
            pair(newEnd, oldEnd, sameContent: true)
        }
        let (oldRest, newRest) = (start..<oldEnd, start..<newEnd)
        guard !oldRest.isEmpty, !newRest.isEmpty else { return matches }

        // 1. By id: the first old view with that id.
        var byID: [String: Int] = [:]
        for index in oldRest {
            if let id = old[index].id, byID[id] == nil { byID[id] = index }
        }
        if !byID.isEmpty {
            for index in newRest {
                guard let id = new[index].id, let oldIndex = byID[id], !claimed[oldIndex] else { continue }
                pair(index, oldIndex, sameContent: ViewContent.same(old[oldIndex].node, new[index].node))
            }
        }
        // 2. By content, in order among old views written the same way.
        var byContent: [ViewContent: [Int]] = [:]
        for index in oldRest where !claimed[index] {
            byContent[old[index].content, default: []].append(index)
        }
        var taken: [ViewContent: Int] = [:]
        for index in newRest where matches[index] == nil {
            let content = new[index].content
            guard let candidates = byContent[content] else { continue }
            var next = taken[content, default: 0]
            while next < candidates.count, claimed[candidates[next]] { next += 1 }
            taken[content] = next + 1
            guard next < candidates.count else { continue }
            pair(index, candidates[next], sameContent: true)
        }
        // 3. By class, in order among the views of that class still unmatched.
        var byClass: [String: [Int]] = [:]
        for index in oldRest where !claimed[index] {
            byClass[old[index].className ?? "", default: []].append(index)
        }
        var ordinal: [String: Int] = [:]
        for index in newRest where matches[index] == nil {
            let name = new[index].className ?? ""
            let position = ordinal[name, default: 0]
            ordinal[name] = position + 1
            if let candidates = byClass[name], position < candidates.count {
                pair(index, candidates[position], sameContent: false)
            }
        }
        return matches
    }
}
