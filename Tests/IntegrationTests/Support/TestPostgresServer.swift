import Foundation

/// A PostgreSQL server of one test's own (so stopping it disturbs no other test), through
/// `scripts/postgres-test-server.sh`.
final class TestPostgresServer: Sendable {
    let directory: String
    let port: Int
    var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-pg-\(UUID().uuidString)").path
        port = try FreePorts.take(1)[0]
    }

    /// Runs `body` with a started server, and stops and deletes it afterwards, also when `body` throws.
    static func with(_ body: (TestPostgresServer) async throws -> Void) async throws {
        let server = try TestPostgresServer()
        do {
            try await server.start()
            try await body(server)
        } catch {
            await server.remove()
            throw error
        }
        await server.remove()
    }

    func start() async throws { try await script(["start", directory, "\(port)"]) }

    func stop() async throws { try await script(["stop", directory]) }

    /// Ends every client's backend, as `pg_terminate_backend` does for an operator.
    func terminateBackends() async throws { try await script(["terminate", "\(port)"]) }

    /// Stops the server if it runs and deletes its files.
    func remove() async {
        try? await stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func script(_ arguments: [String]) async throws {
        let run = try await RepositoryScript.run("postgres-test-server.sh", arguments)
        guard run.status == 0 else {
            throw StackError(
                "postgres-test-server.sh \(arguments.joined(separator: " ")) exited \(run.status): \(run.output)"
            )
        }
    }
}
