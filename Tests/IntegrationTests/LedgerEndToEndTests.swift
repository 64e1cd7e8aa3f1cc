import Foundation
import LedgerAPI
import ReckonClient
import ReckonTesting
import Storage
import Testing
import Wire

/// The ledger through the real gateway and two `reckon-ledger` processes sharing one database, on both engines.
@Suite struct LedgerEndToEndTests {
    private func signIn(_ client: ReckonClient, _ username: String) async throws -> AuthLoginOp.Result {
        _ = try await client.call(AuthSignupOp.self, .init(username: username, password: "correct horse"))
        return try await client.call(AuthLoginOp.self, .init(username: username, password: "correct horse"))
    }

    @Test(arguments: TestDatabase.engines)
    func roommatesSplitBillsAndSettleUpThroughTheGateway(engine: DatabaseEngine) async throws {
        try await LocalStack.withLedger(engine) { stack in
            let client = stack.client
            let ana = try await signIn(client, "ana")
            let bob = try await signIn(client, "bob")
            let home = try await client.call(HouseholdCreateOp.self, .init(name: "Flat 3"), token: ana.token)
            let request = try await client.call(
                RoommatesRequestOp.self,
                .init(householdId: home.householdId, username: "bob"),
                token: ana.token
            )
            _ = try await client.call(RoommatesAcceptOp.self, .init(requestId: request.requestId), token: bob.token)
            let groceries = BillArgs(
                HouseholdArgs(householdId: home.householdId),
                bill: .init(
                    description: "Groceries",
                    amount: "84.30",
                    paidBy: ana.user.userId,
                    split: .init(kind: "equal")
                )
            )
            // An offline client replaying its queue: one key, many sends, one bill; each reply past the first says
            // it is a replay.
            let send = ReckonClient.Request(
                service: BillsAddOp.service,
                op: BillsAddOp.name,
                args: try JSONValue(parsing: JSONCoding.encode(groceries)),
                token: ana.token,
                idempotencyKey: "queue-1"
            )
            for attempt in 0..<5 {
                let reply = try await client.reply(to: send, timeout: nil, requestID: nil)
                #expect(reply["ok"] == .bool(true) && reply["replayed"] == (attempt == 0 ? nil : .bool(true)))
            }
            let balances = try await client.call(
                BalancesOp.self,
                .init(householdId: home.householdId),
                token: bob.token
            )
            #expect(Set(balances.members.map(\.net)) == ["42.15", "-42.15"])
            let plan = try await client.call(
                SettleSuggestOp.self,
                .init(householdId: home.householdId),
                token: bob.token
            )
            let transfer = try #require(plan.transfers.first)
            #expect(plan.transfers.count == 1)
            #expect(transfer.from == bob.user.userId && transfer.amount == "42.15")
            #expect(transfer.because.map(\.description) == ["Groceries"])
            _ = try await client.call(
                PaymentsRecordOp.self,
                .init(householdId: home.householdId, from: bob.user.userId, to: ana.user.userId, amount: "42.15"),
                token: bob.token
            )
            let settled = try await client.call(
                SettleSuggestOp.self,
                .init(householdId: home.householdId),
                token: ana.token
            )
            #expect(settled.transfers.isEmpty)
            do {
                _ = try await client.call(BalancesOp.self, .init(householdId: home.householdId))
                Issue.record("balances without a token succeeded")
            } catch let error as WireError {
                #expect(error.code == .unauthenticated)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func parallelBillsFromTwoWorkersAllCount(engine: DatabaseEngine) async throws {
        try await LocalStack.withLedger(engine) { stack in
            let client = stack.client
            let ana = try await signIn(client, "ana")
            let home = try await client.call(HouseholdCreateOp.self, .init(name: "Solo"), token: ana.token)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        _ = try await client.call(
                            BillsAddOp.self,
                            .init(
                                HouseholdArgs(householdId: home.householdId),
                                bill: .init(
                                    description: "bill \(index)",
                                    amount: "1.01",
                                    paidBy: ana.user.userId,
                                    split: .init(kind: "equal")
                                )
                            ),
                            token: ana.token
                        )
                    }
                }
                try await group.waitForAll()
            }
            let balances = try await client.call(
                BalancesOp.self,
                .init(householdId: home.householdId),
                token: ana.token
            )
            #expect(balances.members.first?.paid == "101.00")
            let log = try await client.call(
                ActivityListOp.self,
                .init(householdId: home.householdId, limit: 500),
                token: ana.token
            )
            #expect(log.entries.map(\.cursor) == Array(1...101))
        }
    }
}
