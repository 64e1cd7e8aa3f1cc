import ArgumentParser
import Wire

/// `reckon loan 300000 --rate 6 --years 25`: payment, totals and the amortization schedule.
struct LoanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loan",
        abstract: "Loan or mortgage payment, total interest and the amortization schedule.",
        discussion: "Example: reckon loan 300000 --rate 6 --years 25 --compounding semiannual (Canadian mortgage)"
    )

    @Argument(help: "The amount borrowed.")
    var principal: String

    @Option(help: "Nominal annual interest rate in percent.")
    var rate: String

    @Option(help: "Term in years.")
    var years: String

    @Option(help: "Payments per year.")
    var paymentsPerYear = 12

    @Option(help: "Compounding: semiannual (Canadian mortgages), monthly, ... (default: as payments).")
    var compounding: String?

    @Option(help: "Extra principal paid every period.")
    var extra: String?

    @Option(help: "Row rounding: cents, cents_half_up or none.")
    var rounding = "cents"

    @Flag(help: "Print only the summary, not the schedule.")
    var summary = false

    @OptionGroup var client: ClientOptions

    func run() async throws {
        var args = JSONObject([
            ("principal", .string(principal)), ("ratePercent", .string(rate)),
            ("years", .string(years)), ("paymentsPerYear", .number(String(paymentsPerYear))),
            ("rounding", .string(rounding)),
        ])
        if let compounding { args["compounding"] = .string(compounding) }
        if let extra { args["extraPayment"] = .string(extra) }
        let result = try await client.call(service: "calc", op: "loan", args: .object(args))
        client.print(result) { result in
            let field = { (key: String) in result[key]?.cellText ?? "" }
            var lines = [
                "Payment:        \(field("payment")) x \(field("numberOfPayments"))",
                "Total paid:     \(field("totalPaid"))",
                "Total interest: \(field("totalInterest"))",
                "Rounding:       \(field("rounding"))",
            ]
            if !summary {
                let rows = (result["schedule"]?.arrayValue ?? []).map { row in
                    ["period", "payment", "interest", "principal", "balance"].map { row[$0]?.cellText ?? "" }
                }
                lines.append("")
                lines.append(
                    TextTable(headers: ["#", "Payment", "Interest", "Principal", "Balance"], rows: rows)
                        .render()
                )
            }
            return lines.joined(separator: "\n")
        }
    }
}
