import ArgumentParser
import EnvelopeTracing
import Foundation
import Logging
import ServiceLifecycle
import Storage
import StoragePostgres
import StorageSQLite

/// Where a stateful worker keeps its state: `--database postgres://...` for PostgreSQL (workers on several
/// machines), else a SQLite file in `--data-dir` (one machine).
public struct DatabaseOptions: ParsableArguments {
    @Option(help: "A postgres:// URL; without one, state lives in SQLite in --data-dir (env RECKON_DATABASE_URL).")
    public var database: String?

    @Option(help: "Folder for the SQLite file when no --database is given (env RECKON_DATA_DIR).")
    public var dataDir: String?

    @Option(
        help: ArgumentHelp(
            "File holding the PostgreSQL password, put into the --database URL (a Docker secret, say; env "
                + "RECKON_DATABASE_PASSWORD_FILE)."
        )
    )
    public var databasePasswordFile: String?

    public init() {}

    /// An open database, and the service that must run in the `ServiceGroup` for it (PostgreSQL's pool), if any.
    public struct Opened: Sendable {
        public let database: any Database
        public let service: (any Service)?
        /// Closes a SQLite file; PostgreSQL's pool closes when its service ends.
        public let close: @Sendable () async -> Void

        /// Runs `body` (the worker), then closes the database, whether `body` returned or threw.
        public func closing(after body: () async throws -> Void) async throws {
            do {
                try await body()
            } catch {
                await close()
                throw error
            }
            await close()
        }
    }

    /// Opens the database these options name; the SQLite file is `FILE` in the data directory. A SQLite write waits up to
    /// `lockWait` for another process's write lock: a worker passes its request timeout, so a write queued behind
    /// a busy neighbour waits as long as its request may run, rather than failing `unavailable` sooner.
    /// - Throws: `StorageError` when the file cannot be opened or the URL is not a PostgreSQL URL.
    public func open(
        sqliteFile file: String,
        lockWait: Duration = .seconds(5),
        logger: Logger
    ) async throws -> Opened {
        let environment = ProcessInfo.processInfo.environment
        if var url = database ?? environment["RECKON_DATABASE_URL"], !url.isEmpty {
            if let file = databasePasswordFile { url = try Self.url(url, passwordFrom: file) }
            let postgres = PostgresDatabase(
                configuration: try PostgresDatabase.configuration(url: url),
                logger: logger
            )
            logger.info("state in PostgreSQL", metadata: ["db.url": "\(Self.redacted(url))"])
            return Opened(database: Self.traced(postgres), service: postgres, close: {})
        }
        let folder = dataDir ?? environment["RECKON_DATA_DIR"] ?? ".reckon"
        // A new data folder is its owner's alone; an existing one keeps the mode its owner gave it.
        try FileManager.default.createDirectory(
            atPath: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let path = URL(fileURLWithPath: folder).appendingPathComponent(file).path
        let sqlite = try await SQLiteDatabase.open(.init(path: path, busyTimeout: lockWait), logger: logger)
        logger.info("state in SQLite (one machine only)", metadata: ["db.path": "\(path)"])
        return Opened(database: Self.traced(sqlite), service: nil, close: { await sqlite.close() })
    }

    /// `database` with a span per statement when the process traces (``Storage/TracedDatabase``).
    private static func traced(_ database: some Database) -> any Database {
        EnvelopeTrace.tracer.map { TracedDatabase(database, tracer: $0) } ?? database
    }

    /// `url` with the password the file `path` holds (its first line).
    /// - Throws: `ValidationError` when the file cannot be read or the URL cannot hold a password.
    static func url(_ url: String, passwordFrom path: String) throws -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ValidationError("cannot read the database password file \(path)")
        }
        guard var components = URLComponents(string: url), components.host != nil else {
            throw ValidationError("--database must be a postgres:// URL to take a password file")
        }
        components.password = String(text.split(whereSeparator: \.isNewline).first ?? "")
        return components.string ?? url
    }

    /// The URL without its password, for logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
