import Logging
import PostgresNIO
import ReckonTesting
import Storage
import StoragePostgres
import Testing

/// What `PostgresDatabase` asks of the pools and of the server: the server's TCP keepalives in place of keep-alive
/// queries, and statements prepared once per connection.
@Suite struct PoolConfigurationTests {
    @Test func everySessionAsksTheServerForTCPKeepalives() async throws {
        try await TestDatabase.with(.postgres) { database, _ in
            let row = try await database.read { db in
                try await db.query(
                    """
                    SELECT current_setting('tcp_keepalives_idle') AS idle,
                           current_setting('tcp_keepalives_interval') AS probe,
                           current_setting('tcp_keepalives_count') AS misses
                    """
                )[0]
            }
            #expect(try row.text("idle") == "30")
            #expect(try row.text("probe") == "10")
            #expect(try row.text("misses") == "3")
        }
    }

    /// A statement's text is parsed and planned once per connection, then only bound and executed
    /// (`PreparedStatements`): three runs of one text leave one prepared statement on the pool's one connection.
    @Test func aStatementIsPreparedOncePerConnection() async throws {
        try await TestDatabase.with(.postgres) { _, url in
            let configuration = try PostgresDatabase.configuration(url: url, maximumConnections: 1)
            // A generous wait: the suite's other tests may keep the server busy while the one connection opens.
            let single = PostgresDatabase(
                configuration: configuration,
                connectionWait: .seconds(30),
                logger: Logger(label: "test")
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await single.run() }
                defer { group.cancelAll() }
                for word in ["one", "two", "three"] {
                    let row = try await single.read { db in try await db.query("SELECT \(word) || '!' AS kept")[0] }
                    #expect(try row.text("kept") == word + "!")
                }
                let kept = try await single.read { db in
                    try await db.query(
                        "SELECT COUNT(*) AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1 || %'"
                    )[0].int("n")
                }
                #expect(kept == 1)
            }
        }
    }
}
