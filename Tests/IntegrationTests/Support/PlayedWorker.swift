import Majordomo
import ZeroMQ

/// The loop of a worker played by a test, on a thread of its own: registers `service` at `endpoint`, then, until
/// `stopped()` holds, hands each request the gateway gives it to `received` (its address frame and body), lets `turn`
/// send what it has to, and heartbeats every `heartbeat`. Its socket closes without a DISCONNECT when it ends.
func playWorker(
    endpoint: String,
    service: String,
    heartbeat: Duration,
    stopped: @escaping @Sendable () -> Bool,
    received: @escaping @Sendable (_ address: [UInt8], _ body: [UInt8]) -> Void,
    turn: @escaping @Sendable (RawPeer) throws -> Void
) -> Task<Void, any Error> {
    let milliseconds = Int(heartbeat / .milliseconds(1))
    return Task {
        try await onThread {
            let peer = try RawPeer(.dealer, connect: endpoint)
            try peer.socket.setLinger(milliseconds: 0)
            try peer.send(PeerCodec.encodeReady(service: service))
            while !stopped() {
                if let frames = try peer.receive(timeoutMs: milliseconds),
                    case .request(let address, let body)? = try? PeerCodec.decodeBrokerCommand(ZMQFrames(frames))
                {
                    received(address.bytes(at: 0), body.bytes(at: 0))
                }
                try turn(peer)
                try peer.send(PeerCodec.heartbeat)
            }
        }
    }
}
