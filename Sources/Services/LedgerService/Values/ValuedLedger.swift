import BigInt
import Calculator
import Ledger
import LedgerAPI
import Money
import Storage
import Wire

/// A household's live entries, every one in the household's currency: each in another currency at the value it was
/// written with (``EntryValue``: its parts in proportion, a rounding transfer at its bill's), summed exactly, and
/// rounded once at the end, so no member drifts however many entries there are (`balances` and `settle.suggest`
/// with `in`). Read in one statement of every bill part, payment and rounding transfer: its cost grows with the
/// household's entries, unlike the per-currency view's running totals.
struct ValuedLedger: Sendable {
    /// One member's exact totals, in minor units of the household's currency.
    struct Totals: Sendable {
        var paid = Rational(0)
        var share = Rational(0)
        var sent = Rational(0)
        var received = Rational(0)
        var rounding = Rational(0)

        var net: Rational { paid - share + sent - received }
    }

    /// One entry's exact effect on each member's net, for explanations.
    struct Effect: Sendable {
        let id: String
        let entry: DebtSources.Entry
        let nets: [String: Rational]
    }

    let currency: Currency
    private(set) var totals: [String: Totals] = [:]
    /// Who owes whom per ordered pair, before netting, exactly.
    private var owing: [[String]: Rational] = [:]
    /// The entries, oldest first.
    private(set) var effects: [Effect] = []

    /// The household's entries in `home`.
    /// - Throws: `failed_precondition` (field `in`) when an entry in another currency has no value.
    static func read(_ household: String, in home: Currency, db: any SQLExecutor) async throws -> ValuedLedger {
        var ledger = ValuedLedger(currency: home)
        var unvalued: [String] = []
        let rows = try await db.query(statement(household))
        var index = rows.startIndex
        while index < rows.endIndex {
            let id = try rows[index].text("id")
            var end = index
            while end < rows.endIndex, try rows[end].text("id") == id { end += 1 }
            let entry = rows[index..<end]
            index = end
            let first = entry.first!
            let code = try first.text("currency")
            guard let ratio = try ratio(first, from: code, to: home) else {
                unvalued.append("\(try first.text("kind")) \(id) (\(try first.text("date")), \(code))")
                continue
            }
            try ledger.add(entry, id: id, ratio: ratio)
        }
        guard unvalued.isEmpty else {
            throw WireError(
                .failedPrecondition,
                "\(unvalued.count) entries in other currencies have no value in \(home.code) (edit each with a rate "
                    + "or convertedAmount): " + unvalued.prefix(5).joined(separator: ", ")
                    + (unvalued.count > 5 ? ", …" : ""),
                field: "in"
            )
        }
        return ledger
    }

    /// Each member's net, rounded to minor units so that they add up to 0: the floor of each exact net, and the units
    /// left over to the largest remainders (ties by user id).
    var nets: [String: Int64] {
        let exact = totals.mapValues(\.net)
        var nets = exact.mapValues { Int64($0.floor) }
        let left = -nets.values.reduce(0, +)
        let byRemainder = exact.sorted { lhs, rhs in
            let (left, right) = (lhs.value - Rational(lhs.value.floor), rhs.value - Rational(rhs.value.floor))
            return left == right ? lhs.key < rhs.key : right < left
        }
        for (member, _) in byRemainder.prefix(Int(left)) { nets[member, default: 0] += 1 }
        return nets
    }

    /// Every member's balance: paid, sent, received and rounding each rounded half-even, net as ``nets``, and share
    /// what makes `net = paid - share + sent - received` hold (within a minor unit or two of its exact sum).
    var balances: [String: MemberBalance] {
        let nets = self.nets
        return totals.reduce(into: [:]) { balances, item in
            let (member, totals) = item
            let (paid, sent, received) = (totals.paid.minor, totals.sent.minor, totals.received.minor)
            balances[member] = MemberBalance(
                paid: paid,
                share: paid + sent - received - (nets[member] ?? 0),
                sent: sent,
                received: received,
                rounding: totals.rounding.minor
            )
        }
    }

