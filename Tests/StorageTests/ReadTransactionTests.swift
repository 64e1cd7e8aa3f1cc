import ReckonTesting
import Storage
import Testing

/// A read transaction cannot write, on either engine: SQLite's readers are opened read-only and PostgreSQL's read
/// transactions are `READ ONLY`.
@Suite struct ReadTransactionTests {
    @Test(arguments: TestDatabase.engines)
    func aReadTransactionRefusesAWriteAndChangesNothing(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await database.write { db in _ = try await db.query("CREATE TABLE r (n BIGINT)") }
            await #expect(throws: StorageError.self) {
                try await database.read { db in _ = try await db.query("INSERT INTO r (n) VALUES (1)") }
            }
            let count = try await database.read { db in try await db.query("SELECT COUNT(*) AS c FROM r")[0].int("c") }
            #expect(count == 0)
        }
    }
}
