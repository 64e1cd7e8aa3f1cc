import LedgerAPI
import ReckonClient
import ReckonTesting
import Storage
import Testing
import Wire

/// `activity.wait` through the gateway and two `reckon-ledger` processes (2 slots each) on one database.
@Suite struct ActivityWaitEndToEndTests {
    /// More waits than the workers have slots: each wait lends its slot back (the gateway counts 4 slots plus one
    /// per wait, 4 of them idle), so the bills that follow are served while the waits are held, and each reaches its
    /// household's waiter, whichever worker wrote it (the other process hears of it by NOTIFY on PostgreSQL, by the
    /// household's change counter on SQLite). A waiter whose wait ended empty (a loaded machine can take longer than
    /// a wait's 3 s to write six bills) asks again, as a client does; being woken by the write is
    /// `ActivityWaitTests`' to show.
    @Test(arguments: TestDatabase.engines)
    func waitsLendTheirSlotsAndEveryWriteWakesItsHousehold(engine: DatabaseEngine) async throws {
        try await LocalStack.withLedger(engine) { stack in
            let client = stack.client
            _ = try await client.call(AuthSignupOp.self, .init(username: "ana", password: "correct horse"))
            let ana = try await client.call(AuthLoginOp.self, .init(username: "ana", password: "correct horse"))
            var homes: [(id: String, cursor: Int)] = []
            for number in 1...6 {
                let home = try await client.call(
                    HouseholdCreateOp.self,
                    .init(name: "Flat \(number)"),
                    token: ana.token
                )
                let seen = try await client.call(
                    ActivityListOp.self,
                    .init(householdId: home.householdId),
                    token: ana.token
                )
                homes.append((home.householdId, seen.cursor))
            }
            try await withThrowingTaskGroup(of: [String].self) { group in
                for home in homes {
                    group.addTask {
                        let args = ActivityWaitOp.Args(
                            householdId: home.id,
                            after: home.cursor,
                            waitMs: ActivityWaitOp.maximumWaitMs
                        )
                        for _ in 0..<20 {
                            let page = try await client.call(ActivityWaitOp.self, args, token: ana.token)
                            if !page.entries.isEmpty { return page.entries.map(\.action) }
                        }
                        return []
                    }
                }
                try await stack.waitForWorkers(service: "ledger", count: 4 + homes.count, idle: 4)
                for home in homes {
                    let bill = BillFields(
                        description: "Tea",
                        amount: "3.00",
                        paidBy: ana.user.userId,
                        split: .init(kind: "equal")
                    )
                    _ = try await client.call(
                        BillsAddOp.self,
                        .init(HouseholdArgs(householdId: home.id), bill: bill),
                        token: ana.token
                    )
                }
                for try await actions in group { #expect(actions == ["bill.added"]) }
            }
            try await stack.waitForWorkers(service: "ledger", count: 4, idle: 4)
        }
    }
}
