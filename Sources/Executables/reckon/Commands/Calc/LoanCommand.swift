import ArgumentParser
import CalcAPI

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
        let compounding = try self.compounding.map { text in
            guard let periods = PeriodsPerYear<LoanCompoundingNames>(text) else {
                throw ValidationError("--compounding must be a count from 1 to 366, or semiannual, monthly, ...")
            }
            return periods
        }
        let args = LoanOp.Args(
            principal: NumberText(principal),
            ratePercent: NumberText(rate),
            years: NumberText(years),
            paymentsPerYear: paymentsPerYear,
            compounding: compounding,
            extraPayment: extra.map { NumberText($0) },
            rounding: rounding
        )
        let result = try await client.call(LoanOp.self, args)
        try client.print(typed: result) { result in
            var lines = [
                "Payment:        \(result.payment) x \(result.numberOfPayments)",
                "Total paid:     \(result.totalPaid)",
                "Total interest: \(result.totalInterest)",
                "Rounding:       \(result.rounding)",
            ]
            if !summary {
                let rows = (result.schedule ?? []).map { row in
                    [String(row.period), row.payment, row.interest, row.principal, row.balance]
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
