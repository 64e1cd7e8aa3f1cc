import Calculator
import Dates
import Ledger
import LedgerAPI
import Money
import Wire

/// The `convertTo` view of `balances`: each member's nets converted with the operator's reference rates (the
/// table calc loads) and summed. Nothing stored is converted; the rates and their date are stated.
struct BalanceConversion: Sendable {
    let rates: RatesTable?

    /// - Throws: `failed_precondition` when no rates are loaded, `invalid_argument` or `not_found` for a currency
    ///   the table does not know.
    func convert(_ balances: [String: [String: MemberBalance]], to code: String) throws -> ConvertedBalancesView {
        guard let rates else {
            throw WireError(
                .failedPrecondition,
                "convertTo needs reference rates: start the ledger worker with --rates-file",
                field: "convertTo"
            )
        }
        let target = try Currency.named(code, field: "convertTo")
        var totals: [String: Int64] = [:]
        var used: [RateUsed] = []
        for (currency, members) in balances.sorted(by: { $0.key < $1.key }) {
            let digits = Currency(code: currency)?.minorDigits ?? 2
            for (member, balance) in members.sorted(by: { $0.key < $1.key }) {
                let converted = try convert(balance.net, digits: digits, from: currency, to: target, rates: rates)
                totals[member, default: 0] += converted.amount
                if used.last?.from != currency {
                    used.append(RateUsed(from: currency, rate: converted.rate, date: converted.date))
                }
            }
        }
        return ConvertedBalancesView(
            currency: target.code,
            members: totals.sorted { $0.key < $1.key }.map {
                MemberAmount(userId: $0.key, amount: target.format($0.value))
            },
            rates: used
        )
    }

    private func convert(
        _ amount: Int64,
        digits: Int,
        from: String,
        to target: Currency,
        rates: RatesTable
    ) throws
        -> (amount: Int64, rate: String, date: String)
    {
        guard let value = Rational(parsing: MinorUnits.format(amount, digits: digits)) else {
            throw WireError(.internal, "unreadable amount")
        }
        do {
            let conversion = try rates.convert(value, from: from, to: target.code)
            return (
                target.parse(conversion.amount, allowsNegative: true) ?? 0, conversion.rate.display(digits: 10),
                conversion.asOf.description
            )
        } catch let error as CalculatorError {
            throw WireError(error.code == .notFound ? .notFound : .invalidArgument, error.message, field: "convertTo")
        }
    }
}
