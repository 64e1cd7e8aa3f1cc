import CalcService
import Foundation
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `records.save`, `records.list`, `records.get`, `records.delete`, `records.rerun`: a user's own saved
    /// calculations.
    mutating func registerRecordOps(_ book: HouseholdBook, _ scopes: LedgerScopes, _ calc: CalcRunner) {
        let handlers = RecordHandlers(book: book, calc: calc)
        register(RecordsSaveOp.self, in: scopes.write, handler: handlers.recordsSave)
        register(RecordsListOp.self, in: scopes.read, handler: handlers.recordsList)
        register(RecordsGetOp.self, in: scopes.read, handler: handlers.recordsGet)
        register(RecordsDeleteOp.self, in: scopes.write, handler: handlers.recordsDelete)
        register(RecordsRerunOp.self, in: scopes.write, handler: handlers.recordsRerun)
    }
}

/// The saved calculations' handlers: the ledger's stores, and calc's ops in this process.
private struct RecordHandlers: Sendable {
    let book: HouseholdBook
    let calc: CalcRunner

    func recordsSave(_ args: RecordsSaveOp.Args, _ context: SignedIn) async throws -> RecordsSaveOp.Result {
        let (db, userID) = (context.db, context.userID)
        let title = args.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(title.count) else {
            throw WireError(.invalidArgument, "title must be 1 to 200 characters", field: "title")
        }
        let given = args.args ?? .object(JSONObject())
        guard given.serialized.count <= SavedCalculation.maximumArgumentBytes else {
            throw WireError(.invalidArgument, "args are over 16 KiB", field: "args")
        }
        guard try await book.records.count(userID: userID, in: db) < RecordStore.limitPerUser else {
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
            title: title,
            op: args.op,
            args: given,
            result: try await book.calculate(args.op, given, calc, userID: userID, in: db),
            computedAt: now,
            createdAt: now
        )
        try await book.records.insert(record, in: db)
        return record.view
    }

    func recordsList(_ args: RecordsListOp.Args, _ context: SignedIn) async throws -> RecordsListOp.Result {
        let records = try await book.records.list(
            userID: context.userID,
            op: args.op,
            in: context.db
        )
        return RecordsListOp.Result(records: records.map(\.summary))
    }

    func recordsGet(_ args: RecordsGetOp.Args, _ context: SignedIn) async throws -> RecordsGetOp.Result {
        try await book.records.find(args.recordId, userID: context.userID, in: context.db).view
    }

    func recordsDelete(_ args: RecordsDeleteOp.Args, _ context: SignedIn) async throws -> RecordsDeleteOp.Result {
        try await book.records.delete(args.recordId, userID: context.userID, in: context.db)
        return Done()
    }

    func recordsRerun(_ args: RecordsRerunOp.Args, _ context: SignedIn) async throws -> RecordsRerunOp.Result {
        let (db, userID) = (context.db, context.userID)
        var record = try await book.records.find(args.recordId, userID: userID, in: db)
        let result = try await book.calculate(record.op, record.args, calc, userID: userID, in: db)
        let changed = result != record.result
        if args.update == true {
            record.result = result
            record.computedAt = WallClock.millisecondsSince1970()
            try await book.records.update(record, in: db)
        }
        return RecordsRerunOp.Result(record: record.view, result: result, changed: changed)
    }
}

/// Limits on what a saved calculation holds.
enum SavedCalculation {
    static let maximumArgumentBytes = 16 * 1024
    static let maximumResultBytes = 1024 * 1024
}

extension HouseholdBook {
    /// calc's result for `op` on `args`, with tax ops defaulting to `userID`'s profile as it is now.
    /// - Throws: calc's error; `invalid_argument` when the result is too large to keep.
    func calculate(
        _ op: String,
        _ args: JSONValue,
        _ calc: CalcRunner,
        userID: String,
        in db: any SQLExecutor
    ) async throws -> JSONValue {
        let profile = try await profiles.find(userID, in: db).view
        let result = try await calc.run(
            op,
            args: args,
            profile: TaxProfile(income: profile.income, province: profile.province)
        )
        guard result.serialized.count <= SavedCalculation.maximumResultBytes else {
            throw WireError(.invalidArgument, "the result of \(op) is over 1 MiB, too large to save", field: "args")
        }
        return result
    }
}
