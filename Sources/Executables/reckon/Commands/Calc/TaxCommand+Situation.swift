import ArgumentParser
import CalcAPI
import Wire

/// The person's situation, shared by the tax subcommands. Amounts are dollars (`85000` or `85000.50`).
struct TaxSituationOptions: ParsableArguments {
    @Option(help: "Employment income (default: your profile's when signed in, else 0).")
    var income: String?

    @Option(
        help:
            "Province or territory code: AB BC MB NB NL NS NT NU ON PE QC SK YT (default: your profile's when signed in)."
    )
    var province: String?

    @Option(help: "Tax year (default: the latest with data).")
    var year: Int?

    @Option(help: "Age on December 31 (for the age amount).")
    var age: Int?

    @Option(help: "Interest income.") var interest: String?
    @Option(help: "Eligible dividends received.") var eligibleDividends: String?
    @Option(help: "Non-eligible dividends received.") var nonEligibleDividends: String?
    @Option(help: "Foreign investment income (CAD).") var foreign: String?
    @Option(help: "Foreign tax withheld (CAD).") var foreignTaxPaid: String?
    @Option(help: "Capital gains (the whole gain).") var capitalGains: String?
    @Option(help: "OAS pension received.") var oas: String?
    @Option(help: "Pension income.") var pension: String?
    @Option(help: "Other income.") var otherIncome: String?
    @Option(help: "RRSP contributions to deduct.") var rrsp: String?
    @Option(help: "RRSP deduction room, if known.") var rrspRoom: String?

    /// The situation `tax.estimate` and `tax.topic` take; `province` and `income` are left out when not given, for
    /// calc to take from the profile of ``token``.
    var situation: TaxSituation {
        let number = { (text: String?) in text.map { NumberText($0) } }
        var income = TaxSituation.Income(employment: number(self.income))
        income.interest = number(interest)
        income.eligibleDividends = number(eligibleDividends)
        income.nonEligibleDividends = number(nonEligibleDividends)
        income.foreign = number(foreign)
        income.foreignTaxPaid = number(foreignTaxPaid)
        income.capitalGains = number(capitalGains)
        income.oas = number(oas)
        income.pension = number(pension)
        income.other = number(otherIncome)
        return TaxSituation(
            year: year,
            province: province,
            income: income == TaxSituation.Income() ? nil : income,
            deductions: TaxSituation.Deductions(rrsp: number(rrsp), rrspRoom: number(rrspRoom)),
            age: age
        )
    }

    /// The saved ledger session's token when the situation leaves out something a profile gives, so calc fills it
    /// in; `nil` when nothing is missing or nobody is signed in.
    var token: String? {
        guard province == nil || income == nil else { return nil }
        return (try? LedgerSessionFile.load())??.token
    }
}

/// Text rendering shared by the tax subcommands.
enum TaxRendering {
    /// The `breakdown` rows as a table: step, amount, how.
    static func breakdown(_ rows: [TaxRow]) -> String {
        TextTable(headers: ["Step", "Amount", "How"], rows: rows.map { [$0.label, $0.amount, $0.detail] }).render()
    }

    /// The estimate: the table, then totals, rates, reductions applied and warnings.
    static func estimate(_ result: TaxEstimateOp.Result) -> String {
        var lines = [
            "\(result.provinceName), \(result.year)",
            breakdown(result.breakdown),
            "",
            "Federal \(result.federal)  Provincial \(result.provincial)  Total \(result.total)",
            "Average rate \(percent(result.averageRate))  Marginal rate \(percent(result.marginalRate))",
        ]
        if !result.reductionsApplied.isEmpty {
            lines.append("Applied: " + result.reductionsApplied.joined(separator: ", "))
        }
        for warning in result.warnings { lines.append("Note: \(warning)") }
        return lines.joined(separator: "\n")
    }

    /// A decimal fraction as a percentage by moving the point two places: "0.2965" gives "29.65%".
    static func percent(_ fraction: String) -> String {
        let negative = fraction.hasPrefix("-")
        let parts = fraction.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first else { return fraction }
        var digits = parts.count > 1 ? String(parts[1]) : ""
        digits += String(repeating: "0", count: max(0, 2 - digits.count))
        let integer = Int(whole + digits.prefix(2)) ?? 0
        let rest = digits.dropFirst(2)
        return (negative ? "-" : "") + (rest.isEmpty ? "\(integer)%" : "\(integer).\(rest)%")
    }
}
