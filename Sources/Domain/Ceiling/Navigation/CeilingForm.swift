import Calculator

/// What a client needs to draw a product's input form without knowing the product.
public struct CeilingForm: Sendable {
    /// The product (leaf) id.
    public var leaf: String
    /// The product's menu path from the root, e.g. `KWIKLOC Regal`, `600 X 600`.
    public var path: [CeilingMenuEntry]
    /// The inputs in form order: the room first, then the product's options.
    public var inputs: [CeilingFormInput]
    /// The ways to give the room, best first: `[length_m, width_m]`, `[area_m2, perimeter_m]`, `[area_m2]`.
    public var geometry: [[String]]
    /// Rules across inputs: `requires` (T spline needs C spline) and `one_of` (tile sizes).
    public var rules: [CeilingFormRule]
}

/// One input of a form.
public struct CeilingFormInput: Sendable, Hashable {
    /// The kinds of input.
    public enum Kind: String, Sendable {
        /// A decimal number (a whole number when ``CeilingFormInput/integer`` is set).
        case number
        /// Yes or no.
        case boolean
        /// One of ``CeilingFormInput/choices``.
        case choice
    }

    /// The input's name in ``CeilingCatalogue/estimate(leaf:inputs:)``, e.g. `drop_m`.
    public var name: String
    public var label: String
    public var type: Kind
    /// The unit, e.g. `m` or `m2`.
    public var unit: String?
    /// Whether the input must be given (the room inputs are instead governed by ``CeilingForm/geometry``).
    public var required: Bool
    /// The value used when the input is not given.
    public var `default`: CeilingValue?
    public var min: Rational?
    public var max: Rational?
    /// Whether only whole numbers are accepted.
    public var integer: Bool
    /// The values of a choice input, each with a label.
    public var choices: [CeilingChoice]
    /// Options that cannot be selected together with this one.
    public var excludes: [String]
    /// The group of options this one belongs to, e.g. `tile_size`.
    public var group: String?
    public var help: String?
}

/// One value of a choice input.
public struct CeilingChoice: Sendable, Hashable {
    public var value: String
    public var label: String
}

/// A rule across inputs.
public struct CeilingFormRule: Sendable, Hashable {
    /// `requires` (the first field needs the second) or `one_of` (exactly one of the fields).
    public var kind: String
    public var fields: [String]
    public var message: String
}

extension CeilingCatalogue {
    /// The input form of product `leafID`.
    /// - Throws: ``CeilingError`` ``CeilingError/Code/notFound`` or ``CeilingError/Code/notALeaf`` (field `product`).
    public func form(for leafID: String) throws -> CeilingForm {
        let leaf = try leaf(leafID, field: "product")
        let groups = leaf.template.choiceGroups ?? []
        let inputs = (Self.geometryInputs + leaf.template.inputs).map { name in
            let group = groups.first { $0.members.contains(name) }
            return formInput(name, group: group)
        }
        let rules =
            groups.map { CeilingFormRule(kind: "one_of", fields: $0.members, message: $0.message) }
            + (leaf.template.validations ?? []).map {
                CeilingFormRule(kind: $0.kind, fields: [$0.if, $0.then], message: $0.message)
            }
        return CeilingForm(
            leaf: leafID,
            path: try leaf.path.map { CeilingMenuEntry(try node($0, field: "product").node) },
            inputs: inputs,
            geometry: [["length_m", "width_m"], ["area_m2", "perimeter_m"], ["area_m2"]],
            rules: rules
        )
    }

    private func formInput(_ name: String, group: ChoiceGroup?) -> CeilingFormInput {
        guard let definition = document.inputs[name] else {
            preconditionFailure("the catalogue validator lets no template name an unknown input")
        }
        let isGeometry = Self.geometryInputs.contains(name)
        return CeilingFormInput(
            name: name,
            label: definition.label,
            type: CeilingFormInput.Kind(definition.type),
            unit: definition.unit,
            required: !isGeometry && definition.required == true && definition.default == nil,
            default: group.map { .bool($0.default == name) } ?? definition.default,
            min: definition.min,
            max: definition.max,
            integer: definition.integer == true,
            choices: (definition.choices ?? []).map { CeilingChoice(value: $0.value, label: $0.label) },
            excludes: group?.members.filter { $0 != name } ?? [],
            group: group?.id,
            help: definition.help
        )
    }
}

extension CeilingFormInput.Kind {
    init(_ kind: InputDefinition.Kind) {
        switch kind {
        case .number: self = .number
        case .boolean: self = .boolean
        case .choice: self = .choice
        }
    }
}
