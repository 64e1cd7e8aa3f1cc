import Foundation
import Spawn

/// Scales anything a command can scale (`docker service scale reckon_{service}={n}`, `kubectl scale …`): the
/// template is run through `/bin/sh -c` with `{service}` and `{n}`, the new process count, put in. The count it keeps
/// is the last one it asked for; it asks for each service's minimum first, so it starts from a known count.
/// Orchestrators stop a replica with SIGTERM and a grace period, which Reckon's workers take as a drain.
actor CommandActuator: ScaleActuator {
    private let template: String
    private var counts: [String: Int] = [:]

    init(template: String) { self.template = template }

    func processes(of service: String) -> Int { counts[service] ?? 0 }

    /// Asks for `count` processes of `service`.
    func set(_ count: Int, of service: String) throws {
        let command = template.replacingOccurrences(of: "{service}", with: service)
            .replacingOccurrences(of: "{n}", with: String(count))
        let status = try Self.shell(command)
        guard status == 0 else { throw CommandFailed(command: command, status: status) }
        counts[service] = count
    }

    /// Runs `command` through `/bin/sh -c` and waits for the shell's exit status. It waits for the shell alone, not
    /// for the descriptors the command's own background children keep open (a worker the command starts).
    private static func shell(_ command: String) throws -> Int32 {
        do {
            return try SpawnedProcess("/bin/sh", ["-c", command]).waitForExit()
        } catch let error as SpawnError {
            throw CommandFailed(command: command, status: -error.errorNumber)
        }
    }

    func start(_ count: Int, of service: String) throws { try set(processes(of: service) + count, of: service) }

    func drainOne(of service: String) throws { try set(max(0, processes(of: service) - 1), of: service) }
}

/// A scaling command that exited with a status other than 0 (a negative one: it could not be started, the error
/// number negated); the count stays as it was.
struct CommandFailed: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var description: String { "`\(command)` exited with status \(status)" }
}
