import Foundation
import Spawn

/// A worker process to start for a run: an executable and its arguments; the bench appends `--gateway ENDPOINT`.
struct WorkerLaunch: Sendable {
    var executable: String
    var arguments: [String]

    /// A worker given as one command line, split at spaces: `".build/release/reckon-calc --slots 2"`.
    init(commandLine: String) {
        let words = commandLine.split(separator: " ").map(String.init)
        executable = words.first ?? ""
        arguments = Array(words.dropFirst())
    }

    /// `BINDIR/reckon-SERVICE --slots K`, the worker executable for `service` that `--spawn-stack` starts.
    init(binDirectory: String, service: String, slots: Int) {
        executable = "\(binDirectory)/reckon-\(service)"
        arguments = ["--slots", "\(slots)"]
    }

    /// Starts the worker, connected to `endpoint`.
    /// - Throws: ``BenchError`` when it cannot be started.
    func launch(in children: ChildProcesses, gateway endpoint: String) throws -> SpawnedProcess {
        try children.launch(executable, arguments + ["--gateway", endpoint])
    }
}
