/// `styles:`: named presets a view takes with `style: NAME` and overrides what it likes, as a
/// design system's button styles are shared by every screen:
///
///     styles:
///       Primary: {class: FancyButton, cornerRadius: 10, highlighted: {backgroundColor: navy}}
///       Danger: {extends: Primary, backgroundColor: red}
///     views:
///       - {style: Danger, title: Delete}
///
/// A preset's `class:` may be left out (it then suits any class, and its values are checked
/// against each view that uses it); when given, the preset suits that class and its subclasses,
/// so a preset for `UIButton` serves a `FancyButton`. A preset extends one for its own class or a
/// superclass. A view without `class:` takes its preset's.
///
/// Presets of imported files are read into the same table first (`ImportSection`), then the style
/// file's own; then every chain is resolved once, and each preset that has a class is checked
/// once, here, at its own lines.
enum StylesSection: StyleSection {
    static let key = "styles"
    /// The most presets a style file and its imports may define together, as many as views: far
    /// beyond any design system, short of what checking each on every save would cost.
    static let maximumPresets = 10_000
    /// The longest chain of `extends:`: a preset keeps its whole chain, so the chains of a long
    /// line of presets would otherwise grow with the square of its length.
    static let maximumDepth = 64

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        collect(node, file: load.rootFile, into: load)
        guard !load.presetOrder.isEmpty else { return }
        resolveChains(load)
        resolveClasses(load)
        refuseContainingCycles(load)
        load.context.presets = load.presets
        check(load)
    }

    // MARK: - Reading

    /// Reads one file's `styles:` into the load's table, replacing (with a warning) a preset of
    /// the same name an earlier file defined.
    static func collect(_ node: YAMLNode?, file: ImportedFile, into load: StyleLoad) {
        guard let pairs = mapping(node, expected: "a mapping of preset names to their properties", into: load) else { return }
        for (key, value) in pairs {
            guard let name = key.scalar, !name.isEmpty else {
                load.diagnostics.append(.error("a preset's name must be a word (its key under 'styles:'), found \(key.summary)", at: key.location))
                continue
            }
            guard load.presetCount < maximumPresets else {
                load.diagnostics.append(.error("this is preset \(maximumPresets + 1); a style file and the files it imports may define at most \(maximumPresets) presets", at: key.location))
                return
            }
            load.presetCount += 1
            guard let preset = Preset(name: name, key: key, value: value, file: file, order: load.presetCount, diagnostics: &load.diagnostics) else { continue }
            if let earlier = load.presets[name] {
                // Within one file YAML already said the key is given twice.
                if earlier.location.file != preset.location.file {
                    load.diagnostics.append(.warning("preset '\(name)' is defined again (first at line \(earlier.location.line) of \(earlier.file.label)); this one replaces it: give it a name of its own, with 'extends: \(name)' to build on it", at: key.location))
                }
                load.presetOrder.removeAll { $0 === earlier }
            }
            load.presets[name] = preset
            load.presetOrder.append(preset)
        }
    }

    // MARK: - Chains

    /// Gives every preset its chain, or marks it broken with one error where it goes wrong: an
    /// `extends:` naming no preset, or a cycle (said once, at the first of its presets written).
    private static func resolveChains(_ load: StyleLoad) {
        for preset in load.presetOrder where !preset.isResolved && !preset.isBroken {
            // Walk up until a preset already resolved, one naming no parent, or a mistake.
            var path: [Preset] = [preset]
            var resolvedAbove: [Preset] = []
            var broken = false
            while let parentName = path[path.count - 1].parentName {
                let child = path[path.count - 1]
                guard let parent = load.presets[parentName] else {
                    let names = load.presetOrder.map(\.name).filter { $0 != child.name }
                    load.diagnostics.append(.error("preset '\(child.name)' extends '\(parentName)', which is not defined\(unknownPresetHint(parentName, names))",
                                                   at: child.parentNode?.location ?? child.location))
                    broken = true
                    break
                }
                if let start = path.firstIndex(where: { $0 === parent }) {
                    reportCycle(Array(path[start...]))
                    broken = true
                    break
                }
                if parent.isBroken { broken = true; break }
                if parent.isResolved { resolvedAbove = parent.chain; break }
                guard path.count < maximumDepth else {
                    reportTooDeep(preset, path.map(\.name))
                    broken = true
                    break
                }
                path.append(parent)
            }
            if broken {
                path.forEach { $0.isBroken = true }
                continue
            }
            guard resolvedAbove.count + path.count <= maximumDepth else {
                reportTooDeep(preset, path.map(\.name) + resolvedAbove.reversed().map(\.name))
                path.forEach { $0.isBroken = true }
                continue
            }
            var above = resolvedAbove
            for member in path.reversed() {
                member.ancestors = above
                member.isResolved = true
                above.append(member)
            }
        }

        /// A chain past `maximumDepth`, said at `preset`, where it starts; `names` from there up.
        func reportTooDeep(_ preset: Preset, _ names: [String]) {
            load.diagnostics.append(.error("preset '\(names[0])' extends through more than \(maximumDepth) presets (\(names.prefix(3).joined(separator: " → ")) → …); a chain of 'extends:' may be at most \(maximumDepth) long",
                                           at: preset.parentNode?.location ?? preset.location))
        }

        func reportCycle(_ members: [Preset]) {
            // Said at the preset of the cycle written first, the cycle read from it.
            let first = members.indices.min { members[$0].order < members[$1].order } ?? 0
            let cycle = Array(members[first...] + members[..<first])
            let names = (cycle + [cycle[0]]).map(\.name).joined(separator: " → ")
            let opener = cycle[0]
            let message = cycle.count == 1
                ? "preset '\(opener.name)' extends itself; to build on another preset of this name (an imported one), give this one a name of its own"
                : "preset '\(opener.name)' extends itself through \(names); remove one 'extends:' of the cycle"
            load.diagnostics.append(.error(message, at: opener.parentNode?.location ?? opener.location))
            members.forEach { $0.isBroken = true }
        }
    }

    /// Says where presets hold each other through their subviews (A's subviews hold a view of
    /// style B, whose subviews hold one of style A), once, at the first `style:` of the cycle
    /// written, and marks them broken: such a view would hold itself without end.
    private static func refuseContainingCycles(_ load: StyleLoad) {
        // Each preset's edges: the presets its subviews (its chain's, at any depth) name, with where.
        func edges(of preset: Preset) -> [(name: String, at: YAMLNode)] {
            guard let subviews = preset.chain.last(where: { $0.subviewsNode != nil })?.subviewsNode else { return [] }
            var found: [(name: String, at: YAMLNode)] = []
            var pending = [subviews]
            var visited = 0
            while let node = pending.popLast(), visited < ViewsSection.maximumViews {
                visited += 1
                guard case .sequence(let items) = node.kind else { continue }
                for item in items {
                    if let style = item["style"], let name = style.scalar { found.append((name, style)) }
                    if let nested = item["subviews"] { pending.append(nested) }
                }
            }
            return found
        }
        var done: Set<ObjectIdentifier> = []
        // The presets being walked, and the `style:` that led from each to the next.
        var onPath: [Preset] = []
        var taken: [YAMLNode] = []
        func walk(_ preset: Preset) {
            onPath.append(preset)
            for (name, node) in edges(of: preset) {
                guard let target = load.presets[name], !done.contains(ObjectIdentifier(target)) else { continue }
                if let start = onPath.firstIndex(where: { $0 === target }) {
                    let cycle = onPath[start...]
                    let opener = start < taken.count ? taken[start] : node
                    if !cycle.allSatisfy(\.isBroken) {
                        let message = cycle.count == 1
                            ? "preset '\(target.name)' holds a view of its own style in its subviews: it would hold itself without end; give that view another style"
                            : "presets hold each other through their subviews (\((cycle.map(\.name) + [target.name]).joined(separator: " → "))): each would hold itself without end; remove one of these styles"
                        load.diagnostics.append(.error(message, at: opener.location))
                    }
                    cycle.forEach { $0.isBroken = true }
                    continue
                }
                guard !target.isBroken else { continue }
                taken.append(node)
                walk(target)
                taken.removeLast()
            }
            onPath.removeLast()
            done.insert(ObjectIdentifier(preset))
        }
        for preset in load.presetOrder where !preset.isBroken && !done.contains(ObjectIdentifier(preset)) { walk(preset) }
    }

    /// Gives every preset the class it is for (its own or its nearest ancestor's), and says where
    /// a preset names a class that does not fit the one it extends.
    private static func resolveClasses(_ load: StyleLoad) {
        for preset in load.presetOrder where !preset.isBroken {
            let chain = preset.chain
            for (index, member) in chain.enumerated() where member.type == nil && member.typeSource == nil {
                let above = index > 0 ? chain[index - 1] : nil
                guard let own = member.ownType else {
                    member.type = above?.type
                    member.typeSource = above?.typeSource
                    continue
                }
                member.type = own
                member.typeSource = member
                if let inherited = above?.type, let source = above?.typeSource, !own.isKind(of: inherited) {
                    let path = chain[(chain.firstIndex { $0 === source } ?? 0)...index].reversed().map(\.name).joined(separator: " → ")
                    load.diagnostics.append(.error("preset '\(member.name)' is for \(own.className), but its chain \(path) reaches '\(source.name)', which is for \(inherited.className) (\(source.classPlace(from: member.location.file))); a preset extends only presets for its own class or a superclass of it",
                                                   at: member.classNode?.location ?? member.location))
                    member.isBroken = true
                }
            }
        }
        // A preset whose chain holds a broken one is broken too, silently: the error is said once.
        for preset in load.presetOrder where !preset.isBroken && preset.chain.contains(where: \.isBroken) {
            preset.isBroken = true
        }
    }

    // MARK: - Checking

    /// Checks each preset that has a class once, against that class, in each state it has a map
    /// for: its mistakes are said at its own lines, once, whether or not any view uses it.
    /// (A preset for no class is checked through the views that use it.)
    /// A preset written as in the last load (its whole chain the same, at the same places, the
    /// theme the same) gives the same findings: they are taken over, as unchanged views are, so a
    /// save of a style file that imports a large design system does not check it all again.
    private static func check(_ load: StyleLoad) {
        let context = load.context
        let previous = load.previous.flatMap { $0.path == load.path && $0.theme == load.theme && $0.fonts == load.fonts ? $0.presets : nil } ?? [:]
        for preset in load.presetOrder where !preset.isBroken {
            guard let type = preset.type else { continue }
            if let old = previous[preset.name], old.chain.count == preset.chain.count,
               zip(preset.chain, old.chain).allSatisfy({ $0.isUnchanged(from: $1) }) {
                preset.findings = old.findings
                preset.images = old.images
                load.diagnostics += preset.findings
                load.dependencies.formUnion(preset.images.map { Dependency($0, kind: .image) })
                continue
            }
            let warningsBefore = context.warnings.count
            context.beginView()
            context.dependencies = []
            var findings: [Diagnostic] = []
            let sources = preset.chain.map { $0.source(throughViews: false) }
            let own = sources.count - 1
            _ = Cascade.build(type, from: sources, in: .normal, context: context, diagnostics: &findings) { index, _ in index == own }
            if let sizeNode = preset.sizeNode { _ = Cascade.decodeSize(sizeNode, in: context, diagnostics: &findings) }
            if let compound = preset.chain.last(where: { $0.subviewsNode != nil }), let subviews = compound.subviewsNode {
                // Its subviews are checked here, once, with the values its chain sets on them;
                // each view that takes them reports only its own values' findings.
                let nested = preset.chain.flatMap { NestedValues.entries(of: $0.nestedNode, reported: $0 === preset, diagnostics: &findings) }
                if compound === preset || preset.nestedNode != nil {
                    _ = ViewsSection.decodeSubviews(subviews, of: type, named: type.className, depth: 1,
                                                    nested: nested, context: context,
                                                    diagnostics: &findings)
                }
                if preset.nestedNode != nil, compound !== preset { findings.removeAll { compound.subviewsLines.contains($0.location.line) && $0.location.file == compound.location.file } }
            } else if let nestedNode = preset.nestedNode {
                findings.append(.warning("nested: sets values on subviews by id, and preset '\(preset.name)' has none (nor does a preset it extends); it is ignored", at: nestedNode.location))
            }
            for map in preset.stateMaps {
                guard type.isControl else {
                    let name = ControlState.layered.first { $0.state == map.state }?.name ?? "\(map.state)"
                    findings.append(.warning("\(type.className) is not a control and never shows a '\(name)' state; this map is ignored", at: map.location))
                    continue
                }
                _ = Cascade.build(type, from: sources, in: map.state, context: context, diagnostics: &findings) { index, layer in
                    index == own && layer == map.state
                }
            }
            preset.findings = findings + context.warnings[warningsBefore...]
            preset.images = context.dependencies
            load.diagnostics += preset.findings
            load.dependencies.formUnion(preset.images.map { Dependency($0, kind: .image) })
        }
    }

    // MARK: - Views

    /// The presets a view's `style:` applies, the furthest ancestor first, and the class they
    /// are for; nil (with an error, unless one was said already) when they cannot apply.
    /// `viewType` is the class the view names, nil when it names none.
    static func presets(for styleNode: YAMLNode, viewType: Component.Type?, in context: DecodingContext,
                        diagnostics: inout [Diagnostic]) -> (chain: [Preset], type: Component.Type?)? {
        guard let name = styleNode.scalar, !styleNode.isNull else {
            diagnostics.append(.error("style: expected the name of a preset from 'styles:', found \(styleNode.summary)", at: styleNode.location))
            return nil
        }
        guard let preset = context.presets[name] else {
            let names = context.presets.values.sorted { $0.order < $1.order }.map(\.name)
            diagnostics.append(.error("unknown preset '\(name)'\(unknownPresetHint(name, names))", at: styleNode.location))
            return nil
        }
        // Its own mistake was said where it is; the load has errors and draws nothing.
        guard !preset.isBroken else { return nil }
        if let viewType, let presetType = preset.type, !viewType.isKind(of: presetType), let source = preset.typeSource {
            let chain = preset.chain
            let path = chain[(chain.firstIndex { $0 === source } ?? 0)...].reversed().map(\.name).joined(separator: " → ")
            let through = source === preset ? "" : " (through \(path))"
            diagnostics.append(.error("\(viewType.className) cannot take preset '\(name)'\(through): '\(source.name)' is for \(presetType.className) (\(source.classPlace(from: styleNode.location.file))), and a preset suits only its class and the classes built on it",
                                      at: styleNode.location))
            return nil
        }
        return (preset.chain, preset.type)
    }

    /// "(did you mean 'X'?)", else the presets there are, for a name that names none.
    static func unknownPresetHint(_ name: String, _ names: [String]) -> String {
        let meant = didYouMean(name, names)
        if !meant.isEmpty { return meant }
        guard !names.isEmpty else { return "; no preset is defined: define it under 'styles:' (here or in a file this one imports)" }
        let shown = names.count > 12 ? names.prefix(12).joined(separator: ", ") + ", … (\(names.count) in all)" : listed(names, "or")
        return "; expected a preset: \(shown)"
    }
}

