/// `theme:`: named colours (`colors:`) that any colour value may use by name, and named fonts
/// (`fonts:`) that any font value may. An imported file's theme is read the same way, into the
/// same load, before the importing file's own (which may use and redefine its names).
enum ThemeSection: StyleSection {
    static let key = "theme"
    /// The keys a theme may have.
    static let themeKeys = ["colors", "fonts"]

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        guard let pairs = mapping(node, expected: "a mapping with 'colors:' and 'fonts:'", into: load) else { return }
        for (key, value) in pairs {
            let name = key.scalar ?? ""
            guard themeKeys.contains(name) else {
                load.diagnostics.append(.warning("unknown theme key '\(name)'\(didYouMean(name, themeKeys)); expected colors or fonts", at: key.location))
                continue
            }
            let what = name == "colors" ? "colours" : "fonts"
            guard case .mapping(let entries) = value.kind else {
                load.diagnostics.append(.error("theme \(name): expected a mapping of names to \(what), found \(value.summary)", at: value.location))
                continue
            }
            if name == "colors" { decodeColors(entries, into: load) } else { decodeFonts(entries, into: load) }
        }
    }

    /// Theme fonts may name earlier theme fonts, as colours do; a size out of range is an error
    /// at the theme entry, a family that is not installed a warning there.
    private static func decodeFonts(_ fonts: YAMLNode.Pairs, into load: StyleLoad) {
        for (fontKey, fontValue) in fonts {
            guard let fontName = fontKey.scalar, !fontName.isEmpty else { continue }
            let context = DecodingContext(fonts: load.fonts)
            do {
                load.fonts[fontName] = try Font.decode(fontValue, in: context)
            } catch {
                var diagnostic = error
                diagnostic.message = "theme font '\(fontName)': \(diagnostic.message)"
                load.diagnostics.append(diagnostic)
                // Defined, only wrongly: its uses are not errors of their own (see `decodeColors`).
                load.fonts[fontName] = Font("Sans 15")
            }
            load.diagnostics += context.warnings
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
