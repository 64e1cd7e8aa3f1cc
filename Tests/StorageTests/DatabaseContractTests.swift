import Logging
import ReckonTesting
import Storage
import StorageSQLite
import Testing

/// The storage contract, run against SQLite and PostgreSQL alike.
@Suite struct DatabaseContractTests {
    private static let counter = Migration(
        "001-counter",
        [
            "CREATE TABLE counter (id TEXT PRIMARY KEY, n BIGINT NOT NULL)",
            "INSERT INTO counter (id, n) VALUES ('c', 0)",
        ]
    )

    @Test(arguments: TestDatabase.engines)
    func valuesRoundTrip(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            let rows = try await database.write { db in
                try await db.query("CREATE TABLE v (i BIGINT, t TEXT, z TEXT)")
                try await db.query(
                    "INSERT INTO v (i, t, z) VALUES (\(Int64.max), \("Grüße, 世界 'quoted'"), \(nil as String?))"
                )
                return try await db.query("SELECT i, t, z FROM v")
            }
            #expect(try rows[0].int("i") == Int64.max)
            #expect(try rows[0].text("t") == "Grüße, 世界 'quoted'")
            #expect(try rows[0].optionalText("z") == nil)
            #expect(throws: StorageError.self) { try rows[0].text("i") }
            #expect(throws: StorageError.self) { try rows[0].int("missing") }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aThrowingWriteChangesNothing(engine: DatabaseEngine) async throws {
        struct Refused: Error {}
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: [Self.counter]).migrate(database)
            await #expect(throws: Refused.self) {
                try await database.write { db in
                    try await db.query("UPDATE counter SET n = n + 5")
                    throw Refused()
                }
            }
            let n = try await database.read { db in try await db.query("SELECT n FROM counter")[0].int("n") }
            #expect(n == 0)
        }
    }

    /// Each increment is sent again while it is answered `unavailable`, as a client would: on a loaded machine one
    /// may wait longer than PostgreSQL's 5 s lock timeout behind the others. Such an answer must have changed
    /// nothing, so the count still comes out exact: one sent again after it had landed would make it too high.
    @Test(arguments: TestDatabase.engines)
    func concurrentIncrementsAreNeverLost(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: [Self.counter]).migrate(database)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        try await Self.sentAgainWhileUnavailable {
                            _ = try await database.write { db in try await db.query("UPDATE counter SET n = n + 1") }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let n = try await database.read { db in try await db.query("SELECT n FROM counter")[0].int("n") }
            #expect(n == 200)
        }
    }

    /// Runs `write` until it is not answered `unavailable`, at most 10 times.
    private static func sentAgainWhileUnavailable(_ write: () async throws -> Void) async throws {
        for _ in 1..<10 {
            do {
                return try await write()
            } catch let error as StorageError where error.code == .unavailable {
                continue
            }
        }
        try await write()
    }

    @Test(arguments: TestDatabase.engines)
    func uniqueViolationsAreTyped(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: [Self.counter]).migrate(database)
            let error = await #expect(throws: StorageError.self) {
                try await database.write { db in try await db.query("INSERT INTO counter (id, n) VALUES ('c', 1)") }
            }
            #expect(error?.code == .uniqueViolation)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anExecutorDiesWithItsTransaction(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            let escaped = try await database.read { db in db }
            let error = await #expect(throws: StorageError.self) { try await escaped.query("SELECT 1") }
            #expect(error?.code == .misuse)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func migrationsRunOnceEvenWhenReplicasStartTogether(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, url in
            let migrator = Migrator(service: "test", migrations: [Self.counter])
            // SQLite replicas are separate connections to one file; PostgreSQL replicas share the pool's connections.
            var replicas: [any Database] = [database]
            if engine == .sqlite {
                for _ in 0..<3 {
                    replicas.append(try await SQLiteDatabase.open(.init(path: url), logger: Logger(label: "t")))
                }
            } else {
                replicas += Array(repeating: database, count: 3)
            }
            let applied: Result<[String], any Error>
            do {
                applied = .success(
                    try await withThrowingTaskGroup(of: [String].self) { group in
                        for replica in replicas { group.addTask { try await migrator.migrate(replica) } }
                        return try await group.reduce(into: []) { $0 += $1 }
                    }
                )
            } catch {
                applied = .failure(error)
            }
            for case let replica as SQLiteDatabase in replicas.dropFirst() { await replica.close() }
            #expect(try applied.get() == ["001-counter"])
            #expect(try await migrator.migrate(database).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDatabaseFromANewerReleaseStopsTheStart(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            let newer = Migrator(service: "test", migrations: [Self.counter, Migration("002-more", ["SELECT 1"])])
            try await newer.migrate(database)
            let error = await #expect(throws: StorageError.self) {
                try await Migrator(service: "test", migrations: [Self.counter]).migrate(database)
            }
            #expect(error?.code == .misuse)
            #expect(error?.message.contains("002-more") == true)
        }
    }
}
