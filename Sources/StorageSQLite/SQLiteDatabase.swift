import Logging
import NIOPosix
import SQLiteNIO
import Storage

/// SQLite as a ``Storage/Database``: one file in WAL mode, one writer connection and a few readers.
///
/// Writes run in `BEGIN IMMEDIATE` transactions, so the file's write lock is taken up front and two processes
/// sharing the file queue on the busy timeout instead of failing on a lock upgrade. Statements run on NIO's thread
/// pool of its own, one thread per connection, never on the caller's thread: a connection waiting out another
/// process's lock then never holds up the others. SQLite means one machine: workers on several machines need PostgreSQL.
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
    private let threads: NIOThreadPool

    private init(writer: SQLiteConnection, readers: [SQLiteConnection], threads: NIOThreadPool) {
        self.writer = ResourcePool([writer])
        self.readers = ResourcePool(readers)
        self.threads = threads
    }

    /// Opens (creating when missing) the database file.
    /// - Throws: ``Storage/StorageError`` (`unavailable`) when the file cannot be opened.
    public static func open(_ configuration: Configuration, logger: Logger) async throws -> SQLiteDatabase {
        let threads = NIOThreadPool(numberOfThreads: configuration.readers + 1)
        threads.start()
        var connections: [SQLiteConnection] = []
        do {
            for _ in 0...configuration.readers {
                connections.append(try await connect(configuration, threads: threads, logger: logger))
            }
            // WAL lets readers work beside the writer; set once, it stays with the file.
            _ = try await connections[0].query("PRAGMA journal_mode = WAL")
            return SQLiteDatabase(writer: connections[0], readers: Array(connections.dropFirst()), threads: threads)
        } catch {
            for connection in connections { try? await connection.close() }
            try? await threads.shutdownGracefully()
            throw StorageError(.unavailable, "cannot open \(configuration.path)", underlying: error)
        }
    }

    private static func connect(
        _ configuration: Configuration,
        threads: NIOThreadPool,
        logger: Logger
    ) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: configuration.path),
            threadPool: threads,
            logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any()
        )
        let milliseconds =
            configuration.busyTimeout.components.seconds * 1000
            + configuration.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        _ = try await connection.query("PRAGMA busy_timeout = \(milliseconds)")
        _ = try await connection.query("PRAGMA synchronous = \(configuration.synchronous)")
        _ = try await connection.query("PRAGMA foreign_keys = ON")
        return connection
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await readers.withResource { connection in
            try await Self.transaction(on: connection, begin: "BEGIN", body)
        }
    }

    public func write<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await writer.withResource { connection in
            try await Self.transaction(on: connection, begin: "BEGIN IMMEDIATE", body)
        }
    }

    /// Closes every connection once the transactions under way have ended. Call it before the last reference
    /// goes: SQLiteNIO treats an unclosed connection as a programmer error.
    public func close() async {
        for connection in await readers.takeAll() + writer.takeAll() { try? await connection.close() }
        try? await threads.shutdownGracefully()
    }

    private static func transaction<Result: Sendable>(
        on connection: SQLiteConnection,
        begin: String,
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        let executor = SQLiteExecutor(connection: connection)
        defer { executor.invalidate() }
        try await executor.run(begin)
        do {
            let result = try await body(executor)
            try await executor.run("COMMIT")
            return result
        } catch {
            _ = try? await executor.run("ROLLBACK")
            throw error
        }
    }
}
