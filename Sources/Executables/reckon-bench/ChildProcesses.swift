import Foundation
import Spawn
import Synchronization

/// The processes the bench starts. Each writes its output to a log file of its own; every one still running is
/// stopped when ``withChildProcesses(_:)`` ends, and at once when SIGINT or SIGTERM interrupts the bench.
final class ChildProcesses: Sendable {
    /// Where each child's stdout and stderr go, as `NAME-N.log`.
    let logDirectory: URL
    private let running = Mutex<[SpawnedProcess]>([])
    private let launched = Atomic<Int>(0)

    fileprivate init() throws {
        logDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reckon-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: logDirectory, withIntermediateDirectories: true)
    }

    /// Starts `executable` with `arguments`.
    /// - Returns: the running process.
    /// - Throws: when it cannot be started (a missing executable, say).
    func launch(_ executable: String, _ arguments: [String]) throws -> SpawnedProcess {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let number = launched.wrappingAdd(1, ordering: .relaxed).newValue
        let log = logDirectory.appendingPathComponent("\(name)-\(number).log")
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(
                executable,
                arguments,
                output: .appending(toFile: log.path),
                errors: .descriptor(1)
            )
        } catch {
            try? FileManager.default.removeItem(at: log)
            throw BenchError("\(error)")
        }
        running.withLock { $0.append(process) }
        return process
    }

    /// Whether any child was started and so left a log worth keeping.
    var hasLogs: Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: logDirectory.path).isEmpty) == false
    }

    /// Stops `processes`: SIGTERM, then SIGKILL for any still running after `grace`.
    func stop(_ processes: [SpawnedProcess], grace: Duration = .seconds(5)) async {
        let ids = Set(processes.map(ObjectIdentifier.init))
        running.withLock { $0.removeAll { ids.contains(ObjectIdentifier($0)) } }
        for process in processes { process.send(SIGTERM) }
        let deadline = ContinuousClock.now + grace
        while processes.contains(where: \.isRunning), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        for process in processes { process.send(SIGKILL) }
    }

    /// Stops every child still running.
    func stopAll() async {
        await stop(running.withLock { $0 })
    }

    /// Sends SIGTERM to every child at once, for the signal handler, which cannot wait.
    fileprivate func terminateAllNow() {
        for process in running.withLock({ $0 }) { process.send(SIGTERM) }
    }
}

/// Runs `body` with a fresh ``ChildProcesses`` and stops whatever it started when it returns or throws. The
/// children's logs are deleted after success and kept after a failure. SIGINT and SIGTERM stop the children and end
/// the bench with status 130.
/// - Throws: what `body` throws, or an error creating the log folder.
func withChildProcesses<Result>(_ body: (ChildProcesses) async throws -> Result) async throws -> Result {
    let children = try ChildProcesses()
    let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            children.terminateAllNow()
            exit(130)
        }
        source.resume()
        return source
    }
    defer {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
    do {
        let result = try await body(children)
        await children.stopAll()
        try? FileManager.default.removeItem(at: children.logDirectory)
        return result
    } catch {
        await children.stopAll()
        if children.hasLogs {
            FileHandle.standardError.write(Data("child logs: \(children.logDirectory.path)\n".utf8))
        } else {
            try? FileManager.default.removeItem(at: children.logDirectory)
        }
        throw error
    }
}
