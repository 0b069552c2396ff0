@testable import DesignableCore
import XCTest

/// How a holder finds its properties, and how `inspect` writes their values back.
final class PropertyTests: XCTestCase {
    /// `b`'s wrapper is made in the initialiser's body, after `a`'s initial value: the wrappers are
    /// created in the order a, b while reflection lists them b, a. Binding by order would swap them.
    final class OutOfOrder: PropertyHolder {
        @Inspectable var b: Double
        @Inspectable("The a property.") var a = 1.0

        required init() {
            _b = Inspectable(wrappedValue: 2, "The b property.")
            super.init()
        }
    }

    func testPropertiesAreBoundToTheirOwnWrappersWhateverTheOrderOfCreation() throws {
        for _ in 0..<2 {  // the first make reflects; later ones use the per-class table
            let holder = OutOfOrder.make()
            XCTAssertEqual(holder.properties.map(\.name), ["b", "a"])
            XCTAssertEqual(holder.property(named: "a")?.help, "The a property.")
            XCTAssertEqual(holder.property(named: "b")?.help, "The b property.")
            XCTAssertTrue(holder.property(named: "a") === holder.$a)
            XCTAssertTrue(holder.property(named: "b") === holder.$b)
        }
    }

    /// The names bound by wrapper identity against a reflection that finds the wrappers by
    /// casting each stored value (the way a reader would expect them found).
    func testEveryComponentBindsEachNameToItsOwnWrapper() {
        func reflect(_ subject: Any) -> [(name: String, property: AnyInspectable)] {
            var found: [(name: String, property: AnyInspectable)] = []
            var mirror: Mirror? = Mirror(reflecting: subject)
            while let current = mirror {
                for child in current.children {
                    if let group = child.value as? InspectableGroup {
                        found += reflect(group)
                    } else if let label = child.label, let property = child.value as? AnyInspectable {
                        found.append((label.hasPrefix("_") ? String(label.dropFirst()) : label, property))
                    }
                }
                mirror = current.superclassMirror
            }
            return found
        }
        for type in ComponentRegistry.all {
            let made = type.make()
            let reflected = reflect(made)
            XCTAssertFalse(reflected.isEmpty, type.className)
            XCTAssertEqual(made.properties.map(\.name), reflected.map(\.name), type.className)
            for ((_, bound), (name, mirrored)) in zip(made.properties, reflected) {
                XCTAssertTrue(bound === mirrored, "\(type.className).\(name)")
            }
        }
    }

    /// The built-in classes give their names as text (making a class's name from its type costs
    /// the runtime's demangler on every start): each is the Swift class's own, but for UIKit's
    /// `UIButton`, `UILabel`, `UIImageView`, `UIView` and `UIStackView`, whose names a designer's
    /// own UIKit code may take.
    func testBuiltInClassNamesAreTheirSwiftNames() {
        let uikitNames = ["Button": "UIButton", "Label": "UILabel", "ImageView": "UIImageView", "PlainView": "UIView", "StackView": "UIStackView"]
        for type in ComponentRegistry.builtIns {
            let swiftName = String(describing: type)
            XCTAssertEqual(type.className, uikitNames[swiftName] ?? swiftName)
        }
    }

