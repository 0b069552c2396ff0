/// The JSON Schema (draft 2020-12) of a style file, derived from the component declarations,
/// so editors with a YAML language server complete property names and check values.
public enum StyleSchema {
    public static func json() -> String {
        var definitions: [String] = []
        for type in ComponentRegistry.all {
            let sample = type.make()
            var properties = [
                #""class": {"const": "\#(type.className)"}"#,
                #""id": {"type": "string", "description": "Name for the view, kept across reloads."}"#,
                #""frame": {\#(Rect.schema), "description": "Absolute place and size [x, y, width, height]."}"#,
                #""size": {\#(Size.schema), "description": "Size [width, height] in the column."}"#,
            ]
            properties += propertySchemas(sample)
            if type.isControl {
                let stateRef = ##"{"$ref": "#/$defs/\##(type.className)State"}"##
                properties += ControlState.layered.map { "\"\($0.name)\": \(stateRef)" }
                definitions.append(#""\#(type.className)State": {"type": "object", "properties": {\#(propertySchemas(sample).joined(separator: ", "))}, "additionalProperties": false}"#)
            }
            definitions.append(#""\#(type.className)": {"type": "object", "description": \#(jsonQuoted(type.summary)), "required": ["class"], "properties": {\#(properties.joined(separator: ", "))}, "additionalProperties": false}"#)
        }
        let views = ComponentRegistry.all.map { ##"{"$ref": "#/$defs/\##($0.className)"}"## }.joined(separator: ", ")
        let canvas = propertySchemas(CanvasSettings.make()).joined(separator: ", ")
        return """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Designable style file",
          "type": "object",
          "properties": {
            "canvas": {"type": "object", "properties": {\(canvas)}, "additionalProperties": false},
            "theme": {"type": "object", "properties": {"colors": {"type": "object", "additionalProperties": {\(Color.schema)}}}},
            "views": {"type": "array", "items": {"oneOf": [\(views)]}}
          },
          "$defs": {
            \(definitions.joined(separator: ",\n    "))
          }
        }
        """
    }

    private static func propertySchemas(_ holder: PropertyHolder) -> [String] {
        holder.properties.map { name, property in
            let minimum = property.minimum.map { ", \"minimum\": \(formatNumber($0))" } ?? ""
            return #""\#(name)": {\#(property.valueType.schema)\#(minimum), "description": \#(jsonQuoted(property.help + " Default: " + property.defaultStyleText + "."))}"#
        }
    }

}

