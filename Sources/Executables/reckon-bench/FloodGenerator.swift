import Majordomo
import ZeroMQ

/// What a flood does: a steady request rate to a service no worker serves.
struct FloodPlan: Sendable {
    /// A service no worker serves, so the gateway answers every request `unavailable` at once.
    var service = "nosuch"
    /// Requests per second.
    var rate = 1000
    var span = TimeSpan.seconds(10)
}

/// What a flood saw: how many requests were answered, and the gateway's resident memory once a second.
struct FloodResult: Sendable, Codable {
    var service: String
    /// The rate asked, per second, and for how long.
    var rate: Int
    var span: String
    var sent: Int
    var answered: Int
    /// Replies whose body carries the `unavailable` error code.
    var unavailable: Int
    /// The gateway's `VmRSS` in KiB before the flood, then once a second.
    var residentKiB: [Int]
    var maximumResidentKiB: Int
}

/// Sends requests at a fixed rate, paced by the clock, through the gateway to a service no worker serves, on the
/// calling thread, while sampling the gateway process's resident memory once a second.
final class FloodGenerator {
    private let socket: ZMQSocket
    private let plan: FloodPlan
    private let gatewayProcess: Int32
    private let request: [[UInt8]]
    private var sent = 0
    private var answered = 0
    private var unavailable = 0
    private var samples: [Int] = []

    private static let unavailableMarker = Array(#""code":"unavailable""#.utf8)
    /// How long to wait for the last replies once sending stops.
    private static let grace: UInt64 = 2_000_000_000

    /// Connects a DEALER to the gateway's client endpoint.
    /// - Throws: ``ZMQError``.
    init(context: ZMQContext, gateway: RunningGateway, plan: FloodPlan) throws {
        socket = try ZMQSocket(context: context, type: .dealer)
        try socket.connect(gateway.clientEndpoint)
        self.plan = plan
        gatewayProcess = gateway.processIdentifier
        let body = Array(#"{"op":"flood","args":{}}"#.utf8)
        request = PeerCodec.encodeClientRequest(service: plan.service, body: body)
    }

    /// Floods for the plan's span, then waits up to two seconds for the last replies.
    /// - Throws: ``ZMQError``.
    func run() throws -> FloodResult {
        defer { socket.close() }
        var poller = ZMQPoller()
        let index = poller.add(socket)
        let total = Int(plan.span.nanoseconds * UInt64(plan.rate) / 1_000_000_000)
        let start = MonotonicClock.now()
        let stop = start + plan.span.nanoseconds
        var nextSample = start
        while true {
            let now = MonotonicClock.now()
            if now >= nextSample {
                samples.append(ResidentMemory.kibibytes(pid: gatewayProcess) ?? 0)
                nextSample += 1_000_000_000
            }
            if now >= stop + Self.grace || (now >= stop && answered == sent) { break }
            let due = min(total, Int((now - start) * UInt64(plan.rate) / 1_000_000_000) + 1)
            while sent < due {
                try socket.send(request)
                sent += 1
            }
            let nextSend = sent < total ? start + UInt64(sent) * 1_000_000_000 / UInt64(plan.rate) : stop + Self.grace
            let wake = min(nextSend, nextSample)
            try poller.poll(timeoutMilliseconds: wake > now ? Int((wake - now + 999_999) / 1_000_000) : 0)
            if poller.isReadable(index) { try readReplies() }
        }
        return FloodResult(
            service: plan.service,
            rate: plan.rate,
            span: plan.span.description,
            sent: sent,
            answered: answered,
            unavailable: unavailable,
            residentKiB: samples,
            maximumResidentKiB: samples.max() ?? 0
        )
    }

    private func readReplies() throws {
        while let frames = try socket.receive(dontWait: true) {
            answered += 1
            if frames.count == 4, ReplyOutcome.contains(frames[3], Self.unavailableMarker) { unavailable += 1 }
        }
    }
}