    func testTextIsWrittenAsAStyleFileWouldQuoteIt() throws {
        XCTAssertEqual("say \"hi\"".styleText, #""say \"hi\"""#)
        XCTAssertEqual("a\\b".styleText, #""a\\b""#)
        XCTAssertEqual("two\nlines\tand a bell \u{7}".styleText, #""two\nlines\tand a bell \a""#)
        XCTAssertEqual(Font("Sans \"Bold\" 12").styleText, #""Sans \"Bold\" 12""#)
        // What `inspect` prints reads back as the same text.
        for text in ["say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "nul\u{0}and\u{1B}esc", "登入 ✓", "# not a comment", "", "\u{85}\u{2028}"] {
            let document = try XCTUnwrap(loadStyle("views:\n  - class: UIButton\n    title: \(text.styleText)\n"), text)
            let button = try XCTUnwrap(document.views.first?.component(in: .normal) as? Button)
            XCTAssertEqual(button.title, text)
            XCTAssertEqual(PropertyRow.rows(of: button).first { $0.name == "title" }?.value, text.styleText)
        }
    }

    /// A colour reads back too: quoted, since an unquoted `#` starts a YAML comment.
    func testColoursAreWrittenQuotedAndReadBack() throws {
        let colour = Color(rgb: 0x5B2A86, alpha: 0.25)
        XCTAssertEqual(colour.styleText, ##""#5B2A8640""##)
        let document = try XCTUnwrap(loadStyle("views:\n  - {class: UIButton, titleColor: \(colour.styleText)}\n"))
        let button = try XCTUnwrap(document.views.first?.component(in: .normal) as? Button)
        let row = try XCTUnwrap(PropertyRow.rows(of: button).first { $0.name == "titleColor" })
        XCTAssertEqual(row.value, colour.styleText)
        XCTAssertEqual(row.color, button.titleColor, "the inspector's swatch comes from the value, not from its text")
        XCTAssertEqual(button.titleColor?.hex, colour.hex)
    }

    /// The layer vocabulary is stated once, in `Layer.attributes`: a `layer:` map lists it in its
    /// order, each attribute left unset holds CALayer's default, and a class property declared
    /// from it has its name, words and bounds.
    func testTheLayerVocabularyIsOneTable() throws {
        let map = LayerAttributes.make()
        XCTAssertEqual(map.properties.map(\.name), Layer.attributes.map(\.name))
        XCTAssertEqual(Set(Layer.attributes.map(\.name)).count, Layer.attributes.count)
        XCTAssertEqual(Set(Layer.attributes.map(\.anyField)).count, Layer.attributes.count, "two names for one field")
        for ((name, property), attribute) in zip(map.properties, Layer.attributes) {
            XCTAssertEqual(property.help, attribute.help.text, name)
            var layer = Layer()
            property.write(to: &layer)
            XCTAssertEqual(layer, Layer(), "\(name)'s default is not CALayer's")
        }
        let designable = DesignableView.make()
        let shared = Layer.attributes.filter { designable.property(named: $0.name) != nil }
        XCTAssertEqual(shared.map(\.name), ["cornerRadius", "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "opacity"])
        for attribute in shared {
            let property = try XCTUnwrap(designable.property(named: attribute.name))
            XCTAssertEqual(property.help, attribute.help.text, attribute.name)
            XCTAssertEqual(property.defaultStyleText, map.property(named: attribute.name)?.defaultStyleText, attribute.name)
        }
        // A seed class's own radius: the attribute's words and bounds, with its own default.
        let subscribe = try XCTUnwrap(SubscribeButton.make().property(named: "cornerRadius"))
        XCTAssertEqual(subscribe.help, Layer.attribute(for: \.cornerRadius).help.text)
        XCTAssertEqual(subscribe.defaultStyleText, "12")
    }

    /// Each attribute a `layer:` map sets is written into its field, whatever else the class set;
    /// a designable's words that are the layer's own, and UIView's, are written into theirs.
    func testEveryLayerAttributeAFileSetsIsWrittenIntoItsField() throws {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 40)
        let document = try XCTUnwrap(loadStyle("""
            views:
              - class: FancyButton
                cornerRadius: 8
                layer: {cornerRadius: 5, maskedCorners: [minXMinY], cornerCurve: continuous, masksToBounds: false, borderWidth: 2, borderColor: "#FF0000", backgroundColor: "#00FF00", shadowColor: "#0000FF", shadowOpacity: 0.5, shadowRadius: 4, shadowOffset: [1, 2], opacity: 0.25}
              - {class: DesignableView, cornerRadius: 6, borderWidth: 3, borderColor: "#112233", shadowColor: "#445566", shadowOpacity: 0.75, shadowRadius: 9, shadowOffset: [3, 4], opacity: 0.5}
              - {class: DesignableView, opacity: 0.5, alpha: 0.8, clipsToBounds: true, isHidden: true}
            """))
        var expected = Layer()
        (expected.cornerRadius, expected.maskedCorners, expected.cornerCurve, expected.masksToBounds) = (5, .minXMinY, .continuous, false)
        (expected.borderWidth, expected.borderColor, expected.backgroundColor) = (2, Color(rgb: 0xFF0000), Color(rgb: 0x00FF00))
        (expected.shadowColor, expected.shadowOpacity, expected.shadowRadius) = (Color(rgb: 0x0000FF), 0.5, 4)
        (expected.shadowOffset, expected.opacity) = (Offset(width: 1, height: 2), 0.25)
        let fancy = try XCTUnwrap(document.views.first?.component(in: .normal)).layer(in: bounds)
        expected.gradient = fancy.gradient
        XCTAssertEqual(fancy, expected)

        let designable = try XCTUnwrap(document.views.dropFirst().first?.component(in: .normal)).layer(in: bounds)
        XCTAssertEqual(designable.cornerRadius, 6)
        XCTAssertEqual(designable.borderWidth, 3)
        XCTAssertEqual(designable.borderColor, Color(rgb: 0x112233))
        XCTAssertEqual(designable.shadowColor, Color(rgb: 0x445566))
        XCTAssertEqual([designable.shadowOpacity, designable.shadowRadius, designable.opacity], [0.75, 9, 0.5])
        XCTAssertEqual(designable.shadowOffset, Offset(width: 3, height: 4))

        // UIView's alpha is the layer's opacity, set after the class's own words.
        let viewed = try XCTUnwrap(document.views.last?.component(in: .normal)).layer(in: bounds)
        XCTAssertEqual(viewed.opacity, 0.8)
        XCTAssertTrue(viewed.masksToBounds)
        XCTAssertTrue(viewed.isHidden)
    }
}
