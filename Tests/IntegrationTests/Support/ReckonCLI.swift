import Foundation
import ReckonTesting

/// Runs the built `reckon` as a user would, with its session kept in a folder of the test's own.
enum ReckonCLI {
    /// What a run of `reckon` left: its exit status, and what it printed on standard output and standard error.
    struct Run: Sendable {
        var status: Int32
        /// Standard output only (`events ical` must print nothing but the calendar there).
        var standardOutput: String
        var errors: String
        /// Everything it printed: standard output, then standard error.
        var output: String { standardOutput + errors }
    }

    /// A fresh, empty session folder.
    static func configFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("reckon-config-\(UUID().uuidString)")
    }

    /// Runs `reckon` with `arguments`, `input` on standard input and its session in `config`.
    static func run(_ arguments: [String], config: URL, input: String = "") async throws -> Run {
        try await run(arguments, environment: ["RECKON_CONFIG_DIR": config.path], input: input)
    }

    /// Runs `reckon` with `arguments`, `input` on standard input and the test's environment changed by `environment`.
    static func run(_ arguments: [String], environment: [String: String], input: String = "") async throws -> Run {
        try await onThread {
            let run = try CapturedRun.run(
                ChildProcess.binDirectory.appendingPathComponent("reckon"),
                arguments,
                input: Data(input.utf8),
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
            )
            return Run(
                status: run.status,
                standardOutput: String(decoding: run.output, as: UTF8.self),
                errors: String(decoding: run.errors, as: UTF8.self)
            )
        }
    }
}
