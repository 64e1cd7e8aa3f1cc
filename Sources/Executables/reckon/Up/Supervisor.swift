import Foundation
import Spawn

/// Starts child processes, restarts any that exits unexpectedly (back-off 1 s doubling to 30 s, reset after a
/// minute of uptime), and on SIGINT or SIGTERM stops them all: SIGTERM, then SIGKILL after a grace period. Children
/// may be added while it runs, and retired: sent SIGTERM (a worker's drain) and not restarted.
final class Supervisor: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only on `queue`.
    private let queue = DispatchQueue(label: "reckon.up.supervisor")
    private let children: [ChildSpec]
    private let logDirectory: URL
    private let grace: Duration
    private var running: [String: (process: SpawnedProcess, started: ContinuousClock.Instant)] = [:]
    private var backoff: [String: Duration] = [:]
    /// Children retired: their exit is expected, and they are not restarted.
    private var retired: Set<String> = []
    private var stopping = false
    private var signalSources: [any DispatchSourceSignal] = []
    private var finished: CheckedContinuation<Void, Never>?

    init(children: [ChildSpec], logDirectory: URL, grace: Duration = .seconds(10)) {
        self.children = children
        self.logDirectory = logDirectory
        self.grace = grace
    }

    /// Runs until a stop signal and every child has exited.
    /// - Throws: when a child cannot be started the first time (a missing executable, say).
    func run() async throws {
        try queue.sync {
            installSignalHandlers()
            for child in children { try start(child) }
        }
        await withCheckedContinuation { continuation in
            queue.async { self.finished = continuation }
        }
    }

    /// Starts `child` and supervises it like the others; nothing once the supervisor is stopping.
    func add(_ child: ChildSpec) {
        queue.async { [self] in
            guard !stopping else { return }
            retired.remove(child.name)
            do {
                try start(child)
            } catch {
                say("cannot start \(child.name): \(error)")
            }
        }
    }

    /// Sends the child named `name` SIGTERM, which a worker takes as a drain (it finishes what it holds, then
    /// exits), and lets it go: it is not restarted.
    func retire(_ name: String) {
        queue.async { [self] in
            guard let child = running[name] else { return }
            retired.insert(name)
            say("draining \(name) (pid \(child.process.pid))")
            child.process.send(SIGTERM)
        }
    }

    private func installSignalHandlers() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [unowned self] in self.stopAll() }
            source.resume()
            signalSources.append(source)
        }
    }

    private func start(_ child: ChildSpec) throws {
        let process = try SpawnedProcess(
            child.path,
            child.arguments,
            output: .appending(toFile: logDirectory.appendingPathComponent("\(child.name).log").path),
            errors: .descriptor(1)
        )
        Thread.detachNewThread { [unowned self] in
            let status = process.waitForExit()
            self.queue.async { self.exited(child, status: status) }
        }
        running[child.name] = (process, .now)
        say("started \(child.name) (pid \(process.pid)), log \(logDirectory.path)/\(child.name).log")
    }

    private func exited(_ child: ChildSpec, status: Int32) {
        let started = running.removeValue(forKey: child.name)?.started
        if stopping {
            if running.isEmpty { finish() }
            return
        }
        if retired.remove(child.name) != nil {
            say("\(child.name) drained and exited with status \(status)")
            return
        }
        let uptime = started.map { ContinuousClock.now - $0 } ?? .zero
        let delay =
            uptime > .seconds(60) ? .seconds(1) : min((backoff[child.name] ?? .milliseconds(500)) * 2, .seconds(30))
        backoff[child.name] = delay
        say("\(child.name) exited with status \(status); restarting in \(delay)")
        queue.asyncAfter(deadline: .now() + .milliseconds(Int(delay.components.seconds * 1000))) { [unowned self] in
            guard !self.stopping else { return }
            do {
                try self.start(child)
            } catch {
                say("cannot restart \(child.name): \(error)")
            }
        }
    }

    private func stopAll() {
        guard !stopping else { return }
        stopping = true
        say("stopping \(running.count) processes")
        if running.isEmpty { return finish() }
        for (_, child) in running { child.process.send(SIGTERM) }
        let graceMilliseconds = Int(grace.components.seconds * 1000)
        queue.asyncAfter(deadline: .now() + .milliseconds(graceMilliseconds)) { [unowned self] in
            for (name, child) in self.running {
                say("\(name) did not stop within \(self.grace); killing it")
                child.process.send(SIGKILL)
            }
        }
    }

    private func finish() {
        finished?.resume()
        finished = nil
    }
}

/// Prints a line and flushes, so progress shows at once even when standard output is a file or a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