// MARK: - Presets

/// One preset of `styles:`: properties and state maps that views take with `style:`, and that
/// other presets build on with `extends:`.
final class Preset {
    /// The keys of a preset that are not properties of its class.
    static let keys: Set<String> = ["class", "extends", "size", "id", "frame", "style", "subviews", "nested", "layer", "highlighted", "selected", "disabled"]

    let name: String
    /// Where its name is written: findings about the preset as a whole point here.
    let location: SourceLocation
    /// Its mapping as written, to tell an unchanged preset on the next load.
    let node: YAMLNode
    let file: ImportedFile
    /// Its place among the load's presets, for messages in the order they are written.
    let order: Int
    let properties: YAMLNode.Pairs
    let stateMaps: [(state: ControlState, pairs: YAMLNode.Pairs, location: SourceLocation)]
    let classNode: YAMLNode?
    /// The class it names itself; nil when it names none.
    let ownType: Component.Type?
    /// The `extends:` value and the preset it names.
    let parentNode: YAMLNode?
    var parentName: String? { parentNode?.scalar }
    let sizeNode: YAMLNode?
    /// Its `subviews:`: a compound view every view that takes it holds (as a view loaded from its
    /// own xib), unless the view writes subviews of its own.
    let subviewsNode: YAMLNode?
    /// Its `nested:` values for the subviews an ancestor gives.
    let nestedNode: YAMLNode?
    /// The lines its `subviews:` take, where findings about them are said once.
    private(set) lazy var subviewsLines: ClosedRange<Int> = subviewsNode.map { $0.location.line...$0.lastLine } ?? 0...(-1)

