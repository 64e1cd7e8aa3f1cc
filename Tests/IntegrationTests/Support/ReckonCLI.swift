import Foundation

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
            let process = Process()
            process.executableURL = ChildProcess.binDirectory.appendingPathComponent("reckon")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (out, err) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
            for file in [out, err] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus,
                standardOutput: try String(contentsOf: out, encoding: .utf8),
                errors: try String(contentsOf: err, encoding: .utf8)
            )
        }
    }
}
