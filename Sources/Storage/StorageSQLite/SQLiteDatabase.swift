import Dispatch
import Logging
import Storage

/// SQLite as a ``Storage/Database``: one file in WAL mode, one writer connection and a few read-only readers.
///
/// Writes run in `BEGIN IMMEDIATE` transactions, so the file's write lock is taken up front and two processes
/// sharing the file queue on the busy timeout instead of failing on a lock upgrade. Statements run on the caller's
/// thread (see ``SQLiteConnection``), except a wait for another process's write lock: `BEGIN IMMEDIATE` is first
/// tried without waiting, and only when another process holds the lock does the wait move to a thread of its own,
/// so it never holds up a thread of Swift's cooperative pool. Readers never wait in WAL mode. SQLite means one
/// machine: workers on several machines need PostgreSQL.
public final class SQLiteDatabase: Database {
    /// How the file is opened.
    public struct Configuration: Sendable {
        /// - `path` (string): the database file, created when missing.
        public var path: String
        /// - `readers` (int, 2): read connections, besides the one writer.
        public var readers: Int
        /// - `busyTimeout` (duration, 5 s): how long a statement waits for another process's lock.
        public var busyTimeout: Duration
        /// - `synchronous` (string, `FULL`): SQLite's `synchronous` pragma; `FULL` syncs every commit, so a
        ///   committed write survives a power cut.
        public var synchronous: String

        public init(path: String, readers: Int = 2, busyTimeout: Duration = .seconds(5), synchronous: String = "FULL") {
            self.path = path
            self.readers = max(1, readers)
            self.busyTimeout = busyTimeout
            self.synchronous = synchronous
        }
    }

    public let engine = DatabaseEngine.sqlite
    private let writer: ResourcePool<SQLiteConnection>
    private let readers: ResourcePool<SQLiteConnection>
    private let busyTimeoutMilliseconds: Int32
    /// Where a writer waits out another process's lock.
    private let lockWaits = DispatchQueue(label: "reckon.sqlite.lock-wait", attributes: .concurrent)

    private init(writer: SQLiteConnection, readers: [SQLiteConnection], busyTimeoutMilliseconds: Int32) {
        self.writer = ResourcePool([writer])
        self.readers = ResourcePool(readers)
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    /// Opens (creating when missing) the database file.
    /// - Throws: ``Storage/StorageError`` (`unavailable`) when the file cannot be opened.
    public static func open(_ configuration: Configuration, logger: Logger) async throws -> SQLiteDatabase {
        let timeout = configuration.busyTimeout.components
        let milliseconds = Int32(
            clamping: timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000
        )
        if !PrivateFiles.prepare(configuration.path) {
            logger.warning(
                "the database file is readable by others",
                metadata: ["sqlite.path": "\(configuration.path)"]
            )
        }
        var connections: [SQLiteConnection] = []
        do {
            // The writer first: it creates the file and puts it in WAL mode before the readers open it read-only.
            for index in 0...configuration.readers {
                connections.append(
                    try SQLiteConnection(
                        path: configuration.path,
                        readOnly: index > 0,
                        busyTimeoutMilliseconds: milliseconds,
                        synchronous: configuration.synchronous
                    )
                )
            }
        } catch {
            for connection in connections { connection.close() }
            throw error
        }
        logger.debug("sqlite opened", metadata: ["sqlite.path": "\(configuration.path)"])
        return SQLiteDatabase(
            writer: connections[0],
            readers: Array(connections.dropFirst()),
            busyTimeoutMilliseconds: milliseconds
        )
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await readers.withResource { connection in
            try await Self.transaction(on: connection, body) { try $0.run("BEGIN") }
        }
    }

    public func write<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await writer.withResource { connection in
            try await Self.transaction(on: connection, body) { try await self.beginImmediate($0, connection) }
        }
    }

    /// Takes the write lock: at once when it is free, else waiting up to the busy timeout on a thread of its own.
    private func beginImmediate(_ executor: SQLiteExecutor, _ connection: SQLiteConnection) async throws {
        connection.setBusyTimeout(milliseconds: 0)
        defer { connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds) }
        do {
            try executor.run("BEGIN IMMEDIATE")
        } catch let error as StorageError where (error.underlying as? SQLiteFailure)?.isBusy == true {
            connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lockWaits.async { continuation.resume(with: Result { try executor.run("BEGIN IMMEDIATE") }) }
            }
        }
    }

    /// Closes every connection once the transactions under way have ended. Call it before the last reference
    /// goes.
    public func close() async {
        for connection in await readers.takeAll() + writer.takeAll() { connection.close() }
    }

    private static func transaction<Result: Sendable>(
        on connection: SQLiteConnection,
        _ body: @Sendable (any SQLExecutor) async throws -> Result,
        begin: (SQLiteExecutor) async throws -> Void
    ) async throws -> Result {
        let executor = SQLiteExecutor(connection: connection)
        defer { executor.invalidate() }
        try await begin(executor)
        do {
            let result = try await body(executor)
            try executor.run("COMMIT")
            executor.commitActions.runAll()
            return result
        } catch {
            _ = try? executor.run("ROLLBACK")
            throw error
        }
    }
}
