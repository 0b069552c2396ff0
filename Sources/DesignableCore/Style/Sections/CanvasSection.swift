/// `canvas:`: the page the views are laid out on (size, background, padding, spacing).
enum CanvasSection: StyleSection {
    static let key = "canvas"

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        load.canvasLocation = root.location
        guard let node else { return }
        load.canvasLocation = node.location
        if case .mapping(let pairs) = node.kind {
            load.canvas.apply(pairs, in: load.context, className: "canvas", diagnostics: &load.diagnostics)
        } else if !node.isNull {
            load.diagnostics.append(.error("canvas: expected a mapping (size, background, padding, spacing), found \(node.summary)", at: node.location))
        }
    }
}
