import Foundation
import Spawn
import Testing

@Suite struct SpawnedProcessTests {
    private static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
    }

    @Test func reportsTheExitCodeAndASignalAsAShellDoes() throws {
        #expect(try SpawnedProcess("/bin/sh", ["-c", "exit 3"]).waitForExit() == 3)
        // Ignored here, SIGTERM must still end the child: it starts with every signal at its default.
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        let sleeper = try SpawnedProcess("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        sleeper.send(SIGTERM)
        #expect(sleeper.waitForExit() == 128 + SIGTERM)
        #expect(sleeper.exitStatus == 128 + SIGTERM)
        sleeper.send(SIGKILL)  // reaped: sends nothing, so a reused pid is never hit
    }

    @Test func writesBothStreamsToOneFileAndReadsInputFromAPipe() throws {
        let log = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let pipe = try InputPipe()
        let process = try SpawnedProcess(
            "/bin/sh",
            ["-c", "read line; echo out $line; echo err >&2"],
            input: .descriptor(pipe.reading),
            output: .appending(toFile: log),
            errors: .descriptor(1)
        )
        close(pipe.reading)
        _ = "hello\n".withCString { write(pipe.writing, $0, 6) }
        close(pipe.writing)
        #expect(process.waitForExit() == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "out hello\nerr\n")
    }

    @Test func theChildHoldsNoDescriptorOfOursBeyondItsThreeStreams() throws {
        let log = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let opened = open("/dev/null", O_RDONLY)
        let held = fcntl(opened, F_DUPFD, 100)  // not close-on-exec: only closefrom keeps it from the child
        close(opened)
        defer { close(held) }
        let process = try SpawnedProcess(
            "/bin/sh",
            ["-c", "ls /proc/$$/fd"],
            currentDirectory: "/",
            output: .appending(toFile: log)
        )
        #expect(process.waitForExit() == 0)
        let descriptors = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(held >= 100 && !descriptors.contains(Substring(String(held))), "\(descriptors)")
    }

    @Test func aMissingProgramIsAnErrorNotAChild() {
        #expect(throws: SpawnError.self) { try SpawnedProcess("/nonexistent/program", []) }
    }

    @Test func runsInTheFolderAndEnvironmentItIsGiven() throws {
        let log = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = try SpawnedProcess(
            "/bin/sh",
            ["-c", "echo $(pwd) $GREETING"],
            environment: ["GREETING": "hi"],
            currentDirectory: "/tmp",
            output: .appending(toFile: log)
        )
        #expect(process.waitForExit() == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "/tmp hi\n")
    }
}
