/// What reading a style file gives: the document when it has no errors, and every finding.
public struct LoadResult {
    public var document: StyleDocument?
    public var diagnostics: [Diagnostic]
}

/// Reads a style file: YAML into nodes, nodes into a checked `StyleDocument`, collecting every
/// finding with its place rather than stopping at the first.
public enum StyleLoader {
    static let topLevelKeys = ["canvas", "theme", "views"]
    /// Keys of a view that are not properties of its component.
    static let viewKeys: Set<String> = ["class", "id", "frame", "size", "highlighted", "selected", "disabled"]
    /// Style files larger than this are refused before parsing: no hand-written style comes close.
    static let maximumFileSize = 16 << 20

    public static func load(path: String) -> LoadResult {
        var bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            let reason = (error as? FileSystem.Failure)?.reason ?? "\(error)"
            return LoadResult(document: nil, diagnostics: [Diagnostic(.error, "cannot read the style file: \(reason)", at: SourceLocation(line: 1, column: 1), path: path)])
        }
        return load(bytes: &bytes, path: path)
    }

    public static func load(text: String, path: String = "style.yaml") -> LoadResult {
        var bytes = Array(text.utf8)
        return load(bytes: &bytes, path: path)
    }

    /// Reads `bytes` as the style file at `path`. Views written exactly as in `previous` (same
    /// text, same lines, same theme) are taken over from it, components and all, instead of being
    /// decoded again: a save that changes one button rebuilds one button.
    public static func load(bytes: inout [UInt8], path: String, reusing previous: StyleDocument? = nil) -> LoadResult {
        var diagnostics: [Diagnostic] = []
        let document = decode(bytes: &bytes, path: path, reusing: previous, diagnostics: &diagnostics)
        for index in diagnostics.indices { diagnostics[index].path = path }
        diagnostics.sort { $0.location < $1.location }
        return LoadResult(document: diagnostics.hasErrors ? nil : document, diagnostics: diagnostics)
    }

    // MARK: - Decoding

    private static func decode(bytes: inout [UInt8], path: String, reusing previous: StyleDocument?,
                               diagnostics: inout [Diagnostic]) -> StyleDocument? {
        let start = SourceLocation(line: 1, column: 1)
        guard bytes.count <= maximumFileSize else {
            diagnostics.append(.error("the file is \(bytes.count >> 20) MB; style files are limited to \(maximumFileSize >> 20) MB", at: start))
            return nil
        }
        let root: YAMLNode
        do {
            guard let parsed = try YAMLParser.parse(bytes: &bytes), !parsed.isNull else {
                diagnostics.append(.error("the file is empty: expected a mapping with 'views:' (and optionally 'canvas:' and 'theme:')", at: start))
                return nil
            }
            root = parsed
        } catch {
            diagnostics.append(error)
            return nil
        }
        guard case .mapping(let rootPairs) = root.kind else {
            diagnostics.append(.error("expected a mapping with 'views:' (and optionally 'canvas:' and 'theme:'), found \(root.summary)", at: root.location))
            return nil
        }
        let top = merged(rootPairs, diagnostics: &diagnostics)
        for (key, _) in top {
            let name = key.scalar ?? ""
            // `x-` keys hold anchors for views to merge (`x-base: &base {...}`), as in Compose files.
            if !topLevelKeys.contains(name) && !name.hasPrefix("x-") {
                diagnostics.append(.warning("unknown top-level key '\(name)'\(didYouMean(name, topLevelKeys)); expected canvas, theme or views (keys starting with x- are free for anchors)", at: key.location))
            }
        }
        warnAboutRepeatedKeys(rootPairs, diagnostics: &diagnostics)

        let theme = decodeTheme(root["theme"], diagnostics: &diagnostics)
        let context = DecodingContext(theme: theme, directory: FileSystem.directory(of: path))

        let canvas = CanvasSettings.make()
        var canvasLocation = root.location
        if let node = root["canvas"] {
            canvasLocation = node.location
            if case .mapping(let pairs) = node.kind {
                canvas.apply(merged(pairs, diagnostics: &diagnostics), in: context, className: "canvas", diagnostics: &diagnostics)
            } else if !node.isNull {
                diagnostics.append(.error("canvas: expected a mapping (size, background, padding, spacing), found \(node.summary)", at: node.location))
            }
        }

        var views: [StyledView] = []
        var dependencies: Set<String> = []
        let reusable = previous.flatMap { $0.path == path && $0.theme == theme ? $0.views : nil } ?? []
        switch root["views"]?.kind {
        case .sequence(let items)?:
            for (index, item) in items.enumerated() {
                if index < reusable.count, reusable[index].node.isIdentical(to: item) {
                    let view = reusable[index]
                    views.append(view)
                    diagnostics += view.findings
                    dependencies.formUnion(view.dependencies)
                    continue
                }
                var findings: [Diagnostic] = []
                let warningsBefore = context.warnings.count
                context.dependencies = []
                if let view = decodeView(item, context: context, diagnostics: &findings) {
                    findings += context.warnings[warningsBefore...]
                    view.findings = findings
                    view.dependencies = context.dependencies
                    dependencies.formUnion(view.dependencies)
                    views.append(view)
                }
                diagnostics += findings
            }
        case nil:
            diagnostics.append(.warning("no 'views:' list: the canvas is empty", at: root.location))
        default:
            if let node = root["views"], !node.isNull {
                diagnostics.append(.error("views: expected a list of views, found \(node.summary)", at: node.location))
            }
        }
        var ids: [String: SourceLocation] = [:]
        for view in views {
            guard let id = view.id else { continue }
            if let first = ids[id] {
                diagnostics.append(.warning("id '\(id)' is used by another view too (line \(first.line)); the preview keeps states by id, so give each view its own", at: view.location))
            } else {
                ids[id] = view.location
            }
        }
        return StyleDocument(path: path, canvas: canvas, canvasLocation: canvasLocation, theme: theme, views: views,
                             dependencies: dependencies)
    }

    private static func decodeTheme(_ node: YAMLNode?, diagnostics: inout [Diagnostic]) -> [String: Color] {
        guard let node, !node.isNull else { return [:] }
        guard case .mapping(let pairs) = node.kind else {
            diagnostics.append(.error("theme: expected a mapping with 'colors:', found \(node.summary)", at: node.location))
            return [:]
        }
        var theme: [String: Color] = [:]
        for (key, value) in pairs {
            let name = key.scalar ?? ""
            guard name == "colors" else {
                diagnostics.append(.warning("unknown theme key '\(name)'\(didYouMean(name, ["colors"])); expected colors", at: key.location))
                continue
            }
            guard case .mapping(let colors) = value.kind else {
                diagnostics.append(.error("theme colors: expected a mapping of names to colours, found \(value.summary)", at: value.location))
                continue
            }
            warnAboutRepeatedKeys(colors, diagnostics: &diagnostics)
            // Theme colours may name earlier theme colours, so decode in order against what is known.
            let names = Set(colors.compactMap { $0.key.scalar })
            for (colorKey, colorValue) in colors {
                guard let colorName = colorKey.scalar, !colorName.isEmpty else { continue }
                do {
                    theme[colorName] = try Color.decode(colorValue, in: DecodingContext(theme: theme))
                } catch {
                    var diagnostic = error
                    let referenced = colorValue.scalar.map { String($0.split(separator: "@").first ?? "") } ?? ""
                    if names.contains(referenced), theme[referenced] == nil {
                        diagnostic.message = "theme colour '\(colorName)' uses '\(referenced)', which is defined after it (or uses it in turn); define '\(referenced)' first"
                    } else {
                        diagnostic.message = "theme colour '\(colorName)': \(diagnostic.message)"
                    }
                    diagnostics.append(diagnostic)
                }
            }
        }
        return theme
    }

    private static func decodeView(_ node: YAMLNode, context: DecodingContext, diagnostics: inout [Diagnostic]) -> StyledView? {
        guard case .mapping(let rawPairs) = node.kind else {
            diagnostics.append(.error("a view must be a mapping with 'class:' and its properties, found \(node.summary)", at: node.location))
            return nil
        }
        warnAboutRepeatedKeys(rawPairs, diagnostics: &diagnostics)
        let pairs = merged(rawPairs, diagnostics: &diagnostics)
        func value(_ key: String) -> YAMLNode? { pairs.last { $0.key.scalar == key }?.value }

        guard let classNode = value("class") else {
            diagnostics.append(.error("this view has no 'class:'; expected one of \(ComponentRegistry.names.joined(separator: ", "))", at: node.location))
            return nil
        }
        guard let className = classNode.scalar, let type = ComponentRegistry.type(named: className) else {
            let name = classNode.scalar ?? classNode.summary
            diagnostics.append(.error("unknown class '\(name)'\(didYouMean(name, ComponentRegistry.names)); expected one of \(ComponentRegistry.names.joined(separator: ", "))", at: classNode.location))
            return nil
        }

        func decodePlacement<T: InspectableValue>(_ key: String, as: T.Type) -> T? {
            guard let node = value(key), !node.isNull else { return nil }
            do { return try T.decode(node, in: context) } catch {
                var diagnostic = error
                diagnostic.message = "\(key): \(diagnostic.message)"
                diagnostics.append(diagnostic)
                return nil
            }
        }
        let id = decodePlacement("id", as: String.self)
        let frame = decodePlacement("frame", as: Rect.self)
        let size = decodePlacement("size", as: Size.self)
        if frame != nil, let sizeNode = value("size") {
            diagnostics.append(.warning("both 'frame' and 'size' are given; the frame's size is used", at: sizeNode.location))
        }

        var stateMaps: [(state: ControlState, pairs: StyledView.Pairs)] = []
        for (name, state) in ControlState.layered {
            guard let mapNode = value(name) else { continue }
            if !type.isControl {
                diagnostics.append(.warning("\(className) is not a control and never shows a '\(name)' state; this map is ignored", at: mapNode.location))
                continue
            }
            guard case .mapping(let statePairs) = mapNode.kind else {
                if !mapNode.isNull {
                    diagnostics.append(.error("\(name): expected a mapping of properties for that state, found \(mapNode.summary)", at: mapNode.location))
                }
                continue
            }
            warnAboutRepeatedKeys(statePairs, diagnostics: &diagnostics)
            stateMaps.append((state, merged(statePairs, diagnostics: &diagnostics)))
        }

        let view = StyledView(type: type, id: id, node: node, frame: frame, size: size,
                              properties: pairs, stateMaps: stateMaps, context: context)
        // Check every value once now, each map against a component in its state, so a mistake
        // is reported at its line whichever state would show it.
        // The components made while checking are the ones drawing needs: keep them.
        view.keep(view.build(.normal, diagnostics: &diagnostics), for: .normal)
        for (_, state) in ControlState.layered where stateMaps.contains(where: { $0.state == state }) {
            view.keep(view.build(state, diagnostics: &diagnostics, reportingOnly: state), for: state)
        }
        return view
    }

    /// A key written twice in one mapping: YAML keeps the last, which is rarely what was meant.
    static func warnAboutRepeatedKeys(_ pairs: [(key: YAMLNode, value: YAMLNode)], diagnostics: inout [Diagnostic]) {
        guard pairs.count > 1 else { return }
        var seen: [String: SourceLocation] = [:]
        for (key, _) in pairs {
            guard let name = key.scalar, name != "<<" else { continue }
            if let first = seen[name] {
                diagnostics.append(.warning("'\(name)' is given twice in this mapping (first at line \(first.line)); the last one wins", at: key.location))
            } else {
                seen[name] = key.location
            }
        }
    }

    /// Applies YAML merge keys (`<<: *base`, `<<: [*a, *b]`): the mapping's own keys win over merged ones.
    static func merged(_ pairs: [(key: YAMLNode, value: YAMLNode)], diagnostics: inout [Diagnostic]) -> [(key: YAMLNode, value: YAMLNode)] {
        guard pairs.contains(where: { $0.key.scalar == "<<" && $0.key.isPlain }) else { return pairs }
        var own: [(key: YAMLNode, value: YAMLNode)] = []
        var inherited: [(key: YAMLNode, value: YAMLNode)] = []
        for pair in pairs {
            guard pair.key.scalar == "<<", pair.key.isPlain else { own.append(pair); continue }
            let sources: [YAMLNode]
            switch pair.value.kind {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar:
                diagnostics.append(.error("'<<' merges a mapping (<<: *name), found \(pair.value.summary)", at: pair.value.location))
                continue
            }
            for source in sources {
                guard case .mapping(let sourcePairs) = source.kind else {
                    diagnostics.append(.error("'<<' merges mappings only, found \(source.summary)", at: source.location))
                    continue
                }
                inherited += merged(sourcePairs, diagnostics: &diagnostics)
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
}
