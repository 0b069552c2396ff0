/// What every YAML mapping gets the same way, whichever part of a style file it is in: merge keys
/// (`<<: *base`, `<<: [*a, *b]`) applied, and a warning for a key written twice.
enum YAMLMapping {
    /// Mappings up to this many pairs look for repeated keys by comparing every pair, which
    /// allocates nothing; a view has about a handful.
    private static let smallMapping = 16

    /// The pairs of a mapping as they apply: merged keys first (the first source that has a key
    /// wins among them), then the mapping's own, which win over merged ones.
    static func resolve(_ pairs: [(key: YAMLNode, value: YAMLNode)], findings: inout [Diagnostic]) -> [(key: YAMLNode, value: YAMLNode)] {
        warnAboutRepeatedKeys(pairs, findings: &findings)
        guard pairs.contains(where: isMergeKey) else { return pairs }
        var own: [(key: YAMLNode, value: YAMLNode)] = []
        var inherited: [(key: YAMLNode, value: YAMLNode)] = []
        for pair in pairs {
            guard isMergeKey(pair) else { own.append(pair); continue }
            let sources: [YAMLNode]
            switch pair.value.kind {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar:
                findings.append(.error("'<<' merges a mapping (<<: *name), found \(pair.value.summary)", at: pair.value.location))
                continue
            }
            for source in sources {
                // A source was resolved when it ended, so its own merges are in its pairs already.
                guard case .mapping(let sourcePairs) = source.kind else {
                    findings.append(.error("'<<' merges mappings only, found \(source.summary)", at: source.location))
                    continue
                }
                inherited += sourcePairs
            }
        }
        let ownKeys = Set(own.compactMap { $0.key.scalar })
        var seen: Set<String> = []
        let kept = inherited.filter { pair in
            guard let key = pair.key.scalar else { return false }
            return !ownKeys.contains(key) && seen.insert(key).inserted
        }
        return kept + own
    }

    /// Only a plain `<<` merges: a quoted one is an ordinary key.
    private static func isMergeKey(_ pair: (key: YAMLNode, value: YAMLNode)) -> Bool {
        pair.key.isPlain && pair.key.scalar == "<<"
    }

    /// A key written twice in one mapping: YAML keeps the last, which is rarely what was meant.
    private static func warnAboutRepeatedKeys(_ pairs: [(key: YAMLNode, value: YAMLNode)], findings: inout [Diagnostic]) {
        guard pairs.count > 1 else { return }
        func warn(_ key: YAMLNode, _ name: String, first: SourceLocation) {
            findings.append(.warning("'\(name)' is given twice in this mapping (first at line \(first.line)); the last one wins", at: key.location))
        }
        if pairs.count <= smallMapping {
            for index in pairs.indices {
                guard let name = pairs[index].key.scalar, name != "<<" else { continue }
                if let first = pairs[..<index].first(where: { $0.key.scalar == name }) {
                    warn(pairs[index].key, name, first: first.key.location)
                }
            }
            return
        }
        var seen: [String: SourceLocation] = [:]
        for (key, _) in pairs {
            guard let name = key.scalar, name != "<<" else { continue }
            if let first = seen[name] {
                warn(key, name, first: first)
            } else {
                seen[name] = key.location
            }
        }
    }
}