    /// The presets it extends, the furthest first, once its chain is resolved. Not itself: a
    /// preset holding itself would never be freed, nor the file it was read from.
    var ancestors: [Preset] = []
    var isResolved = false
    /// The presets it applies, the furthest ancestor first and itself last; empty until resolved.
    var chain: [Preset] { isResolved ? ancestors + [self] : [] }
    /// The class it is for (its own, else its nearest ancestor's); nil for any class.
    var type: Component.Type?
    /// The preset of its chain that names `type`: itself or an ancestor, so not held (see `ancestors`).
    weak var typeSource: Preset?
    /// Its chain cannot be resolved or does not fit (said once, where it goes wrong).
    var isBroken = false
    /// What checking it found, and the image files it looked at: a later load that finds it
    /// unchanged takes them over.
    var findings: [Diagnostic] = []
    var images: Set<String> = []

    /// Reads a preset's mapping, saying what is wrong with its own keys; nil when it is no mapping.
    init?(name: String, key: YAMLNode, value: YAMLNode, file: ImportedFile, order: Int, diagnostics: inout [Diagnostic]) {
        guard case .mapping(let pairs) = value.kind else {
            diagnostics.append(.error("preset '\(name)': expected a mapping of properties (with 'class:' and 'extends:' if it needs them), found \(value.summary)", at: value.location))
            return nil
        }
        self.name = name
        location = key.location
        node = value
        self.file = file
        self.order = order
        properties = pairs
        sizeNode = pairs.value(forKey: "size").flatMap { $0.isNull ? nil : $0 }
        subviewsNode = pairs.value(forKey: "subviews").flatMap { $0.isNull ? nil : $0 }
        nestedNode = pairs.value(forKey: "nested").flatMap { $0.isNull ? nil : $0 }

        classNode = pairs.value(forKey: "class")
        var ownType: Component.Type?
        var broken = false
        if let classNode {
            let className = classNode.scalar ?? classNode.summary
            ownType = classNode.scalar.flatMap(ComponentRegistry.type(named:))
            if ownType == nil {
                diagnostics.append(.error("preset '\(name)': unknown class '\(className)'\(didYouMean(className, ComponentRegistry.names)); expected one of \(ComponentRegistry.names.joined(separator: ", "))", at: classNode.location))
                broken = true
            }
        }
        self.ownType = ownType

        parentNode = pairs.value(forKey: "extends")
        if let parentNode, parentNode.scalar == nil || parentNode.isNull {
            diagnostics.append(.error("extends: expected the name of another preset, found \(parentNode.summary)", at: parentNode.location))
            broken = true
        }

        for (reservedKey, reason) in [("id", "names one view"), ("frame", "places one view")] {
            if let keyNode = pairs.first(where: { $0.key.isScalar(reservedKey) })?.key {
                diagnostics.append(.warning("'\(reservedKey)' \(reason) and cannot come from a preset; it is ignored", at: keyNode.location))
            }
        }
        if let keyNode = pairs.first(where: { $0.key.isScalar("style") })?.key {
            diagnostics.append(.warning("a preset builds on another with 'extends:', not 'style:'; this key is ignored", at: keyNode.location))
        }

        var maps: [(state: ControlState, pairs: YAMLNode.Pairs, location: SourceLocation)] = []
        for (mapName, state) in ControlState.layered {
            guard let mapNode = pairs.value(forKey: mapName) else { continue }
            guard case .mapping(let statePairs) = mapNode.kind else {
                if !mapNode.isNull {
                    diagnostics.append(.error("\(mapName): expected a mapping of properties for that state, found \(mapNode.summary)", at: mapNode.location))
                }
                continue
            }
            maps.append((state, statePairs, mapNode.location))
        }
        stateMaps = maps
        isBroken = broken
    }

