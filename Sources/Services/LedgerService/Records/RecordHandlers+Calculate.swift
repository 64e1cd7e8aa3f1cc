import CalcAPI
import Foundation
import LedgerAPI
import StoredOps
import WorkerRuntime
import Wire

extension RecordHandlers {
    /// A save's checked title, op and arguments, and calc's result for them or the error calc failed with. The
    /// write throws that error only once it has looked the request's idempotency key up, so a replay is answered
    /// what was stored even while calc is away.
    struct Save: Sendable {
        let title: String
        let op: String
        let args: JSONValue
        let result: Result<JSONValue, any Error>
    }

    /// A rerun's record as it was read, calc's result for it now, and whether to keep that result.
    struct Rerun: Sendable {
        let record: SavedRecord
        let result: JSONValue
        let update: Bool
    }

    /// `records.save`'s arguments checked (a refusal changes nothing), then calc's result for them, before the
    /// write's transaction opens.
    func calculateSave(_ args: RecordsSaveOp.Args, _ request: OpRequest) async throws -> Save {
        let title = args.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(title.count) else {
            throw WireError(.invalidArgument, "title must be 1 to 200 characters", field: "title")
        }
        let given = args.args ?? .object(JSONObject())
        guard given.serialized.count <= SavedCalculation.maximumArgumentBytes else {
            throw WireError(.invalidArgument, "args are over 16 KiB", field: "args")
        }
        let result = await Self.outcome {
            let profile = try await reader.reading(request) { user in
                try await profiles.find(user.userID, in: user.db)
            }
            return try await calculate(args.op, given, profile: profile, deadline: request.context.deadline)
        }
        return Save(title: title, op: args.op, args: given, result: result)
    }

    /// The record `records.rerun` names, read with the user's profile, and calc's result for it now, before the
    /// write's transaction opens; or the error either failed with, for the write to throw.
    func calculateRerun(_ args: RecordsRerunOp.Args, _ request: OpRequest) async -> Result<Rerun, any Error> {
        await Self.outcome {
            let (record, profile) = try await reader.reading(request) { user in
                (
                    try await records.find(args.recordId, userID: user.userID, in: user.db),
                    try await profiles.find(user.userID, in: user.db)
                )
            }
            let result = try await calculate(
                record.op,
                record.args,
                profile: profile,
                deadline: request.context.deadline
            )
            return Rerun(record: record, result: result, update: args.update == true)
        }
    }

    /// calc's result for `op` on `args`, with a tax op's situation defaulting to `profile`.
    /// - Throws: calc's error; `invalid_argument` when the result is too large to keep.
    private func calculate(
        _ op: String,
        _ args: JSONValue,
        profile: ProfileStore.Profile,
        deadline: ContinuousClock.Instant
    ) async throws -> JSONValue {
        let view = profile.view
        let result = try await calc.run(
            op,
            args: args,
            profile: TaxProfile(income: view.income, province: view.province),
            deadline: deadline
        )
        guard result.serialized.count <= SavedCalculation.maximumResultBytes else {
            throw WireError(.invalidArgument, "the result of \(op) is over 1 MiB, too large to save", field: "args")
        }
        return result
    }

    /// What `body` returns, or the error it throws.
    private static func outcome<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
