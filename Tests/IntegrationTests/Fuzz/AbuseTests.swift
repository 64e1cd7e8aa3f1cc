import Foundation
import Synchronization
import Testing
import Wire

extension HeavyLoadTests {
    /// Both gateway endpoints abused at once (issue #28): fake workers that register the real services' names and
    /// never answer in time, abusive clients whose requests queue behind them, sockets replaced every few thousand
    /// messages (some reusing routing ids), messages just over the size limit mixed in, and a correct client
    /// checking every reply. The gateway must stay under 128 MB, and come back within 32 MB of where it started
    /// once idle.
    ///
    /// `scripts/bench/abuse.sh` runs it at full size against a release gateway; these variables size it:
    /// `RECKON_ABUSE_MESSAGES` (all senders together, default 80,000), `RECKON_ABUSE_SENDERS` (per endpoint,
    /// default 2), `RECKON_ABUSE_IDLE_SECONDS` (read the memory after exactly this long idle; by default it is read
    /// as soon as it is back within bounds, waiting 20 s at most), `RECKON_ABUSE_GATEWAY_ARGS` (more gateway flags,
    /// separated by spaces, to compare settings), `RECKON_ABUSE_WORKER_REPLACE_EVERY` (messages per fake worker socket),
    /// `RECKON_ABUSE_WORKER_FUZZ` (0: fake workers are pure black holes, which no protocol violation gets purged).
    @Suite struct AbuseTests {
        private static let environment = ProcessInfo.processInfo.environment
        private static let messages = environment["RECKON_ABUSE_MESSAGES"].flatMap { Int($0) } ?? 80_000
        private static let senders = environment["RECKON_ABUSE_SENDERS"].flatMap { Int($0) } ?? 2
        private static let idleSeconds = environment["RECKON_ABUSE_IDLE_SECONDS"].flatMap { Int($0) }
        private static let gatewayArguments =
            environment["RECKON_ABUSE_GATEWAY_ARGS"].map { $0.split(separator: " ").map(String.init) } ?? []
        private static let deadline = Duration.seconds(2)
        private static let maximumMessageBytes = 1 << 20
        private static let replaceEvery = 2500
        /// How many messages a fake worker's socket sends before it is replaced: `RECKON_ABUSE_WORKER_REPLACE_EVERY`
        /// (default 2,500, about half a second); a larger one keeps black holes registered past their deadlines.
        private static let workerReplaceEvery =
            environment["RECKON_ABUSE_WORKER_REPLACE_EVERY"].flatMap { Int($0) } ?? replaceEvery
        private static let workersSendFuzz = environment["RECKON_ABUSE_WORKER_FUZZ"] != "0"
        /// The real `reckon-calc`'s slots: `RECKON_ABUSE_CALC_SLOTS` (default 2; `reckon up` gives calc 4 per CPU).
        private static let calcSlots = environment["RECKON_ABUSE_CALC_SLOTS"].flatMap { Int($0) } ?? 2
        private static let memoryBound = 128 << 20
        private static let growthBound = 32 << 20

