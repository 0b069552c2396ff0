/// The JSON Schema (draft 2020-12) of a style file, rendered from the declarations (each
/// component's properties and their value shapes), so editors with a YAML language server
/// complete property names and check values, and accept what the loader accepts.
public enum StyleSchema {
    /// The schema as JSON text.
    public static func json() -> String { document.serialized() }

    /// The schema as a JSON value.
    public static var document: JSONValue {
        let names = ComponentRegistry.names.map(JSONValue.string)
        // Each class is checked by its own definition, chosen by `class`, so a validator names
        // the property that is wrong rather than saying no class's schema matched.
        func byClass(_ suffix: String) -> [JSONValue] {
            ComponentRegistry.all.map { type in
                ["if": ["properties": ["class": ["const": .string(type.className)]], "required": ["class"]],
                 "then": ["$ref": .string("#/$defs/" + type.className + suffix)]]
            }
        }
        // One view, wherever it sits; where it sits refuses what the loader ignores there.
        let view: JSONValue = [
            "type": "object",
            "properties": ["class": ["enum": .array(names)],
                           "style": presetName.setting("description", "The preset of 'styles:' the view starts from.")],
            // A view may take its class from a mapping it merges (`<<: *base`), or from its preset.
            "anyOf": [["required": ["class"]], ["required": ["<<"]], ["required": ["style"]]],
            "allOf": .array(byClass("") + [classless("AnyClass")]),
        ]
        // A preset for no class may hold any class's properties: the views that use it check them.
        let preset: JSONValue = [
            "type": "object",
            "description": "Properties (and state maps) a view takes with 'style:'; 'class:' when it is for one class and the classes built on it.",
            "properties": ["class": ["enum": .array(names)],
                           "extends": presetName.setting("description", "The preset this one builds on.")],
            "allOf": .array(byClass("Preset") + [classless("AnyClassPreset")]),
        ]
        var definitions: [(key: String, value: JSONValue)] = []
        let samples = ComponentRegistry.all.map { ($0, $0.make()) }
        for (type, sample) in samples {
            definitions.append((type.className, component(type, sample)))
            definitions.append((type.className + "Preset", component(type, sample, asPreset: true)))
            if type.isControl {
                definitions.append((type.className + "State", [
                    "type": ["object", "null"],
                    "description": .string("How \(type.className) looks in a state, over its own properties."),
                    "properties": .object(properties(of: sample) + [layerMap, mergeKey]),
                    "additionalProperties": false,
                ]))
            }
        }
        definitions.append(("layer", [
            "type": ["object", "null"],
            "description": "CALayer properties set after the class's own, as Interface Builder's layer.* runtime attributes.",
            "properties": .object(properties(of: LayerAttributes.make()) + [mergeKey]),
            "additionalProperties": false,
        ]))
        definitions.append(("AnyClass", anyClass(of: samples.map(\.1), asPreset: false)))
        definitions.append(("AnyClassPreset", anyClass(of: samples.map(\.1), asPreset: true)))
        definitions.append(("view", view))
        definitions.append(("topLevelView", placed(refusing: [
            ("pin", "A top-level view sits in the canvas's column or at its frame: only a subview is pinned to its parent."),
        ])))
        definitions.append((Placement.any.definition, placed(refusing: [])))
        definitions.append((Placement.plain.definition, placed(refusing: [
            ("spacingAfter", "Only a stack view leaves space after its arranged subviews."),
        ])))
        definitions.append((Placement.arranged.definition, placed(refusing: [
            ("frame", "A stack view places its arranged subviews: give the subview a size: instead."),
            ("pin", "A stack view places its arranged subviews: give the subview a size: instead."),
        ])))
        definitions.append(("nested", nested))
        definitions.append(("nestedValues", nestedValues(of: samples.map(\.1))))
        definitions.append(("preset", preset))
        definitions.append(("merge", [
            "description": "YAML merge key: the mapping (or list of mappings) whose keys this one takes unless it gives its own.",
            "anyOf": [["type": "object"], ["type": "array", "items": ["type": "object"]]],
        ]))
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Designable style file",
            "type": "object",
            "properties": [
                "canvas": [
                    "type": ["object", "null"],
                    "description": "The page the views are laid out on.",
                    "properties": .object(properties(of: CanvasSettings.make()) + [mergeKey]),
                    "additionalProperties": false,
                ],
                "components": [
                    "type": ["array", "string", "null"],
                    "description": "Swift files of component classes the views may name, relative to this file.",
                    "items": ["type": "string", "pattern": "\\.swift$"],
                    "pattern": "\\.swift$",
                ],
                "import": [
                    "type": ["array", "string", "null"],
                    "description": "Style files whose theme and presets this one uses, relative to this file.",
                    "items": ["type": "string", "minLength": .number(1)],
                    "minLength": .number(1),
                ],
                "theme": [
                    "type": ["object", "null"],
                    "properties": [
                        "colors": [
                            "type": "object",
                            "description": "Named colours the views can use, each defined before any that uses it.",
                            "additionalProperties": Color.shape.schema,
                        ],
                        "fonts": [
                            "type": "object",
                            "description": "Named fonts the views can use wherever a font goes, each defined before any that uses it.",
                            "additionalProperties": Font.shape.schema,
                        ],
                    ],
                    "additionalProperties": false,
                ],
                "styles": [
                    "type": ["object", "null"],
                    "description": "Named presets: a view takes one with 'style: NAME' and overrides what it likes.",
                    "additionalProperties": ["$ref": "#/$defs/preset"],
                ],
                "views": ["type": ["array", "null"], "items": ["$ref": "#/$defs/topLevelView"]],
            ],
            // `x-` keys hold anchors for views to merge (`x-base: &base {...}`), as in Compose files.
            "patternProperties": ["^x-": [:]],
            "additionalProperties": false,
            "$defs": .object(definitions),
        ]
    }

    // Computed, not a stored `static let`: a process-long indirect enum keeps its case in the box
    // pointer's spare bits, and LeakSanitizer then reports it lost.
    private static var mergeKey: (key: String, value: JSONValue) { ("<<", ["$ref": "#/$defs/merge"]) }
    private static var layerMap: (key: String, value: JSONValue) { ("layer", ["$ref": "#/$defs/layer"]) }
    /// A preset's name, as `style:` and `extends:` give it.
    private static var presetName: JSONValue { ["type": "string", "minLength": .number(1)] }

    // MARK: - Views inside views

    /// Where a subview sits, which decides the keys the loader ignores on it.
    private enum Placement {
        /// In a parent whose class the schema cannot know (it comes from a preset).
        case any
        /// In a view that does not arrange its subviews: no `spacingAfter`.
        case plain
        /// In a stack, which places it: no `frame` or `pin`.
        case arranged

        init(parent type: Component.Type) { self = type.arrangesSubviews ? .arranged : .plain }

        var definition: String {
            switch self {
            case .any: return "subview"
            case .plain: return "plainSubview"
            case .arranged: return "arrangedSubview"
            }
        }
    }

    /// A view as `view` checks it, with the keys that are ignored where it sits refused, each
    /// saying why (what an editor shows on the key).
    private static func placed(refusing keys: [(key: String, reason: String)]) -> JSONValue {
        var schema: JSONValue = ["$ref": "#/$defs/view"]
        if !keys.isEmpty {
            schema = schema.setting("properties", .object(keys.map { ($0.key, ["description": .string($0.reason + " It is ignored here."), "not": [:]]) }))
        }
        return schema
    }

    /// `subviews:` of a view or preset whose subviews sit as `placement` says.
    private static func subviews(_ placement: Placement) -> (key: String, value: JSONValue) {
        ("subviews", [
            "type": ["array", "null"],
            "description": "The views inside this one, each written as a view of 'views:' is, placed in its bounds by its frame, its pin: or (in a stack) the stack.",
            "items": ["$ref": .string("#/$defs/" + placement.definition)],
        ])
    }

    /// `pin:` as `Pins.decode` reads it: its shape's mapping form only (a list of ten numbers
    /// would say nothing of which is which), or null.
    private static var pin: (key: String, value: JSONValue) {
        var members: [(key: String, value: JSONValue)] = [("description", .string("Constraints to the parent instead of a frame; " + Pins.shape.expectation + "."))]
        if case .object(let shape) = Pins.shape.schema {
            members += shape.filter { !["type", "prefixItems", "items", "minItems"].contains($0.key) }
        }
        members.append(("type", ["object", "null"]))
        return ("pin", .object(members))
    }

    private static var spacingAfter: (key: String, value: JSONValue) {
        ("spacingAfter", ValueShape.nullable(Double.shape).schema
            .setting("description", "The space a stack leaves after this arranged subview, instead of its spacing (setCustomSpacing(_:after:))."))
    }

    private static var nestedKey: (key: String, value: JSONValue) { ("nested", ["$ref": "#/$defs/nested"]) }

    /// `nested:`: values set on subviews by id (`name`) or a path of ids (`row/title`).
    private static var nested: JSONValue {
        [
            "type": ["object", "null"],
            "description": "Values to set on the subviews (a compound preset's) by id, or by a path of ids from this view down (row/title).",
            "propertyNames": ["minLength": .number(1)],
            "additionalProperties": ["$ref": "#/$defs/nestedValues"],
        ]
    }

    /// What one `nested:` entry sets: any class's properties, its layer and state maps, as the
    /// subview's class (which the schema cannot follow through ids) reads them. The view keys
    /// that say what the subview is are refused, as the loader refuses them; the others, which
    /// place it, are read and ignored.
    private static func nestedValues(of samples: [Component]) -> JSONValue {
        let (properties, state) = anyClassProperties(of: samples)
        let stateNames = Set(ControlState.layered.map(\.name))
        let ignored = StyleLoader.viewKeys.subtracting(NestedValues.refusedKeys).subtracting(stateNames).subtracting(["layer"]).sorted()
        var members: [(key: String, value: JSONValue)] = [layerMap, mergeKey]
        members += ignored.map { ($0, ["description": "Read and ignored through nested:."]) }
        members += ControlState.layered.map { ($0.name, state) }
        members += properties
        return [
            "type": ["object", "null"],
            "description": "Values set on the subview this entry names, over its own.",
            "properties": .object(members),
            "additionalProperties": false,
        ]
    }

    // MARK: - Classes

    /// A view of `type`, or (`asPreset`) a preset for it: no `id`, `frame`, `pin` or
    /// `spacingAfter`, and `extends` for `style`.
    private static func component(_ type: Component.Type, _ sample: Component, asPreset: Bool = false) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("class", ["const": .string(type.className)])]
        if asPreset {
            members.append(("extends", presetName.setting("description", "The preset this one builds on.")))
        } else {
            members += [
                ("style", presetName.setting("description", "The preset of 'styles:' the view starts from.")),
                ("id", String.shape.schema.setting("description", "Name for the view, kept across reloads.")),
                ("frame", Rect.shape.schema.setting("description", "Absolute place and size [x, y, width, height].")),
            ]
        }
        members.append(("size", Size.shape.schema.setting("description", "Size [width, height] in the column.")))
        if !asPreset { members += [pin, spacingAfter] }
        members += [subviews(Placement(parent: type)), nestedKey, layerMap, mergeKey]
        members += properties(of: sample)
        if type.isControl {
            members += ControlState.layered.map { ($0.name, ["$ref": .string("#/$defs/\(type.className)State")]) }
        }
        return [
            "type": "object",
            "description": .string(type.summary),
            "properties": .object(members),
            "additionalProperties": false,
        ]
    }

    /// `definition` for a view or preset that names no class (nor merges a mapping that may):
    /// its class comes from its preset, which a schema cannot follow.
    private static func classless(_ definition: String) -> JSONValue {
        ["if": ["not": ["anyOf": [["required": ["class"]], ["required": ["<<"]]]]],
         "then": ["$ref": .string("#/$defs/" + definition)]]
    }

    /// A view or preset of a class the schema cannot know: a key no class has is refused, as a
    /// misspelt property of a named class is; a value is checked where every class that has the
    /// property reads it the same way.
    private static func anyClass(of samples: [Component], asPreset: Bool) -> JSONValue {
        let (properties, state) = anyClassProperties(of: samples)
        var members: [(key: String, value: JSONValue)] = asPreset
            ? [("extends", presetName)]
            : [("style", presetName), ("id", String.shape.schema), ("frame", Rect.shape.schema)]
        members.append(("size", Size.shape.schema))
        if !asPreset { members += [pin, spacingAfter] }
        members += [subviews(.any), nestedKey, layerMap, mergeKey]
        members += ControlState.layered.map { ($0.name, state) }
        members += properties
        return [
            "type": "object",
            "description": "A view or preset whose class comes from its preset: any class's properties.",
            "properties": .object(members),
            "additionalProperties": false,
        ]
    }

    /// Every class's properties, each checked where every class that has it reads it alike, and
    /// a state map of them.
    private static func anyClassProperties(of samples: [Component]) -> (properties: [(key: String, value: JSONValue)], state: JSONValue) {
        var names: [String] = []
        var schemas: [String: JSONValue?] = [:]
        for sample in samples {
            for (name, property) in sample.properties {
                let schema = property.shape.schema
                if let known = schemas[name] {
                    if let agreed = known, agreed.serialized() != schema.serialized() { schemas[name] = .some(nil) }
                } else {
                    names.append(name)
                    schemas[name] = schema
                }
            }
        }
        let anyValue: JSONValue = [:]
        let properties = names.map { ($0, (schemas[$0] ?? nil) ?? anyValue) }
        let state: JSONValue = [
            "type": ["object", "null"],
            "properties": .object(properties + [layerMap, mergeKey]),
            "additionalProperties": false,
        ]
        return (properties, state)
    }

    private static func properties(of holder: PropertyHolder) -> [(key: String, value: JSONValue)] {
        holder.properties.map { name, property in
            (name, property.shape.schema.setting("description", .string(property.help + " Default: " + property.defaultStyleText + ".")))
        }
    }
}
