/// One picture `designable snapshot` keeps: a view, alone, in one state, appearance, layout
/// direction and scale, in the file `<view>.<state>[.dark][.rtl]@<scale>x.png`. A view holding
/// controls is also kept whole with each of them in each other state it is drawn in, in
/// `<view>.<control>-<state>[.dark][.rtl]@<scale>x.png` (`card.buy-highlighted@2x.png`).
public struct Snapshot: Hashable, Sendable {
    /// The view's name in file names (`Snapshot.viewNames(of:)`).
    public var view: String
    /// The view's index in the document.
    public var index: Int
    /// The view's state; with `nested`, that control's, the view and the rest in their starting states.
    public var state: ControlState
    public var variant: Variant
    /// Device pixels per point.
    public var scale: Double
    /// The control inside the view that `state` is the state of; nil when it is the view's own.
    public var nested: Nested?

    /// A control inside the view a snapshot keeps whole.
    public struct Nested: Hashable, Sendable {
        /// Where it is in the tree.
        public var path: ViewPath
        /// Its name in file names: each step below the top-level view, by id (else class and
        /// place among its siblings of that class), joined by `.` (`row.buy`).
        public var name: String

        public init(path: ViewPath, name: String) {
            self.path = path
            self.name = name
        }
    }

    public init(view: String, index: Int, state: ControlState, variant: Variant = .standard, nested: Nested? = nil, scale: Double) {
        self.view = view
        self.index = index
        self.state = state
        self.variant = variant
        self.nested = nested
        self.scale = scale
    }

    /// The name without `.png`: `sign-in.selected+highlighted@2x`, or with a control inside the
    /// view in a state of its own `card.buy-highlighted@2x`.
    public var stem: String {
        let shown = nested.map { "\($0.name)-\(state)" } ?? state.description
        return "\(view).\(shown)\(variant.nameSuffix)@\(formatNumber(scale))x"
    }
    /// The reference's file name: `sign-in.selected+highlighted@2x.png`.
    public var fileName: String { stem + ".png" }
    /// The image drawn by a run that did not match, beside the reference: `<stem>.actual.png`.
    public var actualFileName: String { stem + ".actual.png" }
    /// The changes marked over a faded copy, beside the reference: `<stem>.diff.png`.
    public var diffFileName: String { stem + ".diff.png" }

    /// The appearance and layout direction a snapshot is drawn in, each a part of its name when
    /// not the standard one (`.dark`, `.rtl`).
    public typealias Variant = DesignableCore.Variant

    // MARK: - What a document's snapshots are

    /// The states a view is kept in: normal, and for a control highlighted, selected, selected
    /// and highlighted at once (a selected button held down), and disabled, as UIKit draws them.
    public static func states(of view: StyledView) -> [ControlState] {
        view.type.isControl ? ControlState.every : [.normal]
    }

    /// The states a control inside another view is kept in besides its starting one (which the
    /// view's own snapshot shows): every state a top-level control is kept in, as UIKit draws a
    /// button highlighted or disabled whether or not the file gives that state a look.
    public static func nestedStates(of view: StyledView) -> [ControlState] {
        view.type.isControl ? ControlState.every.filter { $0 != view.initialState } : []
    }

    /// Every snapshot of `document`: each view in each of its states, variants and scales, in
    /// the file's order, each followed by the controls inside it in theirs (`nestedStates(of:)`)
    /// in tree order; and a warning for each view whose name is not its own id, the top-level
    /// views' first.
    public static func all(of document: StyleDocument, scales: [Double],
                           variants: [Variant] = [.standard]) -> (snapshots: [Snapshot], findings: [Diagnostic]) {
        let (names, topFindings) = viewNames(of: document)
        var findings = topFindings
        var snapshots: [Snapshot] = []
        func add(_ index: Int, _ state: ControlState, nested: Nested? = nil) {
            for variant in variants {
                for scale in scales {
                    snapshots.append(Snapshot(view: names[index], index: index, state: state, variant: variant, nested: nested, scale: scale))
                }
            }
        }
        for (index, view) in document.views.enumerated() {
            for state in states(of: view) { add(index, state) }
            let (controls, naming) = nestedControls(of: index, in: document)
            findings += naming
            for control in controls {
                guard let nestedView = document.view(at: control.path) else { continue }
                for state in nestedStates(of: nestedView) { add(index, state, nested: control) }
            }
        }
        return (snapshots, findings)
    }

