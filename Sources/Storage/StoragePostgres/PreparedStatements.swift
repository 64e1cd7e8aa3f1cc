import Logging
import PostgresNIO
import Synchronization

/// Named prepared statements, kept per connection and per SQL text: a statement's text is parsed and planned by the
/// server once per connection, then only bound and executed.
///
/// Without this every statement is sent unnamed and the server parses and plans it each time; for a `bills.add`
/// that is about 60 % of the server's CPU (docs/performance.md). The texts are Reckon's own, rendered with their
/// parameters as placeholders, so they are few; a connection keeps at most ``limit`` of them, and a text seen after
/// that runs unnamed. A connection's statements go with it when it closes.
final class PreparedStatements: Sendable {
    /// The most statements one connection keeps prepared.
    static let limit = 256

    private struct Key: Hashable {
        let connection: ObjectIdentifier
        let sql: String
    }

    private struct Registry {
        var statements: [Key: PreparedQuery] = [:]
        var countByConnection: [ObjectIdentifier: Int] = [:]
    }

    private let registry = Mutex(Registry())

    /// Runs `sql` with `binds` on `connection` as a prepared statement, preparing it first if this connection has not
    /// seen the text; a statement that cannot be kept (over ``limit``, or not a query) runs unnamed, as `unnamed` makes
    /// it (only then). Call it on the connection's event loop.
    func run(
        _ sql: String,
        _ binds: [PostgresData],
        unnamed: () -> PostgresQuery,
        on connection: PostgresConnection,
        logger: Logger
    ) -> EventLoopFuture<[PostgresRow]> {
        let key = Key(connection: ObjectIdentifier(connection), sql: sql)
        if let prepared = registry.withLock({ $0.statements[key] }) {
            return prepared.execute(binds)
        }
        guard Self.isPreparable(sql),
            registry.withLock({ $0.countByConnection[key.connection, default: 0] }) < Self.limit
        else {
            return connection.query(unnamed(), logger: logger).map(\.rows)
        }
        return connection.prepare(query: sql).flatMap { prepared in
            self.keep(prepared, as: key, on: connection)
            return prepared.execute(binds)
        }
    }

    /// Keeps `prepared` under `key`; the first statement kept for a connection arranges for its statements to be
    /// dropped when it closes.
    private func keep(_ prepared: PreparedQuery, as key: Key, on connection: PostgresConnection) {
        let first = registry.withLock { registry in
            let first = registry.countByConnection[key.connection] == nil
            registry.statements[key] = prepared
            registry.countByConnection[key.connection, default: 0] += 1
            return first
        }
        if first {
            connection.closeFuture.whenComplete { _ in
                self.drop(key.connection, counting: nil)
            }
        }
    }

    /// Forgets every statement prepared on `connection` (its plans were invalidated under it, say).
    func forget(_ connection: PostgresConnection) {
        drop(ObjectIdentifier(connection), counting: 0)
    }

    /// Drops the statements of the connection `id`; its count becomes `count` (`nil` once it has closed, so that
    /// another connection at the same address starts afresh).
    private func drop(_ id: ObjectIdentifier, counting count: Int?) {
        registry.withLock { registry in
            registry.statements = registry.statements.filter { $0.key.connection != id }
            registry.countByConnection[id] = count
        }
    }

    /// Queries and writes are kept; `BEGIN`, `COMMIT`, `ROLLBACK` and `SET` run unnamed.
    private static func isPreparable(_ sql: String) -> Bool {
        let verb = sql.drop(while: \.isWhitespace).prefix(6).uppercased()
        return ["SELECT", "INSERT", "UPDATE", "DELETE"].contains(verb) || verb.hasPrefix("WITH")
    }
}
