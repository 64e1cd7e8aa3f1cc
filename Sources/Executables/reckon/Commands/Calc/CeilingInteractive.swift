import ArgumentParser
import CalcAPI
import Foundation
import ReckonClient
import Wire

/// The interactive estimate: walks the product tree, asks for each input on the terminal, and asks again for the
/// inputs the service rejects. Used only when stdin is a terminal.
struct CeilingInteractive {
    /// The client the whole dialogue uses; a refused estimate comes back as its ``WireError``, to ask again.
    let client: ReckonClient
    /// Inputs already given as options; they are not asked for.
    let given: [(String, JSONValue)]

    private static let room = ["length_m", "width_m", "area_m2", "perimeter_m"]

    /// Runs the dialogue and returns the `ceiling.estimate` result.
    func run() async throws -> CeilingEstimateOp.Result {
        let product = try await chooseProduct()
        let form = try await client.call(CeilingInputsOp.self, .init(product: product))
        var inputs = Dictionary(given) { _, last in last }
        var pending: Set<String>? = nil
        while true {
            try ask(form, into: &inputs, only: pending)
            do {
                return try await client.call(CeilingEstimateOp.self, .init(product: product, inputs: inputs))
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
            let menu = try await client.call(CeilingMenuOp.self, .init(node: node))
            print(CeilingRendering.name(menu.node))
            let child = menu.children[try choose(menu.children.map(CeilingRendering.name), default: nil)]
            if child.leaf { return child.id }
            node = child.id
        }
    }

    /// Asks for every input of `form` not yet in `inputs` (only those in `only`, when given).
    private func ask(_ form: CeilingInputsOp.Result, into inputs: inout [String: JSONValue], only: Set<String>?) throws
    {
        if only.map({ !$0.isDisjoint(with: Self.room) }) ?? true, !Self.room.contains(where: { inputs[$0] != nil }) {
            try askRoom(into: &inputs)
        }
        var askedGroups = Set<String>()
        let fields = form.inputs.filter { input in
            !Self.room.contains(input.name) && inputs[input.name] == nil && (only?.contains(input.name) ?? true)
        }
        for input in fields {
            if let group = input.group {
                guard askedGroups.insert(group).inserted else { continue }
                try askGroup(group, of: form, into: &inputs)
            } else if let value = try askValue(input) {
                inputs[input.name] = value
            }
        }
    }

    private func askRoom(into inputs: inout [String: JSONValue]) throws {
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

    private func askGroup(
        _ group: String,
        of form: CeilingInputsOp.Result,
        into inputs: inout [String: JSONValue]
    ) throws {
        let members = form.inputs.filter { $0.group == group }
        let preset = members.firstIndex { $0.default == .bool(true) }
        print(group.replacingOccurrences(of: "_", with: " ").capitalized)
        let pick = try choose(members.map(\.label), default: preset)
        inputs[members[pick].name] = .bool(true)
    }

    private func askValue(_ input: CeilingInputsOp.Result.Input) throws -> JSONValue? {
        let preset = CeilingRendering.text(input.default)
        switch input.type {
        case "boolean":
            let answer = try prompt("\(input.label)? [\(input.default == .bool(true) ? "Y/n" : "y/N")]")
            return answer.map { CeilingRendering.value(typed: $0) }
        case "choice":
            let choices = input.choices ?? []
            print(input.label)
            let pick = try choose(choices.map(\.label), default: choices.firstIndex { $0.value == preset })
            return .string(choices[pick].value)
        default:
            let unit = input.unit.map { " (\($0))" } ?? ""
            let text = "\(input.label)\(unit)\(preset.isEmpty ? "" : " [\(preset)]")"
            let answer = input.required ? try required(text) : try prompt(text)
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
