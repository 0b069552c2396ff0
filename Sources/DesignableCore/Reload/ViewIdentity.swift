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
        hasher.combine(node.location.line - firstLine)
        hasher.combine(node.location.column)
        switch node.kind {
        case .scalar(let text):
            hasher.combine(node.isPlain ? 1 : 2)
            hasher.combine(text)
        case .sequence(let items):
            hasher.combine(3)
            hasher.combine(items.count)
            for item in items { feed(item, firstLine: firstLine, into: &hasher) }
        case .mapping(let pairs):
            hasher.combine(4)
            hasher.combine(pairs.count)
            for (key, value) in pairs {
                feed(key, firstLine: firstLine, into: &hasher)
                feed(value, firstLine: firstLine, into: &hasher)
            }
        }
    }

    private static func same(_ a: YAMLNode, _ aFirst: Int, _ b: YAMLNode, _ bFirst: Int) -> Bool {
        if a === b { return true }
        guard a.location.line - aFirst == b.location.line - bFirst, a.location.column == b.location.column,
              a.location.file == b.location.file, a.isPlain == b.isPlain else { return false }
        switch (a.kind, b.kind) {
        case (.scalar(let x), .scalar(let y)):
            return x == y
        case (.sequence(let x), .sequence(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, aFirst, $1, bFirst) }
        case (.mapping(let x), .mapping(let y)):
            return x.count == y.count && zip(x, y).allSatisfy {
                same($0.key, aFirst, $1.key, bFirst) && same($0.value, aFirst, $1.value, bFirst)
            }
        default:
            return false
        }
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
/// Each step hashes, so matching is linear in the number of views.
public enum ViewIdentity {
    /// What the rule looks at in one view, read from its mapping as written.
    struct Key {
        let id: String?
        let className: String?
        let content: ViewContent

        init(_ node: YAMLNode) {
            // Merge keys are resolved in the YAML layer, so an id or class from `<<` counts too.
            id = node["id"]?.scalar
            className = node["class"]?.scalar
            content = ViewContent(node)
        }

        init(_ view: StyledView) {
            id = view.id
            className = view.type.className
            content = view.content
        }
    }

    /// For each new view, the index of the old view it continues, or nil for a new one.
    static func match(old: [Key], new: [Key]) -> [Int?] {
        var matches = [Int?](repeating: nil, count: new.count)
        var claimed = [Bool](repeating: false, count: old.count)
        // 1. By id: the first old view with that id.
        var byID: [String: Int] = [:]
        for (index, key) in old.enumerated() {
            if let id = key.id, byID[id] == nil { byID[id] = index }
        }
        if !byID.isEmpty {
            for (index, key) in new.enumerated() {
                guard let id = key.id, let oldIndex = byID[id], !claimed[oldIndex] else { continue }
                matches[index] = oldIndex
                claimed[oldIndex] = true
            }
        }
        // 2. By content, in order among old views written the same way.
        var byContent: [ViewContent: [Int]] = [:]
        for (index, key) in old.enumerated() where !claimed[index] {
            byContent[key.content, default: []].append(index)
        }
        var taken: [ViewContent: Int] = [:]
        for (index, key) in new.enumerated() where matches[index] == nil {
            guard let candidates = byContent[key.content] else { continue }
            var next = taken[key.content, default: 0]
            while next < candidates.count, claimed[candidates[next]] { next += 1 }
            taken[key.content] = next + 1
            guard next < candidates.count else { continue }
            matches[index] = candidates[next]
            claimed[candidates[next]] = true
        }
        // 3. By class, in order among the views of that class still unmatched.
        var byClass: [String: [Int]] = [:]
        for (index, key) in old.enumerated() where !claimed[index] {
            byClass[key.className ?? "", default: []].append(index)
        }
        var ordinal: [String: Int] = [:]
        for (index, key) in new.enumerated() where matches[index] == nil {
            let name = key.className ?? ""
            let position = ordinal[name, default: 0]
            ordinal[name] = position + 1
            if let candidates = byClass[name], position < candidates.count {
                matches[index] = candidates[position]
            }
        }
        return matches
    }
}
