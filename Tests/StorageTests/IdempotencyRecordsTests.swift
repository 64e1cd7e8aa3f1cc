import ReckonTesting
import Storage
import Testing

@Suite struct IdempotencyRecordsTests {
    private static let schema = [
        IdempotencyRecords.migration,
        Migration("001-effects", ["CREATE TABLE effects (id BIGINT)"]),
    ]

    @Test(arguments: TestDatabase.engines)
    func aKeyReplaysItsFirstResultAndRefusesOtherArguments(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: Self.schema).migrate(database)
            func claim(_ digest: String) async throws -> IdempotencyRecords.Claim {
                try await database.write { db in
                    let claim = try await IdempotencyRecords.claim(
                        service: "s",
                        op: "o",
                        key: "k",
                        argsDigest: digest,
                        in: db
                    )
                    if claim == .claimed {
                        try await IdempotencyRecords.store(result: "{\"n\":1}", service: "s", op: "o", key: "k", in: db)
                    }
                    return claim
                }
            }
            #expect(try await claim("a") == .claimed)
            #expect(try await claim("a") == .replay(result: "{\"n\":1}"))
            #expect(try await claim("b") == .mismatch)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func racingClaimsRunTheEffectOnce(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: Self.schema).migrate(database)
            let results = try await withThrowingTaskGroup(of: String.self) { group in
                for attempt in 0..<20 {
                    group.addTask {
                        try await database.write { db in
                            switch try await IdempotencyRecords.claim(
                                service: "s",
                                op: "o",
                                key: "race",
                                argsDigest: "d",
                                in: db
                            )
                            {
                            case .claimed:
                                try await db.query("INSERT INTO effects (id) VALUES (\(attempt))")
                                let result = "first:\(attempt)"
                                try await IdempotencyRecords.store(
                                    result: result,
                                    service: "s",
                                    op: "o",
                                    key: "race",
                                    in: db
                                )
                                return result
                            case .replay(let result): return result
                            case .mismatch: return "mismatch"
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let effects = try await database.read { db in try await db.query("SELECT id FROM effects") }
            #expect(effects.count == 1)
            #expect(Set(results).count == 1)
            #expect(results.first == "first:\(try effects[0].int("id"))")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func purgeRemovesOldRecords(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: Self.schema).migrate(database)
            try await database.write { db in
                _ = try await IdempotencyRecords.claim(service: "s", op: "o", key: "k", argsDigest: "d", in: db)
                try await IdempotencyRecords.store(result: "{}", service: "s", op: "o", key: "k", in: db)
                try await db.query("UPDATE reckon_idempotency SET created_at = 0")
            }
            #expect(try await IdempotencyRecords.purge(olderThanMilliseconds: 1000, in: database) == 1)
        }
    }

    @Test func digestsAreStableAndDistinct() {
        #expect(Blake2bDigest.hex(of: Array("{}".utf8)) == Blake2bDigest.hex(of: Array("{}".utf8)))
        #expect(Blake2bDigest.hex(of: Array("{}".utf8)) != Blake2bDigest.hex(of: Array("{ }".utf8)))
        #expect(Blake2bDigest.hex(of: []).count == 64)
    }
}
