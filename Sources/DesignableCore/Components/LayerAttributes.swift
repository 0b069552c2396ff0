/// A view's `layer:` map: Interface Builder's "User Defined Runtime Attributes" with `layer.`
/// key paths, under CALayer's own names, defaults and meanings. Set on any view, seed classes
/// included, they are written into the layer after the class has configured it, as runtime
/// attributes are set after a view's own set-up: `layer: {masksToBounds: false}` on a
/// FancyButton undoes what its `cornerRadius` turned on.
///
/// Only the attributes a file sets are written; the others leave the class's layer as it is.
public final class LayerAttributes: PropertyHolder {
    @Inspectable(.cornerRadius) public var cornerRadius = 0.0
    @Inspectable("Which corners cornerRadius rounds (layer.maskedCorners).") public var maskedCorners = CornerMask.all
    @Inspectable("How the corners bend: circular arcs, or Apple's continuous curve (layer.cornerCurve).") public var cornerCurve = CornerCurve.circular
    @Inspectable("Clips the content, and the shadow with it, to the rounded bounds (layer.masksToBounds).") public var masksToBounds = false
    @Inspectable(.borderWidth) public var borderWidth = 0.0
    @Inspectable(.borderColor) public var borderColor = Color.black
    @Inspectable("Colour behind the content (layer.backgroundColor).") public var backgroundColor = Color.clear
    @Inspectable(.shadowColor) public var shadowColor = Color.black
    @Inspectable(.shadowOpacity) public var shadowOpacity = 0.0
    @Inspectable(.shadowRadius) public var shadowRadius = 3.0
    @Inspectable(.shadowOffset) public var shadowOffset = Offset(width: 0, height: -3)
    @Inspectable(.opacity) public var opacity = 1.0

    /// Writes each attribute the file set into `layer`.
    func write(to layer: inout Layer) {
        func write<Value>(_ attribute: Inspectable<Value>, _ field: WritableKeyPath<Layer, Value>) {
            if attribute.setAt != nil { layer[keyPath: field] = attribute.wrappedValue }
        }
        write($cornerRadius, \.cornerRadius)
        write($maskedCorners, \.maskedCorners)
        write($cornerCurve, \.cornerCurve)
        write($masksToBounds, \.masksToBounds)
        write($borderWidth, \.borderWidth)
        write($borderColor, \.borderColor)
        write($backgroundColor, \.backgroundColor)
        write($shadowColor, \.shadowColor)
        write($shadowOpacity, \.shadowOpacity)
        write($shadowRadius, \.shadowRadius)
        write($shadowOffset, \.shadowOffset)
        write($opacity, \.opacity)
    }

    /// The attribute that asks for a shadow, for a finding about it: the opacity that raised it.
    var shadowLocation: SourceLocation? { $shadowOpacity.setAt ?? $shadowColor.setAt ?? $shadowRadius.setAt ?? $shadowOffset.setAt }
}
