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
        definitions.append(("preset", preset))
        definitions.append(("view", view))
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
                "views": ["type": ["array", "null"], "items": ["$ref": "#/$defs/view"]],
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
    /// What a view holds and how it is placed inside its parent: its subviews (views as `views:`
    /// has them), the values it sets on them by id, and (not for a preset) its pins and the
    /// custom spacing a stack leaves after it.
    private static func tree(asPreset: Bool) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("subviews", ["type": ["array", "null"], "description": "Views inside this one, drawn above its content and below its border.",
                          "items": ["$ref": "#/$defs/view"]]),
            ("nested", ["type": ["object", "null"], "description": "Values to set on subviews by id, or a path of ids (row/title).",
                        "additionalProperties": ["type": ["object", "null"]]]),
        ]
        if !asPreset {
            members += [
                ("pin", Pins.shape.schema.setting("description", "Constraints to the parent: top, bottom, leading, trailing, left, right, centerX, centerY, width, height.")),
                ("spacingAfter", Double.shape.schema.setting("description", "Space a stack view leaves after this arranged view (setCustomSpacing(_:after:)).")),
            ]
        }
        return members
    }

    /// A preset's name, as `style:` and `extends:` give it.
    private static var presetName: JSONValue { ["type": "string", "minLength": .number(1)] }

    /// A view of `type`, or (`asPreset`) a preset for it: no `id` or `frame`, and `extends` for `style`.
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
        members += [
            ("size", Size.shape.schema.setting("description", "Size [width, height] in the column.")),
            layerMap,
            mergeKey,
        ]
        members += tree(asPreset: asPreset)
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
        var members: [(key: String, value: JSONValue)] = asPreset
            ? [("extends", presetName)]
            : [("style", presetName), ("id", String.shape.schema), ("frame", Rect.shape.schema)]
        members += [("size", Size.shape.schema), layerMap, mergeKey]
        members += tree(asPreset: asPreset)
        let properties = names.map { ($0, (schemas[$0] ?? nil) ?? anyValue) }
        let state: JSONValue = [
            "type": ["object", "null"],
            "properties": .object(properties + [layerMap, mergeKey]),
            "additionalProperties": false,
        ]
        members += ControlState.layered.map { ($0.name, state) }
        members += properties
        return [
            "type": "object",
            "description": "A view or preset whose class comes from its preset: any class's properties.",
            "properties": .object(members),
            "additionalProperties": false,
        ]
    }

    private static func properties(of holder: PropertyHolder) -> [(key: String, value: JSONValue)] {
        holder.properties.map { name, property in
            (name, property.shape.schema.setting("description", .string(property.help + " Default: " + property.defaultStyleText + ".")))
        }
    }
}
