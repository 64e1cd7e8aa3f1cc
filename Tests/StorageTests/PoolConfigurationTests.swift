import Logging
import PostgresNIO
import ReckonTesting
import Storage
import StoragePostgres
import Testing

/// What `PostgresDatabase` asks of the pools and of the server: connections kept open without timers, the server's
/// TCP keepalives in place of keep-alive queries, and statements prepared once per connection.
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

    /// Both pools (reads and writes) open their kept connections on their own, before any demand.
    @Test func thePoolsOpenTheirKeptConnectionsAtStart() async throws {
        try await TestDatabase.with(.postgres) { shared, url in
            var configuration = try PostgresDatabase.configuration(url: url, keptOpen: 3)
            configuration.options.additionalStartupParameters.append(("application_name", "reckon-kept-test"))
            let kept = PostgresDatabase(configuration: configuration, logger: Logger(label: "test"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await kept.run() }
                defer { group.cancelAll() }
                var open: Int64 = 0
                let deadline = ContinuousClock.now + .seconds(10)
                while open < 6, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(100))
                    open = try await shared.read { db in
                        try await db.query(
                            """
                            SELECT COUNT(*) AS n FROM pg_stat_activity
                            WHERE datname = current_database() AND application_name = 'reckon-kept-test'
                            """
                        )[0].int("n")
                    }
                }
                // Three kept by each of the two pools, though nothing asked for one.
                #expect(open == 6)
            }
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