    /// Where its `class:` is written, for a message at a place in `file`: `line 4`, or
    /// `line 4 of tokens.yaml` when the preset is in another file.
    func classPlace(from file: SourceFile) -> String {
        let line = classNode?.location.line ?? location.line
        return location.file == file ? "line \(line)" : "line \(line) of \(self.file.label)"
    }

    /// What it gives a component, in a view's cascade (`throughViews`: a preset for no class,
    /// whose mistakes only a view's class can tell) or in its own check.
    func source(throughViews: Bool) -> Cascade.Source {
        Cascade.Source(properties: properties, stateMaps: stateMaps.map { ($0.state, $0.pairs) }, reserved: Preset.keys,
                       preset: name, classNote: throughViews ? " (through preset '\(name)')" : "")
    }

    /// Whether `other`, the preset of this name in the last load, is written the same way at the
    /// same place: what a view took from it then holds now, places included.
    func isUnchanged(from other: Preset) -> Bool {
        location == other.location && node.location == other.node.location && ViewContent.same(node, other.node)
    }
}

/// A file read by a load (the style file, or one it imports), as messages name it: relative to
/// the style file's folder, so a message says no more of the disk than the file does.
struct ImportedFile {
    /// The path it is read from.
    let path: String
    /// The path from the style file's folder (`tokens.yaml`, `design/colors.yaml`).
    let label: String
}

