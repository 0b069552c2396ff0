/// The accessibility audit behind `check --audit` and the preview's `u`: for each view at any
/// depth, in each state it can be drawn in and in light and dark appearance, a title whose
/// contrast with what is behind it is under WCAG 2's minimum, a control smaller than the 44×44
/// points a finger needs, and a title cut short by its box or cut off by the view's bounds.
///
/// What is behind a title is measured, not worked out from properties: the view is drawn over the
/// canvas and the views beneath it, without its own text, and the pixels under the title's
/// glyphs are read, so gradients, images, borders, translucency and the views below all count.
/// For a view inside another, what is beneath it is its parents' backgrounds and content and the
/// subviews written before it, drawn through its parents' clips, opacity and rotation.
public enum Audit {
    /// The side a control needs, in points (Apple's Human Interface Guidelines).
    public static let minimumTapTarget = 44.0
    /// WCAG 2 (1.4.3, level AA): 4.5:1 for body text, 3:1 for large text.
    public static let bodyTextContrast = 4.5
    public static let largeTextContrast = 3.0
    /// WCAG's large text is 18 pt, or 14 pt bold, in CSS points of 4/3 pixels: 24 and 18.66 CSS
    /// pixels. An iOS point is taken as a CSS pixel (both are their platform's reference pixel,
    /// about 1/160 inch held at reading distance), so large text is 24 points, or 18.66 bold
    /// (weight 700 or more); a font's size here is in iOS points.
    public static let largeTextSize = 24.0
    public static let largeBoldTextSize = 18.66
    /// Under a title, the pixels of lowest contrast are ignored up to this share before the
    /// lowest contrast is taken: the antialiased edge of a border or a shape they cross is no
    /// background a reader reads against, while a gradient's hard end under a tenth of the title is.
    static let ignoredShare = 0.05
    /// Pixels per point the audit draws at: fine enough for a hairline border to be a line of
    /// its own rather than a blur across the glyphs.
    static let scale = 2.0
    /// At most this many pixels are drawn for one view; a larger view is drawn at a lower scale.
    static let maximumPixels = 4.0 * 1024 * 1024

    /// A state and appearance a finding was made in.
    public struct Place: Hashable, Sendable {
        public var state: ControlState
        public var appearance: Appearance
        public init(state: ControlState, appearance: Appearance) {
            self.state = state
            self.appearance = appearance
        }
    }

    /// One thing the audit found about a view, with every state and appearance that gave the
    /// same numbers.
    public struct Finding: Equatable {
        public enum Kind: Equatable, Sendable {
            case tapTarget, truncated, cutOff, contrast
        }

        /// Where the view is in the tree.
        public let path: ViewPath
        public let kind: Kind
        /// Where it was found, in the order audited; empty for a tap target, which no state or appearance changes.
        public internal(set) var places: [Place]
        /// A few words for a marker on the view: "contrast 3.72:1", "tap target 343×34", "truncated".
        public let label: String
        /// What was measured, before the places ("title 'SIGN IN' contrast 3.72:1 (#FF0000 on #F2F2F7)").
        let what: String
        /// After the places: the numbers that say how far off, or what is needed.
        let detail: String
        let location: SourceLocation

        /// What was found, where and by how much: "title 'SIGN IN' contrast 3.58:1 (#FF0000 on
        /// #F2F2F7) in normal and selected (light and dark); body text needs 4.5:1".
        public var message: String {
            var message = what
            if !places.isEmpty { message += " in " + Audit.describe(places) }
            if !detail.isEmpty { message += "; " + detail }
            return message
        }

        /// As `check --audit` prints it: a warning at the view's line.
        public var diagnostic: Diagnostic { .warning("audit: " + message, at: location) }

        /// As `check --audit` prints it for `document`: a view inside another named by its path,
        /// since a compound preset's subviews share their lines among every view that uses it.
        public func diagnostic(in document: StyleDocument) -> Diagnostic {
            guard !path.isTopLevel else { return diagnostic }
            return .warning("audit: \(document.name(of: path)): " + message, at: location)
        }

        /// The index of the top-level view it was found in: the view itself, or the one holding it.
        public var view: Int { path.root }
    }

    /// Every state a view can be drawn in: a control's five, a plain view's one.
    public static func states(of view: StyledView) -> [ControlState] {
        view.type.isControl ? controlStates : [.normal]
    }

