import Calculator
import Foundation

extension CatalogueValidator {
    /// Checks a template's inputs, option groups, rules, warnings and lines.
    mutating func check(_ template: Template, at place: String) {
        var seen = Set<String>()
        for name in template.inputs {
            if !seen.insert(name).inserted { report("\(place).inputs", "'\(name)' is listed twice") }
            if document.inputs[name] == nil { report("\(place).inputs", "unknown input '\(name)'") }
            if CeilingCatalogue.geometryInputs.contains(name) {
                report("\(place).inputs", "'\(name)' is a geometry input, which every product has already")
            }
        }
        checkGroups(template, at: place)
        for (index, rule) in (template.validations ?? []).enumerated() {
            let here = "\(place).validations[\(index)]"
            if rule.kind != "requires" { report(here, "unknown validation kind '\(rule.kind)'") }
            for name in [rule.if, rule.then] where !isBoolean(name, in: template) {
                report(here, "'\(name)' is not a yes/no input of this template")
            }
        }
        for (index, warning) in (template.conditionalWarnings ?? []).enumerated() {
            check(warning.when, inputs: template.inputs, at: "\(place).conditional_warnings[\(index)]")
        }
        var earlier: [String] = []
        for (index, line) in template.lines.enumerated() {
            check(line, in: template, earlier: earlier, at: "\(place).lines[\(index)]")
            if earlier.contains(line.id) { report("\(place).lines[\(index)]", "line id '\(line.id)' is used twice") }
            earlier.append(line.id)
        }
    }

    private mutating func checkGroups(_ template: Template, at place: String) {
        var grouped = Set<String>()
        for (index, group) in (template.choiceGroups ?? []).enumerated() {
            let here = "\(place).choice_groups[\(index)]"
            if group.members.count < 2 { report(here, "a choice group needs at least two members") }
            if !group.members.contains(group.default) { report(here, "the default '\(group.default)' is no member") }
            for member in group.members {
                if !isBoolean(member, in: template) {
                    report(here, "'\(member)' is not a yes/no input of this template")
                }
                if !grouped.insert(member).inserted { report(here, "'\(member)' is in two groups") }
            }
        }
    }

    private func isBoolean(_ name: String, in template: Template) -> Bool {
        template.inputs.contains(name) && document.inputs[name]?.type == .boolean
    }

    private mutating func check(_ line: Line, in template: Template, earlier: [String], at place: String) {
        if line.terms.isEmpty { report(place, "a line needs at least one term") }
        if line.wastePct != nil && line.wastePctInput != nil { report(place, "give waste_pct or waste_pct_input") }
        if let name = line.wastePctInput, !template.inputs.contains(name) || document.inputs[name]?.type != .number {
            report(place, "waste_pct_input '\(name)' is not a number input of this template")
        }
        if let name = line.addInput, !template.inputs.contains(name) || document.inputs[name]?.integer != true {
            report(place, "add_input '\(name)' is not a whole-number input of this template")
        }
        for (index, term) in line.terms.enumerated() {
            check(term, in: template, earlier: earlier, at: "\(place).terms[\(index)]")
        }
    }

    private mutating func check(_ term: Term, in template: Template, earlier: [String], at place: String) {
        let needed: [(String, Bool)] =
            switch term.kind {
            case .linearPerArea: [("spacing_m", term.spacingM != nil)]
            case .gridPoints: [("a_m", term.aM != nil), ("b_m", term.bM != nil)]
            case .countPerArea: [("rate_per_m2", term.ratePerM2 != nil)]
            case .coverArea: []
            case .perimeterLength: [("fraction", term.fraction != nil)]
            case .perimeterPoints: [("fraction", term.fraction != nil), ("spacing_m", term.spacingM != nil)]
            case .perLine:
                [("line", term.line != nil), ("factor or step_table", (term.factor == nil) != (term.stepTable == nil))]
            }
        for (field, present) in needed where !present { report(place, "a \(term.kind.rawValue) term needs \(field)") }
        for amount in [term.spacingM, term.aM, term.bM].compactMap({ $0 }) {
            if case .value(let value) = amount, value.signum <= 0 { report(place, "spacings must be above 0") }
        }
        if let line = term.line, !earlier.contains(line) { report(place, "'\(line)' is not an earlier line") }
        if let table = term.stepTable, document.stepTables[table] == nil {
            report(place, "unknown step table '\(table)'")
        }
        if let table = term.stepTable.flatMap({ document.stepTables[$0] }), !template.inputs.contains(table.input) {
            report(place, "step table '\(term.stepTable ?? "")' reads '\(table.input)', which this template lacks")
        }
        check(term.when ?? [], inputs: template.inputs, at: place)
    }
}
