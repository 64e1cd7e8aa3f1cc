import Ledger
import LedgerAPI
import Money
import Storage

/// What makes up a member's debt, for `settle.suggest`'s explanations (``Ledger/SettlePlanner`` hands the slices to
/// the transfers): their most recent debt-making entries (bills where their share exceeds what they paid, payments
/// they received), newest first, until their amounts cover the debt; read a page at a time, so a long history is
/// never loaded whole.
struct DebtSources: Sendable {
    /// What a reason names, by entry id.
    struct Entry: Sendable {
        let kind: String
        let description: String
        let date: String
    }

    /// The slices that make up `debt` (> 0) of `debtor` in `currency`, newest first, adding up to `debt`, and the
    /// entries they name. Each page is one statement: the newest bills and the newest payments after the last page,
    /// each read backwards along its household index (no scan of the whole history), merged; pages grow (32, 128, 512,
    /// 2048 rows), so a usual debt takes one or two statements and few rows are read for nothing.
    func slices(
        debtor: String,
        debt: Int64,
        currency: String,
        household: String,
        in db: any SQLExecutor
    )
        async throws -> (slices: [ExplainedTransfer.Reason], entries: [String: Entry])
    {
        var collected = Collected(debt: debt)
        var bills: SQL = ""
        var payments: SQL = ""
        var pageSize = 32
        while !collected.isComplete {
            let rows = try await db.query(
                """
                SELECT kind, id, description, date, amount FROM (
                    SELECT 'bill' AS kind, b.id AS id, b.description AS description, b.date AS date,
                        p.share - p.paid AS amount
                    FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id AND p.user_id = \(debtor)
                    WHERE b.household_id = \(household) AND b.deleted_at IS NULL AND b.currency = \(currency)
                        AND p.share > p.paid \(bills)
                    ORDER BY b.date DESC, b.id DESC LIMIT \(pageSize)) AS owed_bills
                UNION ALL
                SELECT kind, id, description, date, amount FROM (
                    SELECT 'payment' AS kind, id, COALESCE(note, 'payment') AS description, date, amount
                    FROM ledger_payments
                    WHERE household_id = \(household) AND deleted_at IS NULL AND currency = \(currency)
                        AND to_user = \(debtor) \(payments)
                    ORDER BY date DESC, id DESC LIMIT \(pageSize)) AS received_payments
                ORDER BY date DESC, id DESC LIMIT \(pageSize)
                """
            )
            for row in rows { try collected.add(row) }
            guard rows.count == pageSize, let last = rows.last else { break }
            let (date, id) = (try last.text("date"), try last.text("id"))
            bills = "AND (b.date < \(date) OR (b.date = \(date) AND b.id < \(id)))"
            payments = "AND (date < \(date) OR (date = \(date) AND id < \(id)))"
            pageSize = min(pageSize * 4, 2048)
        }
        return (collected.slices, collected.entries)
    }

    /// Slices gathered newest first until they cover the debt.
    private struct Collected {
        let debt: Int64
        var covered: Int64 = 0
        var slices: [ExplainedTransfer.Reason] = []
        var entries: [String: Entry] = [:]

        init(debt: Int64) { self.debt = debt }

        var isComplete: Bool { covered >= debt }

        /// Takes a debt-making entry's row, the last one only in part.
        mutating func add(_ row: SQLRow) throws {
            guard !isComplete else { return }
            let id = try row.text("id")
            let amount = min(try row.int("amount"), debt - covered)
            covered += amount
            slices.append(ExplainedTransfer.Reason(entryID: id, amount: amount))
            entries[id] = Entry(
                kind: try row.text("kind"),
                description: try row.text("description"),
                date: try row.text("date")
            )
        }
    }
}