    private static let controlStates: [ControlState] = [.normal, .highlighted, .selected, [.selected, .highlighted], .disabled]

    /// The whole document in every state and in each of `appearances`, each view over the views
    /// beneath it in their starting states: what `check --audit` reports. Each view inside
    /// another is audited in each of its states too, the others around it in their starting ones.
    public static func run(_ document: StyleDocument, layout: Layout, renderer: Renderer,
                           appearances: [Appearance] = Appearance.allCases) -> [Finding] {
        let beneath = { (index: Int) in document.views[index].initialState }
        let covers = covers(of: document, layout: layout, upTo: document.views.count, beneath: beneath, renderer: renderer)
        return document.views.indices.flatMap { index in
            tree(index, of: document, layout: layout, renderer: renderer, states: { states(of: $1) }, appearances: appearances,
                 beneath: beneath, nested: { _ in nil }, below: covers[..<index])
        }
    }

    /// View `index` in each of `states` and `appearances`, over the views beneath it in the states
    /// `beneath` gives them (the preview's: as they are on screen); and each view inside it in the
    /// state it is drawn in (`Renderer.nestedStates`, else its starting state).
    public static func view(_ index: Int, of document: StyleDocument, layout: Layout, renderer: Renderer,
                            states: [ControlState], appearances: [Appearance],
                            beneath: (Int) -> ControlState) -> [Finding] {
        let nested = renderer.nestedStates
        return tree(index, of: document, layout: layout, renderer: renderer,
                    states: { path, view in path.isTopLevel ? states : [nested[path] ?? view.initialState] },
                    appearances: appearances, beneath: beneath, nested: { nested[$0] },
                    below: covers(of: document, layout: layout, upTo: index, beneath: beneath, renderer: renderer)[...])
    }

    /// What each of the first `count` views covers in the state `beneath` gives it, its subviews
    /// included: found once, so a document of thousands of views is a rectangle test per view
    /// below each, not a layer lookup per view, state and appearance.
    private static func covers(of document: StyleDocument, layout: Layout, upTo count: Int, beneath: (Int) -> ControlState,
                               renderer: Renderer) -> [Rect] {
        (0..<count).map { index in
            let view = document.views[index]
            return view.subviews.isEmpty ? view.component(in: beneath(index)).visualBounds(in: layout.frames[index])
                : view.visualBounds(in: layout.frames[index], state: beneath(index), painter: renderer.painter)
        }
    }

    /// Top-level view `index` and every view inside it, in tree order, each in the states
    /// `states` gives it; the views around a nested one drawn in `beneath` (top level) and
    /// `nested` (inside), else their starting states.
    private static func tree(_ index: Int, of document: StyleDocument, layout: Layout, renderer: Renderer,
                             states: (ViewPath, StyledView) -> [ControlState], appearances: [Appearance],
                             beneath: (Int) -> ControlState, nested: (ViewPath) -> ControlState?, below: ArraySlice<Rect>) -> [Finding] {
        withoutActuallyEscaping(beneath) { beneath in
            withoutActuallyEscaping(nested) { nested in
                let around = Surroundings(document: document, layout: layout, renderer: renderer, beneath: beneath, nested: nested, below: below)
                var findings: [Finding] = []
                func walk(_ view: StyledView, at path: ViewPath) {
                    if let frame = path.isTopLevel ? layout.frames[index] : renderer.canvasFrame(of: path, in: document, layout: layout) {
                        findings += self.view(at: path, view, frame: frame, states: states(path, view), appearances: appearances, around: around)
                    }
                    for (number, child) in view.subviews.enumerated() { walk(child, at: path.child(number)) }
                }
                walk(document.views[index], at: ViewPath(index))
                return findings
            }
        }
    }

    /// What a view is drawn among: the document, its layout, and the states of the views beneath it.
    private struct Surroundings {
        let document: StyleDocument
        let layout: Layout
        let renderer: Renderer
        /// The state of each top-level view.
        let beneath: (Int) -> ControlState
        /// The state of a view inside another, when not its starting one.
        let nested: (ViewPath) -> ControlState?
        /// What the top-level views below the one audited cover.
        let below: ArraySlice<Rect>

        /// The state the view at `path` is drawn in beneath another.
        func state(of path: ViewPath, _ view: StyledView) -> ControlState {
            path.isTopLevel ? beneath(path.root) : nested(path) ?? view.initialState
        }
    }

