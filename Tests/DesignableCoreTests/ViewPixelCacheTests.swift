@testable import DesignableCore
import Foundation
import XCTest

/// The preview's cache of views' pixels: its bound and eviction order, that frames drawn through
/// it look as a fresh draw does, and that a new scale drops it.
final class ViewPixelCacheTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // MARK: - The bound

    func testBytesStayWithinTheLimitAndTheLeastRecentlyUsedGoFirst() throws {
        let document = try load(buttonsScene(count: 40, plain: true))
        let layout = Renderer().layout(document)
        let painter = Painter()
        let components = document.views.map { $0.component(in: .normal) }
        let frame = layout.frames[0]
        let cost = ViewPixelCache.bytes(of: ViewPixelCache.pixels(covering: components[0].visualBounds(in: frame), scale: 1))
        // Room for three buttons' pixels: a fourth pushes the least recently used one out.
        let cache = ViewPixelCache(limit: 3 * cost, entryLimit: cost)
        cache.prepare(scale: 1, painter: painter)
        /// Asks for view `index`'s pixels as the renderer does (twice when new: kept the second time).
        func use(_ index: Int) {
            let frame = layout.frames[index], component = components[index]
            for _ in 0..<2 {
                _ = cache.pixels(of: component, in: frame, covering: component.visualBounds(in: frame), appearance: .light,
                                 direction: .leftToRight) { context in
                    painter.drawing(on: context, scale: 1) { component.draw(in: frame, with: painter) }
                }
                XCTAssertLessThanOrEqual(cache.bytes, cache.limit, "view \(index)")
            }
        }
        for index in 0..<4 { use(index) }
        XCTAssertEqual(cache.componentsByAge.map(ObjectIdentifier.init), [1, 2, 3].map { ObjectIdentifier(components[$0]) })
        use(1)
        use(4)
        XCTAssertEqual(cache.componentsByAge.map(ObjectIdentifier.init), [3, 1, 4].map { ObjectIdentifier(components[$0]) },
                       "2 was used least recently; 1 was used again")
        // Far past the limit, in any order.
        for index in (0..<components.count).reversed() { use(index) }
        XCTAssertEqual(cache.count, 3)
        XCTAssertLessThanOrEqual(cache.bytes, cache.limit)

        // A view larger than one entry may be is drawn each time and never kept.
        let small = ViewPixelCache(limit: 64 * cost, entryLimit: cost - 1)
        small.prepare(scale: 1, painter: painter)
        for _ in 0..<3 {
            XCTAssertNil(small.pixels(of: components[0], in: frame, covering: components[0].visualBounds(in: frame), appearance: .light,
                                      direction: .leftToRight) { _ in XCTFail("drawn to be kept") })
        }
        XCTAssertEqual(small.bytes, 0)
    }

    // MARK: - The same pixels as drawing

    func testTheGalleryThroughTheCacheLooksAsDrawn() throws {
        // A canvas of fixed size, so that a view grown taller moves the views below it and not the canvas's edge.
        let text = try replacing("canvas: {width: 375,", with: "canvas: {size: [375, 1500],",
                                 in: String(contentsOf: fixturesFolder.appendingPathComponent("gallery.yaml"), encoding: .utf8))
        for scale in [1.0, 3.0] {
            try checkEdits(of: text, scale: scale, background: ("#F2F2F7", "#E5F0FF"), edits: [
                // Redraws SIGN IN alone: nothing else reaches what it covers.
                Edit("a title", "id: sign-in\n    title: SIGN IN", "id: sign-in\n    title: SIGN ON", composites: false),
                // Every view below moves by whole pixels, and is composited where it now is.
                Edit("a view taller", "title: SIGN ON\n    size: [343, 50]", "title: SIGN ON\n    size: [343, 54]", composites: true),
            ], name: "gallery")
        }
    }

    func testTwoHundredButtonsThroughTheCacheLookAsDrawn() throws {
        // At 3× its first two rows, where every edit is: a canvas 9 times the pixels costs a test run more than it tells.
        for (count, scale) in [(200, 1.0), (40, 3.0)] {
            try checkEdits(of: buttonsScene(count: count), scale: scale, background: ("#F2F2F7", "#1C1C1E"), edits: [
                // Button 22 lies on the card, beside a shadowed button, under the rotated badge.
                Edit("a title under the badge", "\"Open 22\"", "\"Edited 22\"", composites: true),
                // A shadow that reaches further (button 21's, on the card): the card is composited under it, button 22 over it.
                Edit("a wider shadow", "shadowRadius: 5", "shadowRadius: 9", composites: true),
                // The badge over buttons 22 and 23 recoloured: they are composited under it.
                Edit("the badge", "fillColor: \"#FF3B30\"", "fillColor: \"#34C759\"", composites: true),
            ], name: "\(count) buttons")
        }
    }

    /// What a background save keeps of each view is opaque, and large: a rounded button's middle
    /// without its corners, a pill's between its round ends; a see-through view keeps nothing.
    func testAViewsOpaqueMiddleIsWhatABackgroundSaveKeeps() throws {
        let text = """
            canvas: {width: 400, background: "#F2F2F7"}
            views:
              - {class: FancyButton, frame: [10, 10, 100, 32], cornerRadius: 4, backgroundColor: "#3B5998", title: Go}
              - {class: FancyButton, frame: [120, 10, 100, 32], cornerRadius: 16, backgroundColor: "#3B5998", title: Pill}
              - {class: UIView, frame: [230, 10, 100, 32], backgroundColor: "#3B599880"}

            """
        let renderer = Renderer(), cache = ViewPixelCache()
        let document = try load(text), layout = renderer.layout(document)
        let states: (Int) -> ControlState = { document.views[$0].initialState }
        for scale in [1.0, 3.0] {
            let buffer = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache)
            _ = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache, on: buffer)
            let boxes = document.views.indices.map { index in
                cache.opaqueBox(of: document.views[index].component(in: states(index)), in: layout.frames[index], appearance: .light, direction: .leftToRight)
            }
            XCTAssertNil(boxes[2], "a see-through view")
            for (index, minimum) in [(0, 0.8), (1, 0.6)] {
                let box = try XCTUnwrap(boxes[index], "view \(index) at \(scale)×")
                let frame = PixelRect(covering: layout.frames[index], scale: scale)
                XCTAssertEqual(box.intersection(frame), box, "inside its frame")
                XCTAssertGreaterThan(Double(box.area), minimum * Double(frame.area), "view \(index) at \(scale)×: \(box) of \(frame)")
                for y in box.y..<box.maxY { for x in box.x..<box.maxX where buffer.pixel(x: x, y: y) >> 24 != 0xFF {
                    return XCTFail("view \(index) at \(scale)×: (\(x), \(y)) is not opaque")
                } }
            }
            XCTAssertEqual(renderer.keptOpaquePixels(document, layout: layout, scale: scale, states: states,
                                                     area: Rect(origin: .zero, size: layout.canvasSize), cache: cache).count, 2)
            XCTAssertEqual(renderer.keptOpaquePixels(document, layout: layout, scale: scale, states: states,
                                                     area: Rect(x: 0, y: 100, width: 400, height: 10), cache: cache), [], "none in the area")
        }
    }

    func testANewScaleDropsEveryView() throws {
        let document = try load(buttonsScene(count: 20))
        let renderer = Renderer(), cache = ViewPixelCache()
        let layout = renderer.layout(document)
        for _ in 0..<2 { _ = try frame(document, layout: layout, scale: 1, renderer: renderer, cache: cache) }
        XCTAssertEqual(cache.count, document.views.count)
        _ = try frame(document, layout: layout, scale: 2, renderer: renderer, cache: cache)
        XCTAssertEqual(cache.scale, 2)
        XCTAssertEqual(cache.count, 0, "no pixels of 1× are kept, and none of 2× on their first frame")
        _ = try frame(document, layout: layout, scale: 2, renderer: renderer, cache: cache)
        XCTAssertEqual(cache.count, document.views.count)
    }

    func testAnEditedViewsPixelsGoWithItsOldDocument() throws {
        // More views than one frame looks at for forgotten ones.
        let text = buttonsScene(count: 2 * ViewPixelCache.sweepLength, plain: true)
        let renderer = Renderer(), cache = ViewPixelCache()
        var document = try load(text)
        for _ in 0..<2 { _ = try frame(document, layout: renderer.layout(document), scale: 1, renderer: renderer, cache: cache) }
        XCTAssertEqual(cache.count, document.views.count)
        document = try load(try replacing("\"Save 2\"", with: "\"Edited 2\"", in: text), reusing: document)
        // The first frame sees the edited view once; the second keeps it; by the third every entry was looked at.
        for _ in 0..<3 { _ = try frame(document, layout: renderer.layout(document), scale: 1, renderer: renderer, cache: cache) }
        XCTAssertEqual(cache.count, document.views.count, "the edited view's old pixels are dropped")
    }

    /// The component of a view gone from the document is let go when the caller says (after the
    /// frame is on screen, in the preview), not while the frame is drawn: freeing it takes time.
    func testAForgottenViewsComponentIsLetGoWhenReleased() throws {
        let text = buttonsScene(count: 4, plain: true)
        let renderer = Renderer(), cache = ViewPixelCache()
        var document = try load(text)
        for _ in 0..<2 { _ = try frame(document, layout: renderer.layout(document), scale: 1, renderer: renderer, cache: cache) }
        weak var old = document.views[1].component(in: .normal)
        XCTAssertNotNil(old)
        document = try load(try replacing("\"Save 2\"", with: "\"Edited 2\"", in: text), reusing: document)
        _ = try frame(document, layout: renderer.layout(document), scale: 1, renderer: renderer, cache: cache)
        XCTAssertEqual(cache.count, document.views.count - 1, "the edited view's old pixels are dropped, its new ones not kept yet")
        XCTAssertNotNil(old, "held until released")
        cache.releaseForgotten()
        XCTAssertNil(old, "let go")
    }

    // MARK: - Warming while idle

    /// What the preview does while nothing happens: the views on screen drawn into the cache after
    /// their first frame, a slice at a time, so the first background save composites them all;
    /// views off screen are left alone, and warming never pushes kept pixels out.
    func testWarmingKeepsTheViewsOnScreenAndTheFirstBackgroundSaveCompositesThem() throws {
        let text = buttonsScene(count: 200)
        let renderer = Renderer(), cache = ViewPixelCache()
        let document = try load(text), layout = renderer.layout(document)
        let buffer = try frame(document, layout: layout, scale: 1, renderer: renderer, cache: cache)
        XCTAssertEqual(cache.count, 0, "nothing is kept on a first frame")
        let states: (Int) -> ControlState = { document.views[$0].initialState }
        // The first five rows on screen, as a preview window shorter than the canvas shows it.
        let screen = Rect(x: 0, y: 0, width: layout.canvasSize.width, height: 200)
        let onScreen = document.views.indices.filter { document.views[$0].visualBounds(in: layout.frames[$0], state: states($0)).intersects(screen) }
        XCTAssertLessThan(onScreen.count, document.views.count)
        // A deadline already passed: one view a slice, the next slice going on from there.
        var next: Int? = 0, slices = 0
        while let from = next {
            next = renderer.warm(document, layout: layout, scale: 1, states: states, area: screen, cache: cache, from: from, until: 0)
            slices += 1
            if let next { XCTAssertGreaterThan(next, from) }
        }
        XCTAssertEqual(cache.count, onScreen.count, "every view on screen is kept, and none off it")
        // The badge, the last view, is on screen: the slice that draws it finds the end too.
        XCTAssertEqual(onScreen.last, document.views.count - 1)
        XCTAssertEqual(slices, onScreen.count, "one view drawn a slice")
        XCTAssertNil(renderer.warm(document, layout: layout, scale: 1, states: states, area: screen, cache: cache, from: 0, until: .max))
        XCTAssertEqual(cache.count, onScreen.count, "warming again draws nothing")

        // The first background save composites every view on screen, and looks as drawn.
        let hits = cache.hits
        let edited = try load(try replacing("#F2F2F7", with: "#1C1C1E", in: text), reusing: document)
        let editedLayout = renderer.layout(edited)
        let context = try DrawingContext(buffer)
        renderer.draw(edited, layout: editedLayout, scale: 1, on: context, states: { edited.views[$0].initialState }, damage: screen, cache: cache)
        try context.check("drawing the background save")
        XCTAssertEqual(cache.hits - hits, onScreen.count, "every view on screen is composited")
        let fresh = try Renderer().render(edited, layout: editedLayout, scale: 1, states: { edited.views[$0].initialState })
        XCTAssertLessThanOrEqual(maximumChannelDifference(buffer, fresh, rows: 200), 2, "the rows on screen look as drawn")

        // A cache with room for three views: warming fills it and stops, pushing nothing out.
        let cost = ViewPixelCache.bytes(of: ViewPixelCache.pixels(covering: document.views[1].visualBounds(in: layout.frames[1], state: .normal), scale: 1))
        let small = ViewPixelCache(limit: 3 * cost + cost / 2, entryLimit: 2 * cost)
        XCTAssertNil(renderer.warm(document, layout: layout, scale: 1, states: states, area: screen, cache: small, from: 0, until: .max))
        XCTAssertGreaterThan(small.count, 0)
        XCTAssertLessThanOrEqual(small.bytes, small.limit)
        let kept = small.componentsByAge.map(ObjectIdentifier.init)
        XCTAssertNil(renderer.warm(document, layout: layout, scale: 1, states: states, area: screen, cache: small, from: 0, until: .max))
        XCTAssertEqual(small.componentsByAge.map(ObjectIdentifier.init), kept, "a full cache is left as it was")
    }

    // MARK: - Helpers

    /// A save that replaces `old` with `new` in the file, and whether views around the change are
    /// then composited (or none reach what it changed).
    private struct Edit {
        let name: String
        let old: String, new: String
        let composites: Bool
        init(_ name: String, _ old: String, _ new: String, composites: Bool) {
            (self.name, self.old, self.new, self.composites) = (name, old, new, composites)
        }
    }

    /// Shows `text` at `scale` for two frames (the second keeps every view), then saves it with the
    /// canvas background changed from `background.0` to `.1`, then with each of `edits` made,
    /// redrawing as the preview does (everything, then the reconciler's rectangles), each frame
    /// through the cache; each must look as a fresh render of its document does.
    private func checkEdits(of text: String, scale: Double, background: (String, String), edits: some Sequence<Edit>,
                            name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = Renderer(), cache = ViewPixelCache()
        var document = try load(text), layout = renderer.layout(document)
        let buffer = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache)
        _ = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache, on: buffer)
        XCTAssertEqual(cache.count, document.views.count, "every view is kept on its second frame", file: file, line: line)
        var text = try replacing(background.0, with: background.1, in: text)
        var hits = cache.hits
        (document, layout) = try save(text, over: document, layout: layout, scale: scale, renderer: renderer, cache: cache, buffer: buffer)
        let what = "\(name) at \(formatNumber(scale))×"
        try compare(buffer, with: document, layout: layout, scale: scale, "\(what), background", file: file, line: line)
        XCTAssertEqual(cache.hits - hits, document.views.count, "\(what): every view is composited", file: file, line: line)
        for edit in edits {
            hits = cache.hits
            text = try replacing(edit.old, with: edit.new, in: text)
            (document, layout) = try save(text, over: document, layout: layout, scale: scale, renderer: renderer, cache: cache, buffer: buffer)
            try compare(buffer, with: document, layout: layout, scale: scale, "\(what), \(edit.name)", file: file, line: line)
            if edit.composites { XCTAssertGreaterThan(cache.hits, hits, "\(what), \(edit.name): views around it are composited", file: file, line: line) }
        }
    }

    /// Loads `text` over `old` as a save does and redraws what the reconciler says changed on `buffer`.
    private func save(_ text: String, over old: StyleDocument, layout oldLayout: Layout, scale: Double, renderer: Renderer,
                      cache: ViewPixelCache, buffer: ImageSurface) throws -> (StyleDocument, Layout) {
        let document = try load(text, reusing: old)
        let layout = renderer.layout(document)
        let shown = Reconciler.Shown(document: old, layout: oldLayout, states: old.views.map(\.initialState))
        let (_, damage) = Reconciler.reconcile(from: shown, to: document, layout: layout)
        switch damage {
        case .everything:
            _ = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache, on: buffer)
        case .background:
            // As the preview redraws a background save: every view's opaque middle left as it is.
            let canvas = Rect(origin: .zero, size: layout.canvasSize)
            let kept = renderer.keptOpaquePixels(document, layout: layout, scale: scale, states: { document.views[$0].initialState },
                                                 area: canvas, cache: cache)
            XCTAssertFalse(kept.isEmpty, "the views' opaque middles are kept")
            _ = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache, on: buffer, keeping: kept)
        case .rects(let rects):
            for rect in rects { _ = try frame(document, layout: layout, scale: scale, renderer: renderer, cache: cache, on: buffer, damage: rect) }
        }
        return (document, layout)
    }

    /// Draws `document` through `cache` on `buffer` (a new one the canvas's size when nil), only
    /// inside `damage` when given, as the preview draws a frame.
    @discardableResult
    private func frame(_ document: StyleDocument, layout: Layout, scale: Double, renderer: Renderer, cache: ViewPixelCache,
                       on buffer: ImageSurface? = nil, damage: Rect? = nil, keeping kept: [PixelRect] = []) throws -> ImageSurface {
        let canvas = Rect(origin: .zero, size: layout.canvasSize)
        let buffer = try buffer ?? ImageSurface(width: Int(canvas.pixelAligned(scale: scale).width), height: Int(canvas.pixelAligned(scale: scale).height))
        let context = try DrawingContext(buffer)
        renderer.draw(document, layout: layout, scale: scale, on: context, states: { document.views[$0].initialState },
                      damage: damage ?? canvas, cache: cache, keeping: kept)
        try context.check("drawing a frame")
        return buffer
    }

    /// `buffer` must look as a fresh render of `document` does; says by how much a channel differs at most.
    private func compare(_ buffer: ImageSurface, with document: StyleDocument, layout: Layout, scale: Double, _ what: String,
                         file: StaticString, line: UInt) throws {
        let fresh = try Renderer().render(document, layout: layout, scale: scale, states: { document.views[$0].initialState })
        let comparison = ImageComparison(buffer, to: fresh, tolerance: goldenTolerance)
        XCTAssertTrue(comparison.matches, "\(what): \(comparison.summary)", file: file, line: line)
        let worst = maximumChannelDifference(buffer, fresh)
        print("\(what): at most \(worst) of 255 from a fresh draw in any channel")
        // Compositing a premultiplied layer rounds differently from drawing over the background, by a level or two.
        XCTAssertLessThanOrEqual(worst, 2, what, file: file, line: line)
    }

    /// The largest difference of any channel of any pixel, in the first `rows` rows or all of them.
    private func maximumChannelDifference(_ a: ImageSurface, _ b: ImageSurface, rows: Int? = nil) -> Int {
        guard a.width == b.width, a.height == b.height, let pa = a.data, let pb = b.data else { return 255 }
        var worst = 0
        for y in 0..<min(a.height, rows ?? a.height) {
            let rowA = pa + y * a.stride, rowB = pb + y * b.stride
            if memcmp(rowA, rowB, 4 * a.width) == 0 { continue }
            for x in 0..<a.width {
                let p = rowA.load(fromByteOffset: 4 * x, as: UInt32.self), q = rowB.load(fromByteOffset: 4 * x, as: UInt32.self)
                guard p != q else { continue }
                for shift in stride(from: UInt32(0), through: 24, by: 8) {
                    worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                }
            }
        }
        return worst
    }

    private func load(_ text: String, reusing previous: StyleDocument? = nil) throws -> StyleDocument {
        let result = StyleLoader.load(bytes: Array(text.utf8), path: fixturesFolder.path + "/cache.yaml", reusing: previous)
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        return try XCTUnwrap(result.document)
    }

    private func replacing(_ old: String, with new: String, in text: String) throws -> String {
        XCTAssertEqual(text.components(separatedBy: old).count, 2, "\(old) is written once")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// `make bench`'s scene (FancyButtons 100×32 in rows of 20, each with a rounded clip, a
    /// gradient, a border and a title, the icon on every 4th), and unless `plain` what makes a
    /// cache's life hard: a card with a shadow behind the first rows, buttons with shadows that
    /// reach their neighbours, odd rows half a point down, and a translucent rotated badge over them.
    private func buttonsScene(count: Int, plain: Bool = false) -> String {
        let words = ["Buy", "Save", "Next", "Play", "Send", "Open", "Join", "Share"]
        let gradients = [("#F37335", "#FDC830"), ("#2193B0", "#6DD5ED"), ("#5B2A86", "#A10FFF"), ("#11998E", "#38EF7D")]
        let rows = (count + 19) / 20
        var lines = ["canvas: {size: [2168, \(8 + rows * 40 + 1)], background: \"#F2F2F7\"}", "views:"]
        if !plain {
            lines.append("  - {class: DesignableView, id: card, frame: [4, 4, 540, 164], fillColor: white, cornerRadius: 12, shadowOpacity: 0.3, shadowRadius: 6, shadowOffset: [0, 4]}")
        }
        for index in 0..<count {
            let (row, column) = index.quotientAndRemainder(dividingBy: 20)
            let y = formatNumber(8 + Double(row * 40) + (row % 2 == 1 && !plain ? 0.5 : 0))
            var fields = ["class: FancyButton", "frame: [\(8 + column * 108), \(y), 100, 32]", "title: \"\(words[index % words.count]) \(index + 1)\"",
                          "titleColor: white", "font: \"DejaVu Sans 12\"", "enableGradientBackground: true",
                          "gradientColor1: \"\(gradients[index % 4].0)\"", "gradientColor2: \"\(gradients[index % 4].1)\"",
                          "cornerRadius: \([4, 8, 16][index % 3])", "borderWidth: \(1 + index / 3 % 2)", "borderColor: \"#1C1C1E\""]
            if index % 4 == 0 { fields += ["image: facebook", "imageRendering: template", "tintColor: white"] }
            if index % 5 == 0, !plain {
                fields.append("layer: {masksToBounds: false, shadowOpacity: 0.5, shadowRadius: \(index == 20 ? 5 : 4), shadowOffset: [0, 3]}")
            }
            lines.append("  - {" + fields.joined(separator: ", ") + "}")
        }
        if !plain { lines.append("  - {class: DesignableView, id: badge, frame: [120, 40, 200, 40], fillColor: \"#FF3B30\", opacity: 0.6, rotate: 12, cornerRadius: 20}") }
        return lines.joined(separator: "\n") + "\n"
    }
}
