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
}
