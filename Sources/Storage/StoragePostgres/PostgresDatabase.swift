import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import Storage

/// PostgreSQL as a ``Storage/Database``: PostgresNIO's connection pool, run as a `Service` in the process's
/// `ServiceGroup` (start it before anything that queries).
///
/// Reads and writes lease connections from two pools. The read pool's sessions are read-only by default: a read runs
/// each statement as a read-only transaction of its own, with no BEGIN or COMMIT round trip (under read committed a
/// transaction gives each statement its own snapshot anyway). The write pool's sessions are read-write, so a
/// ``batchedWrite(_:)`` sends its reads and then its one write statement with no BEGIN either; a ``write(_:)`` is a
/// `BEGIN READ WRITE` transaction.
/// Writes use the server's default isolation (read committed); the statements Reckon writes are atomic
/// conditional updates, and a transaction the server aborts as a serialization failure or deadlock is run again,
/// up to three times. Each connection sets `statement_timeout` and `lock_timeout`, so a stuck query ends on the
/// server's side too.
public final class PostgresDatabase: Database, Service {
    public let engine = DatabaseEngine.postgres
    /// The read pool (sessions read-only by default); also where ``listen(on:received:resumed:)`` listens.
    let client: PostgresClient
    /// The write pool (sessions read-write).
    private let writeClient: PostgresClient
    /// The connections each pool has lent, kept between requests.
    let readShelf = ConnectionShelf()
    private let writeShelf = ConnectionShelf()
    private let sent = StatementCounter()
    private let statements = PreparedStatements()
    let logger: Logger
    private let attempts = 3
    /// How long a transaction waits for a connection before it is answered `unavailable`.
    private let connectionWait: Duration

    /// - Parameters:
    ///   - configuration: where the server is; see ``PostgresDatabase/configuration(url:)``.
    ///   - connectionWait: how long a transaction waits for a connection (the server may be down) before it is
    ///     answered ``Storage/StorageError/Code/unavailable``.
    ///   - logger: for the pool's background events.
    public init(configuration: PostgresClient.Configuration, connectionWait: Duration = .seconds(2), logger: Logger) {
        writeClient = PostgresClient(configuration: configuration, backgroundLogger: logger)
        var configuration = configuration
        // Reads run without BEGIN (see `read`) and still cannot write.
        configuration.options.additionalStartupParameters.append(("default_transaction_read_only", "on"))
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.connectionWait = connectionWait
        self.logger = logger
    }