    private static func view(at path: ViewPath, _ view: StyledView, frame: Rect, states: [ControlState], appearances: [Appearance],
                             around: Surroundings) -> [Finding] {
        var findings: [Finding] = []
        // Only what takes touches needs a finger's room: a label inside a button is no tap target.
        if view.type.isControl, frame.width < minimumTapTarget || frame.height < minimumTapTarget {
            findings.append(tapTarget(of: frame, path: path, at: view.location))
        }
        // The same numbers in several states and appearances are one finding that lists them.
        var made: [String: Int] = [:]
        for state in states {
            for appearance in appearances {
                let place = Place(state: state, appearance: appearance)
                for finding in measure(path, view, frame: frame, in: place, around: around) {
                    let key = "\(finding.kind) \(finding.what) \(finding.detail)"
                    if let known = made[key] {
                        findings[known].places.append(place)
                    } else {
                        made[key] = findings.count
                        findings.append(finding)
                    }
                }
            }
        }
        return findings
    }

    // MARK: - Each check

    private static func tapTarget(of frame: Rect, path: ViewPath, at location: SourceLocation) -> Finding {
        let short = [(frame.width, "wide"), (frame.height, "tall")].filter { $0.0 < minimumTapTarget }
        let size = "\(formatNumber(frame.width))×\(formatNumber(frame.height))"
        return Finding(path: path, kind: .tapTarget, places: [], label: "tap target \(size)",
                       what: "tap target \(size) points is less than \(formatNumber(minimumTapTarget)) points \(listed(short.map(\.1)))",
                       detail: "Apple's Human Interface Guidelines ask \(formatNumber(minimumTapTarget))×\(formatNumber(minimumTapTarget)) for a control",
                       location: location)
    }

    /// Draws the view at `path` (at `frame`, canvas points) in `place` without its text, over what
    /// is beneath it, and checks each text it would have drawn.
    private static func measure(_ path: ViewPath, _ view: StyledView, frame: Rect, in place: Place, around: Surroundings) -> [Finding] {
        var ignored: [Diagnostic] = []
        // A component of its own: the shared one would keep a content shadow made without its text.
        let component = view.build(view.type.isControl ? place.state : .normal, diagnostics: &ignored)
        guard let (surface, texts) = drawWithoutText(path, component: component, frame: frame, appearance: place.appearance, around: around)
        else { return [] }
        let noun = component is Button ? "title" : "text"
        var findings: [Finding] = []
        func add(_ kind: Finding.Kind, label: String, what: String, detail: String) {
            findings.append(Finding(path: path, kind: kind, places: [place], label: label, what: what, detail: detail, location: view.location))
        }
        let painter = around.renderer.painter
        // Parents fade what they hold as one group: their opacity reaches the text too.
        let opacity = ancestors(of: path, around: around).reduce(component.layer(in: frame).opacity) { $0 * $1.layer.opacity }
        for text in texts {
            let quoted = "\(noun) '\(oneLine(text.string))'"
            if text.layout.isTruncated, let width = text.box.width {
                let shown = text.layout.shownLines.map { oneLine($0).trimmingWhitespace() }.joined(separator: " / ")
                let detail: String
                if text.box.numberOfLines == 1 {
                    let needed = painter.measure(text.string, font: text.font, in: TextBox(numberOfLines: 1, lineBreakMode: text.box.lineBreakMode))
                    detail = "it needs \(formatNumber(needed.width.rounded(.up))) points of width and has \(formatNumber(width.rounded(.down)))"
                } else {
                    let wrapped = painter.text.layout(text.string, font: text.font, in: TextBox(width: width, numberOfLines: 0, lineBreakMode: .byWordWrapping))
                    detail = "it needs \(wrapped.shownLines.count) lines and has \(text.box.numberOfLines)"
                }
                add(.truncated, label: "truncated", what: "\(quoted) is truncated to '\(shown)'", detail: detail)
            }
            if let (edge, reach) = overflow(of: text.ink, outside: frame) {
                add(.cutOff, label: "cut off", what: "\(quoted) is cut off by the view's bounds",
                    detail: "its glyphs reach \(formatNumber(reach)) points past the \(edge) edge")
            }
            // WCAG sets no contrast for a control that is disabled (1.4.3's "inactive user interface component").
            guard !place.state.contains(.disabled) else { continue }
            let color = text.color.resolved(for: place.appearance).multiplyingAlpha(opacity)
            let clip = Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
            guard let measured = contrast(of: color, over: surface, in: text.deviceInk, within: clip) else { continue }
            let traits = painter.text.traits(of: text.font)
            let large = traits.size >= largeTextSize || (traits.weight >= 700 && traits.size >= largeBoldTextSize)
            let needed = large ? largeTextContrast : bodyTextContrast
            guard measured.ratio < needed else { continue }
            let ratio = Contrast.format(measured.ratio, threshold: needed)
            let shade = color.alpha < 1 ? "\(color.withAlpha(1).hex) at \(Int((color.alpha * 100).rounded()))%" : color.hex
            add(.contrast, label: "contrast \(ratio)", what: "\(quoted) contrast \(ratio) (\(shade) on \(measured.background.hex))",
                detail: "\(large ? "large" : "body") text needs \(formatNumber(needed)):1")
        }
        return findings
    }

