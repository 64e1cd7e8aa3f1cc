import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

@testable import LedgerService

/// The day's reminders for webhooks, on both engines: stock expiring by tomorrow, stock below one restock's worth,
/// and repeating bills due tomorrow, recorded in the activity log once per household, kind and day however many
/// workers look at once, and only in households whose webhooks want them.
@Suite struct ReminderTests {
    @Test(arguments: TestDatabase.engines)
    func eachReminderIsRecordedOnceADayWhereAWebhookWantsIt(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let quiet = try await ledger.household(ana, members: [])
            for household in [home, quiet] {
                for (name, bestBefore) in [("Milk", "2026-11-24"), ("Yogurt", "2026-11-20"), ("Rice", "2027-06-01")] {
                    _ = try await ledger.call(
                        InventoryAddOp.self,
                        .init(householdId: household, name: name, quantity: "1", unit: "L", bestBefore: bestBefore),
                        token: ana.token
                    )
                }
                _ = try await ledger.call(
                    InventoryAddOp.self,
                    .init(
                        householdId: household,
                        name: "Coffee",
                        quantity: "0.2",
                        unit: "kg",
                        restock: true,
                        restockQuantity: "1"
                    ),
                    token: ana.token
                )
                _ = try await ledger.call(
                    RecurringAddOp.self,
                    .init(
                        householdId: household,
                        bill: .init(description: "Rent", amount: "900.00", paidBy: ana.id, split: .init(kind: "equal")),
                        frequency: "monthly",
                        start: "2026-11-24"
                    ),
                    token: ana.token
                )
            }
            _ = try await ledger.call(
                WebhooksSubscribeOp.self,
                .init(householdId: home, url: "https://receiver.invalid/h", events: ["stock.*", "recurring.due"]),
                token: ana.token
            )
            // Three workers' turns at once, then a later one: each reminder once.
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await LedgerService.remind(database: ledger.database, configuration: ledger.configuration)
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(counts == 3)
            #expect(try await LedgerService.remind(database: ledger.database, configuration: ledger.configuration) == 0)
            let entries = try await ledger.call(ActivityListOp.self, .init(householdId: home), token: ana.token).entries
            let reminders = entries.filter { $0.userId == "reckon" }
            #expect(reminders.map(\.action).sorted() == ["recurring.due", "stock.expiring", "stock.low"])
            let expiring = try #require(reminders.first { $0.action == "stock.expiring" }?.after)
            #expect(expiring["date"] == "2026-11-24")
            #expect(expiring["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Yogurt", "Milk"])
            let low = try #require(reminders.first { $0.action == "stock.low" }?.after)
            #expect(low["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Coffee"])
            let due = try #require(reminders.first { $0.action == "recurring.due" }?.after)
            #expect(due["items"]?.arrayValue?.compactMap { $0["description"]?.stringValue } == ["Rent"])
            let elsewhere = try await ledger.call(ActivityListOp.self, .init(householdId: quiet), token: ana.token)
            #expect(!elsewhere.entries.contains { $0.userId == "reckon" })
        }
    }
}
