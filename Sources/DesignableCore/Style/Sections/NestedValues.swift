/// Values a view (or a preset) sets on a subview inside it by the subview's id, as a use of a
/// compound preset sets its texts: `nested: {name: {text: Ada}, "row/title": {text: Wi-Fi}}`.
/// Each entry's path runs from the view that writes it down through ids; as decoding descends,
/// an entry is handed to the subview its first id names, that id taken off.
struct NestedValues {
    /// The ids still to go down through; empty when the entry is for the view being decoded.
    let path: [String]
    /// Where the entry's key is written, for findings about it.
    let key: YAMLNode
    let pairs: YAMLNode.Pairs
    /// Whether an id on its path that names no subview is said where it is used: a preset's own
    /// entries are checked once, at the preset.
    let reported: Bool

    /// The entry as the subview with id `id` takes it; nil when it is not on its way.
    func below(_ id: String) -> NestedValues? {
        guard path.first == id else { return nil }
        return NestedValues(path: Array(path.dropFirst()), key: key, pairs: pairs, reported: reported)
    }

    /// What it gives the component of the view it has reached: its properties, its layer map and
    /// its state maps, after the view's own.
    var source: Cascade.Source? {
        var maps: [(state: ControlState, pairs: YAMLNode.Pairs)] = []
        for (name, state) in ControlState.layered {
            if case .mapping(let statePairs)? = pairs.value(forKey: name)?.kind { maps.append((state, statePairs)) }
        }
        return Cascade.Source(properties: pairs, stateMaps: maps, reserved: StyleLoader.viewKeys, preset: nil,
                              classNote: " (set by nested: '\(path.isEmpty ? key.scalar ?? "" : "")')")
    }

    /// View keys an entry may not set: what the view is, where it goes and what it holds are the preset's.
    static let refusedKeys = ["class", "style", "id", "frame", "size", "pin", "spacingAfter", "subviews", "nested"]

    /// The entries of a `nested:` mapping, saying what is wrong with its shape.
    static func entries(of node: YAMLNode?, reported: Bool, diagnostics: inout [Diagnostic]) -> [NestedValues] {
        guard let node, !node.isNull else { return [] }
        guard case .mapping(let pairs) = node.kind else {
            if reported {
                diagnostics.append(.error("nested: expected a mapping from a subview's id (or a path of ids, row/title) to the values to set on it, found \(node.summary)", at: node.location))
            }
            return []
        }
        var entries: [NestedValues] = []
        for (key, value) in pairs {
            guard let name = key.scalar, !name.isEmpty else {
                if reported { diagnostics.append(.error("nested: a key names a subview by its id, found \(key.summary)", at: key.location)) }
                continue
            }
            guard case .mapping(let values) = value.kind else {
                if reported, !value.isNull {
                    diagnostics.append(.error("nested: '\(name)': expected a mapping of the values to set on that subview, found \(value.summary)", at: value.location))
                }
                continue
            }
            let path = name.split(separator: "/").map(String.init)
            for reservedKey in refusedKeys where values.value(forKey: reservedKey) != nil {
                if reported, let keyNode = values.first(where: { $0.key.isScalar(reservedKey) })?.key {
                    diagnostics.append(.warning("nested: '\(reservedKey)' cannot be set on a subview from outside: what it is, where it goes and what it holds are the preset's; it is ignored", at: keyNode.location))
                }
            }
            entries.append(NestedValues(path: path, key: key, pairs: values, reported: reported))
        }
        return entries
    }
}
