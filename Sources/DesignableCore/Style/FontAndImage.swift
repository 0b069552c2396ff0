#if canImport(Glibc)
import Glibc
#endif

/// A font as Pango describes it: `"Sans Bold 17"`, `"DejaVu Serif Italic 12"`, `"Sans 20px"`.
public struct Font: Hashable, Sendable, InspectableValue {
    public static var isWrittenWithHash: Bool { true }
    public var description: String

    public init(_ description: String) { self.description = description }

    public static var typeName: String { "UIFont" }
    public static let shape = ValueShape.described("a font description such as \"Sans Bold 17\"", .text(allowsBlank: false))
    static let sizeRange = 1.0...1_000.0

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> Font {
        guard let text = reading.text else { throw .unreadable(Font.self, node) }
        // A theme font's name stands for its description, as a theme colour's name for its colour.
        if let themed = context.fonts[text] {
            context.noteThemeName(text)
            return themed
        }
        // Thousands of views name the same few fonts: one that was found sound is not parsed again.
        if context.soundFonts.contains(text) { return Font(text) }
        if let size = pointSize(of: text), !sizeRange.contains(size) {
            throw .error("font size \(formatNumber(size)) is out of range: write a size from 1 to 1000", at: node.location)
        }
        let font = Font(text)
        if let missing = InstalledFonts.missingFamilies(of: font).first {
            // A misspelt theme font reads as a family: offer the theme's names first.
            if missing == text, let meant = closestMatch(to: text, in: context.fonts.keys.sorted()) {
                context.warn(.warning("font '\(text)' is neither a theme font (did you mean '\(meant)'?) nor an installed family; the text falls back to another font",
                                      at: node.location))
            } else {
                context.warn(.warning("font family '\(missing)' is not installed\(didYouMean(missing, InstalledFonts.families)); the text falls back to another font",
                                      at: node.location))
            }
            return font
        }
        context.soundFonts.insert(text)
        return font
    }

    /// The size a description ends with, if any (Pango's grammar puts it last).
    static func pointSize(of text: String) -> Double? {
        guard var last = text.split(whereSeparator: \.isWhitespace).last else { return nil }
        if last.hasSuffix("px") { last = last.dropLast(2) }
        return parseNumber(String(last))
    }

    public var styleText: String { yamlQuoted(description) }
}

/// How an image is drawn, as an asset catalog's "Render As".
public enum ImageRendering: String, InspectableEnum, Sendable {
    /// The image's alpha, filled with the tint colour.
    case template
    /// The image as it is.
    case original
    public static var typeName: String { "UIImage.RenderingMode" }
    /// `UIImage.RenderingMode`'s own names.
    public static let aliases: KeyValuePairs<String, ImageRendering> = ["alwaysTemplate": .template, "alwaysOriginal": .original]
}

/// An image named in a style file, with the files found for it.
public struct ImageReference: Hashable, Sendable, InspectableValue {
    public static var isWrittenWithHash: Bool { true }
    public struct File: Hashable, Sendable {
        public var path: String
        /// 1 for `name.png`, 2 for `name@2x.png`; 0 for vector (SVG), which suits every scale.
        public var scale: Int
        public var isVector: Bool { scale == 0 }
    }

    public var name: String
    /// Empty when nothing was found: the renderer then draws a placeholder.
    public var files: [File]
    public var isMissing: Bool { files.isEmpty }

    public init(name: String, files: [File]) {
        self.name = name
        self.files = files
    }

    /// The file best drawn at `scale`: SVG first, then the bitmap made for that scale,
    /// then the sharpest bitmap there is.
    public func bestFile(forScale scale: Double) -> File? {
        if let vector = files.first(where: \.isVector) { return vector }
        let wanted = Int(scale.rounded(.up))
        return files.first { $0.scale == wanted } ?? files.max { $0.scale < $1.scale }
    }

    public static var typeName: String { "UIImage" }
    public static let shape = ValueShape.described(
        "an image name (name.svg or name.png beside the style file or in its assets/ folder)", .text(allowsBlank: false))

