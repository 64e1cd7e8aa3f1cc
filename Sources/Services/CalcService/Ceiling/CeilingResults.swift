import CalcAPI
import Calculator
import Ceiling
import Wire

extension CeilingNode {
    init(_ entry: CeilingMenuEntry) {
        self.init(id: entry.id, name: entry.title, subtitle: entry.subtitle, leaf: entry.isLeaf)
    }
}

extension CeilingMenuOp.Result {
    init(_ menu: CeilingMenu) {
        self.init(
            node: CeilingNode(menu.node),
            path: menu.path.map(CeilingNode.init),
            children: menu.children.map(CeilingNode.init)
        )
    }
}

extension CeilingInputsOp.Result {
    init(_ form: CeilingForm) {
        self.init()
        product = form.leaf
        path = form.path.map(CeilingNode.init)
        geometry = form.geometry
        rules = form.rules.map { Rule(kind: $0.kind, fields: $0.fields, message: $0.message) }
        inputs = form.inputs.map { input in
            var field = Input()
            field.name = input.name
            field.label = input.label
            field.type = input.type.rawValue
            field.unit = input.unit
            field.required = input.required
            field.default = input.default.map(JSONValue.init)
            field.min = input.min?.decimalText
            field.max = input.max?.decimalText
            field.integer = input.integer
            field.choices = input.choices.isEmpty ? nil : input.choices.map { Choice(value: $0.value, label: $0.label) }
            field.excludes = input.excludes.isEmpty ? nil : input.excludes
            field.group = input.group
            field.help = input.help
            return field
        }
    }
}

extension CeilingEstimateOp.Result {
    init(_ estimate: CeilingEstimate) {
        self.init()
        product = estimate.leaf
        path = estimate.path.map(CeilingNode.init)
        catalogueVersion = estimate.catalogueVersion
        areaM2 = estimate.geometry.areaM2.decimalText
        perimeterM = estimate.geometry.perimeterM.decimalText
        perimeterEstimated = estimate.geometry.perimeterEstimated
        notes = estimate.notes
        warnings = estimate.warnings
        inputs = .object(JSONObject(estimate.inputs.sorted { $0.key < $1.key }.map { ($0.key, JSONValue($0.value)) }))
        components = estimate.lines.map { line in
            var component = Component()
            component.code = line.id
            component.name = line.label
            component.product = line.productID
            component.productName = line.productName
            component.quantity = line.quantity
            component.unit = line.unit
            component.pieces = line.quantity
            component.spares = line.spares
            component.packSize = line.packSize
            component.packs = line.packs
            component.stockLengthM = line.stockLengthM?.decimalText
            component.coverageM2 = line.coverageM2?.decimalText
            return component
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
