import DesignableCore
@testable import DesignablePreview
import XCTest

/// The preview and its component worker's messages read back as they were written: a render
/// request that asks for the inspector's view and the outlines, and a frame that brings them.
final class WorkerProtocolTests: XCTestCase {
    func testARenderAndItsInspectorRowsRoundTrip() throws {
        let request = WorkerRequest.render(RenderRequest(scale: 2, dark: true, rightToLeft: false, states: [0, 1], capacity: 4096, inspect: 1,
                                                         outlines: true))
        XCTAssertEqual(try WorkerRequest(decoding: request.encoded), request)
        let none = WorkerRequest.render(RenderRequest(scale: 1, dark: false, rightToLeft: true, states: [], capacity: 4, inspect: nil))
        XCTAssertEqual(try WorkerRequest(decoding: none.encoded), none)

        let place = SourceLocation(line: 7, column: 5, file: SourceFile(path: "style.yaml"))
        let rows = [
            PropertyRow(name: "rating", label: "Rating", typeName: "Number", value: "4", help: "Stars filled.", setAt: place,
                        origin: .view, color: nil),
            PropertyRow(name: "starColor", label: "Star Color", typeName: "Color", value: "\"#FF0000\"", help: "", setAt: place,
                        origin: .preset("Warm", state: .highlighted), color: Color(rgb: 0xFF0000)),
            PropertyRow(name: "titleColor", label: "Title Color", typeName: "Color", value: "nil", help: "", setAt: nil, origin: nil,
                        color: Color(rgb: 0x007AFF), fallback: PropertyRow.Fallback(name: "tintColor", value: "\"#007AFF\"")),
            PropertyRow(name: "alpha", label: "Alpha", typeName: "Number", value: "0.5", help: "", setAt: place,
                        origin: .stateMap(.disabled), color: nil),
        ]
        let inspected = InspectedView(view: 1, state: 1, rows: rows,
                                      rectangles: [.frame: Rect(x: 1, y: 2, width: 3, height: 4), .title: Rect(x: 2, y: 2, width: 1, height: 1)])
        let outlines: [ViewRectangles] = [[(.frame, Rect(x: 0, y: 0, width: 9, height: 9))], []]
        let reply = WorkerReply.rendered(width: 10, height: 20, stride: 40, inspected: inspected, outlines: outlines)
        guard case .rendered(10, 20, 40, let read?, let readOutlines?) = try WorkerReply(decoding: reply.encoded) else {
            return XCTFail("not the frame written")
        }
        XCTAssertEqual(read, inspected)
        XCTAssertEqual(readOutlines.map { $0.map(\.rect) }, outlines.map { $0.map(\.rect) })
        XCTAssertEqual(readOutlines.map { $0.map(\.kind) }, outlines.map { $0.map(\.kind) })
        let plain = WorkerReply.rendered(width: 1, height: 1, stride: 4, inspected: nil, outlines: nil)
        XCTAssertEqual(try WorkerReply(decoding: plain.encoded).encoded, plain.encoded)
        XCTAssertThrowsError(try WorkerReply(decoding: Array(reply.encoded.dropLast(3))), "a cut message is refused")
    }
}
