import Foundation
import LedgerAPI
import Money
import Storage
import Wire

/// Bill rows and their parts (what each member paid and owes), with soft deletion and optimistic versions.
struct BillStore: Sendable {
    /// Adds a bill and its parts, in one statement on PostgreSQL.
    func insert(_ bill: StoredBill, createdBy: String, in db: any SQLExecutor) async throws {
        let now = WallClock.millisecondsSince1970()
        let row = WriteStep(
            "bill",
            """
            INSERT INTO ledger_bills (id, household_id, description, amount, currency, date, category, split,
                version, created_by, created_at, updated_at, recurring_id, occurrence, value_currency, value_amount,
                value_rate, value_date, value_source)
            VALUES (\(bill.id), \(bill.householdID), \(bill.description), \(bill.amount), \(bill.currency),
                \(bill.date), \(bill.category), \(try bill.splitJSON()), 1, \(createdBy), \(now), \(now),
                \(bill.recurringID), \(bill.recurringID == nil ? nil : bill.date), \(bill.value.values))
            """
        )
        try await db.write([row] + parts(bill))
    }

    /// The live (not deleted) bill `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> StoredBill {
        let rows = try await db.query(
            """
            SELECT b.*, p.user_id, p.paid, p.share, p.residue FROM ledger_bills b
            LEFT JOIN ledger_bill_parts p ON p.bill_id = b.id
            WHERE b.id = \(id) AND b.deleted_at IS NULL ORDER BY p.user_id
            """
        )
        guard let bill = try Self.bills(rows).first else {
            throw StoredBill.notFound(id)
        }
        return bill
    }

    /// Replaces a bill's fields and parts when its version is still `version`; returns the new version. The parts
    /// are upserted and the rest deleted (not all deleted and inserted again), so no row changes twice, and the
    /// writes can be one statement.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func update(_ bill: StoredBill, from version: Int, in db: any SQLExecutor) async throws -> Int {
        let row: SQL = """
            UPDATE ledger_bills SET description = \(bill.description), amount = \(bill.amount),
                currency = \(bill.currency), date = \(bill.date), category = \(bill.category),
                split = \(try bill.splitJSON()), version = version + 1,
                updated_at = \(WallClock.millisecondsSince1970()), \(bill.value.assignments)
            WHERE id = \(bill.id) AND version = \(version) AND deleted_at IS NULL RETURNING version
            """
        let kept = SQL.joined(bill.parts.keys.sorted().map { "\($0)" }, separator: ", ")
        let gone: SQL =
            "DELETE FROM ledger_bill_parts WHERE bill_id = \(bill.id)"
            + (bill.parts.isEmpty ? "" : " AND user_id NOT IN (" + kept + ")")
        try await db.write(
            [WriteStep("bill", row, unlessRow: Self.stale(bill.id, version))]
                + parts(bill, replacing: true) + [WriteStep("gone_parts", gone)]
        )
        return version + 1
    }

    /// Marks a bill deleted (it stays for the activity log), checking `version` when given.
    /// - Throws: ``StoreError`` `staleVersion` when the version is stale.
    func delete(_ bill: StoredBill, version: Int?, in db: any SQLExecutor) async throws {
        let sql: SQL = """
            UPDATE ledger_bills SET deleted_at = \(WallClock.millisecondsSince1970())
            WHERE id = \(bill.id) AND deleted_at IS NULL AND version = \(version ?? bill.version) RETURNING id
            """
        try await db.write([WriteStep("bill", sql, unlessRow: Self.stale(bill.id, version ?? bill.version))])
    }

    /// A page of a household's live bills, newest date first.
    func list(_ household: String, page: PageCursor, in db: any SQLExecutor) async throws -> [StoredBill] {
        let ids = try await db.query(
            "SELECT id FROM ledger_bills WHERE household_id = \(household) AND deleted_at IS NULL"
                + page.condition + " ORDER BY date DESC, id DESC LIMIT \(page.limit)"
        ).map { try $0.text("id") }
        guard !ids.isEmpty else { return [] }
        let rows = try await db.query(
            """
            SELECT b.*, p.user_id, p.paid, p.share, p.residue FROM ledger_bills b
            LEFT JOIN ledger_bill_parts p ON p.bill_id = b.id
            WHERE b.id IN (\(SQL.joined(ids.map { "\($0)" }, separator: ", "))) ORDER BY b.date DESC, b.id DESC, p.user_id
            """
        )
        return try Self.bills(rows)
    }

    /// All of a bill's parts in one multi-row INSERT (one round trip whatever the number of members), or, when
    /// `replacing`, upsert; none without parts.
    private func parts(_ bill: StoredBill, replacing: Bool = false) -> [WriteStep] {
        let rows: [SQL] = bill.parts.sorted(by: { $0.key < $1.key }).map { userID, part in
            "(\(bill.id), \(userID), \(part.paid), \(part.share), \(part.residue))"
        }
        guard !rows.isEmpty else { return [] }
        let upsert =
            " ON CONFLICT (bill_id, user_id) DO UPDATE SET paid = excluded.paid, share = excluded.share,"
            + " residue = excluded.residue"
        return [
            WriteStep(
                "parts",
                "INSERT INTO ledger_bill_parts (bill_id, user_id, paid, share, residue) VALUES "
                    + SQL.joined(rows, separator: ", ") + "\(raw: replacing ? upsert : "")"
            )
        ]
    }

    private static func stale(_ id: String, _ version: Int) -> StoreError {
        StoreError(
            .staleVersion,
            "bill \(id) changed since version \(version): read it again and reapply your change",
            field: "version"
        )
    }

    /// Groups joined bill-and-part rows (ordered by bill) into bills.
    private static func bills(_ rows: [SQLRow]) throws -> [StoredBill] {
        var bills: [StoredBill] = []
        for row in rows {
            let id = try row.text("id")
            if bills.last?.id != id {
                let split = try JSONCoding.decode(SplitSpec.self, from: Array(try row.text("split").utf8))
                bills.append(
                    StoredBill(
                        id: id,
                        householdID: try row.text("household_id"),
                        description: try row.text("description"),
                        amount: try row.int("amount"),
                        currency: try row.text("currency"),
                        date: try row.text("date"),
                        category: try row.optionalText("category"),
                        split: split,
                        parts: [:],
                        version: Int(try row.int("version")),
                        createdBy: try row.text("created_by"),
                        recurringID: try row.optionalText("recurring_id"),
                        value: try EntryValue.of(row)
                    )
                )
            }
            if let userID = try row.optionalText("user_id") {
                bills[bills.count - 1].parts[userID] = BillPart(
                    paid: try row.int("paid"),
                    share: try row.int("share"),
                    residue: try row.int("residue")
                )
            }
        }
        return bills
    }
}

