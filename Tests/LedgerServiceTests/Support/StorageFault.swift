import Logging
import Storage
import StorageSQLite

/// A real failure of the database, set off only when an op reads `ledger_members`, the table behind every
/// membership check: after the session check and the entry lookup have succeeded, so the op meets the fault just
/// where a swallowed error would have been answered "no such entry".
enum StorageFault: String, CaseIterable, CustomStringConvertible {
    /// PostgreSQL: the server ends the session mid-statement (`pg_terminate_backend`), as in a restart or failover.
    case closedConnection
    /// PostgreSQL: the server aborts the transaction as a serialization failure (SQLSTATE 40001) on the first try
    /// of each write, and on every read, whose transactions are not run again.
    case serializationFailure
    /// SQLite: the file is damaged: the table's entry in the schema points at a page of another b-tree, and SQLite
    /// answers `SQLITE_CORRUPT` ("database disk image is malformed") when it reads the table.
    case damagedFile

    var description: String { rawValue }

    var engine: DatabaseEngine {
        self == .damagedFile ? .sqlite : .postgres
    }

    /// Sets the fault off from now on in the database at `url`, which `database` opened.
    func install(in database: any Database, url: String) async throws {
        switch self {
        case .closedConnection:
            try await Self.replaceMembers(
                in: database,
                by: "PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(30); RETURN true;"
            )
        case .serializationFailure:
            // One decision per transaction (the view may read several rows): odd tries fail, so each write's
            // first try fails and its retry passes.
            let raise = "RAISE EXCEPTION 'injected' USING ERRCODE = 'serialization_failure';"
            try await Self.replaceMembers(
                in: database,
                by: """
                    IF current_setting('transaction_read_only') = 'on' THEN \(raise) END IF;
                    IF current_setting('fault.decided', true) IS DISTINCT FROM 'yes' THEN
                        PERFORM set_config('fault.decided', 'yes', true);
                        IF nextval('fault_tries') % 2 = 1 THEN \(raise) END IF;
                    END IF;
                    RETURN true;
                    """
            )
        case .damagedFile:
            try await Self.damageMembers(at: url)
        }
    }

    /// Puts a view in the place of `ledger_members` that runs `body` (PL/pgSQL, returning a boolean) on the rows
    /// it reads.
    private static func replaceMembers(in database: any Database, by body: String) async throws {
        try await database.write { db in
            try await db.query("ALTER TABLE ledger_members RENAME TO ledger_members_kept")
            try await db.query("CREATE SEQUENCE fault_tries")
            try await db.query(
                "CREATE FUNCTION fault() RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN \(raw: body) END $$"
            )
            try await db.query("CREATE VIEW ledger_members AS SELECT * FROM ledger_members_kept WHERE fault()")
        }
    }

    /// Points `ledger_members` at the root page of one of its indexes, from a second opening of the file, as a bad
    /// disk write would; the new schema version makes every open connection read the damaged schema.
    private static func damageMembers(at path: String) async throws {
        let opening = try await SQLiteDatabase.open(.init(path: path), logger: Logger(label: "reckon.test.fault"))
        do {
            try await opening.write { db in
                let version = try await db.query("PRAGMA schema_version")[0].int("schema_version")
                try await db.query("PRAGMA writable_schema = ON")
                try await db.query(
                    """
                    UPDATE sqlite_master
                    SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = 'ledger_members_user')
                    WHERE name = 'ledger_members'
                    """
                )
                try await db.query("PRAGMA schema_version = \(raw: String(version + 1))")
            }
        } catch {
            await opening.close()
            throw error
        }
        await opening.close()
    }
}
