import Calculator
import Ceiling
import Wire

/// One tree node on the wire: `{id, name, subtitle?, leaf}`.
struct CeilingNodeDTO: JSONWritable, Sendable {
    var id: String
    var name: String
    var subtitle: String?
    var leaf: Bool

    init(_ entry: CeilingMenuEntry) {
        id = entry.id
        name = entry.title
        subtitle = entry.subtitle
        leaf = entry.isLeaf
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("id", id)
            members.member("leaf", leaf)
            members.member("name", name)
            members.member("subtitle", subtitle)
        }
    }
}

/// `ceiling.menu` result: `{node, path, children}`.
struct CeilingMenuResult: Encodable, Sendable {
    var node: CeilingNodeDTO
    var path: [CeilingNodeDTO]
    var children: [CeilingNodeDTO]

    init(_ menu: CeilingMenu) {
        node = CeilingNodeDTO(menu.node)
        path = menu.path.map(CeilingNodeDTO.init)
        children = menu.children.map(CeilingNodeDTO.init)
    }
}

/// `ceiling.inputs` result: the form, with numbers as decimal strings.
struct CeilingInputsResult: Encodable, Sendable {
    struct Input: Encodable, Sendable {
        var name: String
        var label: String
        var type: String
        var unit: String?
        var required: Bool
        var `default`: JSONValue?
        var min: String?
        var max: String?
        var integer: Bool
        var choices: [Choice]?
        var excludes: [String]?
        var group: String?
        var help: String?
    }

    struct Choice: Encodable, Sendable {
        var value: String
        var label: String
    }

    struct Rule: Encodable, Sendable {
        var kind: String
        var fields: [String]
        var message: String
    }

    var product: String
    var path: [CeilingNodeDTO]
    var inputs: [Input]
    var geometry: [[String]]
    var rules: [Rule]

    init(_ form: CeilingForm) {
        product = form.leaf
        path = form.path.map(CeilingNodeDTO.init)
        geometry = form.geometry
        rules = form.rules.map { Rule(kind: $0.kind, fields: $0.fields, message: $0.message) }
        inputs = form.inputs.map { input in
            Input(
                name: input.name,
                label: input.label,
                type: input.type.rawValue,
                unit: input.unit,
                required: input.required,
                default: input.default.map(JSONValue.init),
                min: input.min?.decimalText,
                max: input.max?.decimalText,
                integer: input.integer,
                choices: input.choices.isEmpty ? nil : input.choices.map { Choice(value: $0.value, label: $0.label) },
                excludes: input.excludes.isEmpty ? nil : input.excludes,
                group: input.group,
                help: input.help
            )
        }
    }
}

/// `ceiling.estimate` result: the bill of materials (`components`), the room, notes and warnings. It writes its own
/// JSON: `Codable` took about a third of the op's time.
struct CeilingEstimateResult: JSONWritable, Sendable {
    struct Component: JSONWritable, Sendable {
        var code: String
        var name: String
        var product: String
        var productName: String
        /// Whole pieces to order, spares included (every product is sold by the piece).
        var quantity: Int
        var unit: String
        var pieces: Int
        var spares: Int
        var packSize: Int?
        var packs: Int?
        var stockLengthM: String?
        var coverageM2: String?

        func writeJSON(to writer: inout JSONWriter) {
            writer.object { members in
                members.member("code", code)
                members.member("coverageM2", coverageM2)
                members.member("name", name)
                members.member("packSize", packSize)
                members.member("packs", packs)
                members.member("pieces", pieces)
                members.member("product", product)
                members.member("productName", productName)
                members.member("quantity", quantity)
                members.member("spares", spares)
                members.member("stockLengthM", stockLengthM)
                members.member("unit", unit)
            }
        }
    }

    var product: String
    var path: [CeilingNodeDTO]
    var catalogueVersion: String
    var areaM2: String
    var perimeterM: String
    var perimeterEstimated: Bool
    var components: [Component]
    var notes: [String]
    var warnings: [String]
    var inputs: JSONValue

    init(_ estimate: CeilingEstimate) {
        product = estimate.leaf
        path = estimate.path.map(CeilingNodeDTO.init)
        catalogueVersion = estimate.catalogueVersion
        areaM2 = estimate.geometry.areaM2.decimalText
        perimeterM = estimate.geometry.perimeterM.decimalText
        perimeterEstimated = estimate.geometry.perimeterEstimated
        notes = estimate.notes
        warnings = estimate.warnings
        inputs = .object(JSONObject(estimate.inputs.sorted { $0.key < $1.key }.map { ($0.key, JSONValue($0.value)) }))
        components = estimate.lines.map { line in
            Component(
                code: line.id,
                name: line.label,
                product: line.productID,
                productName: line.productName,
                quantity: line.quantity,
                unit: line.unit,
                pieces: line.quantity,
                spares: line.spares,
                packSize: line.packSize,
                packs: line.packs,
                stockLengthM: line.stockLengthM?.decimalText,
                coverageM2: line.coverageM2?.decimalText
            )
        }
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("areaM2", areaM2)
            members.member("catalogueVersion", catalogueVersion)
            members.member("components", components)
            members.member("inputs", inputs)
            members.member("notes", notes)
            members.member("path", path)
            members.member("perimeterEstimated", perimeterEstimated)
            members.member("perimeterM", perimeterM)
            members.member("product", product)
            members.member("warnings", warnings)
        }
    }
}

extension JSONValue {
    /// An input value on the wire: numbers as decimal strings, options as booleans, choices as text.
    init(_ value: CeilingValue) {
        switch value {
        case .number(let number): self = .string(number.decimalText)
        case .bool(let flag): self = .bool(flag)
        case .text(let text): self = .string(text)
        }
    }
}
