import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

// The preview and its component worker talk over two pipes, one each way, in messages of a
// 4-byte little-endian length and a body; the pixels go through shared memory (`SharedPixels`).
// A body is a tag byte and fields written in order by `WireWriter` and read back by `WireReader`.

// MARK: - Messages

/// What the preview asks of the worker.
enum WorkerRequest: Equatable {
    /// Compile and load the components, read and lay out the style file. `force` reads every
    /// view afresh (a component file changed, so even unchanged views may draw differently).
    case load(style: String, componentFolder: String?, allowsOutsideImages: Bool, force: Bool)
    /// Draw the whole canvas into the shared pixels.
    case render(RenderRequest)
}

struct RenderRequest: Equatable {
    var scale: Double
    var dark: Bool
    var rightToLeft: Bool
    /// Each view's state, as `ControlState.rawValue`.
    var states: [Int]
    /// Bytes of pixels the shared memory has room for after its header.
    var capacity: Int
    /// The view whose inspector rows the reply brings (the inspector shows it), or nil.
    var inspect: Int? = nil
    /// Whether the reply brings every view's layout rectangles (`o` shows them).
    var outlines = false
}

/// What the inspector shows of one view in one state, worked out by the worker (reading a
/// component's properties runs user code): its rows and its layout rectangles.
struct InspectedView: Equatable {
    var view: Int
    var state: Int
    var rows: [PropertyRow]
    var rectangles: [LayoutRectangles.Kind: Rect]
}

/// One view's layout rectangles, in the order `LayoutRectangles.all` lists them.
typealias ViewRectangles = [(kind: LayoutRectangles.Kind, rect: Rect)]

/// What the worker answers.
enum WorkerReply {
    /// Compiling is over and user code starts running: the time limit starts now.
    case compiled
    case loaded(LoadedCanvas)
    /// The canvas is in the shared pixels, `width`×`height` with rows `stride` bytes apart; the
    /// inspected view's rows and every view's rectangles when the request asked for them.
    case rendered(width: Int, height: Int, stride: Int, inspected: InspectedView?, outlines: [ViewRectangles]?)
    /// The canvas cannot be drawn (too large for the shared memory, say).
    case renderFailed(String)
}

/// A load's result as the window needs it: findings for the banner, files to watch, and each
/// view's frame and kind for hit-testing and states; nothing that runs user code.
struct LoadedCanvas: Equatable {
    struct View: Equatable {
        var frame: Rect
        var isControl: Bool
        var id: String?
        var className: String
        var initialState: Int
        /// The layer's corner radius, for the focus ring.
        var cornerRadius: Double
    }
    var diagnostics: [Diagnostic]
    var dependencies: [Dependency]
    /// Nil when the file has errors: the last good canvas stays.
    var canvasSize: Size?
    var views: [View]
}

// MARK: - Encoding

struct WireWriter {
    private(set) var bytes: [UInt8] = []
    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
    mutating func double(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes += value.utf8
    }
    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
    mutating func rect(_ rect: Rect) { [rect.x, rect.y, rect.width, rect.height].forEach { double($0) } }
    /// A colour as drawn in the appearance the worker drew (the panel's swatch).
    mutating func color(_ color: Color) { [color.red, color.green, color.blue, color.alpha].forEach { double($0) } }
    mutating func location(_ location: SourceLocation) { string(location.file.path); int(location.line); int(location.column) }
    mutating func inspected(_ inspected: InspectedView) {
        int(inspected.view); int(inspected.state)
        int(inspected.rows.count)
        for row in inspected.rows {
            string(row.name); string(row.label); string(row.typeName); string(row.value); string(row.help)
            bool(row.setAt != nil); if let setAt = row.setAt { location(setAt) }
            switch row.origin {
            case nil: byte(0)
            case .view?: byte(1)
            case .stateMap(let state)?: byte(2); int(state.rawValue)
            case .preset(let name, let state)?: byte(3); string(name); int(state?.rawValue ?? -1)
            }
            bool(row.color != nil); if let color = row.color { self.color(color) }
            bool(row.fallback != nil); if let fallback = row.fallback { string(fallback.name); string(fallback.value) }
        }
        let kinds = LayoutRectangles.Kind.allCases
        rectangles(kinds.compactMap { kind in inspected.rectangles[kind].map { (kind, $0) } })
    }
    mutating func rectangles(_ rectangles: ViewRectangles) {
        let kinds = LayoutRectangles.Kind.allCases
        int(rectangles.count)
        for (kind, rect) in rectangles { int(kinds.firstIndex(of: kind)!); self.rect(rect) }
    }
}

