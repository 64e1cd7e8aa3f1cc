import Foundation
import LedgerAPI
import Storage
import Wire

/// Saved-calculation rows, each kept for the user who saved it.
struct RecordStore: Sendable {
    /// Most records one user may keep.
    static let limitPerUser = 1000

    /// Adds a record.
    func insert(_ record: SavedRecord, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO ledger_records (id, user_id, title, op, args_json, result_json, computed_at, created_at)
            VALUES (\(record.id), \(record.userID), \(record.title), \(record.op), \(record.args.jsonText),
                \(record.result.jsonText), \(record.computedAt), \(record.createdAt))
            """
        )
    }

    /// How many records `userID` keeps.
    func count(userID: String, in db: any SQLExecutor) async throws -> Int {
        Int(
            try await db.query("SELECT COUNT(*) AS n FROM ledger_records WHERE user_id = \(userID)").first?.int("n")
                ?? 0
        )
    }

    /// `userID`'s record `id`.
    /// - Throws: ``StoreError`` `notFound`, also when it is someone else's.
    func find(_ id: String, userID: String, in db: any SQLExecutor) async throws -> SavedRecord {
        let rows = try await db.query("SELECT * FROM ledger_records WHERE id = \(id) AND user_id = \(userID)")
        guard let row = rows.first else { throw StoreError.notFound("record", id, field: "recordId") }
        return try Self.record(row)
    }

    /// `userID`'s records, newest first, of `op` when given.
    func list(userID: String, op: String?, in db: any SQLExecutor) async throws -> [SavedRecord] {
        var sql: SQL = "SELECT * FROM ledger_records WHERE user_id = \(userID)"
        if let op { sql = sql + " AND op = \(op)" }
        return try await db.query(sql + " ORDER BY created_at DESC, id DESC").map(Self.record)
    }

    /// Replaces a record's result.
    func update(_ record: SavedRecord, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            UPDATE ledger_records SET result_json = \(record.result.jsonText), computed_at = \(record.computedAt)
            WHERE id = \(record.id)
            """
        )
    }

    /// Deletes `userID`'s record `id`.
    /// - Throws: ``StoreError`` `notFound`, also when it is someone else's.
    func delete(_ id: String, userID: String, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            "DELETE FROM ledger_records WHERE id = \(id) AND user_id = \(userID) RETURNING id"
        )
        guard !rows.isEmpty else { throw StoreError.notFound("record", id, field: "recordId") }
    }

    private static func record(_ row: SQLRow) throws -> SavedRecord {
        SavedRecord(
            id: try row.text("id"),
            userID: try row.text("user_id"),
            title: try row.text("title"),
            op: try row.text("op"),
            args: try JSONValue(parsing: try row.text("args_json")),
            result: try JSONValue(parsing: try row.text("result_json")),
            computedAt: try row.int("computed_at"),
            createdAt: try row.int("created_at")
        )
    }
}

/// A saved calculation, as stored.
struct SavedRecord: Sendable {
    let id: String
    let userID: String
    let title: String
    let op: String
    let args: JSONValue
    var result: JSONValue
    var computedAt: Int64
    let createdAt: Int64

    /// The record as the ops answer it.
    var view: RecordView {
        RecordView(
            recordId: id,
            title: title,
            op: op,
            args: args,
            result: result,
            computedAt: WallClock.iso8601(millisecondsSince1970: computedAt),
            createdAt: WallClock.iso8601(millisecondsSince1970: createdAt)
        )
    }

    /// The record in a listing.
    var summary: RecordSummary {
        RecordSummary(
            recordId: id,
            title: title,
            op: op,
            computedAt: WallClock.iso8601(millisecondsSince1970: computedAt)
        )
    }
}