        @Test func bothEndpointsAbusedAtOnceLeaveTheGatewayBoundedAndGiveMemoryBack() async throws {
            // Liveness 16 (4 s): on two cores the storm's own threads can hold the worker's heartbeats back past 1 s.
            let stack = try await LocalStack.start(
                workers: [Self.calcSlots],
                liveness: 16,
                gatewayArguments: ["--deadline-ms", "\(Self.deadline.components.seconds * 1000)"]
                    + Self.gatewayArguments
            )
            defer { stack.stop() }
            let gateway = try #require(stack.gateway)
            let before = try #require(ProcessMemory.residentBytes(pid: gateway.pid))
            let sampler = PeakMemory(pid: gateway.pid)
            let started = ContinuousClock.now
            let done = StopFlag()
            let endpoints = (client: stack.clientEndpoint, worker: stack.workerEndpoint)
            async let taken = withThrowingTaskGroup(of: Int.self) { group in
                for sender in 0..<Self.senders {
                    let seed = UInt64(sender + 1)
                    group.addTask { try await onThread { try Self.abuseClients(endpoints.client, seed: seed) } }
                    group.addTask { try await onThread { try Self.abuseWorkers(endpoints.worker, seed: seed) } }
                }
                defer { done.raise() }
                return try await group.reduce(0, +)
            }
            // Every request is answered by its deadline; the patience past it only tells a reply that is late on a
            // starved machine (CI shares its two cores with the storm's 16 threads) from one that never comes.
            let client = CorrectClient(endpoint: endpoints.client, patience: Self.deadline + .seconds(30))
            async let report = onThread {
                try client.run {
                    sampler.sample()
                    return done.isRaised
                }
            }
            let (sent, correct) = try await (taken, report)
            let stormSeconds = (ContinuousClock.now - started).components.seconds
            let idleStart = ContinuousClock.now
            let after = try await settledMemory(pid: gateway.pid, before: before)
            let stats = try await stack.call("gateway", "stats")
            print(
                "abuse: \(sent) messages taken (of \(Self.messages)) from \(Self.senders) senders per endpoint in "
                    + "\(stormSeconds) s; gateway RSS before \(ProcessMemory.megabytes(before)), peak "
                    + "\(ProcessMemory.megabytes(sampler.peak)) (+\(ProcessMemory.megabytes(sampler.peak - before))), "
                    + "after \((ContinuousClock.now - idleStart).components.seconds) s idle "
                    + "\(ProcessMemory.megabytes(after)) (+\(ProcessMemory.megabytes(after - before))); "
                    + "\(correct.summary); stats \(stats.jsonText)"
            )
            #expect(correct.wrong.isEmpty, "\(correct.wrong.prefix(5))")
            // A request a fake worker holds ends at its deadline, or `unavailable` when that worker is purged or
            // ejected, and a queue the storm fills refuses; no other error is expected.
            #expect(Set(correct.errors.keys).isSubset(of: ["deadline_exceeded", "unavailable", "resource_exhausted"]))
            #expect(correct.right > 0)
            #expect(sampler.peak < Self.memoryBound, "peaked at \(ProcessMemory.megabytes(sampler.peak))")
            #expect(after - before < Self.growthBound, "kept \(ProcessMemory.megabytes(after - before))")
            // The last request goes to a quiet gateway: once the storm's requests have ended (deadline, or their fake
            // worker expired) and only the real worker serves calc. Sent at once, on a loaded machine it could queue
            // behind them or reach a fake worker not yet expired, and end at its 2 s deadline.
            try await stack.waitForStats { $0["pending"]?.cellInt == 0 }
            try await stack.waitForWorkers(service: "calc", count: Self.calcSlots, idle: Self.calcSlots)
            #expect(try await stack.call("calc", "evaluate", ["expression": "6*7"])["value"] == "42")
        }

        private static func abuseClients(_ endpoint: String, seed: UInt64) throws -> Int {
            var peer = AbusiveClient(
                endpoint: endpoint,
                seed: seed,
                replaceEvery: replaceEvery,
                maximumMessageBytes: maximumMessageBytes
            )
            return try peer.run(count: messages / senders / 2)
        }

        private static func abuseWorkers(_ endpoint: String, seed: UInt64) throws -> Int {
            var peer = AbusiveWorker(
                endpoint: endpoint,
                seed: seed,
                replaceEvery: workerReplaceEvery,
                deadline: deadline,
                maximumMessageBytes: maximumMessageBytes,
                sendsFuzz: workersSendFuzz
            )
            return try peer.run(count: messages / senders / 2)
        }

        /// The gateway's memory once idle: after ``idleSeconds`` when set, else as soon as it is back within
        /// ``growthBound`` of `before` (polled every half second), or after 20 s.
        private func settledMemory(pid: Int32, before: Int) async throws -> Int {
            if let seconds = Self.idleSeconds {
                try await Task.sleep(for: .seconds(seconds))
                return try #require(ProcessMemory.residentBytes(pid: pid), "the gateway died")
            }
            let deadline = ContinuousClock.now + .seconds(20)
            while true {
                let now = try #require(ProcessMemory.residentBytes(pid: pid), "the gateway died")
                if now - before < Self.growthBound || ContinuousClock.now >= deadline { return now }
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }
}

/// Set once, read from any thread: the storm is over.
private final class StopFlag: Sendable {
    private let raised = Atomic(false)

    func raise() { raised.store(true, ordering: .releasing) }

    var isRaised: Bool { raised.load(ordering: .acquiring) }
}

/// The highest resident memory a process was seen at.
private final class PeakMemory: Sendable {
    private let pid: Int32
    private let highest: Mutex<Int>

    init(pid: Int32) {
        self.pid = pid
        highest = Mutex(ProcessMemory.residentBytes(pid: pid) ?? 0)
    }

    func sample() {
        guard let now = ProcessMemory.residentBytes(pid: pid) else { return }
        highest.withLock { $0 = max($0, now) }
    }

    var peak: Int { highest.withLock { $0 } }
}
