import Foundation
import Spawn

/// A program run to its end by a test, what it printed caught in files rather than pipes.
///
/// Foundation's `FileHandle.readDataToEndOfFile()` reads a pipe with a `try!` that does not retry a read interrupted
/// by a signal, which crashed a whole test process once. A regular file's reads are never interrupted, so the output
/// goes to files, read after the program has exited. The program is started by ``SpawnedProcess``.
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

        // A child that exits before reading its input must not end this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let pipe = try InputPipe()
        let writing = FileHandle(fileDescriptor: pipe.writing, closeOnDealloc: true)
        let process: SpawnedProcess
        do {
            defer { close(pipe.reading) }
            process = try SpawnedProcess(
                executable.path,
                arguments,
                environment: environment,
                currentDirectory: currentDirectory?.path,
                input: .descriptor(pipe.reading),
                output: .appending(toFile: outURL.path),
                errors: mergingErrors ? .descriptor(1) : .appending(toFile: errURL.path)
            )
        }
        try? writing.write(contentsOf: input)
        if closingInputFirst { try writing.close() }
        let status = process.waitForExit()
        if !closingInputFirst { try writing.close() }
        return CapturedRun(
            status: status,
            output: try Data(contentsOf: outURL),
            errors: try Data(contentsOf: errURL)
        )
    }
}
