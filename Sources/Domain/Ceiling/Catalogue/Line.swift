import Calculator

/// One bill-of-materials line: the product role it orders and the terms that add up to its raw quantity.
struct Line: Decodable, Sendable {
    let id: String
    let label: String
    /// The role the leaf binds to a product, e.g. `main_tee`.
    let role: String
    let terms: [Term]
    /// Whether the user's overall variance allowance applies (not to lines derived from other lines).
    let applyVariance: Bool
    /// A fixed waste allowance in percent.
    let wastePct: Rational?
    /// The input that holds the waste allowance in percent, e.g. `board_waste_pct`.
    let wastePctInput: String?
    /// The input whose value is added after rounding, e.g. `spare_tiles`.
    let addInput: String?
    let source: String?

    private enum CodingKeys: String, CodingKey {
        case id, label, role, terms, source
        case applyVariance = "apply_variance"
        case wastePct = "waste_pct"
        case wastePctInput = "waste_pct_input"
        case addInput = "add_input"
    }
}

/// One contribution to a line, of a closed set of kinds (so the catalogue stays safe to load and easy to test).
struct Term: Decodable, Sendable {
    /// The kinds of term and the raw pieces each gives (A = area, P = perimeter).
    enum Kind: String, Decodable, Sendable {
        /// A ÷ spacing metres of product, ÷ stock length.
        case linearPerArea = "linear_per_area"
        /// A ÷ (a × b) × multiplier: hangers, clips at crossings, screws, splines per module.
        case gridPoints = "grid_points"
        /// A × rate, e.g. the troffer allowance.
        case countPerArea = "count_per_area"
        /// A ÷ the product's coverage: tiles and boards.
        case coverArea = "cover_area"
        /// P × fraction ÷ stock length: wall angle, track.
        case perimeterLength = "perimeter_length"
        /// P × fraction ÷ spacing: brackets.
        case perimeterPoints = "perimeter_points"
        /// An earlier line's pieces (before spares) × a factor or a step-table factor.
        case perLine = "per_line"
    }

    let kind: Kind
    let spacingM: Amount?
    let aM: Amount?
    let bM: Amount?
    let multiplier: Rational?
    let ratePerM2: Rational?
    let fraction: Rational?
    let line: String?
    let factor: Ratio?
    let stepTable: String?
    let when: [Condition]?
    let source: String?

    private enum CodingKeys: String, CodingKey {
        case kind, multiplier, fraction, line, factor, when, source
        case spacingM = "spacing_m"
        case aM = "a_m"
        case bM = "b_m"
        case ratePerM2 = "rate_per_m2"
        case stepTable = "step_table"
    }
}
