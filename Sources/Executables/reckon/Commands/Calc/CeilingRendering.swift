import Foundation
import Wire

/// Turns `ceiling.*` replies into text for a terminal.
enum CeilingRendering {
    /// A menu as a table of its children.
    static func menu(_ result: JSONValue) -> String {
        let rows = (result["children"]?.arrayValue ?? []).map { child in
            [text(child["id"]), name(child), child["leaf"] == .bool(true) ? "product" : "menu"]
        }
        let trail = (result["path"]?.arrayValue ?? []).map { name($0) }.joined(separator: " > ")
        let heading = trail.isEmpty ? text(result["node"]?["name"]) : trail
        if rows.isEmpty { return "\(heading) is a product: see `reckon ceiling inputs \(text(result["node"]?["id"]))`" }
        return heading + "\n" + TextTable(headers: ["ID", "Name", "Kind"], rows: rows).render()
    }

    /// A product's form as a table of inputs, then its rules.
    static func form(_ result: JSONValue) -> String {
        let rows = (result["inputs"]?.arrayValue ?? []).map { input in
            let range = [input["min"], input["max"]].compactMap { $0.map(text) }.joined(separator: " to ")
            var notes: [String] = []
            if input["required"] == .bool(true) { notes.append("required") }
            if let choices = input["choices"]?.arrayValue {
                notes.append(choices.map { text($0["value"]) }.joined(separator: ", "))
            }
            if let excludes = input["excludes"]?.arrayValue {
                notes.append("not with " + excludes.map(text).joined(separator: ", "))
            }
            return [
                text(input["name"]), text(input["label"]), text(input["type"]), text(input["unit"]),
                text(input["default"]), range, notes.joined(separator: "; "),
            ]
        }
        let path = (result["path"]?.arrayValue ?? []).map { name($0) }.joined(separator: " > ")
        let rules = (result["rules"]?.arrayValue ?? []).map { "- " + text($0["message"]) }
        let geometry = "Room: length_m and width_m, or area_m2 (+ perimeter_m)."
        return
            ([
                path,
                TextTable(headers: ["Input", "Label", "Type", "Unit", "Default", "Range", "Notes"], rows: rows)
                    .render(), geometry,
            ] + rules).joined(separator: "\n")
    }

    /// The bill of materials as a table, then the room, notes and warnings.
    static func estimate(_ result: JSONValue) -> String {
        let rows = (result["components"]?.arrayValue ?? []).map { line in
            [
                text(line["name"]), text(line["product"]), text(line["quantity"]), text(line["unit"]),
                line["packs"].map { "\(text($0)) × \(text(line["packSize"]))" } ?? "",
            ]
        }
        let path = (result["path"]?.arrayValue ?? []).map { name($0) }.joined(separator: " > ")
        let estimated = result["perimeterEstimated"] == .bool(true) ? " (estimated)" : ""
        var out = [
            "\(path)  (catalogue \(text(result["catalogueVersion"])))",
            "Area \(text(result["areaM2"])) m², perimeter \(text(result["perimeterM"])) m\(estimated)",
            TextTable(headers: ["Component", "Product", "Qty", "Unit", "Packs"], rows: rows).render(),
        ]
        out += (result["warnings"]?.arrayValue ?? []).map { "Warning: " + text($0) }
        out += (result["notes"]?.arrayValue ?? []).map { "Note: " + text($0) }
        return out.joined(separator: "\n")
    }

    /// Typed text as a JSON value: `true`/`false`, a number, or a string.
    static func value(typed input: String) -> JSONValue {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "true", "yes", "y": return .bool(true)
        case "false", "no", "n": return .bool(false)
        default:
            let isNumber =
                !trimmed.isEmpty
                && Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
                    .map { _ in trimmed.allSatisfy { "0123456789.-+eE".contains($0) } } == true
            return isNumber ? .number(trimmed) : .string(trimmed)
        }
    }

    /// A node's name with its subtitle.
    static func name(_ node: JSONValue) -> String {
        let subtitle = text(node["subtitle"])
        return subtitle.isEmpty ? text(node["name"]) : "\(text(node["name"])) (\(subtitle))"
    }

    /// A scalar as text; empty for anything else.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .number(let text)?: text
        case .bool(let flag)?: flag ? "yes" : "no"
        default: ""
        }
    }
}
