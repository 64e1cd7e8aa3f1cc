import Foundation
import Ledger
import LedgerAPI
import Money
import Storage
import Wire

/// A household's rounding residues (``Ledger/ErrorDiffusion``), one row per currency with a version, and the
/// rounding transfers made to keep them within one minor unit.
struct RoundingStore: Sendable {
    /// One currency's residues as read, and the version a write must still find.
    struct Residues: Sendable, Equatable {
        var version: Int64
        /// Share minus exact share per member, in ``Ledger/ExactShares/scale`` units; absent means 0.
        var byMember: [String: Int64]
    }

    /// A stored rounding transfer: one minor unit of share moved from `from` to `to` by the write of `billID`.
    struct Transfer: Sendable, Equatable {
        let id: String
        let currency: String
        let from: String
        let to: String
        let amount: Int64
        let date: String
        let billID: String

        /// The transfer as the ops answer it.
        var view: RoundingTransferView {
            RoundingTransferView(
                roundingId: id,
                date: date,
                from: from,
                to: to,
                amount: MinorUnits.format(amount, digits: Currency(code: currency)?.minorDigits ?? 2),
                currency: currency,
                billId: billID
            )
        }

        /// The transfer as the domain's balance arithmetic sees it.
        func entry() throws -> LedgerEntry {
            try LedgerEntry(
                id: id,
                kind: .rounding,
                date: date,
                description: "rounding",
                currency: currency,
                paid: [from: amount],
                owed: [to: amount]
            )
        }
    }

    /// One currency's residues read with the session (``SignedIn/rounding``): the currency the bill names, or the
    /// household's.
    struct Prefetched: Sendable {
        let currency: String
        let residues: Residues
    }

    /// The columns of ``prefetchJoin(currency:)``.
    static func prefetchColumns(currency: String?) -> SQL {
        "COALESCE(\(currency), h.currency) AS rounding_currency, rr.version AS rounding_version,"
            + " rr.residues AS rounding_residues"
    }

    /// A `LEFT JOIN`, after ``HouseholdStore/housematesJoin(_:user:)``, of the household's residues in `currency` (the
    /// bill's argument in upper case: a code that is not a currency finds nothing, and the op refuses it), or else in
    /// the household's currency.
    static func prefetchJoin(currency: String?) -> SQL {
        " LEFT JOIN ledger_rounding rr ON rr.household_id = h.id AND rr.currency = COALESCE(\(currency), h.currency)"
    }

    /// The residues in a row of ``prefetchJoin(currency:)``; `nil` when the household was not found.
    static func prefetched(in row: SQLRow) throws -> Prefetched? {
        guard let currency = try row.optionalText("rounding_currency") else { return nil }
        guard let version = try row.optionalInt("rounding_version") else {
            return Prefetched(currency: currency, residues: Residues(version: 0, byMember: [:]))
        }
        return Prefetched(
            currency: currency,
            residues: Residues(version: version, byMember: try decode(try row.text("rounding_residues")))
        )
    }

    /// `household`'s residues in each of `currencies`, in one statement; a currency without a row yet is version 0
    /// with every residue 0. The read locks the rows where a transaction can hold them
    /// (``Storage/SQLExecutor/lockingRead``: a batched write that lost its race runs again as one).
    func residues(
        _ household: String,
        currencies: Set<String>,
        in db: any SQLExecutor
    ) async throws -> [String: Residues] {
        var found = Dictionary(uniqueKeysWithValues: currencies.map { ($0, Residues(version: 0, byMember: [:])) })
        let listed = SQL.joined(currencies.sorted().map { "\($0)" }, separator: ", ")
        let rows = try await db.query(
            "SELECT currency, version, residues FROM ledger_rounding WHERE household_id = \(household) AND currency IN ("
                + listed + ")" + db.lockingRead
        )
        for row in rows {
            found[try row.text("currency")] = Residues(
                version: try row.int("version"),
                byMember: try Self.decode(try row.text("residues"))
            )
        }
        return found
    }

    /// Residues as stored: a JSON object of member ids and numbers.
    private static func decode(_ text: String) throws -> [String: Int64] {
        try JSONCoding.decode([String: Int64].self, from: Array(text.utf8))
    }

    /// Stores each currency's residues, one step each, if its row still has the version they were read at; a
    /// writer that lost the race fails with `lostRace`, and the whole write runs again as a transaction that locks
    /// the rows it reads (``Storage/Database/batchedWrite(_:)``; SQLite's writes never race, being serialized).
    func save(_ residues: [String: Residues], household: String, in db: any SQLExecutor) async throws {
        let steps = try residues.sorted { $0.key < $1.key }.enumerated().map { index, entry in
            let (currency, state) = entry
            let text = String(decoding: try JSONCoding.encode(state.byMember.filter { $0.value != 0 }), as: UTF8.self)
            return WriteStep(
                "rounding_\(index)",
                """
                INSERT INTO ledger_rounding (household_id, currency, version, residues)
                VALUES (\(household), \(currency), \(state.version + 1), \(text))
                ON CONFLICT (household_id, currency) DO UPDATE SET version = excluded.version,
                    residues = excluded.residues
                WHERE ledger_rounding.version = \(state.version) RETURNING version
                """,
                unlessRow: StorageError(
                    .lostRace,
                    "the household's rounding changed while this write was computed"
                )
            )
        }
        try await db.write(steps)
    }

    /// Records `transfers` as rows, in one step.
    func record(_ transfers: [Transfer], household: String, in db: any SQLExecutor) async throws {
        guard !transfers.isEmpty else { return }
        let now = WallClock.millisecondsSince1970()
        let rows: [SQL] = transfers.map { transfer in
            """
            (\(transfer.id), \(household), \(transfer.currency), \(transfer.from), \(transfer.to), \(transfer.amount),
                \(transfer.date), \(transfer.billID), \(now))
            """
        }
        try await db.write([
            WriteStep(
                "rounding_transfers",
                """
                INSERT INTO ledger_rounding_transfers (id, household_id, currency, from_user, to_user, amount, date,
                    bill_id, created_at) VALUES
                """ + SQL.joined(rows, separator: ", ")
            )
        ])
    }

    /// Every rounding transfer of `household`, oldest first.
    func transfers(_ household: String, in db: any SQLExecutor) async throws -> [Transfer] {
        try await db.query(
            """
            SELECT id, currency, from_user, to_user, amount, date, bill_id FROM ledger_rounding_transfers
            WHERE household_id = \(household) ORDER BY created_at, id
            """
        ).map { row in
            Transfer(
                id: try row.text("id"),
                currency: try row.text("currency"),
                from: try row.text("from_user"),
                to: try row.text("to_user"),
                amount: try row.int("amount"),
                date: try row.text("date"),
                billID: try row.text("bill_id")
            )
        }
    }
}
