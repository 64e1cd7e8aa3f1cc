import ArgumentParser
import Foundation
import Wire
import WorkerRuntime

/// A service's op dispatcher driven with JSON request bodies inside this process (no sockets), and the per-call
/// timing the in-process benches of stateful services share.
struct InProcessService: Sendable {
    let dispatcher: OpDispatcher

    /// The `result` of one op call; a failed reply stops the bench.
    func call(_ op: String, _ args: JSONValue, token: String? = nil) async throws -> JSONValue {
        var request = JSONObject([("op", .string(op)), ("args", args)])
        if let token { request["token"] = .string(token) }
        let reply = try JSONValue(parsing: await dispatcher.handle([JSONValue.object(request).serialized]))
        guard reply["ok"] == true, let result = reply["result"] else {
            throw ValidationError("\(op) failed: \(reply.jsonText)")
        }
        return result
    }

    /// Microseconds `body` took.
    static func timed(_ body: () async throws -> Void) async throws -> Double {
        let started = ContinuousClock.now
        try await body()
        return (ContinuousClock.now - started).microseconds
    }

    /// Prints `title` and one line of p50, p90 and p99 per op.
    static func printPercentiles(_ title: String, _ rows: [(String, [Double])]) {
        print(title)
        print("op               p50       p90       p99")
        for (name, times) in rows {
            let sorted = times.sorted()
            func at(_ fraction: Double) -> Double {
                sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
            }
            print(
                name.padding(toLength: 15, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f  %8.1f  %8.1f", at(0.5), at(0.9), at(0.99))
            )
        }
    }
}
