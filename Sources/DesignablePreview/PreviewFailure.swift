/// Why the preview could not run at all (no display, no usable visual); the command prints it and exits 1.
public struct PreviewFailure: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
