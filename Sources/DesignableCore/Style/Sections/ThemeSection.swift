/// `theme:`: named colours (`colors:`) that any colour value may use by name.
enum ThemeSection: StyleSection {
    static let key = "theme"
    /// The keys a theme may have.
    static let themeKeys = ["colors"]

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        guard let node, !node.isNull else { return }
        guard case .mapping(let pairs) = node.kind else {
            load.diagnostics.append(.error("theme: expected a mapping with 'colors:', found \(node.summary)", at: node.location))
            return
        }
        for (key, value) in pairs {
            let name = key.scalar ?? ""
            guard name == "colors" else {
                load.diagnostics.append(.warning("unknown theme key '\(name)'\(didYouMean(name, themeKeys)); expected colors", at: key.location))
                continue
            }
            guard case .mapping(let colors) = value.kind else {
                load.diagnostics.append(.error("theme colors: expected a mapping of names to colours, found \(value.summary)", at: value.location))
                continue
            }
            decodeColors(colors, into: load)
        }
    }

    /// Theme colours may name earlier theme colours, so they are decoded in order against what is known.
    private static func decodeColors(_ colors: YAMLNode.Pairs, into load: StyleLoad) {
        let names = Set(colors.compactMap { $0.key.scalar })
        for (colorKey, colorValue) in colors {
            guard let colorName = colorKey.scalar, !colorName.isEmpty else { continue }
            do {
                load.theme[colorName] = try Color.decode(colorValue, in: DecodingContext(theme: load.theme))
            } catch {
                var diagnostic = error
                let referenced = colorValue.scalar.map { String($0.split(separator: "@").first ?? "") } ?? ""
                if names.contains(referenced), load.theme[referenced] == nil {
                    diagnostic.message = "theme colour '\(colorName)' uses '\(referenced)', which is defined after it (or uses it in turn); define '\(referenced)' first"
                } else {
                    diagnostic.message = "theme colour '\(colorName)': \(diagnostic.message)"
                }
                load.diagnostics.append(diagnostic)
                // The name is defined, only wrongly: its uses are not errors of their own (one
                // unquoted #hex would otherwise be reported again at every view that uses it).
                // The error above keeps the document from being drawn, so the stand-in never shows.
                load.theme[colorName] = .clear
            }
        }
    }
}
