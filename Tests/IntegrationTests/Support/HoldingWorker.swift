import Majordomo
import Synchronization
import Wire

/// A worker that takes one request and holds it, heartbeating, so the gateway keeps it registered for as long as a
/// test needs, until ``answer(_:)`` sends its reply late or ``vanish()`` makes it go silent without a DISCONNECT, as
/// SIGKILL would. A frozen worker process is purged once its liveness runs out, which on a slow machine can come
/// before the test is ready; this one lets a test wait on events (the request reaching it, another worker
/// registering) instead of racing that window.
final class HoldingWorker: Sendable {
    private let state = State()
    private let serving: Task<Void, any Error>

    /// Registers `service` at `endpoint` and serves on a thread of its own, heartbeating every `heartbeat`.
    init(endpoint: String, service: String, heartbeat: Duration) {
        let state = state
        serving = playWorker(
            endpoint: endpoint,
            service: service,
            heartbeat: heartbeat,
            stopped: { state.silent.load(ordering: .acquiring) },
            received: { address, body in
                state.address.withLock { $0 = address }
                state.request.withLock { $0 = body }
                state.holding.store(true, ordering: .releasing)
            },
            turn: { peer in
                if let body = state.reply.withLock({ $0.take() }), let address = state.address.withLock({ $0 }) {
                    try peer.send(PeerCodec.encodeWorkerReply(address: address, body: body))
                    state.answered.store(true, ordering: .releasing)
                }
            }
        )
    }

    /// Waits until a request has reached it.
    /// - Throws: ``StackError`` after `timeout`, or what its thread threw.
    func waitUntilHolding(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !state.holding.load(ordering: .acquiring) {
            guard ContinuousClock.now < deadline else { throw StackError("no request reached the holding worker") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Sends `body` as the FINAL of the request it holds, and returns once it is sent.
    /// - Throws: ``StackError`` after `timeout`, or what its thread threw.
    func answer(_ body: String, timeout: Duration) async throws {
        state.reply.withLock { $0 = Array(body.utf8) }
        let deadline = ContinuousClock.now + timeout
        while !state.answered.load(ordering: .acquiring) {
            guard ContinuousClock.now < deadline else { throw StackError("the holding worker did not answer") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The JSON `id` of the request it holds.
    var heldID: String? {
        state.request.withLock { $0 }.flatMap { try? JSONValue(parsing: $0) }?["id"]?.stringValue
    }

    /// Whether a request has reached it.
    var isHolding: Bool { state.holding.load(ordering: .acquiring) }

    /// Goes silent and closes its socket without a DISCONNECT: the gateway finds out when its liveness runs out.
    func vanish() async throws {
        state.silent.store(true, ordering: .releasing)
        try await serving.value
    }

    private final class State: Sendable {
        let holding = Atomic(false)
        let silent = Atomic(false)
        let answered = Atomic(false)
        /// The address frame of the request it holds, and the reply ``answer(_:timeout:)`` asks it to send.
        let address = Mutex<[UInt8]?>(nil)
        let reply = Mutex<[UInt8]?>(nil)
        /// The body of the request it holds.
        let request = Mutex<[UInt8]?>(nil)
    }
}

extension LocalStack {
    /// A calc worker that holds every request it is given, registered first, then a real one with one slot: the
    /// gateway gives its next calc request to the holder.
    func holdingWorkerBesideARealOne() async throws -> HoldingWorker {
        let holder = HoldingWorker(endpoint: workerEndpoint, service: "calc", heartbeat: .milliseconds(heartbeatMs))
        try await waitForWorkers(service: "calc", count: 1, timeout: .seconds(120))
        try startWorker(slots: 1)
        try await waitForWorkers(service: "calc", count: 2, idle: 2, timeout: .seconds(120))
        return holder
    }
}
