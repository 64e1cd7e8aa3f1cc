import ArgumentParser
import Majordomo
import ReckonClient
import Wire
import ZeroMQ

/// `reckon-bench handoff`: what the bridge's thread hand-offs cost. The same `calc evaluate 1+1`, one call at a time,
/// through `ReckonClient` (the caller's task hands each request to the client's ZeroMQ thread and the reply comes
/// back to the task: the bridge's design) and through a DEALER used on the calling thread itself (send, then block in
/// receive: what a socket living on the caller's event loop, through ZMQ_FD, could do at best), in turn.
struct HandOffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff",
        abstract: "Measure ReckonClient's thread hand-offs against a socket used on the calling thread.",
        discussion: """
            Against a running gateway with calc workers (--gateway), for each round: --requests `evaluate 1+1` \
            calls one after another through ReckonClient, then as many from a DEALER on one thread. Prints each \
            round's p50 in microseconds and the medians, and their difference: the most a design without the \
            hand-offs could save per call.
            """
    )

    @Option(help: "The gateway's client endpoint.")
    var gateway: String

    @Option(help: "Calls per run.")
    var requests = 5_000

    @Option(help: "Rounds; each runs both designs.")
    var rounds = 5

    func validate() throws {
        guard requests > 0, rounds > 0 else { throw ValidationError("--requests and --rounds must be positive") }
    }

    func run() async throws {
        let client = try ReckonClient(configuration: .init(endpoint: gateway))
        defer { client.close() }
        let args: JSONValue = ["expression": "1+1"]
        var handedOff: [Double] = []
        var inThread: [Double] = []
        for round in 1...rounds {
            var latencies: [Double] = []
            for _ in 0..<requests {
                let started = MonotonicClock.now()
                try CalcAnswer.check(
                    try await client.call(service: "calc", op: "evaluate", args: args, idempotencyKey: nil)
                )
                latencies.append(Double(MonotonicClock.now() - started) / 1000)
            }
            handedOff.append(latencies.median)
            inThread.append(
                try await DedicatedThread.value(name: "in-thread") { [gateway, requests] in
                    try Self.inThreadMedian(gateway: gateway, requests: requests)
                }
            )
            print(
                "round \(round): ReckonClient p50 \(handedOff.last!) µs, DEALER on the calling thread p50 \(inThread.last!) µs"
            )
        }
        let (client50, thread50) = (handedOff.median, inThread.median)
        print(
            "median: ReckonClient p50 \(client50) µs, on the calling thread p50 \(thread50) µs, hand-offs cost \(client50 - thread50) µs a call"
        )
    }

    /// The p50 in microseconds of `requests` calls from a DEALER on this thread, each sent and then awaited in a
    /// blocking receive.
    private static func inThreadMedian(gateway: String, requests: Int) throws -> Double {
        let context = try ZMQContext()
        defer { context.shutdown() }
        let socket = try ZMQSocket(context: context, type: .dealer)
        defer { socket.close() }
        try socket.connect(gateway)
        let frames = PeerCodec.encodeClientRequest(
            service: "calc",
            body: Array(#"{"op":"evaluate","args":{"expression":"1+1"}}"#.utf8)
        )
        var latencies: [Double] = []
        latencies.reserveCapacity(requests)
        for _ in 0..<requests {
            let started = MonotonicClock.now()
            try socket.send(frames)
            guard let reply = try socket.receive(), let decoded = try? PeerCodec.decodeClientReply(ZMQFrames(reply)),
                decoded.final, decoded.body.count == 1
            else { throw BenchError("the gateway answered something other than a FINAL") }
            try CalcAnswer.check(body: decoded.body.bytes(at: 0))
            latencies.append(Double(MonotonicClock.now() - started) / 1000)
        }
        return latencies.median
    }
}