    public static func make(from reading: ShapeReading, at node: YAMLNode, in context: DecodingContext) throws(Diagnostic) -> ImageReference {
        guard let name = reading.text else { throw .unreadable(ImageReference.self, node) }
        // Checked on the name alone, before looking at the disk, so the message is the same
        // whether or not such a file exists: it tells nothing about files outside the project.
        if !context.allowsOutsideImages && leavesFolder(name) {
            throw .error("'\(name)' is outside the style file's folder: image names are relative to the style file's folder (--allow-outside-images allows others)",
                         at: node.location)
        }
        let lookup: Lookup
        if let known = context.imageLookups[name] {
            lookup = known
        } else {
            lookup = Lookup(name, directory: context.directory)
            context.imageLookups[name] = lookup
        }
        if lookup.found.isEmpty {
            let places = lookup.isOnePlace ? "" : " " + listed(Lookup.ownFolders.map { $0.isEmpty ? "beside the style file" : "in \($0)/" })
            context.warn(.warning(
                "image '\(name)' not found: looked for \(listed(lookup.tried))\(places)\(didYouMean(name, lookup.known)); drawing a placeholder",
                at: node.location))
            // Where it would be: the preview watches these, and redraws when the image appears.
            context.dependencies.formUnion(lookup.lookedFor)
        }
        // Found is not drawable: a file that is not an image, is cut short or is too large is
        // said at the image's line and left out (a placeholder if nothing else is left). It stays
        // a dependency, so the preview notices it being fixed.
        context.dependencies.formUnion(lookup.found.map(\.path))
        for (file, problem) in lookup.problems {
            context.warn(.warning("image '\(name)': \(FileSystem.fileName(of: file.path)) \(problem); drawing a placeholder", at: node.location))
        }
        return ImageReference(name: name, files: lookup.drawable)
    }

    /// What the disk says about an image name: the files found for it, in the first folder that
    /// has any, and which of them can be drawn.
    struct Lookup {
        /// The style file's own folders, searched in order before the bundled ones.
        static let ownFolders = ["", "assets", "assets/icons"]
        /// The file names looked for, for a name not found.
        let tried: [String]
        /// The paths looked at in the style file's own folders: watched for the image to appear.
        private(set) var lookedFor: [String] = []
        private(set) var found: [File] = []
        /// The found files that are images of a size Designable draws.
        private(set) var drawable: [File] = []
        /// Why each other found file is not drawn.
        private(set) var problems: [(file: File, message: String)] = []
        /// The image names the folders have, for a "did you mean" when nothing was found.
        private(set) var known: [String] = []
        /// Whether the name is one place wherever the style file is (`/x`, `~/x`), not looked
        /// for in the style file's folders.
        let isOnePlace: Bool

        init(_ name: String, directory: String) {
            let hasExtension = name.hasSuffix(".svg") || name.hasSuffix(".png")
            let candidates: [(suffix: String, scale: Int)] = hasExtension
                ? [("", name.hasSuffix(".svg") ? 0 : 1)]
                : [(".svg", 0), (".png", 1), ("@2x.png", 2), ("@3x.png", 3)]
            tried = candidates.map { name + $0.suffix }
            // `~/x` is in the home folder, as a shell reads it (a name that may leave the project
            // only with --allow-outside-images).
            let located = name.hasPrefix("~/") ? getenv("HOME").map { String(cString: $0) + name.dropFirst() } ?? name : name
            isOnePlace = located.hasPrefix("/")
            let folders = isOnePlace ? [nil] : Self.ownFolders.map { folder in
                folder.isEmpty ? directory : directory + "/" + folder
            } + BundledAssets.folders
            for (index, folder) in folders.enumerated() where found.isEmpty {
                for (suffix, scale) in candidates {
                    let path = (folder.map { $0 + "/" } ?? "") + located + suffix
                    // A pipe or a folder by the name is found too, so the finding says what it is.
                    if FileSystem.exists(path) { found.append(File(path: path, scale: scale)) }
                    if index < Self.ownFolders.count { lookedFor.append(path) }
                }
            }
            if found.isEmpty { known = folders.compactMap { $0 }.flatMap { FileSystem.imageNames(in: $0) } }
            for file in found {
                switch ImageProbe.checkWithoutWaiting(file) {
                case .success?, nil: drawable.append(file)  // nil: checked when the read ends
                case .failure(let problem)?: problems.append((file, problem.message))
                }
            }
        }
    }

