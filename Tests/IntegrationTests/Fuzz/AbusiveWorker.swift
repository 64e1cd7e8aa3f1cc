import Foundation
import Majordomo
import ReckonTesting
import ZeroMQ

/// A worker-side peer of a storm on both gateway endpoints: a fake worker. Each of its sockets (``RotatingPeer``)
/// registers a real service's name with a capacity of up to 64, takes the requests the gateway hands it and answers
/// none in time: half never, half after their deadline, some of those with a reply just over the size limit. It
/// heartbeats, so it stays registered, and sends bad messages (``FuzzMessages``) in between, unless it is a pure black
/// hole, which sends nothing else (and so is never purged for a protocol violation).
struct AbusiveWorker {
    private var random: SeededGenerator
    private var fuzz: FuzzMessages
    private var rotating: RotatingPeer
    /// Replies owed by the current socket, with when to send them.
    private var late: [(due: ContinuousClock.Instant, address: [UInt8])] = []
    private let lateBy: Duration
    private let lateReply = Array(#"{"ok":true,"result":{"value":"late"}}"#.utf8)
    private let oversizedReply: [UInt8]
    private let sendsFuzz: Bool

    /// - Parameters:
    ///   - deadline: the gateway's deadline; late replies come a second after it.
    ///   - maximumMessageBytes: the gateway's `--max-message-bytes`.
    ///   - sendsFuzz: whether it sends bad messages besides heartbeats and late replies.
    init(
        endpoint: String,
        seed: UInt64,
        replaceEvery: Int,
        deadline: Duration,
        maximumMessageBytes: Int,
        sendsFuzz: Bool = true
    ) {
        random = SeededGenerator(seed: seed)
        fuzz = FuzzMessages(seed: seed)
        rotating = RotatingPeer(endpoint, replaceEvery: replaceEvery, name: "abusive-worker-\(seed)")
        lateBy = deadline + .seconds(1)
        oversizedReply = Array(repeating: UInt8(ascii: " "), count: maximumMessageBytes + 64 * 1024)
        self.sendsFuzz = sendsFuzz
    }

    /// Sends `count` messages at ``StormPace``; returns how many the sockets took.
    mutating func run(count: Int) throws -> Int {
        var taken = 0
        for index in 0..<count {
            let (socket, isNew) = try rotating.socket(forMessage: index)
            if isNew {
                late = []
                let service = ["calc", "calc", "orders", "ledger"].randomElement(using: &random)!
                try? socket.send(PeerCodec.encodeReady(service: service, capacity: Int.random(in: 1...64)))
            }
            takeRequests(socket)
            do {
                try socket.send(nextMessage(), dontWait: true)
                taken += 1
            } catch let error as ZMQError where error.isWouldBlock {}
            StormPace.after(message: index)
        }
        return taken
    }

    /// Reads what the gateway sent; each REQUEST is kept for a late reply, or never answered.
    private mutating func takeRequests(_ socket: ZMQSocket) {
        while let frames = try? socket.receive(dontWait: true) {
            guard case .request(let address, _)? = try? PeerCodec.decodeBrokerCommand(ZMQFrames(frames)),
                Bool.random(using: &random)
            else { continue }
            late.append((ContinuousClock.now + lateBy, address.bytes(at: 0)))
        }
    }

    private mutating func nextMessage() -> [[UInt8]] {
        if let first = late.first, first.due <= .now {
            late.removeFirst()
            let body = Int.random(in: 0..<10, using: &random) == 0 ? oversizedReply : lateReply
            return PeerCodec.encodeWorkerReply(address: first.address, body: body)
        }
        return !sendsFuzz || Int.random(in: 0..<5, using: &random) == 0 ? PeerCodec.heartbeat : fuzz.next()
    }
}
