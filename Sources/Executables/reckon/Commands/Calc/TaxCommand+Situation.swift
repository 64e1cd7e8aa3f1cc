import ArgumentParser
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

    /// The `args` of `tax.estimate`; `province` and `income` are left out when not given, for calc to take from
    /// the profile of ``token``.
    var args: JSONObject {
        var income = JSONObject()
        if let employment = self.income { income["employment"] = .string(employment) }
        let extras: [(String, String?)] = [
            ("interest", interest), ("eligibleDividends", eligibleDividends),
            ("nonEligibleDividends", nonEligibleDividends), ("foreign", foreign), ("foreignTaxPaid", foreignTaxPaid),
            ("capitalGains", capitalGains), ("oas", oas), ("pension", pension), ("other", otherIncome),
        ]
        for case let (key, value?) in extras { income[key] = .string(value) }
        var deductions = JSONObject()
        if let rrsp { deductions["rrsp"] = .string(rrsp) }
        if let rrspRoom { deductions["rrspRoom"] = .string(rrspRoom) }
        var args = JSONObject([("deductions", .object(deductions))])
        if let province { args["province"] = .string(province) }
        if !income.members.isEmpty { args["income"] = .object(income) }
        if let year { args["year"] = .number(String(year)) }
        if let age { args["age"] = .number(String(age)) }
        return args
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
    static func breakdown(_ rows: JSONValue?) -> String {
        let cells = (rows?.arrayValue ?? []).map { row in
            [row["label"]?.stringValue ?? "", row["amount"]?.stringValue ?? "", row["detail"]?.stringValue ?? ""]
        }
        return TextTable(headers: ["Step", "Amount", "How"], rows: cells).render()
    }

    /// The estimate: the table, then totals, rates, reductions applied and warnings.
    static func estimate(_ result: JSONValue) -> String {
        func text(_ key: String) -> String { result[key]?.stringValue ?? "?" }
        var lines = [
            "\(text("provinceName")), \(result["year"]?.numberText ?? "")",
            breakdown(result["breakdown"]),
            "",
            "Federal \(text("federal"))  Provincial \(text("provincial"))  Total \(text("total"))",
            "Average rate \(percent(text("averageRate")))  Marginal rate \(percent(text("marginalRate")))",
        ]
        let reductions = (result["reductionsApplied"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !reductions.isEmpty { lines.append("Applied: " + reductions.joined(separator: ", ")) }
        for warning in (result["warnings"]?.arrayValue ?? []).compactMap(\.stringValue) {
            lines.append("Note: \(warning)")
        }
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

extension JSONValue {
    /// A JSON number's text, or the value's description.
    fileprivate var numberText: String {
        if case .number(let text) = self { return text }
        return "\(self)"
    }
}
