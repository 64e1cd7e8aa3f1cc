import Calculator
import Foundation

extension CatalogueValidator {
    /// Checks the tree: unique ids, menus with children, leaves with a template, parameters and product bindings.
    mutating func checkTree() {
        if document.tree.isLeaf { report("tree", "the root must be a menu") }
        var ids = Set<String>()
        func walk(_ node: TreeNode, at place: String) {
            if !ids.insert(node.id).inserted { report(place, "id '\(node.id)' is used twice") }
            if node.isLeaf {
                if node.children != nil { report(place, "a product (with a template) cannot have children") }
                checkLeaf(node, at: place)
            } else if (node.children ?? []).isEmpty {
                report(place, "a menu needs children, or a template to be a product")
            }
            for (index, child) in (node.children ?? []).enumerated() {
                walk(child, at: "\(place).children[\(index)](\(child.id))")
            }
        }
        walk(document.tree, at: "tree")
    }

    private mutating func checkLeaf(_ leaf: TreeNode, at place: String) {
        guard let templateID = leaf.template, let template = document.templates[templateID] else {
            report(place, "unknown template '\(leaf.template ?? "")'")
            return
        }
        checkParams(of: leaf, template: template, at: place)
        let bindings = leaf.products ?? [:]
        for line in template.lines {
            guard let binding = bindings[line.role] else {
                report(place, "role '\(line.role)' (line \(line.id)) is bound to no product")
                continue
            }
            for productID in binding.productIDs {
                check(productID, for: line, at: "\(place).products.\(line.role)")
            }
            if case .cases(let cases) = binding {
                for (index, item) in cases.enumerated() {
                    check(item.when, inputs: template.inputs, at: "\(place).products.\(line.role)[\(index)]")
                }
                if !casesCoverEveryInput(cases, in: template) {
                    report("\(place).products.\(line.role)", "the cases must cover every choice of one input or group")
                }
            }
        }
        let roles = Set(template.lines.map(\.role))
        for role in bindings.keys.sorted() where !roles.contains(role) {
            report("\(place).products.\(role)", "no line of template '\(templateID)' uses this role")
        }
    }

    private mutating func checkParams(of leaf: TreeNode, template: Template, at place: String) {
        let params = leaf.params ?? [:]
        let amounts = template.lines.flatMap(\.terms).flatMap { [$0.spacingM, $0.aM, $0.bM].compactMap { $0 } }
        var used = Set<String>()
        for case .param(let name) in amounts {
            used.insert(name)
            guard let value = params[name] else {
                report(place, "template '\(leaf.template ?? "")' needs parameter '\(name)'")
                continue
            }
            if value.signum <= 0 { report("\(place).params.\(name)", "must be above 0") }
        }
        for name in params.keys.sorted() where !used.contains(name) {
            report("\(place).params.\(name)", "the template does not use this parameter")
        }
    }

    private mutating func check(_ productID: String, for line: Line, at place: String) {
        guard let product = document.products[productID] else {
            report(place, "unknown product '\(productID)'")
            return
        }
        let kinds = Set(line.terms.map(\.kind))
        if !kinds.isDisjoint(with: [.linearPerArea, .perimeterLength]), product.stockLengthM == nil {
            report(place, "'\(productID)' needs stock_length_m for line \(line.id)")
        }
        if kinds.contains(.coverArea), product.coverageM2 == nil {
            report(place, "'\(productID)' needs coverage_m2 for line \(line.id)")
        }
    }

    /// Whether exactly one case always applies: one `equals` condition per case, over every choice of one choice
    /// input, or over every member (`true`) of one choice group.
    private func casesCoverEveryInput(_ cases: [ProductBinding.Case], in template: Template) -> Bool {
        let conditions = cases.compactMap { $0.when.count == 1 ? $0.when.first : nil }
        guard conditions.count == cases.count else { return false }
        if let input = conditions.first?.input, conditions.allSatisfy({ $0.input == input }),
            let choices = document.inputs[input]?.choices
        {
            return Set(conditions.compactMap(\.equals)) == Set(choices.map { CeilingValue.text($0.value) })
        }
        let members = Set(conditions.map(\.input))
        return conditions.allSatisfy { $0.equals == .bool(true) } && members.count == conditions.count
            && (template.choiceGroups ?? []).contains { Set($0.members) == members }
    }
}