struct WireReader {
    struct Malformed: Error {}
    private let bytes: [UInt8]
    private var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func bool() throws(Malformed) -> Bool { try byte() != 0 }
    mutating func int() throws(Malformed) -> Int {
        guard offset + 8 <= bytes.count else { throw Malformed() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Int(Int64(bitPattern: value))
    }
    mutating func double() throws(Malformed) -> Double {
        let bits = try int()
        return Double(bitPattern: UInt64(bitPattern: Int64(bits)))
    }
    mutating func string() throws(Malformed) -> String {
        let count = try int()
        guard count >= 0, offset + count <= bytes.count else { throw Malformed() }
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }
    mutating func optionalString() throws(Malformed) -> String? { try bool() ? try string() : nil }
    mutating func rect() throws(Malformed) -> Rect {
        Rect(x: try double(), y: try double(), width: try double(), height: try double())
    }
    mutating func color() throws(Malformed) -> Color {
        Color(red: try double(), green: try double(), blue: try double(), alpha: try double())
    }
    mutating func location() throws(Malformed) -> SourceLocation {
        let path = try string()
        return SourceLocation(line: try int(), column: try int(), file: SourceFile(path: path))
    }
    mutating func count() throws(Malformed) -> Int {
        let count = try int()
        guard count >= 0, count < 1 << 20 else { throw Malformed() }
        return count
    }
    mutating func inspected() throws(Malformed) -> InspectedView {
        var inspected = InspectedView(view: try int(), state: try int(), rows: [], rectangles: [:])
        for _ in 0..<(try count()) {
            let name = try string(), label = try string(), typeName = try string(), value = try string(), help = try string()
            let setAt = try bool() ? try location() : nil
            let origin: ValueOrigin?
            switch try byte() {
            case 0: origin = nil
            case 1: origin = .view
            case 2: origin = .stateMap(ControlState(rawValue: try int()))
            case 3:
                let preset = try string(), state = try int()
                origin = .preset(preset, state: state < 0 ? nil : ControlState(rawValue: state))
            default: throw Malformed()
            }
            let color = try bool() ? try color() : nil
            let fallback = try bool() ? PropertyRow.Fallback(name: try string(), value: try string()) : nil
            inspected.rows.append(PropertyRow(name: name, label: label, typeName: typeName, value: value, help: help, setAt: setAt,
                                              origin: origin, color: color, fallback: fallback))
        }
        for (kind, rect) in try rectangles() { inspected.rectangles[kind] = rect }
        return inspected
    }
    mutating func rectangles() throws(Malformed) -> ViewRectangles {
        let kinds = LayoutRectangles.Kind.allCases
        var rectangles: ViewRectangles = []
        for _ in 0..<(try count()) {
            let kind = try int()
            guard kind >= 0, kind < kinds.count else { throw Malformed() }
            rectangles.append((kinds[kind], try rect()))
        }
        return rectangles
    }
}

extension WorkerRequest {
    var encoded: [UInt8] {
        var writer = WireWriter()
        switch self {
        case .load(let style, let folder, let outside, let force):
            writer.byte(1); writer.string(style); writer.optionalString(folder); writer.bool(outside); writer.bool(force)
        case .render(let request):
            writer.byte(2); writer.double(request.scale); writer.bool(request.dark); writer.bool(request.rightToLeft)
            writer.int(request.states.count); request.states.forEach { writer.int($0) }
            writer.int(request.capacity); writer.int(request.inspect ?? -1); writer.bool(request.outlines)
        }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
        var reader = WireReader(bytes)
        switch try reader.byte() {
        case 1:
            self = .load(style: try reader.string(), componentFolder: try reader.optionalString(), allowsOutsideImages: try reader.bool(), force: try reader.bool())
        case 2:
            let scale = try reader.double(), dark = try reader.bool(), rtl = try reader.bool()
            let count = try reader.int()
            guard count >= 0, count < 1 << 24 else { throw WireReader.Malformed() }
            var states: [Int] = []
            for _ in 0..<count { states.append(try reader.int()) }
            let capacity = try reader.int(), inspect = try reader.int(), outlines = try reader.bool()
            self = .render(RenderRequest(scale: scale, dark: dark, rightToLeft: rtl, states: states, capacity: capacity,
                                         inspect: inspect < 0 ? nil : inspect, outlines: outlines))
        default:
            throw WireReader.Malformed()
        }
    }
}

extension WorkerReply {
    var encoded: [UInt8] {
        var writer = WireWriter()
        switch self {
        case .compiled:
            writer.byte(1)
        case .loaded(let canvas):
            writer.byte(2)
            writer.int(canvas.diagnostics.count)
            for finding in canvas.diagnostics {
                writer.bool(finding.severity == .error); writer.string(finding.message); writer.string(finding.path)
                writer.int(finding.location.line); writer.int(finding.location.column)
            }
            writer.int(canvas.dependencies.count)
            for dependency in canvas.dependencies {
                writer.string(dependency.path)
                writer.byte(dependency.kind == .style ? 0 : dependency.kind == .image ? 1 : dependency.kind == .import ? 2 : 3)
            }
            writer.bool(canvas.canvasSize != nil)
            if let size = canvas.canvasSize { writer.double(size.width); writer.double(size.height) }
            writer.int(canvas.views.count)
            for view in canvas.views {
                writer.rect(view.frame); writer.bool(view.isControl); writer.optionalString(view.id)
                writer.string(view.className); writer.int(view.initialState); writer.double(view.cornerRadius)
            }
        case .rendered(let width, let height, let stride, let inspected, let outlines):
            writer.byte(3); writer.int(width); writer.int(height); writer.int(stride)
            writer.bool(inspected != nil); if let inspected { writer.inspected(inspected) }
            writer.bool(outlines != nil)
            if let outlines { writer.int(outlines.count); outlines.forEach { writer.rectangles($0) } }
        case .renderFailed(let message):
            writer.byte(4); writer.string(message)
        }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
        var reader = WireReader(bytes)
        switch try reader.byte() {
        case 1:
            self = .compiled
        case 2:
            var canvas = LoadedCanvas(diagnostics: [], dependencies: [], canvasSize: nil, views: [])
            for _ in 0..<(try reader.int()) {
                let error = try reader.bool(), message = try reader.string(), path = try reader.string()
                let line = try reader.int(), column = try reader.int()
                canvas.diagnostics.append(Diagnostic(error ? .error : .warning, message,
                                                     at: SourceLocation(line: line, column: column, file: SourceFile(path: path))))
            }
            for _ in 0..<(try reader.int()) {
                let path = try reader.string()
                let kinds: [Dependency.Kind] = [.style, .image, .import, .component]
                let kind = Int(try reader.byte())
                guard kind < kinds.count else { throw WireReader.Malformed() }
                canvas.dependencies.append(Dependency(path, kind: kinds[kind]))
            }
            if try reader.bool() { canvas.canvasSize = Size(width: try reader.double(), height: try reader.double()) }
            for _ in 0..<(try reader.int()) {
                canvas.views.append(LoadedCanvas.View(frame: try reader.rect(), isControl: try reader.bool(), id: try reader.optionalString(),
                                                      className: try reader.string(), initialState: try reader.int(), cornerRadius: try reader.double()))
            }
            self = .loaded(canvas)
        case 3:
            let width = try reader.int(), height = try reader.int(), stride = try reader.int()
            let inspected = try reader.bool() ? try reader.inspected() : nil
            var outlines: [ViewRectangles]?
            if try reader.bool() {
                outlines = []
                for _ in 0..<(try reader.count()) { outlines?.append(try reader.rectangles()) }
            }
            self = .rendered(width: width, height: height, stride: stride, inspected: inspected, outlines: outlines)
        case 4:
            self = .renderFailed(try reader.string())
        default:
            throw WireReader.Malformed()
        }
    }
}

// MARK: - Pipes

/// One end of a message pipe, closed with its owner.
final class MessagePipe {
    let fd: Int32
    /// Bytes read and not yet a whole message.
    private var pending: [UInt8] = []
    /// The largest message either side sends: findings for a huge file stay far below it.
    static let maximumMessage = 64 << 20

