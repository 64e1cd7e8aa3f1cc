import Calculator

/// The inputs of one estimate after checking: every value typed and in range, defaults applied, option groups
/// settled, and the room worked out.
struct ResolvedInputs: Sendable {
    let values: [String: CeilingValue]
    let geometry: RoomGeometry
}

/// Checks an estimate's inputs the way the product's form does and collects one detail per bad input.
struct InputResolver {
    let document: CatalogueDocument
    let leaf: Leaf

    /// The inputs in form order: the room first, then the template's.
    private var names: [String] { CeilingCatalogue.geometryInputs + leaf.template.inputs }

    /// - Throws: ``CeilingError`` ``CeilingError/Code/invalidInputs`` with one detail per bad input.
    func resolve(_ given: [String: CeilingValue]) throws -> ResolvedInputs {
        var values: [String: CeilingValue] = [:]
        var details = given.keys.sorted().filter { !names.contains($0) }.map {
            CeilingError.Detail(field: $0, code: .unknownInput, message: "this product has no input called \($0)")
        }
        let grouped = Set((leaf.template.choiceGroups ?? []).flatMap(\.members))
        for name in names {
            guard let definition = document.inputs[name] else {
                preconditionFailure("the catalogue validator lets no template name an unknown input")
            }
            if let raw = given[name] {
                switch Self.check(raw, name: name, against: definition) {
                case .success(let value): values[name] = value
                case .failure(let error): details.append(error.detail)
                }
            } else if let value = definition.default, !grouped.contains(name) {
                values[name] = value
            } else if definition.required == true {
                details.append(.init(field: name, code: .required, message: "\(definition.label) is required"))
            }
        }
        settleGroups(given: given, values: &values, details: &details)
        checkRules(values, details: &details)
        let geometry = resolveGeometry(values, details: &details)
        guard let geometry, details.isEmpty else {
            let ordered = details.sorted { order($0.field) < order($1.field) }
            let summary = ordered.count == 1 ? ordered[0].message : "\(ordered.count) inputs are invalid"
            throw CeilingError(.invalidInputs, summary, field: ordered.first?.field, details: ordered)
        }
        return ResolvedInputs(values: values, geometry: geometry)
    }

    private func order(_ field: String) -> Int {
        names.firstIndex(of: field) ?? names.count
    }

    /// Applies each option group: its default member when none is given, else exactly one must be selected.
    private func settleGroups(
        given: [String: CeilingValue],
        values: inout [String: CeilingValue],
        details: inout [CeilingError.Detail]
    ) {
        for group in leaf.template.choiceGroups ?? [] {
            guard !details.contains(where: { group.members.contains($0.field) }) else { continue }
            let selected = group.members.filter { values[$0] == .bool(true) }
            if !group.members.contains(where: { given[$0] != nil }) {
                for member in group.members { values[member] = .bool(member == group.default) }
            } else if selected.count > 1 {
                details += selected.map { .init(field: $0, code: .conflictingOptions, message: group.message) }
            } else if selected.isEmpty {
                let labels = group.members.map { document.inputs[$0]?.label ?? $0 }.joined(separator: " or ")
                details.append(.init(field: group.members[0], code: .required, message: "choose \(labels)"))
            } else {
                for member in group.members where values[member] == nil { values[member] = .bool(false) }
            }
        }
    }

    private func checkRules(_ values: [String: CeilingValue], details: inout [CeilingError.Detail]) {
        for rule in leaf.template.validations ?? [] where values[rule.if] == .bool(true) {
            if values[rule.then] != .bool(true) {
                details.append(.init(field: rule.if, code: .requiresOption, message: rule.message))
            }
        }
    }

    private func resolveGeometry(
        _ values: [String: CeilingValue],
        details: inout [CeilingError.Detail]
    ) -> RoomGeometry? {
        let fields = CeilingCatalogue.geometryInputs
        guard !details.contains(where: { fields.contains($0.field) }) else { return nil }
        let numbers = values.filter { fields.contains($0.key) }.compactMapValues(\.numberValue)
        switch RoomGeometry.resolve(numbers) {
        case .success(let room):
            return room
        case .failure(let error):
            details += error.details
            return nil
        }
    }

    /// The value as the input's type, or the detail that says what is wrong with it.
    static func check(
        _ raw: CeilingValue,
        name: String,
        against input: InputDefinition
    ) -> Result<CeilingValue, DetailError> {
        func fail(_ code: CeilingError.Code, _ message: String) -> Result<CeilingValue, DetailError> {
            .failure(DetailError(detail: .init(field: name, code: code, message: message)))
        }
        switch input.type {
        case .boolean:
            guard case .bool = raw else { return fail(.wrongType, "\(input.label) must be true or false") }
            return .success(raw)
        case .choice:
            let choices = input.choices ?? []
            guard case .text(let value) = raw, choices.contains(where: { $0.value == value }) else {
                let list = choices.map(\.value).joined(separator: ", ")
                return fail(.notAChoice, "\(input.label) must be one of \(list)")
            }
            return .success(raw)
        case .number:
            guard let number = raw.numberValue else { return fail(.wrongType, "\(input.label) must be a number") }
            if input.integer == true, !number.isInteger {
                return fail(.notInteger, "\(input.label) must be a whole number")
            }
            if let min = input.min, number < min { return fail(.outOfRange, rangeMessage(input)) }
            if let max = input.max, number > max { return fail(.outOfRange, rangeMessage(input)) }
            return .success(.number(number))
        }
    }

    private static func rangeMessage(_ input: InputDefinition) -> String {
        if let message = input.message { return message }
        let unit = input.unit.map { " \($0)" } ?? ""
        switch (input.min, input.max) {
        case (let min?, let max?):
            return "\(input.label) must be between \(min.decimalText) and \(max.decimalText)\(unit)"
        case (let min?, nil): return "\(input.label) must be at least \(min.decimalText)\(unit)"
        case (nil, let max?): return "\(input.label) must be at most \(max.decimalText)\(unit)"
        case (nil, nil): return "\(input.label) is out of range"
        }
    }
}

/// Carries one detail through `Result`.
struct DetailError: Error {
    let detail: CeilingError.Detail
}
