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

    /// Stops the server if it runs and deletes its files.
    func remove() async {
        try? await stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs the script with `posix_spawn` and `waitpid` on a thread of its own.
    ///
    /// Not Foundation's `Process`: on Linux it learns of a child's exit when a socket the child inherited closes,
    /// and the PostgreSQL server that `pg_ctl start` leaves running inherits that socket too, so `waitUntilExit`
    /// would wait for the server to stop.
    private func script(_ arguments: [String]) async throws {
        let path = LocalStack.repositoryRoot.appendingPathComponent("scripts/postgres-test-server.sh").path
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.spawnAndWait(path, arguments) })
            }
        }
        guard status == 0 else {
            throw StackError("postgres-test-server.sh \(arguments.joined(separator: " ")) exited \(status)")
        }
    }

    /// Starts `path arguments` and blocks until it exits; returns its exit status.
    private static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
        guard spawned == 0 else { throw StackError("cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw StackError("waitpid for \(path) failed: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