    public var styleText: String { name }

    /// Whether `name`, read as a path from the style file's folder, ends up outside it: absolute,
    /// from a home folder (`~`), or with more `..` than folders before them.
    static func leavesFolder(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("~") { return true }
        var depth = 0
        for part in name.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return true }
        }
        return false
    }
}

/// An image Designable ships that a component draws by a default of its own (SubscribeButton's
/// check mark): named once, for the drawing and for the finding when it cannot be found.
public struct BundledImage: Sendable {
    /// The file's name among the shipped icons, without its extension.
    public let name: String
    /// What the component draws it as, for that finding ("the check mark of its selected look").
    public let role: String

    public init(_ name: String, role: String) {
        self.name = name
        self.role = role
    }

    /// The image; missing (drawn as a placeholder) when the shipped icons are not found.
    public var reference: ImageReference { BundledAssets.image(named: name) }

    /// Why the image is missing, as a clause that follows "Designable's own icons", or nil when it
    /// is there: a program copied away from its install (or its source tree) finds none of them.
    public var missingReason: String? {
        guard reference.isMissing else { return nil }
        if let configured = BundledAssets.configuredFolder {
            return "and \(name).svg is not in DESIGNABLE_ASSETS (\(configured))"
        }
        return "which were not found beside the program (in share/designable/icons where it is installed, assets/icons in its source tree)"
    }
}

/// The files Designable ships: images (today the SubscribeButton's check mark; a style file's own
/// images sit beside the file, not here) and the fontconfig file snapshots pin their fonts with,
/// found beside the installed or built program, as a UIKit component finds images in its own bundle.
public enum BundledAssets {
    /// The folder that holds them: the source tree's `assets/`, or `share/designable/` where installed.
    public static let root: String? = {
        var directory = FileSystem.directory(of: executablePath())
        for _ in 0..<6 {
            for candidate in [directory + "/assets", directory + "/share/designable"]
            where FileSystem.isRegularFile(candidate + "/icons/icon-check.svg") {
                return candidate
            }
            directory = FileSystem.directory(of: directory)
        }
        return nil
    }()

    /// The folder `DESIGNABLE_ASSETS` names instead, when it is set.
    public static let configuredFolder: String? = getenv("DESIGNABLE_ASSETS").map { String(cString: $0) }

    /// The folders of shipped images: `DESIGNABLE_ASSETS` may name the icons' folder or the
    /// `assets/` that holds it, as the source tree has it.
    public static let folders: [String] = configuredFolder.map { [$0, $0 + "/icons"] } ?? root.map { [$0 + "/icons"] } ?? []

    /// The shipped images looked up so far, by name: the folders are fixed for the process, and a
    /// component asks for its image at every view it decodes and every state it is drawn in.
    nonisolated(unsafe) private static var found: [String: ImageReference] = [:]

    /// The shipped file `name` (`fonts.conf`), when it is there.
    public static func file(_ name: String) -> String? {
        root.map { $0 + "/" + name }.flatMap { FileSystem.isRegularFile($0) ? $0 : nil }
    }

    /// A shipped image by name; missing (a placeholder) if the program's assets are not found.
    public static func image(named name: String) -> ImageReference {
        if let image = found[name] { return image }
        var image = ImageReference(name: name, files: [])
        search: for folder in folders {
            for (suffix, scale) in [(".svg", 0), (".png", 1), ("@2x.png", 2)] where FileSystem.isRegularFile(folder + "/" + name + suffix) {
                image.files = [.init(path: folder + "/" + name + suffix, scale: scale)]
                break search
            }
        }
        found[name] = image
        return image
    }

    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(cString: buffer) : "."
    }
}
