import ReckonTesting
import Storage
import StoragePostgres
import Testing

/// ``Storage/Database/batchedWrite(_:)`` and write steps, on both engines: all or nothing, and on PostgreSQL one
/// statement for the steps.
@Suite struct BatchedWriteTests {
    private static let tables = Migration(
        "001-parents",
        [
            "CREATE TABLE parents (id TEXT PRIMARY KEY, n BIGINT NOT NULL)",
            """
            CREATE TABLE children (parent_id TEXT NOT NULL REFERENCES parents (id), n BIGINT NOT NULL CHECK (n > 0),
                PRIMARY KEY (parent_id, n))
            """,
        ]
    )

    private struct Missing: Error {}

    private func count(_ table: String, in database: any Database) async throws -> Int64 {
        try await database.read { db in try await db.query("SELECT COUNT(*) AS n FROM \(raw: table)")[0].int("n") }
    }

    private func parentAndChildren(_ id: String, _ children: [Int64]) -> [WriteStep] {
        [
            WriteStep("parent", "INSERT INTO parents (id, n) VALUES (\(id), \(Int64(children.count)))"),
            WriteStep(
                "children",
                "INSERT INTO children (parent_id, n) VALUES "
                    + SQL.joined(children.map { "(\(id), \($0))" }, separator: ", ")
            ),
        ]
    }

    @Test(arguments: TestDatabase.engines)
    func aRowAndTheRowsReferringToItGoTogether(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: [Self.tables]).migrate(database)
            let seen = try await database.batchedWrite { db in
                let seen = try await db.query("SELECT COUNT(*) AS n FROM parents")[0].int("n")
                try await db.write(parentAndChildren("p", [1, 2, 3]))
                return seen
            }
            #expect(seen == 0)
            #expect(try await count("parents", in: database) == 1)
            #expect(try await count("children", in: database) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aStepThatFailsWritesNothing(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await Migrator(service: "test", migrations: [Self.tables]).migrate(database)
            // A child that breaks its CHECK, sent with its parent and a valid sibling.
            await #expect(throws: StorageError.self) {
                try await database.batchedWrite { db in try await db.write(parentAndChildren("p", [1, -1])) }
            }
            // A step that finds no row to change, after others that did change rows.
            await #expect(throws: Missing.self) {
                try await database.batchedWrite { db in
                    try await db.write(parentAndChildren("q", [1]))
                    try await db.write([
                        WriteStep(
                            "none",
                            "UPDATE parents SET n = n + 1 WHERE id = 'absent' RETURNING id",
                            unlessRow: Missing()
                        )
                    ])
                }
            }
            #expect(try await count("parents", in: database) == 0)
            #expect(try await count("children", in: database) == 0)
        }
    }

    @Test func postgreSQLSendsTheReadsThenOneStatement() async throws {
        try await TestDatabase.with(.postgres) { database, _ in
            try await Migrator(service: "test", migrations: [Self.tables]).migrate(database)
            let postgres = try #require(database as? PostgresDatabase)
            var before = postgres.statementsSent
            try await database.batchedWrite { db in
                _ = try await db.query("SELECT COUNT(*) AS n FROM parents")
                try await db.write(parentAndChildren("p", [1, 2]))
            }
            #expect(postgres.statementsSent - before == 2)
            // A step reads an earlier one's RETURNING rows by its name.
            before = postgres.statementsSent
            try await database.batchedWrite { db in
                try await db.write([
                    WriteStep("bump", "UPDATE parents SET n = n + 10 WHERE id = 'p' RETURNING n"),
                    WriteStep("copy", "INSERT INTO parents (id, n) SELECT 'copy', n FROM bump"),
                ])
            }
            #expect(postgres.statementsSent - before == 1)
            let rows = try await database.read { db in try await db.query("SELECT id, n FROM parents ORDER BY id") }
            #expect(try rows.map { "\(try $0.text("id"))=\(try $0.int("n"))" } == ["copy=12", "p=12"])
            // A data-modifying statement sent as a query would commit on its own: refused.
            await #expect(throws: StorageError.self) {
                try await database.batchedWrite { db in try await db.query("DELETE FROM children") }
            }
            #expect(try await count("children", in: database) == 2)
        }
    }
}
