import Foundation

/// A program run to its end by a test, what it printed caught in files rather than pipes.
///
/// Foundation's `FileHandle.readDataToEndOfFile()` reads a pipe with a `try!` that does not retry a read interrupted
/// by a signal, which crashed a whole test process once. A regular file's reads are never interrupted, so the output
/// goes to files, read after the program has exited.
public struct CapturedRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// What it printed on standard output (and on standard error too with `mergingErrors`).
    public var output: Data
    /// What it printed on standard error, empty with `mergingErrors`.
    public var errors: Data

    /// Runs `executable arguments` with `input` on its standard input and waits for it to exit.
    /// - Parameters:
    ///   - environment: replaces the inherited environment when given.
    ///   - mergingErrors: standard error goes to the same file as standard output.
    ///   - closingInputFirst: closes standard input before waiting (for programs that read it to its end); otherwise
    ///     it stays open until the program has exited (a terminal session run by `script`).
    /// - Throws: when the program cannot be started or its files cannot be made or read.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        input: Data = Data(),
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil,
        mergingErrors: Bool = false,
        closingInputFirst: Bool = true
    ) throws -> CapturedRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outURL, errURL) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
        for file in [outURL, errURL] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let (out, err) = (try FileHandle(forWritingTo: outURL), try FileHandle(forWritingTo: errURL))
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = mergingErrors ? out : err
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        if closingInputFirst { try stdin.fileHandleForWriting.close() }
        process.waitUntilExit()
        if !closingInputFirst { try stdin.fileHandleForWriting.close() }
        return CapturedRun(
            status: process.terminationStatus,
            output: try Data(contentsOf: outURL),
            errors: try Data(contentsOf: errURL)
        )
    }
}
