import Foundation
import Logging
import Storage
import StorageSQLite
import Testing

/// Two `SQLiteDatabase`s on one file stand for two worker processes sharing it: a writer finding the file's write
/// lock taken waits for it (off the cooperative pool), and is answered `unavailable` past its busy timeout.
@Suite struct SQLiteLockTests {
    private static func withTwoOpenings(
        busyTimeout: Duration,
        _ body: (SQLiteDatabase, SQLiteDatabase) async throws -> Void
    ) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString).sqlite")
            .path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let logger = Logger(label: "test")
        let first = try await SQLiteDatabase.open(.init(path: path, busyTimeout: busyTimeout), logger: logger)
        let second = try await SQLiteDatabase.open(.init(path: path, busyTimeout: busyTimeout), logger: logger)
        do {
            _ = try await first.write { db in try await db.query("CREATE TABLE counter (n INTEGER NOT NULL)") }
            _ = try await first.write { db in try await db.query("INSERT INTO counter (n) VALUES (0)") }
            try await body(first, second)
        } catch {
            await first.close()
            await second.close()
            throw error
        }
        await first.close()
        await second.close()
    }

    /// Holds `database`'s write lock, having added one, until `release` returns; returns once the lock is held.
    private static func holdLock(
        _ database: SQLiteDatabase,
        until release: @escaping @Sendable () async throws -> Void
    ) async -> Task<Void, any Error> {
        let (held, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            try await database.write { db in
                try await db.query("UPDATE counter SET n = n + 1")
                signal.yield()
                try await release()
            }
        }
        for await _ in held { break }
        return task
    }

    @Test func aWriterWaitsForAnotherOpeningsLock() async throws {
        try await Self.withTwoOpenings(busyTimeout: .seconds(5)) { first, second in
            let holder = await Self.holdLock(first) { try await Task.sleep(for: .milliseconds(300)) }
            _ = try await second.write { db in try await db.query("UPDATE counter SET n = n + 1") }
            try await holder.value
            let rows = try await second.read { db in try await db.query("SELECT n FROM counter") }
            #expect(try rows.first?.int("n") == 2)
        }
    }

    /// The lock is held until the refused write has answered, however slowly a loaded machine runs it.
    @Test func aWriterPastItsBusyTimeoutIsUnavailableAndChangesNothing() async throws {
        try await Self.withTwoOpenings(busyTimeout: .milliseconds(100)) { first, second in
            let (released, release) = AsyncStream.makeStream(of: Void.self)
            let holder = await Self.holdLock(first) { for await _ in released { break } }
            let error = await #expect(throws: StorageError.self) {
                try await second.write { db in try await db.query("UPDATE counter SET n = n + 100") }
            }
            release.yield()
            #expect(error?.code == .unavailable)
            try await holder.value
            let rows = try await first.read { db in try await db.query("SELECT n FROM counter") }
            #expect(try rows.first?.int("n") == 1)
        }
    }

    /// Workers started together open one fresh file at the same moment; each must wait for the others' switch to
    /// WAL rather than fail with "database is locked" (a ledger worker once died so at start).
    @Test func manyOpeningsOfOneFreshFileAtOnceAllSucceed() async throws {
        let logger = Logger(label: "test")
        for _ in 0..<20 {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString).sqlite")
                .path
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
            let databases = try await withThrowingTaskGroup(of: SQLiteDatabase.self) { group in
                for _ in 0..<4 { group.addTask { try await SQLiteDatabase.open(.init(path: path), logger: logger) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for database in databases { await database.close() }
        }
    }
}
