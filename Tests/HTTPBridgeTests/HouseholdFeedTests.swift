import LedgerAPI
import Logging
import ReckonClient
import Testing
import Wire

@testable import HTTPBridge

/// A household's feed in the bridge, without its waits: a subscriber that stops reading is dropped at its bounded
/// buffer while the others get everything; a late subscriber gets the kept entries it missed, or is sent back to
/// read them when they no longer reach back.
@Suite struct HouseholdFeedTests {
    private static func entries(_ cursors: ClosedRange<Int>) -> ActivityWaitOp.Result {
        let entries = cursors.map {
            ActivityView(
                cursor: $0,
                userId: "u",
                action: "bill.added",
                entity: "bill",
                entityId: "b\($0)",
                at: "2026-11-26T00:00:00Z",
                before: nil,
                after: nil
            )
        }
        return .init(entries: entries, cursor: cursors.upperBound, more: false)
    }

    private static func withFeed(_ body: (HouseholdFeed) async throws -> Void) async throws {
        let client = try ReckonClient(configuration: .init(endpoints: ["tcp://127.0.0.1:9"]))
        defer { client.close() }
        try await body(HouseholdFeed(householdID: "h", client: client, logger: Logger(label: "test")))
    }

    @Test func aSubscriberThatStopsReadingIsDroppedAtItsBufferWhileTheOthersGetEverything() async throws {
        try await Self.withFeed { feed in
            let stalled = try #require(feed.join(token: "a", after: 0) {})
            let reading = try #require(feed.join(token: "b", after: 0) {})
            var read = reading.events.makeAsyncIterator()
            var cursors: [Int] = []
            for page in 0..<40 {
                feed.handOut(Self.entries(page * 10 + 1...page * 10 + 10))
                for _ in 0..<10 {
                    if case .entry(let entry)? = await read.next() { cursors.append(entry.cursor) }
                }
            }
            #expect(cursors == Array(1...400))
            var held = 0
            for await case .entry in stalled.events { held += 1 }
            #expect(held == HouseholdFeed.bufferLimit)
            #expect(!feed.isIdle)
            reading.leave()
            #expect(feed.isIdle)
        }
    }

    @Test func aLateSubscriberGetsTheKeptEntriesItMissedOrIsSentBackForThem() async throws {
        try await Self.withFeed { feed in
            let first = try #require(feed.join(token: "a", after: 0) {})
            feed.handOut(Self.entries(1...300))
            let late = try #require(feed.join(token: "b", after: 100) {})
            late.leave()
            var missed: [Int] = []
            for await case .entry(let entry) in late.events { missed.append(entry.cursor) }
            #expect(missed == Array(101...300))
            #expect(feed.join(token: "c", after: 10) {} == nil, "the kept entries start at 45: read 11–44 first")
            first.leave()
        }
    }
}
