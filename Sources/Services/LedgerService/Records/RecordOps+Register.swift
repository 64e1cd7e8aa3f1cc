import CalcAPI
import Foundation
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `records.save`, `records.list`, `records.get`, `records.delete`, `records.rerun`: a user's own saved
    /// calculations.
    mutating func registerRecordOps(_ handlers: RecordHandlers, _ scopes: LedgerScopes) {
        register(RecordsSaveOp.self, in: scopes.write, handler: handlers.recordsSave)
        register(RecordsListOp.self, in: scopes.read, handler: handlers.recordsList)
        register(RecordsGetOp.self, in: scopes.read, handler: handlers.recordsGet)
        register(RecordsDeleteOp.self, in: scopes.write, handler: handlers.recordsDelete)
        register(RecordsRerunOp.self, in: scopes.write, handler: handlers.recordsRerun)
    }
}

/// The saved calculations' ops: with the records' store, the profiles' (whose tax situation fills a tax op's
/// arguments), and calc (``CalcRunner``), and nothing else.
struct RecordHandlers: Sendable {
    let records: RecordStore
    let profiles: ProfileStore
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
            title: title,
            op: args.op,
            args: given,
            result: try await calculate(args.op, given, userID: userID, deadline: context.request.deadline, in: db),
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

    func recordsRerun(_ args: RecordsRerunOp.Args, _ context: SignedIn) async throws -> RecordsRerunOp.Result {
        let (db, userID) = (context.db, context.userID)
        var record = try await records.find(args.recordId, userID: userID, in: db)
        let result = try await calculate(
            record.op,
            record.args,
            userID: userID,
            deadline: context.request.deadline,
            in: db
        )
        let changed = result != record.result
        if args.update == true {
            record.result = result
            record.computedAt = WallClock.millisecondsSince1970()
            try await records.update(record, in: db)
        }
        return RecordsRerunOp.Result(record: record.view, result: result, changed: changed)
    }
}

/// Limits on what a saved calculation holds.
enum SavedCalculation {
    static let maximumArgumentBytes = 16 * 1024
    static let maximumResultBytes = 1024 * 1024
}

extension RecordHandlers {
    /// calc's result for `op` on `args`, with tax ops defaulting to `userID`'s profile as it is now.
    /// - Throws: calc's error; `invalid_argument` when the result is too large to keep.
    func calculate(
        _ op: String,
        _ args: JSONValue,
        userID: String,
        deadline: ContinuousClock.Instant,
        in db: any SQLExecutor
    ) async throws -> JSONValue {
        let profile = try await profiles.find(userID, in: db).view
        let result = try await calc.run(
            op,
            args: args,
            profile: TaxProfile(income: profile.income, province: profile.province),
            deadline: deadline
        )
        guard result.serialized.count <= SavedCalculation.maximumResultBytes else {
            throw WireError(.invalidArgument, "the result of \(op) is over 1 MiB, too large to save", field: "args")
        }
        return result
    }
}
