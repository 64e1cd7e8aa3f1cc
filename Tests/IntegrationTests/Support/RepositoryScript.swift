import Foundation

/// Runs a script from the repository's `scripts/` folder to its end: its exit status and what it printed.
///
/// Not Foundation's `Process`: on Linux it learns of a child's exit when a socket the child inherited closes, and a
/// server the script leaves running (PostgreSQL after `pg_ctl start`, the hosts of `multihost.sh up`) inherits that
/// socket too, so `waitUntilExit` would wait for the server to stop. The script runs with `posix_spawn` and
/// `waitpid` on a thread of its own instead, its output going to a file.
enum RepositoryScript {
    /// What a run left.
    struct Run: Sendable {
        var status: Int32
        /// Standard output and standard error, interleaved.
        var output: String
    }

    /// Runs `scripts/name arguments` with `environment` added to the test's own.
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        let path = LocalStack.repositoryRoot.appendingPathComponent("scripts/\(name)").path
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-script-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try spawnAndWait(path, arguments, variables, output: log.path) })
            }
        }
        return Run(status: status, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Starts `path arguments` with standard output and error into `output`, and blocks until it exits; returns
    /// its exit status.
    private static func spawnAndWait(
        _ path: String,
        _ arguments: [String],
        _ environment: [String],
        output: String
    ) throws -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw StackError("cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw StackError("waitpid for \(path) failed: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
