import Logging
import PostgresNIO
import ReckonTesting
import Storage
import StoragePostgres
import Testing

/// What `PostgresDatabase.configuration` asks of the pools and of the server: connections kept open without timers,
/// and the server's TCP keepalives in place of keep-alive queries.
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
}