/// What one member paid for a bill and owes of it, in minor units, and what their share added to their rounding
/// residue (``Ledger/ErrorDiffusion``).
struct BillPart: Sendable, Hashable {
    var paid: Int64
    var share: Int64
    /// Share minus exact share, in ``Ledger/ExactShares/scale`` units.
    var residue: Int64 = 0
}

/// A bill as stored.
struct StoredBill: Sendable {
    let id: String
    let householdID: String
    var description: String
    var amount: Int64
    var currency: String
    var date: String
    var category: String?
    var split: SplitSpec
    var parts: [String: BillPart]
    var version: Int
    let createdBy: String
    let recurringID: String?
    /// What it was worth in the household's currency, for a bill in another.
    var value: EntryValue? = nil

    func splitJSON() throws -> String {
        String(decoding: try JSONCoding.encode(split), as: UTF8.self)
    }

    /// The bill as the ops answer it.
    var view: BillView {
        let digits = Currency(code: currency)?.minorDigits ?? 2
        let sorted = parts.sorted { $0.key < $1.key }
        return BillView(
            billId: id,
            householdId: householdID,
            description: description,
            amount: MinorUnits.format(amount, digits: digits),
            currency: currency,
            date: date,
            category: category,
            payers: sorted.filter { $0.value.paid != 0 }.map {
                MemberAmount(userId: $0.key, amount: MinorUnits.format($0.value.paid, digits: digits))
            },
            shares: sorted.filter { $0.value.share != 0 }.map {
                MemberAmount(userId: $0.key, amount: MinorUnits.format($0.value.share, digits: digits))
            },
            split: split,
            version: version,
            createdBy: createdBy,
            recurringId: recurringID,
            value: value?.view
        )
    }
}

extension StoredBill: AuthoredEntry {
    static let noun = "bill"
    static let idField = "billId"
    static let authorVerb = "added"
}
