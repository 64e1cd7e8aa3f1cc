import Calculator

/// How an input is entered: its type, unit, range, default and the text a form shows.
struct InputDefinition: Decodable, Sendable {
    /// The kinds of input a form can draw.
    enum Kind: String, Decodable, Sendable {
        case number, boolean, choice
    }

    /// One value a choice input offers.
    struct Choice: Decodable, Sendable, Hashable {
        let value: String
        let label: String
    }

    let type: Kind
    let label: String
    let unit: String?
    let min: Rational?
    let max: Rational?
    let integer: Bool?
    let `default`: CeilingValue?
    let required: Bool?
    let choices: [Choice]?
    /// The message for a value out of range, when the catalogue words it (the app's "Length Drop must be ...").
    let message: String?
    let help: String?
    let source: String?
}
