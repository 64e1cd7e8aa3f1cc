import Foundation

/// Runs the built `reckon` as a user would, with its session kept in a folder of the test's own.
enum ReckonCLI {
    /// What a run of `reckon` left: its exit status and everything it printed.
    struct Run: Sendable {
        var status: Int32
        var output: String
    }

    /// A fresh, empty session folder.
    static func configFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("reckon-config-\(UUID().uuidString)")
    }

    /// Runs `reckon` with `arguments`, `input` on standard input and its session in `config`.
    static func run(_ arguments: [String], config: URL, input: String = "") async throws -> Run {
        try await onThread {
            let process = Process()
            process.executableURL = ChildProcess.binDirectory.appendingPathComponent("reckon")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["RECKON_CONFIG_DIR": config.path]) {
                $1
            }
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: log) }
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = output
            process.standardError = output
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            process.waitUntilExit()
            return Run(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
        }
    }
}
