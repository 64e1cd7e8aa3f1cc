import ArgumentParser
import LedgerAPI
import Wire

/// The options of every signed-in ledger command: the gateway options, and calls that carry the saved session's
/// token.
struct LedgerOptions: ParsableArguments {
    @OptionGroup var client: ClientOptions

    /// The saved session.
    /// - Throws: `LedgerCommandError` when there is none.
    var session: LedgerSession {
        get throws {
            guard let session = try LedgerSessionFile.load() else {
                throw LedgerCommandError("not signed in: run reckon login")
            }
            return session
        }
    }

    /// Calls a ledger op with the session's token and a fresh idempotency key.
    func call<Op: OpContract>(_ op: Op.Type, _ args: Op.Args) async throws -> Op.Result {
        try await client.call(op, args, token: try session.token)
    }

    /// The members of a household, with the signed-in user as `me`.
    func members(of householdId: String) async throws -> LedgerMembers {
        let household = try await call(HouseholdGetOp.self, HouseholdArgs(householdId: householdId))
        return LedgerMembers(household: household, me: try session.userId)
    }

    /// Prints a typed result as JSON with `--json`, else as `text(result)`.
    func print<Result: Encodable>(typed result: Result, text: (Result) -> String) throws {
        try client.print(typed: result, text: text)
    }
}

extension LedgerOptions {
    /// Saves `householdId` (or none) as the household commands use by default.
    func saveHousehold(_ householdId: String?) throws {
        var session = try session
        session.household = householdId
        try LedgerSessionFile.save(session)
    }
}
