import Foundation
import Spawn

/// A Reckon executable started by a test, its output kept in a temporary file for failure messages.
final class ChildProcess: Sendable {
    let name: String
    private let process: SpawnedProcess
    let logURL: URL

    /// Starts `BINDIR/name arguments`.
    /// - Throws: when the executable is missing (build first: `swift build`).
    init(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        self.name = name
        let path = Self.binDirectory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw StackError("\(path) is missing: run `swift build` before the integration tests")
        }
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reckon-test-\(name)-\(UUID().uuidString).log"
        )
        process = try SpawnedProcess(
            path,
            arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            output: .appending(toFile: logURL.path),
            errors: .descriptor(1)
        )
    }

    deinit {
        kill(SIGKILL)
        _ = process.waitForExit()
    }

    var pid: Int32 { process.pid }
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` if the process still runs.
    func kill(_ signal: Int32) { process.send(signal) }

    /// Waits up to `timeout` for the process to exit; returns its status, or nil if it still runs.
    func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.exitStatus
    }

    /// What the process printed so far.
    var output: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Waits until the process has printed `text`.
    /// - Throws: ``StackError`` with the output so far after `timeout`.
    func waitForOutput(_ text: String, timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !output.contains(text) {
            guard ContinuousClock.now < deadline else { throw StackError("\(name) never printed \(text)\n\(output)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The folder with the built executables: RECKON_BIN_DIR, else the folder of the test bundle (`.build/debug`).
    static let binDirectory: URL = {
        if let directory = ProcessInfo.processInfo.environment["RECKON_BIN_DIR"] {
            return URL(fileURLWithPath: directory)
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1, !url.lastPathComponent.hasSuffix(".xctest") {
            url.deleteLastPathComponent()
        }
        return url.pathComponents.count > 1
            ? url.deletingLastPathComponent()
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }()
}

/// A harness failure with a message for the test log.
struct StackError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