    /// The ancestors of the view at `path`, outermost first, each with its canvas frame and its
    /// layer in the state it is drawn in.
    private static func ancestors(of path: ViewPath, around: Surroundings) -> [(path: ViewPath, frame: Rect, layer: Layer)] {
        var found: [(path: ViewPath, frame: Rect, layer: Layer)] = []
        var step = path.parent
        while let ancestor = step {
            if let view = around.document.view(at: ancestor),
               let frame = ancestor.isTopLevel ? around.layout.frames[ancestor.root]
                   : around.renderer.canvasFrame(of: ancestor, in: around.document, layout: around.layout) {
                found.insert((ancestor, frame, view.component(in: around.state(of: ancestor, view)).layer(in: frame)), at: 0)
            }
            step = ancestor.parent
        }
        return found
    }

    /// The view's covered area drawn over the canvas background and the views beneath it: the
    /// top-level views below (which cover `around.below`) and, for a view inside another, its
    /// parents and the subviews written before it; the view itself without its text, in device
    /// pixels. With each text it would have drawn.
    private static func drawWithoutText(_ path: ViewPath, component: Component, frame: Rect, appearance: Appearance,
                                        around: Surroundings) -> (ImageSurface, [Painter.DrawnText])? {
        let (document, layout, renderer) = (around.document, around.layout, around.renderer)
        var covered = component.visualBounds(in: frame).union(frame)
        let ancestors = ancestors(of: path, around: around)
        // A turned parent turns the view with it: its own bounds no longer say where it lands.
        if ancestors.contains(where: { $0.layer.rotation.truncatingRemainder(dividingBy: 360) != 0 }) {
            let root = document.views[path.root]
            covered = root.visualBounds(in: layout.frames[path.root], state: around.state(of: ViewPath(path.root), root), painter: renderer.painter)
        }
        let scale = min(Self.scale, (maximumPixels / max(1, covered.width * covered.height)).squareRoot())
        let area = covered.pixelAligned(scale: scale)
        guard area.width >= 1, area.height >= 1,
              let surface = try? ImageSurface(width: Int(area.width), height: Int(area.height)),
              let context = try? DrawingContext(surface) else { return nil }
        context.appearance = appearance
        let painter = renderer.painter
        painter.layoutDirection = renderer.layoutDirection
        context.clear(to: document.canvas.background)
        context.translate(-area.x, -area.y)
        context.scale(scale)
        // Keyed by where each text goes: a shadow made of the content draws it once more, into its
        // mask, before it is drawn where it shows; the last is the one on the surface.
        var texts: [String: Painter.DrawnText] = [:]
        var order: [String] = []
        func drawObserved() {
            painter.textObserver = { text in
                let key = "\(text.origin.x),\(text.origin.y) \(text.string)"
                if texts.updateValue(text, forKey: key) == nil { order.append(key) }
            }
            component.draw(in: frame, with: painter)
            painter.textObserver = nil
        }
        let nested = { (subpath: ViewPath) -> ControlState? in
            document.view(at: subpath).map { around.state(of: subpath, $0) }
        }
        painter.drawing(on: context, scale: scale) {
            for other in around.below.indices where around.below[other].intersects(covered) {
                document.views[other].draw(in: layout.frames[other], state: around.beneath(other), painter: painter,
                                           path: ViewPath(other), states: nested)
            }
            guard !path.isTopLevel else { return drawObserved() }
            let root = document.views[path.root]
            // The root's tree, but only what lies beneath the view: on the way down to it each
            // parent, and the subviews written before each step, which UIKit draws under it.
            root.draw(in: layout.frames[path.root], state: around.state(of: ViewPath(path.root), root), painter: painter,
                      path: ViewPath(path.root), states: nested) { subview in
                if subview.path == path {
                    drawObserved()
                } else if subview.path < path {
                    subview.draw()
                }
            }
        }
        return (surface, order.compactMap { texts[$0] })
    }

