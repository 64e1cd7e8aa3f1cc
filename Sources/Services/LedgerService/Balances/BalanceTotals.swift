import Ledger
import Storage

/// Running totals per household, currency and member (paid, share, sent, received, and the part of share moved by
/// rounding transfers) and per ordered pair of members
/// (what one owes the other before simplification), changed in the same transaction as every bill and payment
/// write. `balances` and `settle.suggest` read them instead of every entry, so their cost does not grow with the
/// household's history; a test checks them against a recomputation from the entries.
struct BalanceTotals: Sendable {
    /// Adds (`sign` 1) or takes back (`sign` -1) an entry's effect (``apply(_:household:in:)``).
    func apply(_ entry: LedgerEntry, household: String, sign: Int64, in db: any SQLExecutor) async throws {
        try await apply([(entry, sign)], household: household, in: db)
    }

    /// Adds (`sign` 1) or takes back (`sign` -1) each entry's effect, summed per member and per pair first (an edit
    /// takes back the old entry and adds the new one): one multi-row upsert for the members' totals and one for the
    /// pairs' debts, whatever the number of members (each key appears once, and each row is changed once, as
    /// PostgreSQL requires of one statement), sent as one statement on PostgreSQL.
    func apply(_ changes: [(entry: LedgerEntry, sign: Int64)], household: String, in db: any SQLExecutor) async throws {
        // (paid, share, sent, received, rounding) per currency and member; the amount per currency, debtor and
        // creditor.
        var totals: [[String]: [Int64]] = [:]
        var owing: [[String]: Int64] = [:]
        for (entry, sign) in changes {
            for member in Set(entry.paid.keys).union(entry.owed.keys) {
                let out = sign * (entry.paid[member] ?? 0)
                let owed = sign * (entry.owed[member] ?? 0)
                let change: [Int64] =
                    switch entry.kind {
                    case .bill: [out, owed, 0, 0, 0]
                    case .payment: [0, 0, out, owed, 0]
                    case .rounding: [0, owed - out, 0, 0, owed - out]
                    }
                totals[[entry.currency, member], default: [0, 0, 0, 0, 0]] =
                    zip(totals[[entry.currency, member]] ?? [0, 0, 0, 0, 0], change).map(+)
            }
            for debt in Balances.pairwiseDebts([entry])[entry.currency] ?? [] {
                owing[[entry.currency, debt.from, debt.to], default: 0] += sign * debt.amount
            }
        }
        let members: [SQL] = totals.filter { $0.value.contains { $0 != 0 } }.sorted {
            $0.key.lexicographicallyPrecedes($1.key)
        }
        .map { key, sums in
            """
            (\(household), \(key[0]), \(key[1]), \(sums[0]), \(sums[1]), \(sums[2]), \(sums[3]), \(sums[4]))
            """
        }
        var steps: [WriteStep] = []
        if !members.isEmpty {
            steps.append(
                WriteStep(
                    "balances",
                    "INSERT INTO ledger_balances (household_id, currency, user_id, paid, share, sent, received, rounding)"
                        + " VALUES "
                        + SQL.joined(members, separator: ", ")
                            + """
                             ON CONFLICT (household_id, currency, user_id) DO UPDATE SET
                                paid = ledger_balances.paid + excluded.paid, share = ledger_balances.share + excluded.share,
                                sent = ledger_balances.sent + excluded.sent,
                                received = ledger_balances.received + excluded.received,
                                rounding = ledger_balances.rounding + excluded.rounding
                            """
                )
            )
        }
        let debts: [SQL] = owing.filter { $0.value != 0 }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map { key, amount in "(\(household), \(key[0]), \(key[1]), \(key[2]), \(amount))" }
        if !debts.isEmpty {
            steps.append(
                WriteStep(
                    "debts",
                    "INSERT INTO ledger_debts (household_id, currency, debtor, creditor, amount) VALUES "
                        + SQL.joined(debts, separator: ", ")
                            + """
                             ON CONFLICT (household_id, currency, debtor, creditor) DO UPDATE SET
                                amount = ledger_debts.amount + excluded.amount
                            """
                )
            )
        }
        try await db.write(steps)
    }

    /// Every member's totals, by currency then member.
    func balances(_ household: String, in db: any SQLExecutor) async throws -> [String: [String: MemberBalance]] {
        try Self.balances(from: await db.query(Self.balanceRows(household)))
    }

    /// Every member's totals and who owes whom, read in one statement.
    func balancesAndDebts(
        _ household: String,
        in db: any SQLExecutor
    ) async throws -> (balances: [String: [String: MemberBalance]], debts: [String: [Debt]]) {
        let rows = try await db.query(Self.balanceRows(household) + " UNION ALL " + Self.debtRows(household))
        let isDebt = { (row: SQLRow) in (try? row.text("kind")) == "debt" }
        return (try Self.balances(from: rows.filter { !isDebt($0) }), try Self.debts(from: rows.filter(isDebt)))
    }

    /// The household's `ledger_balances` rows, as `kind` `balance`, `member` and the five totals.
    private static func balanceRows(_ household: String) -> SQL {
        """
        SELECT 'balance' AS kind, currency, user_id AS member, '' AS counterpart, paid, share, sent, received,
            rounding
        FROM ledger_balances WHERE household_id = \(household)
        """
    }

    /// The household's `ledger_debts` rows in the shape of ``balanceRows(_:)``: `kind` `debt`, the debtor as `member`,
    /// the creditor as `counterpart` and the amount as `paid`.
    private static func debtRows(_ household: String) -> SQL {
        "SELECT 'debt', currency, debtor, creditor, amount, 0, 0, 0, 0 FROM ledger_debts WHERE household_id = \(household)"
    }

    private static func balances(from rows: [SQLRow]) throws -> [String: [String: MemberBalance]] {
        var result: [String: [String: MemberBalance]] = [:]
        for row in rows {
            let paid = try row.int("paid")
            let share = try row.int("share")
            let sent = try row.int("sent")
            let received = try row.int("received")
            let rounding = try row.int("rounding")
            guard paid != 0 || share != 0 || sent != 0 || received != 0 || rounding != 0 else { continue }
            result[try row.text("currency"), default: [:]][try row.text("member")] = MemberBalance(
                paid: paid,
                share: share,
                sent: sent,
                received: received,
                rounding: rounding
            )
        }
        return result
    }

    /// Who owes whom before simplification, by currency: each pair's debts in both directions netted.
    private static func debts(from rows: [SQLRow]) throws -> [String: [Debt]] {
        var net: [String: [Pair: Int64]] = [:]
        for row in rows {
            let debtor = try row.text("member")
            let creditor = try row.text("counterpart")
            let amount = try row.int("paid")
            let pair = Pair(debtor < creditor ? (debtor, creditor) : (creditor, debtor))
            net[try row.text("currency"), default: [:]][pair, default: 0] += debtor < creditor ? amount : -amount
        }
        return net.mapValues { pairs in
            pairs.compactMap { pair, amount in
                amount == 0
                    ? nil
                    : amount > 0
                        ? Debt(from: pair.low, to: pair.high, amount: amount)
                        : Debt(from: pair.high, to: pair.low, amount: -amount)
            }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        }
    }

    private struct Pair: Hashable {
        let low: String
        let high: String
        init(_ members: (String, String)) { (low, high) = members }
    }
}
