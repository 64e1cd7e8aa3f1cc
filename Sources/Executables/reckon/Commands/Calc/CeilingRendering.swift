import CalcAPI
import Foundation
import Wire

/// Turns `ceiling.*` replies into text for a terminal.
enum CeilingRendering {
    /// A menu as a table of its children.
    static func menu(_ result: CeilingMenuOp.Result) -> String {
        let rows = result.children.map { [$0.id, name($0), $0.leaf ? "product" : "menu"] }
        let trail = result.path.map(name).joined(separator: " > ")
        let heading = trail.isEmpty ? result.node.name : trail
        if rows.isEmpty { return "\(heading) is a product: see `reckon ceiling inputs \(result.node.id)`" }
        return heading + "\n" + TextTable(headers: ["ID", "Name", "Kind"], rows: rows).render()
    }

    /// A product's form as a table of inputs, then its rules.
    static func form(_ result: CeilingInputsOp.Result) -> String {
        let rows = result.inputs.map { input in
            let range = [input.min, input.max].compactMap { $0 }.joined(separator: " to ")
            var notes: [String] = []
            if input.required { notes.append("required") }
            if let choices = input.choices { notes.append(choices.map(\.value).joined(separator: ", ")) }
            if let excludes = input.excludes { notes.append("not with " + excludes.joined(separator: ", ")) }
            return [
                input.name, input.label, input.type, input.unit ?? "", text(input.default), range,
                notes.joined(separator: "; "),
            ]
        }
        let path = result.path.map(name).joined(separator: " > ")
        let rules = result.rules.map { "- " + $0.message }
        let geometry = "Room: length_m and width_m, or area_m2 (+ perimeter_m)."
        return
            ([
                path,
                TextTable(headers: ["Input", "Label", "Type", "Unit", "Default", "Range", "Notes"], rows: rows)
                    .render(), geometry,
            ] + rules).joined(separator: "\n")
    }

    /// The bill of materials as a table, then the room, notes and warnings.
    static func estimate(_ result: CeilingEstimateOp.Result) -> String {
        let rows = result.components.map { line in
            [
                line.name, line.product, String(line.quantity), line.unit,
                line.packs.map { "\($0) × \(line.packSize.map(String.init) ?? "")" } ?? "",
            ]
        }
        let path = result.path.map(name).joined(separator: " > ")
        let estimated = result.perimeterEstimated ? " (estimated)" : ""
        var out = [
            "\(path)  (catalogue \(result.catalogueVersion))",
            "Area \(result.areaM2) m², perimeter \(result.perimeterM) m\(estimated)",
            TextTable(headers: ["Component", "Product", "Qty", "Unit", "Packs"], rows: rows).render(),
        ]
        out += result.warnings.map { "Warning: " + $0 }
        out += result.notes.map { "Note: " + $0 }
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
    static func name(_ node: CeilingNode) -> String {
        node.subtitle.map { "\(node.name) (\($0))" } ?? node.name
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
