import Logging
import ReckonTesting
import Storage
import StoragePostgres
import Testing

/// A connection kept on a pool's shelf between requests still goes where it is needed: to a request or a listener
/// waiting on the pool, whose connections are all lent (decision 0135).
@Suite(.timeLimit(.minutes(2))) struct ConnectionShelfTests {
    /// Runs `body` with a database of `size` connections a pool, which waits up to 60 s for one, on `url`'s server.
    private static func with(
        url: String,
        size: Int,
        _ body: @Sendable (PostgresDatabase) async throws -> Void
    ) async throws {
        let database = PostgresDatabase(
            configuration: try PostgresDatabase.configuration(url: url, maximumConnections: size),
            connectionWait: .seconds(60),
            logger: Logger(label: "test")
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            try await body(database)
        }
    }

    @Test func aWriteWaitingForThePoolsOneConnectionGetsItWhenTheWriteBeforeEnds() async throws {
        try await TestDatabase.with(.postgres) { _, url in
            try await Self.with(url: url, size: 1) { database in
                let (started, began) = AsyncStream<Void>.makeStream()
                let (released, release) = AsyncStream<Void>.makeStream()
                async let first: Void = database.write { db in
                    try await db.query("SELECT 1")
                    began.yield()
                    for await _ in released { break }
                }
                for await _ in started { break }
                async let second = database.write { db in try await db.query("SELECT 2 AS n")[0].int("n") }
                release.yield()
                try await first
                #expect(try await second == 2)
            }
        }
    }

    @Test func aListenerGetsAConnectionWhileReadsKeepEveryOtherOnTheShelf() async throws {
        try await TestDatabase.with(.postgres) { _, url in
            try await Self.with(url: url, size: 2) { database in
                // Two reads at once: the read pool lends both its connections, and both go on the shelf.
                let (started, began) = AsyncStream<Void>.makeStream()
                let (released, release) = AsyncStream<Void>.makeStream()
                try await withThrowingTaskGroup(of: Void.self) { reads in
                    for _ in 0..<2 {
                        reads.addTask {
                            try await database.read { db in
                                try await db.query("SELECT 1")
                                began.yield()
                                for await _ in released { break }
                            }
                        }
                    }
                    var running = 0
                    for await _ in started {
                        running += 1
                        if running == 2 { break }
                    }
                    release.finish()
                    try await reads.waitForAll()
                }
                // The listener waits on the pool, so a read's connection goes back to the pool for it.
                let (heard, hear) = AsyncStream<String>.makeStream()
                let listening = Task {
                    await database.listen(on: "shelf_test", received: { hear.yield($0) }, resumed: { hear.yield("") })
                }
                defer { listening.cancel() }
                var payloads = heard.makeAsyncIterator()
                #expect(await payloads.next() == "")
                try await database.write { db in try await db.query("SELECT pg_notify('shelf_test', 'news')") }
                #expect(await payloads.next() == "news")
            }
        }
    }
}
