import Foundation

/// The maths and form shared by products that are built the same way (Regal, Premium and Klik Steel 1200x600 use
/// one template). Leaves bind the template's roles to products.
struct Template: Decodable, Sendable {
    let description: String
    /// Input names, in form order, after the geometry inputs every leaf has.
    let inputs: [String]
    let choiceGroups: [ChoiceGroup]?
    let validations: [RequiresRule]?
    let warnings: [String]?
    let conditionalWarnings: [ConditionalWarning]?
    let lines: [Line]

    private enum CodingKeys: String, CodingKey {
        case description, inputs, validations, warnings, lines
        case choiceGroups = "choice_groups"
        case conditionalWarnings = "conditional_warnings"
    }
}

/// Yes/no options of which exactly one is selected (the tile sizes of a module). When none is given the
/// `default` member is selected; two or more selected is an error.
struct ChoiceGroup: Decodable, Sendable {
    let id: String
    let label: String
    let members: [String]
    let `default`: String
    /// The message when several members are selected, e.g. "1200 X 400 and 1200 X 300 cannot be co-selected".
    let message: String
    let source: String?
}

/// "If option `if` is selected, option `then` must be too", e.g. a T spline needs a C spline.
struct RequiresRule: Decodable, Sendable {
    let kind: String
    let `if`: String
    let then: String
    let message: String
    let source: String?
}

/// A warning shown when its conditions hold, e.g. a drop longer than one rod.
struct ConditionalWarning: Decodable, Sendable {
    let when: [Condition]
    let message: String
    let source: String?
}