// MARK: - The cascade

/// How a component gets its values: its defaults, then each preset of its chain (the furthest
/// ancestor first), then the view's own properties; then for each state it is in (selected,
/// highlighted, disabled, in that order) the component's own look for that state, each preset's
/// map for it in the same order, and the view's map. A view's own value always wins over its
/// presets', and a state map over the base properties, wherever each is written.
enum Cascade {
    /// One mapping of the cascade: a preset, or the view itself.
    struct Source {
        let properties: YAMLNode.Pairs
        let stateMaps: [(state: ControlState, pairs: YAMLNode.Pairs)]
        /// Keys that are not properties (`class`, `extends`, `id`, the state maps...).
        let reserved: Set<String>
        /// The preset's name; nil for the view.
        let preset: String?
        /// Added to the class name in its findings, to say they come through a preset.
        let classNote: String
    }

    /// Makes a `type` component for `state` from `sources`. `reports(index, layer)` says
    /// whether findings of source `index`'s base properties (`layer` nil) or of its map for
    /// `layer` go to `diagnostics`.
    static func build(_ type: Component.Type, from sources: [Source], in state: ControlState, context: DecodingContext,
                      diagnostics: inout [Diagnostic], reports: (Int, ControlState?) -> Bool) -> Component {
        let component = type.make()
        var found: [Diagnostic] = []
        let outerBindings = context.themeBindings
        context.themeBindings = []
        defer {
            component.keepThemeBindings(context.themeBindings)
            context.themeBindings = outerBindings
        }
        for (index, source) in sources.enumerated() {
            context.origin = source.preset.map { .preset($0, state: nil) } ?? .view
            // No concatenation for the view's own: a class name past 15 bytes would allocate every time.
            component.apply(source.properties, in: context, className: source.classNote.isEmpty ? type.className : type.className + source.classNote,
                            reserved: source.reserved, diagnostics: &found)
            if let layerMap = source.properties.value(forKey: "layer") {
                component.applyLayerMap(layerMap, in: context, diagnostics: &found)
            }
            if reports(index, nil) { diagnostics += found }
            found.removeAll(keepingCapacity: true)
        }
        for (name, layer) in ControlState.layered where state.contains(layer) {
            component.applyStateDefaults(layer)
            for (index, source) in sources.enumerated() {
                for map in source.stateMaps where map.state == layer {
                    context.origin = source.preset.map { .preset($0, state: layer) } ?? .stateMap(layer)
                    component.apply(map.pairs, in: context, className: "\(type.className) in its \(name) state\(source.classNote)",
                                    reserved: ["layer"], diagnostics: &found)
                    if let layerMap = map.pairs.value(forKey: "layer") {
                        component.applyLayerMap(layerMap, in: context, diagnostics: &found)
                    }
                    if reports(index, layer) { diagnostics += found }
                    found.removeAll(keepingCapacity: true)
                }
            }
        }
        context.origin = .view
        return component
    }

    /// A `size:` value, with its finding when it is wrong.
    static func decodeSize(_ node: YAMLNode, in context: DecodingContext, diagnostics: inout [Diagnostic]) -> Size? {
        do { return try Size.decode(node, in: context) } catch {
            var diagnostic = error
            diagnostic.message = "size: \(diagnostic.message)"
            diagnostics.append(diagnostic)
            return nil
        }
    }
}

extension Component {
    /// Whether this class is `other` or a subclass of it, for a preset's class. (Reflection walks
    /// an instance's classes; the few presets of a load ask this a few times.)
    static func isKind(of other: Component.Type) -> Bool {
        if self == other { return true }
        var mirror: Mirror? = Mirror(reflecting: make())
        while let current = mirror {
            if current.subjectType == other { return true }
            mirror = current.superclassMirror
        }
        return false
    }
}
