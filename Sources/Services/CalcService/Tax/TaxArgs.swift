import Tax
import Wire

/// `args` of `tax.estimate` (API.md): `{year?, province, income: {...}, deductions: {rrsp, ...}, age?}`.
/// Money is a decimal string (`"85000.00"`) or a JSON number; missing amounts are zero. `province` may be left to
/// the caller's profile (``TaxProfileDefaults``).
struct TaxEstimateArgs: Decodable, Sendable {
    struct Income: Decodable, Sendable {
        var employment: FixedDecimal?
        var selfEmployment: FixedDecimal?
        var interest: FixedDecimal?
        var eligibleDividends: FixedDecimal?
        var nonEligibleDividends: FixedDecimal?
        var foreign: FixedDecimal?
        var foreignTaxPaid: FixedDecimal?
        var capitalGains: FixedDecimal?
        var oas: FixedDecimal?
        var pension: FixedDecimal?
        var other: FixedDecimal?
    }

    struct Deductions: Decodable, Sendable {
        var rrsp: FixedDecimal?
        var rrspRoom: FixedDecimal?
        var other: FixedDecimal?
    }

    var year: Int?
    var province: String?
    var income: Income?
    var deductions: Deductions?
    var age: Int?

    /// Whether the request names everything a profile could give, so it never needs one.
    var isComplete: Bool { province != nil && income != nil }

    /// The engine's input.
    /// - Throws: ``WireError`` `invalid_argument` when there is no province.
    func input() throws -> TaxInput {
        guard let province else {
            throw WireError(
                .invalidArgument,
                "province is required (or send the token of a ledger profile that has one)",
                field: "province"
            )
        }
        var input = TaxInput(year: year, province: province, age: age)
        if let income {
            input.income.employment = income.employment ?? .zero
            input.income.selfEmployment = income.selfEmployment ?? .zero
            input.income.interest = income.interest ?? .zero
            input.income.eligibleDividends = income.eligibleDividends ?? .zero
            input.income.nonEligibleDividends = income.nonEligibleDividends ?? .zero
            input.income.foreign = income.foreign ?? .zero
            input.income.foreignTaxPaid = income.foreignTaxPaid ?? .zero
            input.income.capitalGains = income.capitalGains ?? .zero
            input.income.oas = income.oas ?? .zero
            input.income.pension = income.pension ?? .zero
            input.income.other = income.other ?? .zero
        }
        if let deductions {
            input.deductions.rrsp = deductions.rrsp ?? .zero
            input.deductions.rrspRoom = deductions.rrspRoom
            input.deductions.other = deductions.other ?? .zero
        }
        return input
    }
}

/// `args` of `tax.topic`: the situation (as `tax.estimate`) plus `topic`, `amount`, `foreignTaxPaid` and
/// `dividendKind` (`eligible` or `nonEligible`).
struct TaxTopicArgs: Decodable, Sendable {
    var topic: String
    var amount: FixedDecimal?
    var contribution: FixedDecimal?
    var foreignTaxPaid: FixedDecimal?
    var dividendKind: String?
    var situation: TaxEstimateArgs

    enum CodingKeys: String, CodingKey {
        case topic, amount, contribution, foreignTaxPaid, dividendKind
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        topic = try container.decode(String.self, forKey: .topic)
        amount = try container.decodeIfPresent(FixedDecimal.self, forKey: .amount)
        contribution = try container.decodeIfPresent(FixedDecimal.self, forKey: .contribution)
        foreignTaxPaid = try container.decodeIfPresent(FixedDecimal.self, forKey: .foreignTaxPaid)
        dividendKind = try container.decodeIfPresent(String.self, forKey: .dividendKind)
        situation = try TaxEstimateArgs(from: decoder)
    }

    /// The engine's request; `contribution` is accepted as another name for `amount` (the RRSP topic).
    /// - Throws: ``WireError`` for an unknown `dividendKind`.
    func request() throws -> TaxTopicRequest {
        var kind = TaxTopicRequest.DividendKind.eligible
        if let dividendKind {
            guard let parsed = TaxTopicRequest.DividendKind(rawValue: dividendKind) else {
                throw WireError(.invalidArgument, "dividendKind must be eligible or nonEligible", field: "dividendKind")
            }
            kind = parsed
        }
        return TaxTopicRequest(
            topic: topic,
            situation: try situation.input(),
            amount: amount ?? contribution ?? .zero,
            foreignTaxPaid: foreignTaxPaid ?? .zero,
            dividendKind: kind
        )
    }
}

/// `args` of `tax.topics`: an optional search `query`.
struct TaxTopicsArgs: Decodable, Sendable {
    var query: String?
}

/// `tax.jurisdictions` takes no arguments.
struct NoTaxArgs: Decodable, Sendable {}
