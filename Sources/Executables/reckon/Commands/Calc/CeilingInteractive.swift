import ArgumentParser
import Foundation
import ReckonClient
import Wire

/// The interactive estimate: walks the product tree, asks for each input on the terminal, and asks again for the
/// inputs the service rejects. Used only when stdin is a terminal.
struct CeilingInteractive {
    let client: ClientOptions
    /// Inputs already given as options; they are not asked for.
    let given: [(String, JSONValue)]

    private static let room = ["length_m", "width_m", "area_m2", "perimeter_m"]

    /// Runs the dialogue and returns the `ceiling.estimate` result.
    func run() async throws -> JSONValue {
        let product = try await chooseProduct()
        let form = try await client.call(service: "calc", op: "ceiling.inputs", args: ["product": .string(product)])
        var inputs = JSONObject(given)
        var pending: Set<String>? = nil
        while true {
            try ask(form, into: &inputs, only: pending)
            do {
                return try await client.call(
                    service: "calc",
                    op: "ceiling.estimate",
                    args: ["product": .string(product), "inputs": .object(inputs)]
                )
            } catch let error as WireError where error.code == .invalidArgument && !(error.details ?? []).isEmpty {
                var fields = Set<String>()
                for detail in error.details ?? [] {
                    print("  \(detail.message)")
                    fields.insert(String(detail.field.dropFirst("inputs.".count)))
                }
                if !fields.isDisjoint(with: Self.room) { fields.formUnion(Self.room) }
                for field in fields { inputs[field] = nil }
                pending = fields
            }
        }
    }

    private func chooseProduct() async throws -> String {
        var node: String?
        while true {
            let menu = try await client.call(
                service: "calc",
                op: "ceiling.menu",
                args: node.map { ["node": .string($0)] } ?? [:]
            )
            let children = menu["children"]?.arrayValue ?? []
            print(CeilingRendering.name(menu["node"] ?? .null))
            let child = children[try choose(children.map(CeilingRendering.name), default: nil)]
            let id = CeilingRendering.text(child["id"])
            if child["leaf"] == .bool(true) { return id }
            node = id
        }
    }

    /// Asks for every input of `form` not yet in `inputs` (only those in `only`, when given).
    private func ask(_ form: JSONValue, into inputs: inout JSONObject, only: Set<String>?) throws {
        if only.map({ !$0.isDisjoint(with: Self.room) }) ?? true, !Self.room.contains(where: { inputs[$0] != nil }) {
            try askRoom(into: &inputs)
        }
        var askedGroups = Set<String>()
        let fields = (form["inputs"]?.arrayValue ?? []).filter { input in
            let name = CeilingRendering.text(input["name"])
            return !Self.room.contains(name) && inputs[name] == nil && (only?.contains(name) ?? true)
        }
        for input in fields {
            let name = CeilingRendering.text(input["name"])
            if let group = input["group"]?.stringValue {
                guard askedGroups.insert(group).inserted else { continue }
                try askGroup(group, of: form, into: &inputs)
            } else if let value = try askValue(input) {
                inputs[name] = value
            }
        }
    }

    private func askRoom(into inputs: inout JSONObject) throws {
        if let length = try prompt("Room length (m), or blank to give the area instead") {
            inputs["length_m"] = CeilingRendering.value(typed: length)
            inputs["width_m"] = CeilingRendering.value(typed: try required("Room width (m)"))
        } else {
            inputs["area_m2"] = CeilingRendering.value(typed: try required("Area (m²)"))
            if let perimeter = try prompt("Measured perimeter (m), or blank to assume a square room") {
                inputs["perimeter_m"] = CeilingRendering.value(typed: perimeter)
            }
        }
    }

    private func askGroup(_ group: String, of form: JSONValue, into inputs: inout JSONObject) throws {
        let members = (form["inputs"]?.arrayValue ?? []).filter { $0["group"]?.stringValue == group }
        let preset = members.firstIndex { $0["default"] == .bool(true) }
        print(group.replacingOccurrences(of: "_", with: " ").capitalized)
        let pick = try choose(members.map { CeilingRendering.text($0["label"]) }, default: preset)
        inputs[CeilingRendering.text(members[pick]["name"])] = .bool(true)
    }

    private func askValue(_ input: JSONValue) throws -> JSONValue? {
        let label = CeilingRendering.text(input["label"])
        let preset = CeilingRendering.text(input["default"])
        switch CeilingRendering.text(input["type"]) {
        case "boolean":
            let answer = try prompt("\(label)? [\(input["default"] == .bool(true) ? "Y/n" : "y/N")]")
            return answer.map { CeilingRendering.value(typed: $0) }
        case "choice":
            let choices = input["choices"]?.arrayValue ?? []
            print(label)
            let pick = try choose(
                choices.map { CeilingRendering.text($0["label"]) },
                default: choices.firstIndex { CeilingRendering.text($0["value"]) == preset }
            )
            return choices[pick]["value"]
        default:
            let unit = CeilingRendering.text(input["unit"])
            let text = "\(label)\(unit.isEmpty ? "" : " (\(unit))")\(preset.isEmpty ? "" : " [\(preset)]")"
            let answer = input["required"] == .bool(true) ? try required(text) : try prompt(text)
            return answer.map { CeilingRendering.value(typed: $0) }
        }
    }

    /// Lists `options` numbered from 1 and returns the index picked (blank picks `default`).
    private func choose(_ options: [String], default preset: Int?) throws -> Int {
        for (index, option) in options.enumerated() { print("  \(index + 1)) \(option)") }
        while true {
            let hint = preset.map { "Choose 1-\(options.count) [\($0 + 1)]" } ?? "Choose 1-\(options.count)"
            guard let answer = try prompt(hint) else {
                if let preset { return preset }
                continue
            }
            if let number = Int(answer), options.indices.contains(number - 1) { return number - 1 }
        }
    }

    private func required(_ text: String) throws -> String {
        while true {
            if let answer = try prompt(text) { return answer }
        }
    }

    /// Prints `text`, reads a line; `nil` for a blank answer.
    /// - Throws: `ExitCode(1)` when input ends, after saying so on standard error.
    private func prompt(_ text: String) throws -> String? {
        print("\(text): ", terminator: "")
        guard let line = readLine() else {
            FileHandle.standardError.write(Data("\ninput ended before the estimate was complete\n".utf8))
            throw ExitCode(1)
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
