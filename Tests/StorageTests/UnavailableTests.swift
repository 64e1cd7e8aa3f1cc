import Foundation
import Logging
import ReckonTesting
import Storage
import StoragePostgres
import StorageSQLite
import Testing

@Suite struct UnavailableTests {
    @Test func anUnreachableServerIsUnavailable() async throws {
        // Port 1 on loopback: nothing listens there, so every connection is refused at once.
        let configuration = try PostgresDatabase.configuration(url: "postgres://postgres@127.0.0.1:1/none")
        let database = PostgresDatabase(configuration: configuration, logger: Logger(label: "test"))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            let error = await #expect(throws: StorageError.self) {
                try await database.write { db in try await db.query("SELECT 1") }
            }
            #expect(error?.code == .unavailable)
        }
    }

    /// PostgresNIO drops a statement sent on a connection whose channel has closed, and its caller would wait for
    /// ever (a write caught by a server restart, rolling back): it must be answered `unavailable` instead.
    @Test(.timeLimit(.minutes(5))) func aStatementOnAConnectionTheServerClosedIsUnavailable() async throws {
        try await TestDatabase.with(.postgres) { database, _ in
            let error = await #expect(throws: StorageError.self) {
                try await database.write { db in
                    _ = try? await db.query("SELECT pg_terminate_backend(pg_backend_pid())")
                    // Not a timing assumption: the statement below must fail however long the close takes.
                    try await Task.sleep(for: .milliseconds(300))
                    try await db.query("SELECT 1")
                }
            }
            #expect(error?.code == .unavailable)
        }
    }

    /// A transaction's statements run on its connection's event loop; one sent from a task that is not there (a
    /// detached task, which does not inherit the transaction's executor) is submitted to the loop: it runs while
    /// the connection is open and is answered `unavailable` once the server has closed it.
    @Test(.timeLimit(.minutes(5))) func aStatementFromATaskOffTheLoopRunsAndFailsFast() async throws {
        try await TestDatabase.with(.postgres) { database, _ in
            let error = await #expect(throws: StorageError.self) {
                try await database.write { db in
                    let one = try await Task.detached { try await db.query("SELECT 1 AS one") }.value
                    #expect(try one.first?.int("one") == 1)
                    _ = try? await db.query("SELECT pg_terminate_backend(pg_backend_pid())")
                    try await Task.sleep(for: .milliseconds(300))
                    _ = try await Task.detached { try await db.query("SELECT 1") }.value
                }
            }
            #expect(error?.code == .unavailable)
        }
    }

    @Test func anUnopenableFileIsUnavailable() async throws {
        let error = await #expect(throws: StorageError.self) {
            _ = try await SQLiteDatabase.open(.init(path: "/proc/no/such/dir/x.sqlite"), logger: Logger(label: "test"))
        }
        #expect(error?.code == .unavailable)
    }

    @Test func badURLsAreRefused() {
        #expect(throws: StorageError.self) { try PostgresDatabase.configuration(url: "mysql://x") }
        #expect(throws: StorageError.self) { try PostgresDatabase.configuration(url: "postgres:///nohost") }
    }
}
