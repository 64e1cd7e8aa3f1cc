import Logging
import Storage
import StoragePostgres
import Synchronization
import Testing

/// The PostgreSQL pools across a server restart, with more writers than connections: PostgresNIO 1.33.2's pool stopped
/// the process (a precondition in `createNewDemandConnectionIfPossible`) when it came back from failing to connect
/// with fewer connections than its minimum and a lease needed one more (decision 0134).
@Suite struct PostgresPoolRecoveryTests {
    static let writers = 20
    static let writesAfter = 20
    static let restarts = 3

    /// What the writers have seen, for the test to wait on.
    enum Sighting: Sendable { case wrote, refused }

    @Test(.timeLimit(.minutes(5))) func twentyWritersThroughARestartAllFinish() async throws {
        try await TestPostgresServer.with { server in
            let database = PostgresDatabase(
                configuration: try PostgresDatabase.configuration(url: server.url),
                logger: Logger(label: "test")
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await database.run() }
                defer { group.cancelAll() }
                try await Self.resending {
                    try await database.write { db in
                        try await db.query("CREATE TABLE written (writer BIGINT, n BIGINT, PRIMARY KEY (writer, n))")
                    }
                }
                let restarted = Locked(false)
                let sightings = AsyncStream<(Int, Sighting)>.makeStream()
                let written = try await withThrowingTaskGroup(of: Int.self) { writers in
                    for writer in 0..<Self.writers {
                        writers.addTask {
                            var (n, after) = (0, 0)
                            while after < Self.writesAfter {
                                do {
                                    // A write answered `unavailable` may have committed: it is sent again as it was.
                                    let row = n
                                    try await database.write { db in
                                        try await db.query(
                                            "INSERT INTO written VALUES (\(writer), \(row)) ON CONFLICT DO NOTHING"
                                        )
                                    }
                                    n += 1
                                    if restarted.value.withLock({ $0 }) { after += 1 }
                                    sightings.continuation.yield((writer, .wrote))
                                } catch let error as StorageError where error.code == .unavailable {
                                    sightings.continuation.yield((writer, .refused))
                                }
                            }
                            return n
                        }
                    }
                    // The server stops once every writer has written, and starts again once every one was refused,
                    // `restarts` times.
                    var (wrote, refused, stopped, restarts) = (Set<Int>(), Set<Int>(), false, 0)
                    for await (writer, sighting) in sightings.stream {
                        switch sighting {
                        case .wrote: wrote.insert(writer)
                        case .refused: refused.insert(writer)
                        }
                        if !stopped, wrote.count == Self.writers {
                            try await server.stop()
                            (stopped, refused) = (true, [])
                        } else if stopped, refused.count == Self.writers {
                            try await server.start()
                            (stopped, wrote, restarts) = (false, [], restarts + 1)
                            if restarts == Self.restarts { break }
                        }
                    }
                    restarted.value.withLock { $0 = true }
                    return try await writers.reduce(0, +)
                }
                // The read pool has not been used yet: its first connection may meet the server still starting.
                let rows = try await Self.resending {
                    try await database.read { db in
                        try await db.query("SELECT COUNT(*) AS n FROM written")[0].int("n")
                    }
                }
                #expect(rows == Int64(written))
            }
        }
    }

    /// What `body` answers, sent again while it fails `unavailable` (the server starting, a connection it broke).
    private static func resending<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        while true {
            do {
                return try await body()
            } catch let error as StorageError where error.code == .unavailable {
                continue
            }
        }
    }
}
