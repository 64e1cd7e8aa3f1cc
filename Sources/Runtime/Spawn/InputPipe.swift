import CSpawn
import Glibc

/// A pipe for a child's standard input: both ends close on exec, so no other child started meanwhile holds the
/// writing end open (the child would then never see the end of its input).
public struct InputPipe: Sendable {
    /// The end the child reads, to pass as `.descriptor(reading)`, then close.
    public let reading: Int32
    /// The end this process writes.
    public let writing: Int32

    /// Opens the pipe.
    /// - Throws: ``SpawnError`` with the error number when the system refuses.
    public init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnError(executable: "pipe", errorNumber: errno) }
        (reading, writing) = (ends[0], ends[1])
    }
}
