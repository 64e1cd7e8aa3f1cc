import Foundation
import LedgerAPI
import Money
import Storage

/// Payment rows: one member paid another back.
struct PaymentStore: Sendable {
    /// Adds a payment.
    func insert(_ payment: StoredPayment, in db: any SQLExecutor) async throws {
        try await db.write([
            WriteStep(
                "payment",
                """
                INSERT INTO ledger_payments (id, household_id, from_user, to_user, amount, currency, date, note,
                    version, created_by, created_at, value_currency, value_amount, value_rate, value_date,
                    value_source)
                VALUES (\(payment.id), \(payment.householdID), \(payment.from), \(payment.to), \(payment.amount),
                    \(payment.currency), \(payment.date), \(payment.note), 1, \(payment.createdBy),
                    \(WallClock.millisecondsSince1970()), \(payment.value.values))
                """
            )
        ])
    }

    /// The live payment `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> StoredPayment {
        let rows = try await db.query("SELECT * FROM ledger_payments WHERE id = \(id) AND deleted_at IS NULL")
        guard let row = rows.first else { throw StoredPayment.notFound(id) }
        return try Self.payment(row)
    }

    /// Marks a payment deleted, checking `version` when given.
    /// - Throws: ``StoreError`` `staleVersion` when the version is stale.
    func delete(_ payment: StoredPayment, version: Int?, in db: any SQLExecutor) async throws {
        let sql: SQL = """
            UPDATE ledger_payments SET deleted_at = \(WallClock.millisecondsSince1970())
            WHERE id = \(payment.id) AND deleted_at IS NULL AND version = \(version ?? payment.version) RETURNING id
            """
        try await db.write([
            WriteStep("payment", sql, unlessRow: StoredPayment.staleVersion(payment.id, since: nil))
        ])
    }

    /// Replaces a payment's amount, currency, date and note when its version is still `version`; returns the new
    /// version.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func update(_ payment: StoredPayment, from version: Int, in db: any SQLExecutor) async throws -> Int {
        let sql: SQL = """
            UPDATE ledger_payments SET amount = \(payment.amount), currency = \(payment.currency), date = \(payment.date),
                note = \(payment.note), version = version + 1, \(payment.value.assignments)
            WHERE id = \(payment.id) AND deleted_at IS NULL AND version = \(version) RETURNING version
            """
        try await db.write([
            WriteStep("payment", sql, unlessRow: StoredPayment.staleVersion(payment.id, since: version))
        ])
        return version + 1
    }

    /// A page of a household's live payments, newest date first.
    func list(_ household: String, page: PageCursor, in db: any SQLExecutor) async throws -> [StoredPayment] {
        try await db.query(
            "SELECT * FROM ledger_payments WHERE household_id = \(household) AND deleted_at IS NULL"
                + page.condition + " ORDER BY date DESC, id DESC LIMIT \(page.limit)"
        ).map(Self.payment)
    }

    private static func payment(_ row: SQLRow) throws -> StoredPayment {
        StoredPayment(
            id: try row.text("id"),
            householdID: try row.text("household_id"),
            from: try row.text("from_user"),
            to: try row.text("to_user"),
            amount: try row.int("amount"),
            currency: try row.text("currency"),
            date: try row.text("date"),
            note: try row.optionalText("note"),
            version: Int(try row.int("version")),
            createdBy: try row.text("created_by"),
            value: try EntryValue.of(row)
        )
    }
}

/// A payment as stored.
struct StoredPayment: Sendable {
    let id: String
    let householdID: String
    let from: String
    let to: String
    var amount: Int64
    var currency: String
    var date: String
    var note: String?
    var version: Int
    let createdBy: String
    /// What it was worth in the household's currency, for a payment in another.
    var value: EntryValue? = nil

    /// The payment as the ops answer it.
    var view: PaymentView {
        PaymentView(
            paymentId: id,
            householdId: householdID,
            from: from,
            to: to,
            amount: MinorUnits.format(amount, digits: Currency(code: currency)?.minorDigits ?? 2),
            currency: currency,
            date: date,
            note: note,
            version: version,
            createdBy: createdBy,
            value: value?.view
        )
    }
}

extension StoredPayment: AuthoredEntry {
    static let noun = "payment"
    static let idField = "paymentId"
    static let authorVerb = "recorded"
}