    /// The client configuration for a `postgres://user:password@host:port/database?sslmode=...` URL.
    ///
    /// `sslmode` is `disable` (the default), `prefer` or `require`. Every connection sets a 10 s statement timeout,
    /// a 5 s lock timeout, and `idleInTransactionTimeout` after which the server ends a session left idle inside a
    /// transaction: a worker cut off from the database mid-transaction (its link down, say) would otherwise keep
    /// its row locks, and every other writer of those rows would fail, for as long as TCP takes to notice (hours).
    /// The pool keeps at most `maximumConnections` connections and waits at most `connectTimeout` (3 s) to open one.
    ///
    /// The pool runs no keep-alive queries, so a connection given back schedules no keep-alive timer (the server sends
    /// TCP keepalives instead: after 30 s idle, every 10 s, 3 missed end the session). It keeps no minimum open: each
    /// connection given back closes after 60 s unused in it (PostgresNIO 1.33.2's pool stops the process when it comes
    /// back from a server outage below a minimum: decision 0134). Requests take connections from a shelf, which gives
    /// them back to the pool after 60 s unused (``ConnectionShelf``, decision 0135).
    /// - Throws: ``Storage/StorageError`` (`misuse`) for a URL that is not a PostgreSQL URL.
    public static func configuration(
        url: String,
        maximumConnections: Int = 8,
        idleInTransactionTimeout: Duration = .seconds(10)
    ) throws -> PostgresClient.Configuration {
        guard let parts = URLParts(url) else {
            throw StorageError(.misuse, "not a postgres:// URL: \(url)")
        }
        let tls: PostgresClient.Configuration.TLS =
            switch parts.query["sslmode"] ?? "disable" {
            case "require": .require(.makeClientConfiguration())
            case "prefer": .prefer(.makeClientConfiguration())
            default: .disable
            }
        var configuration = PostgresClient.Configuration(
            host: parts.host,
            port: parts.port ?? 5432,
            username: parts.user ?? "postgres",
            password: parts.password,
            database: parts.database,
            tls: tls
        )
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.minimumConnections = 0  // no more: decision 0134
        configuration.options.keepAliveBehavior = nil
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "10000"), ("lock_timeout", "5000"),
            ("idle_in_transaction_session_timeout", String(max(1, idleInTransactionTimeout.milliseconds))),
            ("tcp_keepalives_idle", "30"), ("tcp_keepalives_interval", "10"), ("tcp_keepalives_count", "3"),
        ]
        return configuration
    }

    /// How many statements this database has sent (each one round trip), BEGIN and COMMIT included; for tests that
    /// count a write's round trips.
    public var statementsSent: Int { sent.value }

    /// Runs the connection pools until graceful shutdown, when the shelves give their connections back.
    public func run() async {
        await cancelWhenGracefulShutdown {
            await withTaskCancellationHandler {
                await withDiscardingTaskGroup { group in
                    group.addTask { await self.client.run() }
                    group.addTask { await self.writeClient.run() }
                }
            } onCancel: {
                self.readShelf.close()
                self.writeShelf.close()
            }
        }
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        // Sessions default to read-only, so each statement runs as a read-only transaction of its own: no BEGIN and
        // COMMIT round trips, and the same view as in a `READ COMMITTED` transaction (a snapshot per statement).
        try await autocommitting(client, readShelf, batching: false, body)
    }

    /// A batched write that loses a race (``Storage/StorageError/Code/lostRace``: a version check another writer got
    /// to first) runs again as a ``write(_:)`` transaction, where its ``Storage/SQLExecutor/lockingRead`` reads
    /// hold their rows until the commit, so the writers of those rows take turns instead of racing again.
    public func batchedWrite<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        do {
            return try await retryingSerializationFailures {
                try await autocommitting(writeClient, writeShelf, batching: true, body)
            }
        } catch let error as StorageError where error.code == .lostRace {
            return try await write(body)
        }
    }

    /// Runs `body` on a connection of `client` (through `shelf`) with no BEGIN (each statement its own transaction),
    /// then sends the write steps it batched as one statement (none unless `batching`) and runs its commit actions.
    private func autocommitting<Result: Sendable>(
        _ client: PostgresClient,
        _ shelf: ConnectionShelf,
        batching: Bool,
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await onLeasedConnection(client, shelf, body) { [sent, statements] connection, logger, body in
            let executor = PostgresExecutor(
                connection: connection,
                logger: logger,
                sent: sent,
                statements: statements,
                batching: batching
            )
            defer { executor.invalidate() }
            let result = try await body(executor)
            try await executor.flush()
            executor.commitActions.runAll()
            return result
        }
    }

    public func write<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await retryingSerializationFailures(orLostRaces: true) {
            try await onLeasedConnection(writeClient, writeShelf, body) { [sent, statements] connection, logger, body in
                try await Self.transaction(on: connection, logger: logger, sent: sent, statements: statements, body)
            }
        }
    }

    /// Runs `write` again, up to ``attempts`` times in all, while the server aborts it as a serialization failure,
    /// or, with `orLostRaces` (a transaction), while it loses a race: for a row its locking read did not find, which
    /// a `FOR UPDATE` cannot lock, and another writer inserted first.
    private func retryingSerializationFailures<Result: Sendable>(
        orLostRaces: Bool = false,
        _ write: () async throws -> Result
    ) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await write()
            } catch let error as StorageError
                where (error.code == .serializationFailure || (orLostRaces && error.code == .lostRace))
                && attempt < attempts
            {
                attempt += 1
            }
        }
    }

    /// Runs `work` with `body` on a connection from `shelf`, or one newly lent by `client` when the shelf has none
    /// (it goes on the shelf afterwards), on that connection's event loop.
    private func onLeasedConnection<Result: Sendable>(
        _ client: PostgresClient,
        _ shelf: ConnectionShelf,
        _ body: @Sendable (any SQLExecutor) async throws -> Result,
        _ work:
            @escaping @Sendable (
                PostgresConnection, Logger, @Sendable (any SQLExecutor) async throws -> Result
            ) async throws -> Result
    ) async throws -> Result {
        do {
            let lent: ConnectionShelf.Lent
            if let parked = shelf.take() {
                lent = parked
            } else {
                lent = try await shelf.waiting { try await ConnectionWait.lend(from: client, limit: connectionWait) }
            }
            defer { shelf.put(lent) }
            // On the connection's loop, a statement costs no thread hop there and back.
            return try await withTaskExecutorPreference(EventLoopTaskExecutor(lent.connection.eventLoop)) {
                try await work(lent.connection, logger, body)
            }
        } catch let error as PSQLError {
            // The pool could not lend a connection: the server is down, unreachable or refusing us.
            throw PostgresErrorMapping.storageError(for: error)
        } catch {
            // A socket error from outside a statement (a connection's close, say) means the server went away; any
            // other error (the body's own) passes through.
            throw PostgresErrorMapping.storageError(forTransport: error) ?? error
        }
    }

    /// Runs `body` in a read-write transaction on `connection`: committed when it returns, rolled back when it throws.
    private static func transaction<Result: Sendable>(
        on connection: PostgresConnection,
        logger: Logger,
        sent: StatementCounter,
        statements: PreparedStatements,
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        let executor = PostgresExecutor(connection: connection, logger: logger, sent: sent, statements: statements)
        defer { executor.invalidate() }
        try await executor.run("BEGIN READ WRITE")
        do {
            let result = try await body(executor)
            try await executor.run("COMMIT")
            executor.commitActions.runAll()
            return result
        } catch {
            _ = try? await executor.run("ROLLBACK")
            throw error
        }
    }
}
