@testable import DesignableCore
import XCTest

/// The arithmetic of sizes and places, as the seed tutorials define it.
final class LayoutTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        pinTestFonts()
    }

    // Lazy: XCTest makes every test case before any class setUp runs, and a Painter loads fonts.
    private lazy var painter = Painter()

    private func document(_ views: String, canvas: String = "{padding: 16, spacing: 12}") throws -> StyleDocument {
        try XCTUnwrap(loadStyle("canvas: \(canvas)\nviews:\n" + views, path: fixturesFolder.path + "/x.yaml"))
    }

    func testHumanisedLabelsAreInterfaceBuilders() {
        XCTAssertEqual(humanise("cornerRadius"), "Corner Radius")
        XCTAssertEqual(humanise("titleLeftPadding"), "Title Left Padding")
        XCTAssertEqual(humanise("enableImageRightAligned"), "Enable Image Right Aligned")
        XCTAssertEqual(humanise("gradientColor1"), "Gradient Color 1")
        XCTAssertEqual(humanise("isHorizontal"), "Is Horizontal")
        XCTAssertEqual(humanise("verticalPad"), "Vertical Pad")
    }

    func testEachPropertyIsDeclaredOnceAndFound() {
        XCTAssertEqual(RoundedCornerButton.propertyNames.first, "cornerRadius")
        // Every view's own (UIView's alpha, isHidden, clipsToBounds) come after its class's.
        let everyView = ["alpha", "isHidden", "clipsToBounds"]
        XCTAssertEqual(Array(BWGradientView.propertyNames), ["startColor", "endColor", "isHorizontal", "roundness"] + everyView)
        XCTAssertEqual(Array(PillUILabel.propertyNames), ["text", "textColor", "backgroundColor", "font", "verticalPad", "horizontalPad"] + everyView)
        let fancy = FancyButton.propertyNames
        for name in ["cornerRadius", "borderWidth", "borderColor", "titleLeftPadding", "imageBottomPadding",
                     "enableImageRightAligned", "enableGradientBackground", "gradientColor1", "gradientColor2",
                     "tintColor", "title", "font", "alignment", "contentInsets", "imagePadding", "imagePlacement", "image"] {
            XCTAssertTrue(fancy.contains(name), name)
        }
        XCTAssertEqual(Set(fancy).count, fancy.count)
        // Names pair with the right wrappers (PropertyTests checks every class against a mirror).
        let button = FancyButton.make()
        XCTAssertTrue(button.property(named: "cornerRadius") === button.$cornerRadius)
        XCTAssertTrue(button.property(named: "gradientColor2") === button.$gradientColor2)
    }

    func testPillIntrinsicSizeIsTheSeeds() throws {
        let document = try document("  - {class: PillUILabel, text: 3 unread, font: Sans 15, verticalPad: 4, horizontalPad: 6}\n")
        let pill = try XCTUnwrap(document.views[0].component(in: .normal) as? PillUILabel)
        let text = painter.measure("3 unread", font: Font("Sans 15"))
        let size = try XCTUnwrap(pill.intrinsicContentSize(painter))
        XCTAssertEqual(size.width, text.width + text.height + 2 * 6, accuracy: 1e-9)
        XCTAssertEqual(size.height, text.height + 2 * 4, accuracy: 1e-9)
    }

    /// Insets larger than the content give no negative frame: the view is empty, not inside out.
    func testNegativeInsetsGiveAnEmptyViewNotANegativeOne() throws {
        let document = try document("  - {class: FancyButton, title: Hi, contentInsets: [-30, -200, -30, -200]}\n")
        let frame = Layout.compute(document, painter: painter).frames[0]
        XCTAssertEqual(frame.size, .zero)
    }

    func testSubscribeButtonIs170By46() throws {
        let document = try document("  - class: SubscribeButton\n")
        XCTAssertEqual(Layout.compute(document, painter: painter).frames[0].size, Size(width: 170, height: 46))
    }

    func testColumnIsCentredWithPaddingAndSpacing() throws {
        let document = try document("""
          - {class: BWGradientView, size: [100, 40]}
          - {class: BWGradientView, size: [200, 60]}
          - {class: BWGradientView, frame: [5, 6, 7, 8]}
        """)
        let layout = Layout.compute(document, painter: painter)
        XCTAssertEqual(layout.canvasSize, Size(width: 232, height: 16 + 40 + 12 + 60 + 16))
        XCTAssertEqual(layout.frames[0], Rect(x: 66, y: 16, width: 100, height: 40))
        XCTAssertEqual(layout.frames[1], Rect(x: 16, y: 68, width: 200, height: 60))
        XCTAssertEqual(layout.frames[2], Rect(x: 5, y: 6, width: 7, height: 8))
        XCTAssertEqual(layout.view(at: Point(x: 70, y: 20)), 0)
        XCTAssertNil(layout.view(at: Point(x: 1, y: 1)))
        // A window wider than the content re-centres the column.
        XCTAssertEqual(Layout.compute(document, painter: painter, availableWidth: 432).frames[0].x, 166)
    }

    func testViewWithoutIntrinsicSizeTakesTheColumnWidth() throws {
        let document = try document("  - class: BWGradientView\n", canvas: "{width: 300, padding: 10}")
        XCTAssertEqual(Layout.compute(document, painter: painter).frames[0], Rect(x: 10, y: 10, width: 280, height: Layout.fallbackHeight))
    }

    /// A fitted canvas holds every view: a framed one with the padding past its right edge as
    /// below its bottom, and a column view of no size at the fallback width, inside the canvas.
    func testAFittedCanvasHoldsEveryView() throws {
        let framed = Layout.compute(try document("  - {class: UIView, frame: [500, 500, 50, 50]}\n"), painter: painter)
        XCTAssertEqual(framed.canvasSize, Size(width: 566, height: 566))
        let unsized = Layout.compute(try document("  - class: BWGradientView\n  - {class: BWGradientView, size: [100, 40]}\n"), painter: painter)
        XCTAssertEqual(unsized.canvasSize.width, 320)
        XCTAssertEqual(unsized.frames[0], Rect(x: 16, y: 16, width: 288, height: Layout.fallbackHeight))
        XCTAssertEqual(unsized.frames[1].x, 110)
        // The column centres in the width the framed views make.
        let both = Layout.compute(try document("  - {class: BWGradientView, size: [100, 40]}\n  - {class: UIView, frame: [0, 80, 300, 20]}\n"), painter: painter)
        XCTAssertEqual(both.canvasSize.width, 316)
        XCTAssertEqual(both.frames[0].x, 108)
    }

    private func content(_ properties: String, width: Double = 343) throws -> (Button.ContentLayout, Size?, Size) {
        let document = try document("  - {class: FancyButton, image: facebook, \(properties)}\n")
        let button = try XCTUnwrap(document.views[0].component(in: .normal) as? Button)
        let bounds = Rect(x: 0, y: 0, width: width, height: 50)
        let title = button.title.isEmpty ? nil : painter.measure(button.title, font: button.font)
        return (button.layoutContent(in: bounds, with: painter), title, painter.size(of: button.image!))
    }

    func testImageRightAlignedUsesTheSeedsFormula() throws {
        let (layout, _, image) = try content("title: SIGN IN, alignment: left, enableImageRightAligned: true, imageRightPadding: 20")
        XCTAssertEqual(image, Size(width: 24, height: 24))
        XCTAssertEqual(layout.imageRect?.x, 343 - 24 - 20)
        XCTAssertEqual(layout.imageRect?.y, 13)
        // Centred, the seed's left inset acts by half, as every edge inset on centred content does.
        let (centred, _, _) = try content("title: SIGN IN, enableImageRightAligned: true, imageRightPadding: 20")
        let (plain, _, _) = try content("title: SIGN IN, imageRightPadding: 20")
        XCTAssertEqual(centred.imageRect!.x - plain.imageRect!.x, (343 - 24 - 20) / 2, accuracy: 1e-9)
    }

    func testContentInsetsAndImagePadding() throws {
        let (layout, title, _) = try content("title: SIGN IN WITH FACEBOOK, alignment: left, contentInsets: [0, 30, 0, 0], imagePadding: 10")
        XCTAssertEqual(layout.imageRect?.x, 30)
        XCTAssertEqual(layout.titleRect?.x, 30 + 24 + 10)
        XCTAssertEqual(layout.titleRect?.y ?? 0, 25 - title!.height / 2, accuracy: 1e-9)
    }

    func testTrailingPlacementPutsTheImageAfterTheTitle() throws {
        let (layout, title, _) = try content("title: NEXT, alignment: right, imagePlacement: trailing, imagePadding: 8")
        XCTAssertEqual(layout.imageRect?.maxX, 343)
        XCTAssertEqual(layout.titleRect?.maxX ?? 0, 343 - 24 - 8, accuracy: 1e-9)
        XCTAssertEqual(layout.titleRect?.width, title?.width)
    }

    func testIOS14PaddingsShiftTowardTheAlignedEdge() throws {
        let (left, _, _) = try content("title: SIGN IN, alignment: left, titleLeftPadding: 30, imageLeftPadding: 20")
        XCTAssertEqual(left.imageRect?.x, 20)
        XCTAssertEqual(left.titleRect?.x, 24 + 30)
        let (centred, _, _) = try content("title: SIGN IN, titleLeftPadding: 30, titleRightPadding: 10, titleTopPadding: 8")
        let (plain, _, _) = try content("title: SIGN IN")
        XCTAssertEqual(centred.titleRect!.x - plain.titleRect!.x, 10, accuracy: 1e-9)
        XCTAssertEqual(centred.titleRect!.y - plain.titleRect!.y, 4, accuracy: 1e-9)
    }

    func testButtonIntrinsicSizeIncludesInsetsImageAndPadding() throws {
        let document = try document("  - {class: FancyButton, title: Go, image: facebook, imagePadding: 10, contentInsets: [5, 20, 5, 20]}\n")
        let title = painter.measure("Go", font: Font("Sans 15"))
        let size = try XCTUnwrap(document.views[0].component(in: .normal).intrinsicContentSize(painter))
        XCTAssertEqual(size.width, 20 + 24 + 10 + title.width + 20, accuracy: 1e-9)
        XCTAssertEqual(size.height, 5 + max(24, title.height) + 5, accuracy: 1e-9)
    }

    func testStatesLayerInOrderAndStartFromTheFile() throws {
        let document = try document("""
          - class: FancyButton
            id: b
            title: Off
            isSelected: true
            selected: {title: "On"}
            highlighted: {borderWidth: 4}
        """)
        let view = document.views[0]
        XCTAssertEqual(view.initialState, .selected)
        XCTAssertEqual((view.component(in: .normal) as? FancyButton)?.title, "Off")
        let both = try XCTUnwrap(view.component(in: [.selected, .highlighted]) as? FancyButton)
        XCTAssertEqual(both.title, "On")
        XCTAssertEqual(both.borderWidth, 4)
        XCTAssertTrue(view.component(in: .selected) === view.component(in: .selected))
    }

    func testSubscribeButtonSelectedLookIsItsOwnDefault() throws {
        let document = try document("  - class: SubscribeButton\n")
        let selected = try XCTUnwrap(document.views[0].component(in: .selected) as? SubscribeButton)
        XCTAssertEqual(selected.backgroundColor, SubscribeButton.purpleBright)
        XCTAssertEqual(selected.borderColor, SubscribeButton.purpleBright)
        XCTAssertEqual(selected.titleColor, .white)
        XCTAssertEqual(selected.image?.name, "icon-check")
        XCTAssertEqual(selected.image?.isMissing, false)
        let highlighted = try XCTUnwrap(document.views[0].component(in: .highlighted) as? SubscribeButton)
        XCTAssertEqual(highlighted.backgroundColor, SubscribeButton.purple.withAlpha(0.85))
        // A property's default is the component's own, and is reported as a default.
        XCTAssertEqual(selected.$title.defaultValue, "Subscribe")
        XCTAssertNil(selected.$title.setAt)
    }

    func testSameLookComparesEveryProperty() throws {
        let first = try document("  - {class: FancyButton, title: A, cornerRadius: 4}\n  - {class: FancyButton, title: A, cornerRadius: 4}\n  - {class: FancyButton, title: A, cornerRadius: 5}\n  - {class: RoundedCornerButton, title: A, cornerRadius: 4}\n")
        let views = first.views.map { $0.component(in: .normal) }
        XCTAssertTrue(views[0].hasSameLook(as: views[1]))
        XCTAssertFalse(views[0].hasSameLook(as: views[2]))
        XCTAssertFalse(views[0].hasSameLook(as: views[3]))
        XCTAssertFalse(views[0].hasSameLook(as: first.views[0].component(in: .highlighted)))
    }

    func testBitmapImagesPreferTheirScale() throws {
        let document = try document("  - {class: UIButton, image: heart}\n")
        let image = try XCTUnwrap((document.views[0].component(in: .normal) as? Button)?.image)
        XCTAssertEqual(image.bestFile(forScale: 1)?.scale, 1)
        XCTAssertEqual(image.bestFile(forScale: 2)?.scale, 2)
        XCTAssertEqual(image.bestFile(forScale: 3)?.scale, 3)
        XCTAssertEqual(painter.size(of: image), Size(width: 20, height: 20))
    }
}