    /// The lowest contrast `color` makes with the pixels of `surface` in `rect` (device pixels,
    /// within `clip`), but for the lowest `ignoredShare` of them; with the pixel it makes it with.
    /// A translucent pixel (a see-through canvas) is taken over white, as the preview shows it.
    static func contrast(of color: Color, over surface: ImageSurface, in rect: Rect, within clip: Rect) -> (ratio: Double, background: Color)? {
        let left = max(Int(rect.x.rounded(.down)), Int(clip.x)), right = min(Int(rect.maxX.rounded(.up)), Int(clip.maxX))
        let top = max(Int(rect.y.rounded(.down)), Int(clip.y)), bottom = min(Int(rect.maxY.rounded(.up)), Int(clip.maxY))
        guard left < right, top < bottom, let data = surface.data else { return nil }
        let opaque = color.alpha >= 1
        let textLuminance = Contrast.luminance(color)
        var measured: [(ratio: Double, pixel: UInt32)] = []
        measured.reserveCapacity((right - left) * (bottom - top))
        for y in top..<bottom {
            let row = data.advanced(by: y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in left..<right {
                let pixel = row[x]
                // Premultiplied ARGB over white is each channel plus what alpha leaves uncovered.
                let uncovered = 255 - Int(pixel >> 24)
                func channel(_ shift: UInt32) -> UInt8 { UInt8(min(255, Int((pixel >> shift) & 0xFF) + uncovered)) }
                let (r, g, b) = (channel(16), channel(8), channel(0))
                let background = Contrast.luminance(red: r, green: g, blue: b)
                let text: Double
                if opaque {
                    text = textLuminance
                } else {
                    // The text as it lands on this pixel: its colour blended over it at its alpha.
                    let a = color.alpha
                    text = Contrast.luminance(Color(red: color.red * a + Double(r) / 255 * (1 - a), green: color.green * a + Double(g) / 255 * (1 - a),
                                                    blue: color.blue * a + Double(b) / 255 * (1 - a)))
                }
                measured.append((Contrast.ratio(text, background), UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)))
            }
        }
        measured.sort { $0.ratio < $1.ratio }
        let chosen = measured[min(measured.count - 1, Int(Double(measured.count) * ignoredShare))]
        return (chosen.ratio, Color(rgb: chosen.pixel))
    }

    /// How far, in points, `ink` reaches past `frame` on the side it reaches furthest; nil when it
    /// stays inside but for half a point (antialiasing).
    static func overflow(of ink: Rect, outside frame: Rect) -> (edge: String, reach: Double)? {
        let reaches = [("left", frame.x - ink.x), ("top", frame.y - ink.y), ("right", ink.maxX - frame.maxX), ("bottom", ink.maxY - frame.maxY)]
        guard ink.width > 0, ink.height > 0, let furthest = reaches.max(by: { $0.1 < $1.1 }), furthest.1 > 0.5 else { return nil }
        return (furthest.0, (furthest.1 * 10).rounded(.up) / 10)
    }

    /// "normal and selected (light and dark), highlighted (dark)": the states that share their
    /// appearances named together, in the order audited.
    static func describe(_ places: [Place]) -> String {
        var states: [ControlState] = []
        var appearances: [ControlState: [Appearance]] = [:]
        for place in places {
            if appearances[place.state] == nil { states.append(place.state) }
            appearances[place.state, default: []].append(place.appearance)
        }
        var groups: [(states: [ControlState], appearances: [Appearance])] = []
        for state in states {
            let shared = appearances[state] ?? []
            if let group = groups.firstIndex(where: { $0.appearances == shared }) {
                groups[group].states.append(state)
            } else {
                groups.append(([state], shared))
            }
        }
        let everyState = Set(controlStates), enabled = everyState.subtracting([.disabled])
        return groups.map { group in
            let named = Set(group.states)
            let states = named == everyState ? "every state" : named == enabled ? "every state but disabled" : listed(group.states.map(\.description))
            return states + " (" + listed(group.appearances.map(\.rawValue)) + ")"
        }.joined(separator: ", ")
    }

    /// A title on one line for a message: its breaks as spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
