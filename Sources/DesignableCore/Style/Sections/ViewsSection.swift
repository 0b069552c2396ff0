/// `views:`: the list of views, each a class and its properties, laid out in the order written.
enum ViewsSection: StyleSection {
    static let key = "views"
    static let isRequired = true
    /// The most views a style file may have: far beyond any screen a person designs, short of
    /// the memory a file of hundreds of thousands of tiny views would take to check.
    static let maximumViews = 10_000

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        // A text with views blanked must have the list, and its other views where its reading
        // found them (with every view blanked, an empty list).
        if let blanked = load.blanked {
            let found: Bool
            switch node?.kind {
            case .sequence(let items)?: found = blanked.matches(itemLines: items.map(\.location.line))
            case .some: found = node?.isNull == true && blanked.keptItems.isEmpty
            case nil: found = false
            }
            guard found else {
                load.blankingMissed = true
                return
            }
        }
        switch node?.kind {
        case .sequence(let items)?:
            decode(entries: items, into: load)
        case nil:
            load.diagnostics.append(.warning("no 'views:' list: the canvas is empty", at: root.location))
        default:
            if let node, !node.isNull {
                load.diagnostics.append(.error("views: expected a list of views, found \(node.summary)", at: node.location))
            }
        }
    }

    /// Decodes the list's entries: its items, or, for a read of another section alone, the last
    /// document's views' own entries.
    static func decode<Entries: RandomAccessCollection<YAMLNode>>(entries: Entries, into load: StyleLoad) where Entries.Index == Int {
        decodeViews(entries, into: load)
        load.diagnostics += sharedIDWarnings(load.views)
    }

    /// Decodes each view, or takes it over from the last load when `ViewIdentity` matches it to a
    /// view written the same way (lines further down is the same way; a changed letter is not).
    private static func decodeViews<Entries: RandomAccessCollection<YAMLNode>>(_ items: Entries, into load: StyleLoad) where Entries.Index == Int {
        // Each view costs a component per state it is drawn in: past the limit, none is built.
        guard items.count <= maximumViews else {
            load.diagnostics.append(.error("this is view \(maximumViews + 1); a style file may have at most \(maximumViews) views (it has \(items.count)): split it into several files", at: items[maximumViews].location))
            return
        }
        // Subviews count towards the bound as top-level views do: each is a component per state.
        if treeSize(of: items, limit: maximumViews) > maximumViews {
            var total = 0
            for item in items {
                total += treeSize(of: [item], limit: maximumViews)
                guard total > maximumViews else { continue }
                load.diagnostics.append(.error("with this view and its subviews the file has more than \(maximumViews) views, subviews included; a style file may have at most \(maximumViews): split it into several files", at: item.location))
                return
            }
        }
        if let screen = load.firstScreen, load.canvas.size != nil,
           let shown = firstScreenViews(items, on: screen, leftOut: load.viewsLeftOut, weight: viewWeights(presets: load.presets)) {
            load.viewsLeftOut += items.count - shown.count
            let decoded = decode(shown, reusing: [], presets: load.presets, context: load.context)
            load.views = decoded.views
            load.diagnostics += decoded.diagnostics
            load.dependencies.formUnion(decoded.dependencies)
            return
        }
        var reusable: [StyledView] = []
        var themeChange: ThemeChange?
        if let previous = load.previous, previous.path == load.path {
            if previous.theme == load.theme && previous.fonts == load.fonts {
                reusable = previous.views
            } else if let change = ThemeChange(from: previous, to: load) {
                // Every view written as before is taken over, or read again only where it read
                // the theme (`StyledView.rethemed`).
                reusable = previous.views
                themeChange = change
            }
        }
        let decoded = decode(items, reusing: reusable, presets: load.presets, context: load.context, themeChange: themeChange)
        if !decoded.matches.isEmpty { load.continuity = StyleDocument.Continuity(previous: load.previous, matches: decoded.matches) }
        load.views = decoded.views
        load.diagnostics += decoded.diagnostics
        load.dependencies.formUnion(decoded.dependencies)
    }

    // MARK: - A first screen

    /// Fewest views a first read leaves out: below it, reading the whole file costs little more
    /// than the read that completes a partial one.
    static let minimumViewsLeftOut = 256

    /// How far past its frame a view may draw and still be taken as on a first screen, in points:
    /// a shadow's blur and offset, a border drawn outside. A view that draws further is drawn
    /// by the whole read right after, as a save that added it would be.
    static let firstScreenMargin = 64.0

    /// The views of `items` that may draw on `screen` (canvas points), in order, when leaving the
    /// others out saves decoding at least `minimumViewsLeftOut`; nil otherwise. A view is left out
    /// only when it gives its own `frame` and that frame, grown by `firstScreenMargin`, misses the
    /// screen: views placed in the column need every one before them, and a frame from a preset
    /// is not looked for. (A frame an alias or a merge key gives is the view's own here, as the
    /// parser expands both.) Only a canvas of a given size has views placed this way
    /// alone; a fitted one needs every view's extent (the caller checks). `leftOut` views were
    /// left out before the parse (`FirstScreenText`), and count towards the least.
    ///
    /// `weight` says how many views an item stands for, its subviews included (a compound
    /// preset's too): 200 cards of 10 subviews each are 2,200 views to decode.
    static func firstScreenViews<Entries: RandomAccessCollection<YAMLNode>>(_ items: Entries, on screen: Rect, leftOut: Int = 0,
                                                                            weight: (YAMLNode) -> Int = { _ in 1 }) -> [YAMLNode]? where Entries.Index == Int {
        let weights = items.map(weight)
        guard leftOut + weights.reduce(0, +) >= minimumViewsLeftOut else { return nil }
        let reach = firstScreenReach(screen)
        // Its own context: reading a frame here must not leave a warning for the view decoded next.
        let scratch = DecodingContext()
        var shown: [YAMLNode] = []
        var spared = leftOut
        for (item, weight) in zip(items, weights) {
            if let node = item["frame"], let frame = try? Rect.decode(node, in: scratch), !frame.intersects(reach) {
                spared += weight
            } else {
                shown.append(item)
            }
        }
        return spared >= minimumViewsLeftOut ? shown : nil
    }

    /// How many views each item stands for: itself, the subviews it writes, or those of the
    /// compound preset its `style:` names (each preset's counted once).
    static func viewWeights(presets: [String: Preset]) -> (YAMLNode) -> Int {
        var compound: [String: Int] = [:]
        return { item in
            if case .sequence(let children)? = item["subviews"]?.kind { return 1 + treeSize(of: children, limit: maximumViews) }
            guard let name = item["style"]?.scalar else { return 1 }
            if let known = compound[name] { return known }
            var size = 1
            if case .sequence(let children)? = presets[name]?.chain.last(where: { $0.subviewsNode != nil })?.subviewsNode?.kind {
                size += treeSize(of: children, limit: maximumViews)
            }
            compound[name] = size
            return size
        }
    }

    /// Where a view's frame must reach to be taken as on the first screen `screen`.
    static func firstScreenReach(_ screen: Rect) -> Rect {
        screen.insetBy(dx: -firstScreenMargin, dy: -firstScreenMargin)
    }

    /// What decoding a run of views gives: the views that decoded, every finding in order, the
    /// files they depend on, and for each item the view of the reusable ones it continues.
    struct Decoded {
        var views: [StyledView] = []
        var diagnostics: [Diagnostic] = []
        var dependencies: Set<Dependency> = []
        var matches: [ViewIdentity.Match?] = []
    }

    /// Decodes `items`, taking over each view of `reusable` that is written the same way and whose
    /// presets hold: the one loop of a whole file's views and of the few a save changed
    /// (`IncrementalRead`), so both give the same views and findings.
    /// With `themeChange`, the reusable views were decoded against another theme: only those that
    /// name none of the theme's changed names are taken over.
    static func decode<Entries: RandomAccessCollection<YAMLNode>>(_ items: Entries, reusing reusable: [StyledView], presets: [String: Preset],
                                                                  context: DecodingContext, themeChange: ThemeChange? = nil) -> Decoded where Entries.Index == Int {
        var decoded = Decoded()
        decoded.matches = reusable.isEmpty ? [] : ViewIdentity.match(old: reusable.map(ViewIdentity.Key.init), new: items.map(ViewIdentity.Key.init))
        let matches = decoded.matches
        decoded.views.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if index < matches.count, let match = matches[index], match.sameContent, reusable[match.old].presetsHold(in: presets, at: item) {
                let old = reusable[match.old]
                let taken: StyledView?
                switch themeChange?.effect(on: old) ?? .none {
                case .none: taken = old.moved(to: item)
                case .recolours: taken = old.rethemed(to: item, in: context, recolouring: true)
                case .reads: taken = old.rethemed(to: item, in: context)
                }
                if let view = taken {
                    decoded.views.append(view)
                    decoded.diagnostics += view.findings
                    decoded.dependencies.formUnion(view.dependencies)
                    continue
                }
            }
            var findings: [Diagnostic] = []
            let warningsBefore = context.warnings.count
            context.beginView()
            context.dependencies = []
            context.themeNames = []
            if let view = decodeView(item, context: context, diagnostics: &findings) {
                findings += context.warnings[warningsBefore...]
                view.findings = findings
                view.decoding.dependencies = Set(context.dependencies.map { Dependency($0, kind: .image) })
                view.decoding.themeNames = context.themeNames
                decoded.dependencies.formUnion(view.dependencies)
                decoded.views.append(view)
            }
            decoded.diagnostics += findings
        }
        return decoded
    }

    /// A save that changed the values of some theme colours or fonts and no theme name: a view
    /// that read none of its values from the changed ones (`DecodingContext.themeNames`, noted
    /// where colours and fonts look names up) decodes as it did (its values, its findings), so
    /// it is taken over rather than decoded again; one that read a changed one has those values
    /// read again and the rest taken over (`StyledView.rethemed`). Editing a design token every
    /// view of a 2,000-view file uses reads 2,000 values again, not 2,000 views.
    struct ThemeChange {
        /// The colour and font names whose value is not what it was. A list: a save changes a
        /// name or two, and comparing a view's few names with them costs less than hashing each.
        let changed: [String]
        /// Those of `changed` that may change what a view covers: a font (its text's size), and a
        /// colour whose alpha changed in either appearance (a shadow of a clear colour is not
        /// drawn, and a view's `@` factor may take a faint alpha to none: only an alpha left as
        /// it was gives every view the alpha it had).
        let reshaping: [String]

        /// Nil when a name was added or removed: a name a view looked up in vain (a CSS colour's)
        /// might now be found, and what a finding offers for a misspelt name ("did you mean …") is
        /// chosen among all the theme's names, so every view is decoded again.
        init?(from previous: StyleDocument, to load: StyleLoad) {
            guard Set(previous.theme.keys) == Set(load.theme.keys), Set(previous.fonts.keys) == Set(load.fonts.keys) else { return nil }
            let fonts = load.fonts.compactMap { name, font in previous.fonts[name] == font ? nil : name }
            changed = load.theme.compactMap { name, color in previous.theme[name] == color ? nil : name } + fonts
            reshaping = load.theme.compactMap { name, color in
                previous.theme[name].map(Self.alphas) == Self.alphas(color) ? nil : name
            } + fonts
        }

        /// A colour's alpha in each appearance.
        private static func alphas(_ color: Color) -> [Double] {
            Appearance.allCases.map { color.resolved(for: $0).alpha }
        }

        /// What the change does to a view decoded before it.
        enum Effect {
            /// It read none of its values (its presets' included) from a changed colour or font.
            case none
            /// It read changed colours only, and covers what it covered: no reshaping name, and
            /// its class is one of Designable's own, whose geometry no colour changes otherwise
            /// (a Swift component's code may make anything of a colour).
            case recolours
            /// Its values read from the theme must be read again, and what it covers found again.
            case reads
        }

        func effect(on view: StyledView) -> Effect {
            let names = view.decoding.themeNames
            guard names.contains(where: changed.contains) else { return .none }
            return view.type.isBuiltIn && !names.contains(where: reshaping.contains) ? .recolours : .reads
        }
    }

    /// The preview keeps states by id: two views with one id would share them.
    static func sharedIDWarnings(_ views: [StyledView]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var ids: [String: SourceLocation] = [:]
        for view in views {
            guard let id = view.id else { continue }
            if let first = ids[id] {
                warnings.append(.warning("id '\(id)' is used by another view too (line \(first.line)); the preview keeps states by id, so give each view its own", at: view.location))
            } else {
                ids[id] = view.location
            }
        }
        return warnings
    }

    /// Subviews of one parent share a path (`card/buy`) when they share an id. Said with the
    /// parent's findings, which move with it when a save moves it: so without the other's line.
    static func sharedSubviewIDWarnings(_ subviews: [StyledView]) -> [Diagnostic] {
        var ids: Set<String> = []
        return subviews.compactMap { view in
            guard let id = view.id, !ids.insert(id).inserted else { return nil }
            return .warning("id '\(id)' is used by a subview above this one too: both would be '…/\(id)', and the preview keeps states by path; give each its own", at: view.location)
        }
    }

    // MARK: - One view

    /// The deepest a view may sit in the tree (a top-level view is at depth 1): far beyond what a
    /// screen nests (a table cell in a stack in a card is four), short of a recursion that a
    /// file written to nest for ever would take the stack down with.
    static let maximumDepth = 32

    /// How many views `items` hold, their subviews at every depth included, stopping once past
    /// `limit`: the bound a file's whole tree is held to, counted before anything is decoded.
    static func treeSize<Entries: Sequence<YAMLNode>>(of items: Entries, limit: Int) -> Int {
        var count = 0
        var pending = Array(items)
        while let item = pending.popLast(), count <= limit {
            count += 1
            if case .sequence(let children)? = item["subviews"]?.kind { pending += children }
        }
        return count
    }

    /// The entries of a view's `subviews:` (or of its preset's, `preset` naming it), decoded as
    /// top-level views are, each placed in its parent's coordinate space, with the values
    /// `nested` sets on them by id; findings go to `diagnostics`. A preset's subviews were
    /// checked once, at the preset (`StylesSection`): each view that takes them reports only
    /// what its own `nested:` values get wrong.
    static func decodeSubviews(_ node: YAMLNode, of parent: Component.Type, named className: String, depth: Int,
                               nested: [NestedValues], preset: Preset? = nil, context: DecodingContext,
                               diagnostics: inout [Diagnostic]) -> [StyledView] {
        guard case .sequence(let items) = node.kind else {
            if !node.isNull {
                diagnostics.append(.error("subviews: expected a list of views, each written as a view of 'views:' is, found \(node.summary)", at: node.location))
            }
            return []
        }
        guard depth < maximumDepth else {
            diagnostics.append(.error("these subviews would sit \(depth + 1) levels deep; views nest at most \(maximumDepth) levels: flatten the tree, or move a part into a preset of its own", at: node.location))
            return []
        }
        var found: [Diagnostic] = []
        var subviews: [StyledView] = []
        subviews.reserveCapacity(items.count)
        var ids: [String] = []
        for item in items {
            let id = item["id"]?.scalar
            if let id { ids.append(id) }
            let own = id.map { id in nested.compactMap { $0.below(id) } } ?? []
            guard let view = decodeView(item, depth: depth + 1, nested: own, preset: preset, context: context, diagnostics: &found) else { continue }
            subviews.append(view)
            if parent.arrangesSubviews {
                // Interface Builder says the same of a frame given to an arranged subview.
                for key in ["frame", "pin"] {
                    guard let placed = item[key] else { continue }
                    found.append(.warning("\(key): a stack view places its arranged subviews, so this \(key) is ignored; give the subview a size: (or let its content size it), and the \(className) spacing, alignment and distribution", at: placed.location))
                }
            } else if let spacing = item["spacingAfter"] {
                found.append(.warning("spacingAfter: only a stack view leaves space after its arranged subviews, and this view is in a \(className); it is ignored", at: spacing.location))
            }
        }
        found += sharedSubviewIDWarnings(subviews)
        if let preset {
            // Said once, at the preset; only the use site's own values are its views' findings.
            let span = preset.subviewsLines
            found.removeAll { $0.location.file == preset.location.file && span.contains($0.location.line) }
        }
        diagnostics += found
        for entry in nested where entry.path.isEmpty == false && !ids.contains(entry.path[0]) && entry.reported {
            // Said with the whole path as written, and what to write instead.
            let written = entry.key.scalar ?? entry.path.joined(separator: "/")
            let above = written.split(separator: "/").map(String.init).dropLast(entry.path.count)
            let inside = above.isEmpty ? "this \(className)" : "'\(above.joined(separator: "/"))' (a \(className))"
            var meant = closestMatch(to: entry.path[0], in: ids).map { " (did you mean '\((above + [$0] + entry.path.dropFirst()).joined(separator: "/"))'?)" } ?? ""
            // A subview deeper down with that id: its whole path is what to write.
            if meant.isEmpty, let deeper = pathOfID(entry.path[0], under: items) {
                meant = " (did you mean '\((above + deeper + entry.path.dropFirst()).joined(separator: "/"))'?)"
            }
            let has = ids.isEmpty ? "; it holds no subview with an id" : meant.isEmpty ? "; its subviews are \(listed(ids.map { "'\($0)'" }))" : meant
            diagnostics.append(.warning("nested: '\(written)': '\(entry.path[0])' is not the id of a subview of \(inside)\(has); these values are ignored", at: entry.key.location))
        }
        return subviews
    }

    /// The ids down to the first view with id `id` among `items`' subviews at any depth, as written.
    private static func pathOfID(_ id: String, under items: YAMLNode.Items) -> [String]? {
        var pending: [(items: YAMLNode.Items, above: [String])] = [(items, [])]
        var visited = 0
        while !pending.isEmpty, visited < maximumViews {
            let (level, above) = pending.removeFirst()
            for item in level {
                visited += 1
                guard let own = item["id"]?.scalar else { continue }
                if case .sequence(let children)? = item["subviews"]?.kind {
                    for child in children where child["id"]?.scalar == id { return above + [own, id] }
                    pending.append((children, above + [own]))
                }
            }
        }
        return nil
    }

    /// Decodes one view; `nested` sets values on it and its subviews by id from the views above
    /// it, and `preset` is the preset whose `subviews:` it is written in, if any.
    private static func decodeView(_ node: YAMLNode, depth: Int = 1, nested: [NestedValues] = [], preset: Preset? = nil,
                                   context: DecodingContext, diagnostics: inout [Diagnostic]) -> StyledView? {
        guard case .mapping(let pairs) = node.kind else {
            diagnostics.append(.error("a view must be a mapping with 'class:' and its properties, found \(node.summary)", at: node.location))
            return nil
        }
        func value(_ key: String) -> YAMLNode? { pairs.value(forKey: key) }

        let classNode = value("class")
        var namedType: Component.Type?
        if let classNode {
            guard let className = classNode.scalar, let type = ComponentRegistry.type(named: className) else {
                let name = classNode.scalar ?? classNode.summary
                if let file = ComponentRegistry.unavailable[name] {
                    diagnostics.append(.error("class '\(name)' is in \(file), which did not load: fix its errors first", at: classNode.location))
                    return nil
                }
                diagnostics.append(.error("unknown class '\(name)'\(didYouMean(name, ComponentRegistry.names)); expected one of \(ComponentRegistry.names.joined(separator: ", "))", at: classNode.location))
                return nil
            }
            namedType = type
        }
        // `style: NAME`: the preset's chain applies first, and gives the class when the view names none.
        var chain: [Preset] = []
        if let styleNode = value("style") {
            guard let styled = StylesSection.presets(for: styleNode, viewType: namedType, in: context, diagnostics: &diagnostics) else { return nil }
            chain = styled.chain
            namedType = namedType ?? styled.type
        }
        guard let type = namedType else {
            let preset = chain.last.map { " and its preset '\($0.name)' names none" } ?? ""
            diagnostics.append(.error("this view has no 'class:'\(preset); expected one of \(ComponentRegistry.names.joined(separator: ", "))", at: node.location))
            return nil
        }
        // The name as written when there is one: a class's own name is made by reflection each time.
        let className = classNode?.scalar ?? type.className
        for image in type.bundledImages {
            guard let reason = image.missingReason else { continue }
            diagnostics.append(.warning("\(className) draws \(image.role) from Designable's own icons, \(reason): it shows a placeholder instead; install the program with 'make install', or set DESIGNABLE_ASSETS to the folder that holds \(image.name).svg", at: (classNode ?? node).location))
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
        if let id, id.contains("/"), let idNode = value("id") {
            diagnostics.append(.warning("id '\(id)' has a '/', which names a view inside another (card/buy): --view and the preview's paths read it as two ids; use '-' or '.' instead", at: idNode.location))
        }
        let frame = decodePlacement("frame", as: Rect.self)
        // A preset may give a size; the nearest one that does, unless the view gives its own.
        let size = decodePlacement("size", as: Size.self)
            ?? chain.reversed().lazy.compactMap(\.sizeNode).first.flatMap { Cascade.decodeSize($0, in: context, diagnostics: &diagnostics) }
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
            stateMaps.append((state, statePairs))
        }

        let spacingAfter = decodePlacement("spacingAfter", as: Double.self)
        let pins = decodePlacement("pin", as: Pins.self)
        if let pinNode = value("pin"), pins != nil {
            if depth == 1 {
                diagnostics.append(.warning("pin: a top-level view sits in the canvas's column or at its frame; only a subview is pinned to its parent, so this is ignored", at: pinNode.location))
            } else if frame != nil {
                diagnostics.append(.warning("both 'frame' and 'pin' are given; the frame is used, as it places the view whole", at: pinNode.location))
            }
        }
        // Its subviews: its own, else those of the nearest preset of its chain that has them,
        // with the values the chain's presets, the view and the views above it set by id.
        let compound = value("subviews") == nil ? chain.last(where: { $0.subviewsNode != nil }) : nil
        var below = chain.flatMap { NestedValues.entries(of: $0.nestedNode, reported: false, diagnostics: &diagnostics) }
        below += NestedValues.entries(of: value("nested"), reported: true, diagnostics: &diagnostics)
        below += nested.filter { !$0.path.isEmpty }
        if let nestedNode = value("nested"), value("subviews") == nil, compound == nil {
            diagnostics.append(.warning("nested: sets values on subviews by id, and this \(className) has none; it is ignored", at: nestedNode.location))
        }
        let subviews = (value("subviews") ?? compound?.subviewsNode).map {
            decodeSubviews($0, of: type, named: className, depth: depth, nested: below, preset: compound ?? preset, context: context,
                           diagnostics: &diagnostics)
        } ?? []
        if value("subviews") == nil, compound == nil {
            for entry in nested where !entry.path.isEmpty && entry.reported {
                diagnostics.append(.warning("nested: '\(entry.key.scalar ?? "")': this \(className) holds no subviews, so nothing inside it is '\(entry.path.joined(separator: "/"))'; these values are ignored", at: entry.key.location))
            }
        }
        // Values set on this view from above come after its own, and win.
        let ownEntries = nested.filter(\.path.isEmpty)
        if !type.isControl {
            for entry in ownEntries where entry.reported {
                for (name, _) in ControlState.layered {
                    guard let key = entry.pairs.first(where: { $0.key.isScalar(name) })?.key else { continue }
                    diagnostics.append(.warning("\(className) is not a control and never shows a '\(name)' state; this map is ignored", at: key.location))
                }
            }
        }
        let overrides = ownEntries.compactMap(\.source)
        let sources = chain.map { $0.source(throughViews: $0.type == nil) }
            + [Cascade.Source(properties: pairs, stateMaps: stateMaps, reserved: StyleLoader.viewKeys, preset: preset?.name, classNote: "")]
            + overrides
        let decoding = StyledView.Decoding(type: type, id: id, frame: frame, size: size, properties: pairs,
                                           stateMaps: stateMaps, context: context, chain: chain, line: node.location.line,
                                           sources: sources, subviews: subviews, spacingAfter: spacingAfter, pins: pins)
        let view = StyledView(decoding: decoding, node: node)
        // Check every value once now, each map against a component in its state, so a mistake
        // is reported at its line whichever state would show it.
        // The components made while checking are the ones drawing needs: keep them.
        view.keep(view.build(.normal, diagnostics: &diagnostics), for: .normal)
        for (_, state) in ControlState.layered where type.isControl && view.styledStates.contains(state) {
            view.keep(view.build(state, diagnostics: &diagnostics, reportingOnly: state), for: state)
        }
        return view
    }
}
