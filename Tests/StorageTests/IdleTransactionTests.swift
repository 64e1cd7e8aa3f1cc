import Logging
import ReckonTesting
import Storage
import StoragePostgres
import Testing

/// A PostgreSQL session left idle inside a transaction, as the server sees a worker cut off mid-transaction, is
/// ended by the server, so its row locks do not block other writers for good.
@Suite struct IdleTransactionTests {
    @Test func theServerEndsATransactionLeftIdleAndItsLocksGoWithIt() async throws {
        try await TestDatabase.with(.postgres) { shared, url in
            try await shared.write { db in
                _ = try await db.query("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
                _ = try await db.query("INSERT INTO counter VALUES (1, 0)")
            }
            let configuration = try PostgresDatabase.configuration(url: url, idleInTransactionTimeout: .seconds(1))
            let stalled = PostgresDatabase(configuration: configuration, logger: Logger(label: "test"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await stalled.run() }
                defer { group.cancelAll() }
                let error = await #expect(throws: StorageError.self) {
                    try await stalled.write { db in
                        _ = try await db.query("UPDATE counter SET n = n + 1 WHERE id = 1")
                        try await Task.sleep(for: .seconds(3))  // holding the row lock, silent
                        _ = try await db.query("SELECT 1")
                    }
                }
                #expect(error?.code == .unavailable)
            }
            // The lock went with the session, and the stalled update never committed.
            let n = try await shared.write { db in
                try await db.query("UPDATE counter SET n = n + 10 WHERE id = 1 RETURNING n")[0].int("n")
            }
            #expect(n == 10)
        }
    }
}
