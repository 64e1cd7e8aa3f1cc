import Foundation
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `records.save`, `records.list`, `records.get`, `records.delete`, `records.rerun`: a user's own saved
    /// calculations. Saving and rerunning call calc before their write opens its transaction
    /// (``RecordHandlers/calculateSave(_:_:)``), since on SQLite a write transaction holds every writer of the
    /// database.
    mutating func registerRecordOps(_ handlers: RecordHandlers, _ scopes: LedgerScopes) {
        register(RecordsSaveOp.self, in: scopes.write, preparing: handlers.calculateSave, handler: handlers.recordsSave)
        register(RecordsListOp.self, in: scopes.read, handler: handlers.recordsList)
        register(RecordsGetOp.self, in: scopes.read, handler: handlers.recordsGet)
        register(RecordsDeleteOp.self, in: scopes.write, handler: handlers.recordsDelete)
        register(
            RecordsRerunOp.self,
            in: scopes.write,
            preparing: handlers.calculateRerun,
            handler: handlers.recordsRerun
        )
    }
}

/// The saved calculations' ops: with the records' store, the profiles' (whose tax situation fills a tax op's
/// arguments), calc (``CalcRunner``), and the read scope where calc's inputs are read, and nothing else.
struct RecordHandlers: Sendable {
    let records: RecordStore
    let profiles: ProfileStore
    let calc: CalcRunner
    /// Where a calculation's inputs are read, as the request's user, before its write (``LedgerScopes/read``).
    let reader: TransactionScope<SignedIn>

    func recordsSave(_ save: Save, _ context: SignedIn) async throws -> RecordsSaveOp.Result {
        let (db, userID) = (context.db, context.userID)
        let result = try save.result.get()
        guard try await records.count(userID: userID, in: db) < RecordStore.limitPerUser else {
            throw WireError(
                .resourceExhausted,
                "at most \(RecordStore.limitPerUser) saved calculations; delete some first",
                field: "title"
            )
        }
        let now = WallClock.millisecondsSince1970()
        let record = SavedRecord(
            id: "rec_" + UUID.random().uuidString.lowercased(),
            userID: userID,
            title: save.title,
            op: save.op,
            args: save.args,
            result: result,
            computedAt: now,
            createdAt: now
        )
        try await records.insert(record, in: db)
        return record.view
    }

    func recordsList(_ args: RecordsListOp.Args, _ context: SignedIn) async throws -> RecordsListOp.Result {
        let records = try await records.list(
            userID: context.userID,
            op: args.op,
            in: context.db
        )
        return RecordsListOp.Result(records: records.map(\.summary))
    }

    func recordsGet(_ args: RecordsGetOp.Args, _ context: SignedIn) async throws -> RecordsGetOp.Result {
        try await records.find(args.recordId, userID: context.userID, in: context.db).view
    }

    func recordsDelete(_ args: RecordsDeleteOp.Args, _ context: SignedIn) async throws -> RecordsDeleteOp.Result {
        try await records.delete(args.recordId, userID: context.userID, in: context.db)
        return Done()
    }

    /// Keeps the result calculated before the transaction when asked to, on the record as it is now (it may have
    /// been deleted meanwhile: `not_found`).
    func recordsRerun(_ rerun: Result<Rerun, any Error>, _ context: SignedIn) async throws -> RecordsRerunOp.Result {
        let rerun = try rerun.get()
        guard rerun.update else {
            return RecordsRerunOp.Result(
                record: rerun.record.view,
                result: rerun.result,
                changed: rerun.result != rerun.record.result
            )
        }
        var record = try await records.find(rerun.record.id, userID: context.userID, in: context.db)
        let changed = rerun.result != record.result
        record.result = rerun.result
        record.computedAt = WallClock.millisecondsSince1970()
        try await records.update(record, in: context.db)
        return RecordsRerunOp.Result(record: record.view, result: rerun.result, changed: changed)
    }
}

/// Limits on what a saved calculation holds.
enum SavedCalculation {
    static let maximumArgumentBytes = 16 * 1024
    static let maximumResultBytes = 1024 * 1024
}
