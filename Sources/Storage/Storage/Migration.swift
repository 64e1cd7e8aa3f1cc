/// One named step of a service's schema. Steps run in order, once, and are never edited after release: a change
/// is a new step.
public struct Migration: Sendable {
    /// The step's name, unique within its service (`001-carts`).
    public let name: String
    /// The statements, the same on both engines.
    public let statements: [SQL]

    public init(_ name: String, _ statements: [SQL]) {
        self.name = name
        self.statements = statements
    }
}

/// Brings a database's schema up to date for one service, safely when several replicas start at once.
///
/// All pending steps run in one write transaction. On PostgreSQL the transaction first takes an advisory lock
/// (released at commit, waited for up to 120 s), so replicas starting together apply each step once; on SQLite the write transaction
/// itself is exclusive. A database that has applied a step this binary does not know stops the start: it was
/// migrated by a newer release.
public struct Migrator: Sendable {
    /// The service whose steps these are; steps are recorded as `service/name`.
    public let service: String
    public let migrations: [Migration]

    public init(service: String, migrations: [Migration]) {
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names must be unique")
        self.service = service
        self.migrations = migrations
    }

    /// The names of the steps applied by this call, in order.
    /// - Throws: ``StorageError``; `misuse` when the database knows a step this binary does not.
    @discardableResult
    public func migrate(_ database: any Database) async throws -> [String] {
        let service = service
        let migrations = migrations
        return try await database.write { db in
            if db.engine == .postgres {
                // Another replica may hold the lock while it migrates, on a server that may be busy: wait for it
                // longer than the connection's everyday limits (lock 5 s, statement 10 s).
                try await db.query("SET LOCAL lock_timeout = '120s'")
                try await db.query("SET LOCAL statement_timeout = '120s'")
                // 0x5245434B ("RECK"): one lock for every service's migrations.
                try await db.query("SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(\(Int64(0x5245_434B)))) AS l")
            }
            try await db.query(
                """
                CREATE TABLE IF NOT EXISTS reckon_migrations (
                    service TEXT NOT NULL, name TEXT NOT NULL, applied_at BIGINT NOT NULL,
                    PRIMARY KEY (service, name))
                """
            )
            let applied = Set(
                try await db.query("SELECT name FROM reckon_migrations WHERE service = \(service)").map {
                    try $0.text("name")
                }
            )
            let unknown = applied.subtracting(migrations.map(\.name))
            guard unknown.isEmpty else {
                throw StorageError(
                    .misuse,
                    "the database has \(service) migrations this release does not know: "
                        + unknown.sorted().joined(separator: ", ") + " (was it migrated by a newer release?)"
                )
            }
            var ran: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try await db.query(statement) }
                try await db.query(
                    """
                    INSERT INTO reckon_migrations (service, name, applied_at)
                    VALUES (\(service), \(migration.name), \(WallClock.millisecondsSince1970()))
                    """
                )
                ran.append(migration.name)
            }
            return ran
        }
    }
}
