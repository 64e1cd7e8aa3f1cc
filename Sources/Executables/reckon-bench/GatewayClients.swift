import Majordomo
import ZeroMQ

/// The through-gateway transport: one DEALER per client on the gateway's client endpoint, each sending its
/// pre-encoded MDP/0.2 REQUEST.
final class GatewayClients: LoadTransport {
    private let context: ZMQContext
    private let endpoint: String
    private let target: BenchTarget
    private var requests: [[[UInt8]]] = []
    /// Each client's requests sent so far, which number its fresh idempotency keys.
    private var sent: [Int] = []
    private var sockets: [ZMQSocket] = []
    private var pollIndices: [Int] = []

    /// - Parameters:
    ///   - endpoint: the gateway's client endpoint.
    ///   - target: what every request asks.
    init(context: ZMQContext, endpoint: String, target: BenchTarget) {
        self.context = context
        self.endpoint = endpoint
        self.target = target
    }

    func prepare(clients: Int, poller: inout ZMQPoller) throws {
        for client in 0..<clients {
            requests.append(PeerCodec.encodeClientRequest(service: target.service, body: target.body(client: client)))
            sent.append(0)
            let socket = try ZMQSocket(context: context, type: .dealer)
            try socket.connect(endpoint)
            sockets.append(socket)
            pollIndices.append(poller.add(socket))
        }
    }

    func send(client: Int) throws {
        guard target.keyPrefix != nil else { return try sockets[client].send(requests[client]) }
        sent[client] += 1
        let body = target.body(client: client, sequence: sent[client])
        try sockets[client].send(PeerCodec.encodeClientRequest(service: target.service, body: body))
    }

    func receive(_ poller: ZMQPoller, _ handle: (Int, ReplyOutcome) throws -> Void) throws {
        // A client has one request in flight, so one read per readable socket is all there is.
        for client in sockets.indices where poller.isReadable(pollIndices[client]) {
            if let frames = try sockets[client].receive(dontWait: true) {
                try handle(client, ReplyOutcome(clientReply: frames, for: target))
            }
        }
    }

    func tick(now: UInt64) throws {}

    func close() {
        for socket in sockets { socket.close() }
    }
}