    /// The controls inside top-level view `index`, at any depth, in tree order, with their names
    /// in file names; and a warning for each one not named by ids alone, at its line.
    public static func nestedControls(of index: Int, in document: StyleDocument) -> (controls: [Nested], findings: [Diagnostic]) {
        var controls: [Nested] = [], findings: [Diagnostic] = []
        var taken: Set<String> = []
        func walk(_ view: StyledView, at path: ViewPath, steps: [String], named: Bool) {
            var perClass: [String: Int] = [:]
            for (number, child) in view.subviews.enumerated() {
                let className = child.type.className
                perClass[className, default: 0] += 1
                let step = child.id.flatMap { $0.isEmpty ? nil : fileSafe($0) } ?? "\(className)-\(perClass[className]!)"
                let childPath = path.child(number)
                let childNamed = named && child.id?.isEmpty == false
                if child.type.isControl, !nestedStates(of: child).isEmpty {
                    var name = (steps + [step]).joined(separator: ".")
                    if !childNamed {
                        findings.append(.warning("this \(className) inside \(document.name(of: ViewPath(index))) is not named by ids alone: its snapshots are named \(name), after the places of the views on the way to it, and change name when one is added or removed above it; give it and the views holding it an id", at: child.location))
                    }
                    if taken.contains(name) {
                        let shared = name
                        var number = 2
                        while taken.contains("\(shared)-\(number)") { number += 1 }
                        name = "\(shared)-\(number)"
                        findings.append(.warning("another control in this view has the snapshot name \(shared) too, so this one's snapshots are named \(name); give each its own id", at: child.location))
                    }
                    taken.insert(name)
                    controls.append(Nested(path: childPath, name: name))
                }
                walk(child, at: childPath, steps: steps + [step], named: childNamed)
            }
        }
        walk(document.views[index], at: ViewPath(index), steps: [], named: true)
        return (controls, findings)
    }

    /// Each view's name in file names: its id, with what a file name should not hold (`/`, `.`,
    /// spaces) made `-`; else its class and place among the views of its class (`FancyButton-3`,
    /// the third FancyButton), so adding a view of another class renames nothing. A name two
    /// views would share gets `-2`, `-3` on the later ones. Every view not named by its own id
    /// is warned about, at its line, with the id that keeps its name.
    public static func viewNames(of document: StyleDocument) -> (names: [String], findings: [Diagnostic]) {
        var names: [String] = [], findings: [Diagnostic] = []
        var taken: [String: SourceLocation] = [:]
        var perClass: [String: Int] = [:]
        for view in document.views {
            let className = view.type.className
            perClass[className, default: 0] += 1
            var name: String
            if let id = view.id, !id.isEmpty {
                name = fileSafe(id)
                if name != id {
                    findings.append(.warning("id '\(id)' is written \(name) in snapshot file names, which take letters, digits, - and _ only", at: view.location))
                }
            } else {
                name = "\(className)-\(perClass[className]!)"
                findings.append(.warning("this \(className) has no id: its snapshots are named \(name), after its place among the \(className)s, and change name when one is added or removed above it; write id: \(name) to keep the name", at: view.location))
            }
            if let other = taken[name] {
                let shared = name
                var number = 2
                while taken["\(shared)-\(number)"] != nil { number += 1 }
                name = "\(shared)-\(number)"
                findings.append(.warning("the view at line \(other.line) has the snapshot name \(shared) too, so this one's snapshots are named \(name); give each view its own id", at: view.location))
            }
            taken[name] = view.location
            names.append(name)
        }
        return (names, findings)
    }

    /// `text` with every character but letters, digits, `-` and `_` made `-`.
    static func fileSafe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }
}
