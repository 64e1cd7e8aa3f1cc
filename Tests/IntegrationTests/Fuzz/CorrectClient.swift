import Majordomo
import Wire
import ZeroMQ

/// A well-behaved client beside a storm: one `calc evaluate` of `N+1` at a time on a DEALER of its own, every reply
/// checked against its request (its `id`, and `N+1` as the value) and timed.
struct CorrectClient {
    /// What the client saw.
    struct Report: Sendable {
        var sent = 0
        var right = 0
        /// Error replies by code: the gateway's answer when it could not serve the request.
        var errors: [String: Int] = [:]
        /// Replies that were neither right nor a gateway error, or were missing: always a fault.
        var wrong: [String] = []
        var latencies: [Duration] = []

        /// The latency below which `fraction` of replies came.
        func percentile(_ fraction: Double) -> Duration {
            let sorted = latencies.sorted()
            return sorted.isEmpty ? .zero : sorted[Int(Double(sorted.count - 1) * fraction)]
        }

        var summary: String {
            "correct client: \(right) of \(sent) right, errors \(errors.sorted { $0.key < $1.key }), "
                + "\(wrong.count) wrong; p50 \(percentile(0.5)), p99 \(percentile(0.99)), slowest \(percentile(1))"
        }
    }

    let endpoint: String
    /// How long to wait for one reply before counting it missing: longer than the gateway's deadline.
    let patience: Duration

    /// Calls until `shouldStop` says so (asked before each call).
    func run(until shouldStop: () -> Bool) throws -> Report {
        let peer = try RawPeer(.dealer, connect: endpoint)
        var report = Report()
        while !shouldStop() {
            let number = report.sent
            report.sent += 1
            let body = #"{"op":"evaluate","id":"\#(number)","args":{"expression":"\#(number)+1"}}"#
            let started = ContinuousClock.now
            try peer.send(PeerCodec.encodeClientRequest(service: "calc", body: Array(body.utf8)))
            let milliseconds = Int(patience.components.seconds * 1000)
            guard let frames = try peer.receive(timeoutMs: milliseconds) else {
                report.wrong.append("no reply to \(number) within \(patience)")
                break
            }
            report.latencies.append(.now - started)
            check(frames, number: number, into: &report)
        }
        return report
    }

    private func check(_ frames: [[UInt8]], number: Int, into report: inout Report) {
        guard let reply = try? PeerCodec.decodeClientReply(ZMQFrames(frames)), reply.final, reply.service == "calc",
            reply.body.count == 1, let json = try? JSONValue(parsing: reply.body.bytes(at: 0)),
            json["id"]?.stringValue == String(number)
        else {
            return report.wrong.append("reply to \(number) unreadable or for another request: \(frames)")
        }
        if let code = json["error"]?["code"]?.stringValue {
            report.errors[code, default: 0] += 1
        } else if json["result"]?["value"]?.stringValue == String(number + 1) {
            report.right += 1
        } else {
            report.wrong.append("reply to \(number) carries a wrong value: \(json.jsonText)")
        }
    }
}
