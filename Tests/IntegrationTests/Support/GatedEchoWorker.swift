import Majordomo
import Synchronization
import ZeroMQ

/// A worker of capacity 1 played by the test: it holds the requests the gateway gives it until ``open()``, then
/// answers each with its own body, in the order it was given them, which ``served`` records. A test can queue
/// requests behind the first, open the gate and read the order the gateway chose.
final class GatedEchoWorker: Sendable {
    private let state = State()
    private let serving: Task<Void, any Error>

    /// Registers `service` at `endpoint` and serves on a thread of its own, heartbeating every `heartbeat`.
    init(endpoint: String, service: String, heartbeat: Duration) {
        let state = state
        let milliseconds = Int(heartbeat / .milliseconds(1))
        serving = Task {
            try await onThread {
                let peer = try RawPeer(.dealer, connect: endpoint)
                try peer.socket.setLinger(milliseconds: 0)
                try peer.send(PeerCodec.encodeReady(service: service))
                var held: [(address: [UInt8], body: [UInt8])] = []
                while !state.stopped.load(ordering: .acquiring) {
                    if let frames = try peer.receive(timeoutMs: milliseconds),
                        case .request(let address, let body)? = try? PeerCodec.decodeBrokerCommand(ZMQFrames(frames))
                    {
                        held.append((address.bytes(at: 0), body.bytes(at: 0)))
                        state.served.withLock { $0.append(String(decoding: body.bytes(at: 0), as: UTF8.self)) }
                    }
                    if state.open.load(ordering: .acquiring) {
                        for request in held {
                            try peer.send(PeerCodec.encodeWorkerReply(address: request.address, body: request.body))
                        }
                        held = []
                    }
                    try peer.send(PeerCodec.heartbeat)
                }
            }
        }
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
