import Foundation
import LedgerAPI
import ReckonClient
import Testing
import Wire

/// A ``KeyedLoad`` of ledger bills: each call adds a one-dollar bill, described by its key, paid by `payer` and
/// split equally; every bill must land exactly once.
struct BillLoad: Sendable {
    let client: ReckonClient
    let token: String
    let householdId: String
    let payer: String
    var clients = 20
    var billsEach = 10
    var patience: Duration = .seconds(150)

    /// Runs the load with `fault` beside it (see ``KeyedLoad/run(call:fault:)``), each call adding the bill named
    /// by its key; returns the counts.
    func run(fault: @escaping @Sendable () async throws -> Void) async throws -> KeyedLoad.Counts {
        try await KeyedLoad(clients: clients, callsEach: billsEach, patience: patience).run(
            call: { [self] _, _, key in try await add(key, through: client) },
            fault: fault
        )
    }

    /// Adds the bill `description` (one dollar paid by `payer`, split equally) through `client`, under the key
    /// `load-description`, sending it again under that key while the answer is transient; `resent` hears the code
    /// of each answer that made it send again.
    func addBill(_ description: String, through client: ReckonClient, resent: (WireError.Code) -> Void) async throws {
        try await sendingAgain(for: patience, resent: resent) { try await add(description, through: client) }
    }

    /// Adds the bill `description` once, under the key `load-description`.
    private func add(_ description: String, through client: ReckonClient) async throws {
        let args = BillArgs(
            HouseholdArgs(householdId: householdId),
            bill: .init(description: description, amount: "1.00", paidBy: payer, split: .init(kind: "equal"))
        )
        _ = try await client.call(BillsAddOp.self, args, token: token, idempotencyKey: "load-" + description)
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

extension BillLoad {
    /// A load on a new household: ana signs up and in through `client` and makes the household she pays into.
    static func forNewHousehold(through client: ReckonClient) async throws -> BillLoad {
        _ = try await client.call(AuthSignupOp.self, .init(username: "ana", password: "correct horse"))
        let session = try await client.call(AuthLoginOp.self, .init(username: "ana", password: "correct horse"))
        let home = try await client.call(HouseholdCreateOp.self, .init(name: "Flat"), token: session.token)
        return BillLoad(client: client, token: session.token, householdId: home.householdId, payer: session.user.userId)
    }

    /// `count` bills landed, each once, and the totals kept beside them agree: ana paid one dollar per bill and the
    /// nets sum to zero.
    func expectEveryBill(count: Int) async throws {
        let descriptions = try await descriptions()
        #expect(descriptions.count == count, "lost or doubled: \(descriptions.count) bills")
        #expect(Set(descriptions).count == count)
        let balances = try await client.call(BalancesOp.self, .init(householdId: householdId), token: token)
        #expect(balances.members.first { $0.userId == payer }?.paid == "\(count).00")
        #expect(balances.members.compactMap { Decimal(string: $0.net) }.reduce(0, +) == 0)
    }
}
