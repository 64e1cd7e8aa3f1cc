import Majordomo
import Synchronization

/// A worker of capacity 1 played by the test: it holds the requests the gateway gives it until ``open()``, then
/// answers each with its own body, in the order it was given them, which ``served`` records. A test can queue
/// requests behind the first, open the gate and read the order the gateway chose.
final class GatedEchoWorker: Sendable {
    private let state = State()
    private let serving: Task<Void, any Error>

    /// Registers `service` at `endpoint` and serves on a thread of its own, heartbeating every `heartbeat`.
    init(endpoint: String, service: String, heartbeat: Duration) {
        let state = state
        let held = Mutex<[(address: [UInt8], body: [UInt8])]>([])
        serving = playWorker(
            endpoint: endpoint,
            service: service,
            heartbeat: heartbeat,
            stopped: { state.stopped.load(ordering: .acquiring) },
            received: { address, body in
                held.withLock { $0.append((address, body)) }
                state.served.withLock { $0.append(String(decoding: body, as: UTF8.self)) }
            },
            turn: { peer in
                guard state.open.load(ordering: .acquiring) else { return }
                for request in held.withLock({ requests in
                    defer { requests = [] }
                    return requests
                }) {
                    try peer.send(PeerCodec.encodeWorkerReply(address: request.address, body: request.body))
                }
            }
        )
    }

    /// The bodies of the requests it was given, in order.
    var served: [String] { state.served.withLock { $0 } }

    /// From now on it answers what it holds and each request it is given.
    func open() { state.open.store(true, ordering: .releasing) }

    /// Closes its socket and ends its thread.
    func stop() async throws {
        state.stopped.store(true, ordering: .releasing)
        try await serving.value
    }

    private final class State: Sendable {
        let open = Atomic(false)
        let stopped = Atomic(false)
        let served = Mutex<[String]>([])
    }
}