    init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    /// Writes one message whole; false when the other end is gone.
    func send(_ body: [UInt8]) -> Bool {
        var message: [UInt8] = []
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { message += $0 }
        message += body
        var sent = 0
        while sent < message.count {
            let count = message[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count > 0 { sent += count } else if count < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }

    /// The messages complete so far, reading what is there (the fd may be non-blocking); nil
    /// once the other end has closed and nothing whole is left.
    func receive() -> [[UInt8]]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var closed = false
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                pending += chunk[0..<count]
                if count < chunk.count { break }
            } else if count == 0 {
                closed = true
                break
            } else if errno == EINTR {
                continue
            } else {
                break
            }
        }
        var messages: [[UInt8]] = []
        while pending.count >= 4 {
            let length = Int(pending[0]) | Int(pending[1]) << 8 | Int(pending[2]) << 16 | Int(pending[3]) << 24
            guard length <= Self.maximumMessage else { return nil }
            guard pending.count >= 4 + length else { break }
            messages.append(Array(pending[4..<4 + length]))
            pending.removeFirst(4 + length)
        }
        return messages.isEmpty && closed ? nil : messages
    }

    /// Blocks until one whole message has come; nil when the other end closed first.
    func receiveOne() -> [UInt8]? {
        while true {
            if pending.count >= 4 {
                let length = Int(pending[0]) | Int(pending[1]) << 8 | Int(pending[2]) << 16 | Int(pending[3]) << 24
                guard length <= Self.maximumMessage else { return nil }
                if pending.count >= 4 + length {
                    let message = Array(pending[4..<4 + length])
                    pending.removeFirst(4 + length)
                    return message
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(fd, &chunk, chunk.count)
            if count > 0 { pending += chunk[0..<count] } else if count < 0 && errno == EINTR { continue } else { return nil }
        }
    }
}

// MARK: - Shared pixels

/// Shared memory both processes map: a header page whose first bytes say what user code is running
/// and whose rest says where a crash happened (for the crash report), then the canvas's pixels. The preview makes it and sizes it; the
/// worker maps what it is given. One owner per process, unmapped and closed with it.
final class SharedPixels {
    /// Bytes before the pixels: what runs, as a NUL-terminated string.
    static let headerSize = 4096
    /// Where in the header the crash record starts (see `CrashPlace`); the activity is before it.
    static let crashRecordOffset = 256
    let fd: Int32
    private(set) var size = 0
    private(set) var address: UnsafeMutableRawPointer?
    /// The header page mapped on its own, once: its address never changes as the pixels are
    /// mapped again, so a signal handler may keep it.
    private(set) var header: UnsafeMutableRawPointer?

    /// New shared memory (the preview's side): a POSIX shared memory object unlinked at once,
    /// so only the two processes' descriptors keep it, and it goes when both are closed.
    init?() {
        nonisolated(unsafe) var fd: Int32 = -1
        for attempt in 0..<16 {
            let name = "/designable-\(getpid())-\(MonotonicClock.now() &+ UInt64(attempt))"
            fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { shm_unlink(name); break }
            if errno != EEXIST { return nil }
        }
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    /// An inherited descriptor (the worker's side).
    init(inherited fd: Int32) { self.fd = fd }

    deinit {
        unmap()
        if let header { munmap(header, Self.headerSize) }
        close(fd)
    }

    /// Makes the memory `capacity` bytes of pixels long (the preview's side) and maps it.
    func resize(capacity: Int) -> Bool {
        let total = Self.headerSize + capacity
        guard total != size else { return true }
        unmap()
        guard ftruncate(fd, off_t(total)) == 0 else { return false }
        return map(size: total)
    }

    /// Maps the memory at `capacity` bytes of pixels, as the other side sized it.
    func map(capacity: Int) -> Bool {
        let total = Self.headerSize + capacity
        if total == size, address != nil { return true }
        unmap()
        return map(size: total)
    }

    private func map(size total: Int) -> Bool {
        let mapped = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let mapped, mapped != MAP_FAILED else { return false }
        address = mapped
        size = total
        if header == nil {
            let page = mmap(nil, Self.headerSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
            if let page, page != MAP_FAILED { header = page }
        }
        return true
    }

    private func unmap() {
        if let address { munmap(address, size) }
        address = nil
        size = 0
    }

    var pixels: UnsafeMutableRawPointer? { address.map { $0 + Self.headerSize } }
    var capacity: Int { max(0, size - Self.headerSize) }

    /// What user code is running now, as the worker last wrote it.
    var activity: String {
        get {
            guard let address = header else { return "" }
            let bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: 256)
            return String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        set {
            guard let address = header else { return }
            let bytes = Array(newValue.utf8.prefix(255)) + [0]
            bytes.withUnsafeBytes { address.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
    }

    /// The crash record's room in the header: where the worker's `CrashPlace` writes.
    var crashRecord: (address: UnsafeMutableRawPointer, size: Int)? {
        header.map { ($0 + Self.crashRecordOffset, Self.headerSize - Self.crashRecordOffset) }
    }

    /// What the worker's crash handler wrote, "" when nothing.
    var crashRecordText: String {
        guard let (address, size) = crashRecord else { return "" }
        let bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        return String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}
