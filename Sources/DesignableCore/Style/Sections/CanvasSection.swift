/// `canvas:`: the page the views are laid out on (size, background, padding, spacing).
enum CanvasSection: StyleSection {
    static let key = "canvas"

    static func decode(_ node: YAMLNode?, root: YAMLNode, into load: StyleLoad) {
        load.canvasLocation = root.location
        guard let node else { return }
        load.canvasLocation = node.location
        apply(node, to: load.canvas, in: load.context, diagnostics: &load.diagnostics)
    }

    /// Sets `canvas` from the section's `node`: what a full read and a read of the section alone
    /// (`IncrementalRead`) both do.
    static func apply(_ node: YAMLNode, to canvas: CanvasSettings, in context: DecodingContext, diagnostics: inout [Diagnostic]) {
        if case .mapping(let pairs) = node.kind {
            canvas.apply(pairs, in: context, className: "canvas", diagnostics: &diagnostics)
        } else if !node.isNull {
            diagnostics.append(.error("canvas: expected a mapping (size, background, padding, spacing), found \(node.summary)", at: node.location))
        }
    }
}
