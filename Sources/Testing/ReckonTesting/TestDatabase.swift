import Foundation
import Logging
import PostgresNIO
import Storage
import StoragePostgres
import StorageSQLite

/// Fresh, empty databases for tests, on either engine.
///
/// SQLite databases are files in a new temporary folder. PostgreSQL databases are created on the server that the
/// `POSTGRES_HOST`, `POSTGRES_PORT`, `POSTGRES_USER` and `POSTGRES_PASSWORD` variables name (defaults 127.0.0.1,
/// 5432, postgres, none), as `reckon_test_<random>`, and dropped afterwards. `scripts/test.sh` starts such a server;
/// without one, PostgreSQL tests fail with a message saying so. They are never skipped.
public enum TestDatabase {
    /// Both engines, for `@Test(arguments:)`.
    public static let engines: [DatabaseEngine] = [.sqlite, .postgres]

    /// The server the PostgreSQL tests use, from the environment.
    public static var postgresURL: String {
        let environment = ProcessInfo.processInfo.environment
        let host = environment["POSTGRES_HOST"] ?? "127.0.0.1"
        let port = environment["POSTGRES_PORT"] ?? "5432"
        let user = environment["POSTGRES_USER"] ?? "postgres"
        let password = environment["POSTGRES_PASSWORD"].map { ":\($0)" } ?? ""
        return "postgres://\(user)\(password)@\(host):\(port)"
    }

    /// Runs `body` with a new, empty database on `engine`, removed afterwards.
    /// - Returns: what `body` returns, together with the database's URL (a `postgres://` URL, or a SQLite path).
    /// - Throws: what `body` throws; a clear error when no PostgreSQL server answers.
    public static func with<Result: Sendable>(
        _ engine: DatabaseEngine,
        _ body: @Sendable (any Database, _ url: String) async throws -> Result
    ) async throws -> Result {
        switch engine {
        case .sqlite: try await withSQLite(body)
        case .postgres: try await withPostgres(body)
        }
    }

    private static func withSQLite<Result: Sendable>(
        _ body: @Sendable (any Database, String) async throws -> Result
    ) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("test.sqlite").path
        let database = try await SQLiteDatabase.open(.init(path: path), logger: logger)
        do {
            let result = try await body(database, path)
            await database.close()
            return result
        } catch {
            await database.close()
            throw error
        }
    }

    private static func withPostgres<Result: Sendable>(
        _ body: @Sendable (any Database, String) async throws -> Result
    ) async throws -> Result {
        let name = "reckon_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await administer("CREATE DATABASE \(name)")
        let url = "\(postgresURL)/\(name)"
        let database = PostgresDatabase(
            configuration: try PostgresDatabase.configuration(url: url),
            // Tests queue hundreds of transactions on the pool's 8 connections at once, on a loaded machine.
            connectionWait: .seconds(60),
            logger: logger
        )
        let result = try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                await database.run()
                return nil
            }
            defer { group.cancelAll() }
            return try await body(database, url)
        }
        try? await administer("DROP DATABASE \(name) WITH (FORCE)")
        return result
    }

    /// Runs one statement outside a transaction on the server's `postgres` database. A server that is busy
    /// (every connection slot taken while the suites start their pools, or a template database in use by a
    /// concurrent `CREATE DATABASE`) is asked again, for up to about ten seconds.
    ///
    /// The statement may take two minutes, not the workers' 10 s: copying the template for dozens of suites that
    /// start at once, on a machine also building and testing, took longer than 10 s in a CI run.
    private static func administer(_ statement: String) async throws {
        var configuration = try PostgresDatabase.configuration(url: "\(postgresURL)/postgres", maximumConnections: 1)
        configuration.options.additionalStartupParameters.removeAll { $0.0 == "statement_timeout" }
        configuration.options.additionalStartupParameters.append(("statement_timeout", "120000"))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            for attempt in 1... {
                do {
                    try await client.query(PostgresQuery(unsafeSQL: statement))
                    return
                } catch let error as PSQLError where isBusy(error) && attempt < 40 {
                    try await Task.sleep(for: .milliseconds(250))
                } catch {
                    throw PostgresUnreachable(url: postgresURL, underlying: error)
                }
            }
        }
    }

    /// Too many connections (53300), the server starting or stopping (57P03), or an object in use (55006).
    private static func isBusy(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return ["53300", "57P03", "55006"].contains(state)
    }

    /// Errors only: a pool asked for a connection a moment before its `run()` task starts warns each time, which
    /// is harmless (the request waits) and would drown the test output.
    private static let logger: Logger = {
        var logger = Logger(label: "reckon.test.storage")
        logger.logLevel = .error
        return logger
    }()
}

/// No PostgreSQL server answered where the tests expected one.
public struct PostgresUnreachable: Error, CustomStringConvertible {
    public let url: String
    public let underlying: any Error
    public var description: String {
        "PostgreSQL tests need a server at \(url) (set POSTGRES_HOST/POSTGRES_PORT, or run scripts/test.sh, which "
            + "starts one): \(String(reflecting: underlying))"
    }
}
