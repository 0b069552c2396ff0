/// What every YAML mapping gets the same way, whichever part of a style file it is in: merge keys
/// (`<<: *base`, `<<: [*a, *b]`) applied, and a warning for a key written twice.
///
/// It works on the tree's slots as the parser closes each mapping, comparing keys' bytes where
/// they lie: every mapping of every save goes through it.
enum YAMLMapping {
    /// Mappings up to this many pairs look for repeated keys by comparing every pair, which
    /// allocates nothing; a view has about a handful.
    private static let smallMapping = 16

    /// The slots (key, value, key, value…) of a mapping as its pairs apply: merged keys first
    /// (the first source that has a key wins among them), then the mapping's own, which win over
    /// merged ones. Nil when the pairs apply as written (no merge key): the common case.
    static func resolve(_ pairs: ArraySlice<UInt32>, in tree: YAMLTree, findings: inout [Diagnostic]) -> [UInt32]? {
        warnAboutRepeatedKeys(pairs, in: tree, findings: &findings)
        let keys = stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2)
        guard keys.contains(where: { isMergeKey(pairs[$0], in: tree) }) else { return nil }
        var own: [UInt32] = []
        var inherited: [UInt32] = []
        for slot in keys {
            let key = pairs[slot], value = pairs[slot + 1]
            guard isMergeKey(key, in: tree) else { own += [key, value]; continue }
            let node = YAMLNode(tree: tree, index: value)
            let sources: [YAMLNode]
            switch node.kind {
            case .mapping: sources = [node]
            case .sequence(let items): sources = Array(items)
            case .scalar:
                findings.append(.error("'<<' merges a mapping (<<: *name), found \(node.summary)", at: node.location))
                continue
            }
            for source in sources {
                // A source was resolved when it ended, so its own merges are in its slots already.
                guard tree.records[Int(source.index)].kind == .mapping else {
                    findings.append(.error("'<<' merges mappings only, found \(source.summary)", at: source.location))
                    continue
                }
                inherited += tree.slots[tree.records[Int(source.index)].slots]
            }
        }
        let ownKeys = Set(stride(from: 0, to: own.count, by: 2).compactMap { YAMLNode(tree: tree, index: own[$0]).scalar })
        var seen: Set<String> = []
        var kept: [UInt32] = []
        for slot in stride(from: 0, to: inherited.count - 1, by: 2) {
            guard let key = YAMLNode(tree: tree, index: inherited[slot]).scalar,
                  !ownKeys.contains(key), seen.insert(key).inserted else { continue }
            kept += [inherited[slot], inherited[slot + 1]]
        }
        return kept + own
    }

    /// Only a plain `<<` merges: a quoted one is an ordinary key.
    private static func isMergeKey(_ key: UInt32, in tree: YAMLTree) -> Bool {
        tree.records[Int(key)].kind == .plainScalar && tree.scalar(key, equals: "<<")
    }

    /// A key written twice in one mapping: YAML keeps the last, which is rarely what was meant.
    private static func warnAboutRepeatedKeys(_ pairs: ArraySlice<UInt32>, in tree: YAMLTree, findings: inout [Diagnostic]) {
        guard pairs.count > 2 else { return }
        func warn(_ key: UInt32, first: UInt32) {
            let node = YAMLNode(tree: tree, index: key)
            let firstLine = tree.records[Int(first)].line
            findings.append(.warning("'\(node.scalar ?? "")' is given twice in this mapping (first at line \(firstLine)); the last one wins", at: node.location))
        }
        let keys = stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2).map { pairs[$0] }
        if keys.count <= smallMapping {
            for (index, key) in keys.enumerated() where !isMergeKey(key, in: tree) {
                if let first = keys[..<index].first(where: { tree.sameScalar($0, key) }) { warn(key, first: first) }
            }
            return
        }
        var seen: [String: UInt32] = [:]
        for key in keys where !isMergeKey(key, in: tree) {
            guard let name = YAMLNode(tree: tree, index: key).scalar else { continue }
            if let first = seen[name] {
                warn(key, first: first)
            } else {
                seen[name] = key
            }
        }
    }
}
