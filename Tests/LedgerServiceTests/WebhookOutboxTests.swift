import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

@testable import LedgerService
@testable import Webhooks

/// The activity log as the webhooks' outbox, and the lease that keeps two relays off one subscription, on both
/// engines: an event exists exactly when its change committed, and a relay whose lease was taken over writes nothing.
@Suite struct WebhookOutboxTests {
    private struct Failed: Error {}

    private let store = LedgerWebhooks.store

    private func pending(_ ledger: LedgerHarness, owner: String = "relay-a") async throws -> String? {
        let source = ActivityEvents(log: ActivityLog(feed: ledger.configuration.activityFeed))
        let now = WallClock.millisecondsSince1970()
        return try await ledger.database.read { db in
            try await store.nextDue(pending: source.pending, owner: owner, now: now, in: db)?.id
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anEventExistsExactlyWhenItsChangeCommitted(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let hook = try await ledger.call(
                WebhooksSubscribeOp.self,
                .init(householdId: home, url: "https://receiver.invalid/h", events: ["bill.*"]),
                token: ana.token
            )
            #expect(try await pending(ledger) == nil)
            let log = ActivityLog(feed: ledger.configuration.activityFeed)
            await #expect(throws: Failed.self) {
                try await ledger.database.write { db in
                    try await log.record(
                        .init(action: "bill.added", entity: "bill", entityID: "b_x", before: nil, after: nil),
                        household: home,
                        userID: ana.id,
                        in: db
                    )
                    throw Failed()
                }
            }
            #expect(try await pending(ledger) == nil)
            let bill = try await ledger.bill(home, "Rent", "900.00", paidBy: ana, split: .init(kind: "equal"))
            #expect(try await pending(ledger) == hook.webhookId)
            let source = ActivityEvents(log: log)
            let events = try await ledger.database.read { db in
                try await source.events(scope: home, after: Int64(hook.cursor), limit: 10, in: db)
            }
            #expect(events.map(\.type) == ["bill.added"] && events[0].seq == Int64(hook.cursor) + 1)
            let body = try JSONValue(parsing: String(decoding: events[0].body, as: UTF8.self))
            #expect(body["data"]?["activity"]?["entityId"] == .string(bill.billId))
            #expect(body["data"]?["householdId"] == .string(home))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aLeaseKeepsOtherRelaysOffUntilItRunsOut(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let hook = try await ledger.call(
                WebhooksSubscribeOp.self,
                .init(householdId: home, url: "https://receiver.invalid/h", events: ["*"]),
                token: ana.token
            )
            _ = try await ledger.bill(home, "Rent", "900.00", paidBy: ana, split: .init(kind: "equal"))
            let now = WallClock.millisecondsSince1970()
            let store = store
            func claim(_ owner: String, at time: Int64) async throws -> WebhookSubscription? {
                try await ledger.database.write { db in
                    try await store.claim(hook.webhookId, owner: owner, now: time, until: time + 30_000, in: db)
                }
            }
            #expect(try await claim("relay-a", at: now)?.id == hook.webhookId)
            #expect(try await claim("relay-b", at: now + 1000) == nil)
            #expect(try await pending(ledger, owner: "relay-b") == nil)
            #expect(try await pending(ledger, owner: "relay-a") == hook.webhookId)
            // Past the lease, relay-b takes the subscription over; relay-a, late, can no longer move it on.
            #expect(try await claim("relay-b", at: now + 31_000)?.id == hook.webhookId)
            let attempt = WebhookAttempt(
                number: 0,
                eventSeq: Int64(hook.cursor) + 1,
                eventType: "bill.added",
                messageID: "msg_x",
                trigger: WebhookAttempt.schedule,
                outcome: "delivered",
                status: 200,
                error: nil,
                at: now,
                milliseconds: 3
            )
            let progress = WebhookStore.Progress(cursor: Int64(hook.cursor) + 1, failures: 0, nextAt: now)
            let late = try await ledger.database.write { db in
                try await store.record(attempt, of: hook.webhookId, owner: "relay-a", progress: progress, in: db)
            }
            #expect(!late)
            #expect(try await ledger.count("ledger_webhook_attempts") == 0)
            let current = try await ledger.database.write { db in
                try await store.record(attempt, of: hook.webhookId, owner: "relay-b", progress: progress, in: db)
            }
            #expect(current)
            let listed = try await ledger.call(WebhooksListOp.self, .init(householdId: home), token: ana.token)
            #expect(listed.webhooks.map(\.cursor) == [hook.cursor + 1])
        }
    }
}
