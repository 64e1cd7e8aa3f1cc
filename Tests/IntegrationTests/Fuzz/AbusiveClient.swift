import Majordomo
import ReckonTesting
import ZeroMQ

/// A client-side peer of a storm on both gateway endpoints. It sends bad messages (``FuzzMessages``), valid requests
/// for the services fake workers register (some with a body just under the gateway's size limit, so that they are
/// queued and held), and requests just over the limit, from a socket replaced every few thousand messages
/// (``RotatingPeer``). Every other socket never reads its replies.
struct AbusiveClient {
    private var random: SeededGenerator
    private var fuzz: FuzzMessages
    private var rotating: RotatingPeer
    private let underLimit: [[UInt8]]
    private let overLimit: [[UInt8]]

    /// - Parameter maximumMessageBytes: the gateway's `--max-message-bytes`.
    init(endpoint: String, seed: UInt64, replaceEvery: Int, maximumMessageBytes: Int) {
        random = SeededGenerator(seed: seed)
        fuzz = FuzzMessages(seed: seed)
        rotating = RotatingPeer(endpoint, replaceEvery: replaceEvery, name: "abusive-client-\(seed)")
        underLimit = Self.request(service: "calc", bytes: maximumMessageBytes - 1024)
        overLimit = Self.request(service: "calc", bytes: maximumMessageBytes + 64 * 1024)
    }

    /// A `calc evaluate` request whose body is padded to about `bytes`.
    private static func request(service: String, bytes: Int) -> [[UInt8]] {
        let head = #"{"op":"evaluate","args":{"expression":"1+1"},"pad":""#
        let body = Array(head.utf8) + Array(repeating: UInt8(ascii: "x"), count: max(0, bytes - head.utf8.count - 2))
        return PeerCodec.encodeClientRequest(service: service, body: body + Array(#""}"#.utf8))
    }

    /// Sends `count` messages at ``StormPace``; returns how many the sockets took.
    mutating func run(count: Int) throws -> Int {
        var taken = 0
        for index in 0..<count {
            let (socket, _) = try rotating.socket(forMessage: index)
            do {
                try socket.send(nextMessage(), dontWait: true)
                taken += 1
            } catch let error as ZMQError where error.isWouldBlock {}
            if rotating.generation % 2 == 0, index % 64 == 0 { while (try? socket.receive(dontWait: true)) != nil {} }
            StormPace.after(message: index)
        }
        return taken
    }

    private mutating func nextMessage() -> [[UInt8]] {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<2: return overLimit
        case 2..<4: return underLimit
        case 4..<40:
            let service = ["calc", "calc", "orders", "ledger"].randomElement(using: &random)!
            let body = #"{"op":"evaluate","id":"abuse","args":{"expression":"2*3"}}"#
            return PeerCodec.encodeClientRequest(service: service, body: Array(body.utf8))
        default: return fuzz.next()
        }
    }
}
