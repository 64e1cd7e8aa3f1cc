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

    func start() throws { try script(["start", directory, "\(port)"]) }

    func stop() throws { try script(["stop", directory]) }

    /// Stops the server if it runs and deletes its files.
    func remove() {
        try? stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func script(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = LocalStack.repositoryRoot.appendingPathComponent("scripts/postgres-test-server.sh")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StackError(
                "postgres-test-server.sh \(arguments.joined(separator: " ")) exited \(process.terminationStatus)"
            )
        }
    }
}
