/// Where a value a subview holds was set from outside it: the `nested:` of a view above it (the
/// use site of a compound preset) or of a preset such a view takes. A value's origin says `view`
/// or a state map for these, as for the subview's own: what wrote it is told by its place.
public struct NestedSetter: Equatable, Sendable {
    /// The view above whose `nested:` (or whose preset's) set the value.
    public var view: ViewPath
    /// The preset of that view's `style:` chain whose `nested:` set it; nil for the view's own.
    public var preset: String?
    /// Where the entry of `nested:` is written: its key, naming the subview (`row/title`).
    public var entry: SourceLocation

    /// `card nested:`, `preset Warm nested:`: what set the value, as `inspect` lists it.
    public func label(in document: StyleDocument) -> String {
        preset.map { "preset \($0) nested:" } ?? "\(document.name(of: view)) nested:"
    }
}

extension StyleDocument {
    /// What set the value at `setAt` (a row's, as `StyledView.propertyRows` places it) on the
    /// view at `path` from outside it; nil for one it was given where it is written (by its own
    /// mapping, its presets, or its compound preset's `subviews:`).
    public func nestedSetter(of setAt: SourceLocation, at path: ViewPath) -> NestedSetter? {
        guard let view = view(at: path) else { return nil }
        var above = path.parent
        while let ancestorPath = above, let ancestor = self.view(at: ancestorPath) {
            above = ancestorPath.parent
            var written: [(preset: String?, node: YAMLNode)] = ancestor.decoding.chain.compactMap { preset in
                preset.nestedNode.map { (preset.name, $0) }
            }
            if let own = ancestor.node["nested"] { written.append((nil, own)) }
            for (preset, node) in written {
                guard case .mapping(let entries) = node.kind else { continue }
                // The value's own node, placed as the row is: a scalar of the entry, its layer
                // map or a state map of it.
                for (key, values) in entries where Self.holds(values, setAt, placing: view) {
                    return NestedSetter(view: ancestorPath, preset: preset, entry: view.place(key.location) ?? key.location)
                }
            }
        }
        return nil
    }

    /// Whether `node` or a node under it is at `setAt` once `view` places it.
    private static func holds(_ node: YAMLNode, _ setAt: SourceLocation, placing view: StyledView) -> Bool {
        var pending = [node]
        var visited = 0
        // Aliases may repeat a node many times over: a value is found in its first few places.
        while let next = pending.popLast(), visited < 1 << 16 {
            visited += 1
            if view.place(next.location) == setAt { return true }
            switch next.kind {
            case .scalar: break
            case .sequence(let items): pending += items
            case .mapping(let pairs): for (_, value) in pairs { pending.append(value) }
            }
        }
        return false
    }
}
