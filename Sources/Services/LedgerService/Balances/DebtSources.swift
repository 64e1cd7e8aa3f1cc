import Ledger
import LedgerAPI
import Money
import Storage

/// What makes up a member's debt, for `settle.suggest`'s explanations (``Ledger/SettlePlanner`` hands the slices to
/// the transfers): their most recent debt-making entries (bills where their share exceeds what they paid, payments
/// they received, rounding transfers that charged them), newest first, until their amounts cover the debt; read a
/// page at a time, so a long history is never loaded whole.
struct DebtSources: Sendable {
    /// What a reason names, by entry id.
    struct Entry: Sendable {
        let kind: String
        let description: String
        let date: String
    }

    /// The slices that make up each debtor's debt (> 0) in `currency`, newest first, adding up to the debt, and the
    /// entries they name. Each page is one statement for every debtor still short: per debtor, the newest bills,
    /// payments and rounding transfers after its last page, each read backwards along its household index (no scan
    /// of the whole history), merged, and the debtors' pages joined by `UNION ALL`; the first page is 32 rows, so a
    /// usual plan takes one or two statements whatever the number of debtors, and few rows are read for nothing: a
    /// debtor's next page is sized from what its entries covered so far (``Collected/nextPage``).
    func slices(
        debts: [String: Int64],
        currency: String,
        household: String,
        in db: any SQLExecutor
    )
        async throws -> (slices: [String: [ExplainedTransfer.Reason]], entries: [String: Entry])
    {
        var collected = debts.mapValues { Collected(debt: $0) }
        var after: [String: (date: String, id: String)] = [:]
        var sizes = debts.mapValues { _ in Self.firstPage }
        var short = debts.keys.sorted().filter { !(collected[$0]?.isComplete ?? true) }
        while !short.isEmpty {
            let pages = short.map { debtor in
                Self.page(
                    debtor,
                    after: after[debtor],
                    size: sizes[debtor, default: Self.firstPage],
                    currency: currency,
                    household: household
                )
            }
            var counts: [String: Int] = [:]
            let rows = try await db.query(
                SQL.joined(pages, separator: " UNION ALL ") + " ORDER BY debtor, date DESC, id DESC"
            )
            for row in rows {
                let debtor = try row.text("debtor")
                try collected[debtor]?.add(row)
                counts[debtor, default: 0] += 1
                if counts[debtor] == sizes[debtor] { after[debtor] = (try row.text("date"), try row.text("id")) }
            }
            short = short.filter { counts[$0] == sizes[$0] && !(collected[$0]?.isComplete ?? true) }
            for debtor in short { sizes[debtor] = collected[debtor]?.nextPage ?? Self.firstPage }
        }
        return (
            collected.mapValues(\.slices),
            collected.values.reduce(into: [:]) { $0.merge($1.entries) { first, _ in first } }
        )
    }

    /// One debtor's next page: its newest `size` debt-making bills, payments and rounding transfers after `after`,
    /// newest first.
    private static func page(
        _ debtor: String,
        after: (date: String, id: String)?,
        size: Int,
        currency: String,
        household: String
    ) -> SQL {
        var bills: SQL = ""
        var others: SQL = ""
        if case let (date, id)? = after {
            bills = "AND (b.date < \(date) OR (b.date = \(date) AND b.id < \(id)))"
            others = "AND (date < \(date) OR (date = \(date) AND id < \(id)))"
        }
        return """
            SELECT * FROM (
                SELECT debtor, kind, id, description, date, amount FROM (
                    SELECT p.user_id AS debtor, 'bill' AS kind, b.id AS id, b.description AS description,
                        b.date AS date, p.share - p.paid AS amount
                    FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id AND p.user_id = \(debtor)
                    WHERE b.household_id = \(household) AND b.deleted_at IS NULL AND b.currency = \(currency)
                        AND p.share > p.paid \(bills)
                    ORDER BY b.date DESC, b.id DESC LIMIT \(size)) AS owed_bills
                UNION ALL
                SELECT debtor, kind, id, description, date, amount FROM (
                    SELECT to_user AS debtor, 'payment' AS kind, id, COALESCE(note, 'payment') AS description, date,
                        amount
                    FROM ledger_payments
                    WHERE household_id = \(household) AND deleted_at IS NULL AND currency = \(currency)
                        AND to_user = \(debtor) \(others)
                    ORDER BY date DESC, id DESC LIMIT \(size)) AS received_payments
                UNION ALL
                SELECT debtor, kind, id, description, date, amount FROM (
                    SELECT to_user AS debtor, 'rounding' AS kind, id, 'rounding' AS description, date, amount
                    FROM ledger_rounding_transfers
                    WHERE household_id = \(household) AND currency = \(currency) AND to_user = \(debtor) \(others)
                    ORDER BY date DESC, id DESC LIMIT \(size)) AS rounded_up
                ORDER BY date DESC, id DESC LIMIT \(size)) AS debtor_page
            """
    }

    /// The rows of a debtor's first page.
    private static let firstPage = 32

    /// Slices gathered newest first until they cover the debt.
    private struct Collected {
        let debt: Int64
        var covered: Int64 = 0
        var slices: [ExplainedTransfer.Reason] = []
        var entries: [String: Entry] = [:]

        init(debt: Int64) { self.debt = debt }

        var isComplete: Bool { covered >= debt }

        /// The rows the next page reads: enough, at the average amount read so far, for what is still owed, and a
        /// quarter more (at least 32, at most 2048), so a large debt takes two statements, not one per growth step.
        var nextPage: Int {
            let average = max(1, covered / Int64(max(1, slices.count)))
            let needed = (debt - covered + average - 1) / average
            return Int(min(2048, max(Int64(DebtSources.firstPage), needed + needed / 4)))
        }

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
