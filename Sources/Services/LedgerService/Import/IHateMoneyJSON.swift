import Foundation
import Ledger
import LedgerAPI
import Money
import Wire

/// Reads IHateMoney's JSON export of a project's bills (its "Export" page, `bills.json`): a list, newest first, of
/// `{what, bill_type, amount, currency, date, payer_name, payer_weight, owers}`.
///
/// An `Expense` becomes a bill of `amount` paid by `payer_name` and split by `shares` among `owers`, each with their
/// weight. The export gives only payers' weights, so a member who never paid has weight 1. A `Reimbursement` becomes
/// a payment from the payer to each ower, split the same way, to the cent. IHateMoney keeps its amounts as floats
/// rounded to 2 decimals and its balances unrounded, so an import agrees with IHateMoney's balances to the cent: the
/// household's rounding keeps each member within one minor unit of the exact sum (`exactness` `cent`). Amounts in
/// its "no currency" (`XXX`) are in the household's currency.
enum IHateMoneyJSON {
    static func read(_ text: String, householdCurrency: String) -> ImportSource {
        var source = ImportSource()
        source.exactness = "cent"
        guard case .array(let bills) = try? JSONValue(parsing: Array(text.utf8)) else {
            source.fail(1, nil, "not an IHateMoney bills export: a JSON list of bills")
            return source
        }
        var weights: [String: Decimal] = [:]
        for bill in bills {
            if let payer = bill["payer_name"]?.stringValue, case .number(let weight) = bill["payer_weight"] {
                weights[payer] = Decimal(string: weight)
            }
        }
        // Oldest first, as they were written; a bill's row is its place in the file's list.
        for (index, bill) in bills.enumerated().reversed() {
            read(bill, row: index + 1, weights: weights, householdCurrency: householdCurrency, into: &source)
        }
        return source
    }

    private static func read(
        _ bill: JSONValue,
        row: Int,
        weights: [String: Decimal],
        householdCurrency: String,
        into source: inout ImportSource
    ) {
        let code = bill["currency"]?.stringValue ?? "XXX"
        guard let currency = Currency(code: code == "XXX" ? householdCurrency : code) else {
            source.fail(row, "currency", "\(code) is not an ISO 4217 currency code")
            return
        }
        guard case .number(let amountText) = bill["amount"], let amount = currency.exported(amountText), amount > 0
        else {
            source.fail(row, "amount", "is not a positive amount in \(currency.code) with at most 2 decimals")
            return
        }
        guard let payer = bill["payer_name"]?.stringValue, !payer.isEmpty else {
            source.fail(row, "payer_name", "names no payer")
            return
        }
        let owers = (bill["owers"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard !owers.isEmpty else {
            source.fail(row, "owers", "names nobody who owes")
            return
        }
        let date = bill["date"]?.stringValue ?? ""
        guard (try? DateCheck.validated(date, field: "date")) != nil else {
            source.fail(row, "date", "\(date) is not a date written YYYY-MM-DD")
            return
        }
        for name in [payer] + owers where !source.names.contains(name) { source.names.append(name) }
        guard let shares = wholeShares(owers.map { weights[$0] ?? 1 }) else {
            source.fail(row, "owers", "a weight is not a positive number up to a million with at most 2 decimals")
            return
        }
        let description = bill["what"]?.stringValue ?? ""
        if bill["bill_type"]?.stringValue == "Reimbursement" {
            for (ower, part) in zip(owers, apportion(amount, by: shares)) where ower != payer && part > 0 {
                source.entries.append(
                    .payment(
                        .init(
                            row: row,
                            date: date,
                            from: payer,
                            to: ower,
                            currency: currency,
                            amount: part,
                            note: description.isEmpty ? nil : description
                        )
                    )
                )
            }
            return
        }
        source.entries.append(
            .bill(
                .init(
                    row: row,
                    date: date,
                    description: description.isEmpty ? "Imported row \(row)" : description,
                    category: nil,
                    currency: currency,
                    amount: amount,
                    paid: [.init(name: payer, amount: amount)],
                    owed: zip(owers, shares).map { .init(name: $0, amount: $1) },
                    byShares: true
                )
            )
        )
    }

    /// Weights as whole numbers in the same ratio (scaled by 100), or nil for one that is not positive, is over a
    /// million or has more than 2 decimals.
    static func wholeShares(_ weights: [Decimal]) -> [Int64]? {
        var shares: [Int64] = []
        for weight in weights {
            var scaled = weight * 100
            var whole = Decimal()
            NSDecimalRound(&whole, &scaled, 0, .plain)
            guard weight > 0, weight <= 1_000_000, whole == scaled else { return nil }
            shares.append(NSDecimalNumber(decimal: whole).int64Value)
        }
        let divisor = shares.reduce(0) { gcd($0, $1) }
        return shares.map { $0 / divisor }
    }

    /// `amount` split in proportion to `shares`, the minor units left over given to the largest remainders first.
    static func apportion(_ amount: Int64, by shares: [Int64]) -> [Int64] {
        let (whole, weights) = (Int128(amount), shares.map { Int128($0) })
        let total = weights.reduce(0, +)
        var parts = weights.map { whole * $0 / total }
        let order = weights.indices.sorted { whole * weights[$0] % total > whole * weights[$1] % total }
        for index in order.prefix(Int(whole - parts.reduce(0, +))) { parts[index] += 1 }
        return parts.map { Int64($0) }
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
