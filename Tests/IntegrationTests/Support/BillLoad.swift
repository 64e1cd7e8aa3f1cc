import LedgerAPI
import ReckonClient

/// A ``KeyedLoad`` of ledger bills: each call adds a one-dollar bill, described by its key, paid by `payer` and
/// split equally; every bill must land exactly once.
struct BillLoad: Sendable {
    let client: ReckonClient
    let token: String
    let householdId: String
    let payer: String
    var billsEach = 10
    var patience: Duration = .seconds(150)

    /// Runs the load with `fault` beside it (see ``KeyedLoad/run(call:fault:)``); returns the counts.
    func run(fault: @escaping @Sendable () async throws -> Void) async throws -> KeyedLoad.Counts {
        try await KeyedLoad(callsEach: billsEach, patience: patience).run(
            call: { [self] _, _, key in
                let args = KeyedBillArgs(
                    key: householdId,
                    bill: .init(description: key, amount: "1.00", paidBy: payer, split: .init(kind: "equal"))
                )
                _ = try await client.call(BillsAddOp.self, args, token: token, idempotencyKey: key)
            },
            fault: fault
        )
    }

    /// Every live bill's description, read back page by page.
    func descriptions() async throws -> [String] {
        var descriptions: [String] = []
        var cursor: String?
        repeat {
            let page = try await client.call(
                BillsListOp.self,
                .init(householdId: householdId, cursor: cursor, limit: 500),
                token: token
            )
            descriptions += page.bills.map(\.description)
            cursor = page.nextCursor
        } while cursor != nil
        return descriptions
    }
}