    /// Who owes whom before simplification: each entry's pairwise debts (``Ledger/Balances/pairwiseDebts(_:)``)
    /// valued, summed exactly per pair, netted, and rounded half-even.
    var debts: [Debt] {
        var net: [[String]: Rational] = [:]
        for (pair, amount) in owing {
            let sorted = pair.sorted()
            net[sorted, default: Rational(0)] = net[sorted, default: Rational(0)] + (pair == sorted ? amount : -amount)
        }
        return net.compactMap { pair, amount in
            let minor = amount.minor
            return minor == 0
                ? nil
                : minor > 0
                    ? Debt(from: pair[0], to: pair[1], amount: minor) : Debt(from: pair[1], to: pair[0], amount: -minor)
        }
        .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// What each entry id names, for a plan's reasons.
    var entries: [String: DebtSources.Entry] {
        Dictionary(effects.map { ($0.id, $0.entry) }, uniquingKeysWith: { first, _ in first })
    }

    /// What makes up each debtor's debt: their debt-making entries, newest first, each at its value rounded half-even,
    /// until they cover it (the last in part); a debt rounding leaves uncovered goes to the last slice.
    func debtSlices(_ debts: [String: Int64]) -> [String: [ExplainedTransfer.Reason]] {
        debts.reduce(into: [:]) { slices, item in
            let (debtor, debt) = item
            var left = debt
            var taken: [ExplainedTransfer.Reason] = []
            for effect in effects.reversed() where left > 0 {
                guard let net = effect.nets[debtor], net < Rational(0) else { continue }
                let amount = min((-net).minor, left)
                guard amount > 0 else { continue }
                taken.append(ExplainedTransfer.Reason(entryID: effect.id, amount: amount))
                left -= amount
            }
            if left > 0, !taken.isEmpty { taken[taken.count - 1].amount += left }
            slices[debtor] = taken
        }
    }

    /// Adds one entry's rows (`member`, `paid`, `owed` in the entry's minor units) at `ratio`.
    private mutating func add(_ rows: ArraySlice<SQLRow>, id: String, ratio: Rational) throws {
        let first = rows.first!
        let kind = try first.text("kind")
        var paid: [String: Int64] = [:]
        var owed: [String: Int64] = [:]
        for row in rows {
            let member = try row.text("member")
            paid[member, default: 0] += try row.int("paid")
            owed[member, default: 0] += try row.int("owed")
        }
        var nets: [String: Rational] = [:]
        for member in Set(paid.keys).union(owed.keys) {
            let (out, back) = (Rational(Int(paid[member] ?? 0)) * ratio, Rational(Int(owed[member] ?? 0)) * ratio)
            var totals = self.totals[member] ?? Totals()
            switch kind {
            case "bill": (totals.paid, totals.share) = (totals.paid + out, totals.share + back)
            case "payment": (totals.sent, totals.received) = (totals.sent + out, totals.received + back)
            default: (totals.share, totals.rounding) = (totals.share + back - out, totals.rounding + back - out)
            }
            self.totals[member] = totals
            nets[member] = out - back
        }
        let entry = try LedgerEntry(
            id: id,
            kind: LedgerEntry.Kind(rawValue: kind) ?? .rounding,
            date: try first.text("date"),
            description: try first.text("description"),
            currency: try first.text("currency"),
            paid: paid.filter { $0.value != 0 },
            owed: owed.filter { $0.value != 0 }
        )
        for debt in Balances.pairwiseDebts([entry])[entry.currency] ?? [] {
            owing[[debt.from, debt.to], default: Rational(0)] =
                owing[[debt.from, debt.to], default: Rational(0)] + Rational(Int(debt.amount)) * ratio
        }
        effects.append(
            Effect(
                id: id,
                entry: DebtSources.Entry(kind: kind, description: entry.description, date: entry.date),
                nets: nets
            )
        )
    }

    /// Minor units of `home` per minor unit of the entry's currency `code`: 1 in `home`, the value over the amount
    /// otherwise (a rounding transfer's are its bill's); nil when the entry has no value in `home`.
    private static func ratio(_ row: SQLRow, from code: String, to home: Currency) throws -> Rational? {
        guard code != home.code else { return Rational(1) }
        guard try row.optionalText("value_currency") == home.code, let value = try row.optionalInt("value_amount"),
            let amount = try row.optionalInt("amount"), amount > 0
        else { return nil }
        return Rational(Int(value), Int(amount))
    }

    /// Every live bill part, both sides of every live payment and every rounding transfer (with its bill's amount
    /// and value), as (`kind`, `id`, `date`, `description`, `currency`, `amount`, `value_amount`,
    /// `value_currency`, `member`, `paid`, `owed`), oldest first and grouped by entry.
    private static func statement(_ household: String) -> SQL {
        """
        SELECT 'bill' AS kind, b.id AS id, b.date AS date, b.description AS description, b.currency AS currency,
            b.amount AS amount, b.value_amount AS value_amount, b.value_currency AS value_currency,
            p.user_id AS member, p.paid AS paid, p.share AS owed
        FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id
        WHERE b.household_id = \(household) AND b.deleted_at IS NULL
        UNION ALL
        SELECT 'payment', id, date, COALESCE(note, 'payment'), currency, amount, value_amount, value_currency,
            from_user, amount, 0
        FROM ledger_payments WHERE household_id = \(household) AND deleted_at IS NULL
        UNION ALL
        SELECT 'payment', id, date, COALESCE(note, 'payment'), currency, amount, value_amount, value_currency,
            to_user, 0, amount
        FROM ledger_payments WHERE household_id = \(household) AND deleted_at IS NULL
        UNION ALL
        SELECT 'rounding', r.id, r.date, 'rounding', r.currency, b.amount, b.value_amount, b.value_currency,
            r.from_user, r.amount, 0
        FROM ledger_rounding_transfers r LEFT JOIN ledger_bills b ON b.id = r.bill_id
        WHERE r.household_id = \(household)
        UNION ALL
        SELECT 'rounding', r.id, r.date, 'rounding', r.currency, b.amount, b.value_amount, b.value_currency,
            r.to_user, 0, r.amount
        FROM ledger_rounding_transfers r LEFT JOIN ledger_bills b ON b.id = r.bill_id
        WHERE r.household_id = \(household)
        ORDER BY date, id, member
        """
    }
}

extension Rational {
    /// The value rounded half-even to a whole minor unit.
    fileprivate var minor: Int64 { Int64(halfEven) }
}
