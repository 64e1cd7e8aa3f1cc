import ArgumentParser
import Foundation
import Wire

/// What the requests of a run ask: a service, an op and its arguments, encoded once. With several argument objects,
/// client `i` sends the `i mod n`-th (one cart per client, say).
struct BenchTarget: Sendable {
    let service: String
    let op: String
    /// The request bodies: `{"op":…,"args":…,"id":"bench"}` as compact JSON, one per argument object.
    let bodies: [[UInt8]]
    /// The service's name as the reply's service frame carries it.
    let serviceFrame: [UInt8]
    /// What every reply's body must hold to count as answered: `"ok":true` and each `--expect` text.
    let expected: [[UInt8]]
    /// The run's own prefix of the fresh idempotency key each request carries (`--idempotency-keys`), or nil.
    let keyPrefix: String?

    /// - Parameters:
    ///   - arguments: the op's arguments as JSON text, one or more.
    ///   - token: a ledger session token for every request.
    ///   - expect: texts every reply's body must hold beside `"ok":true` (Reckon writes compact JSON).
    ///   - freshKeys: whether each request carries an idempotency key of its own, as `ReckonClient` sends by default.
    /// - Throws: `ValidationError` when an argument is not a JSON object.
    init(
        service: String,
        op: String,
        arguments: [String],
        token: String? = nil,
        expect: [String] = [],
        freshKeys: Bool = false
    ) throws {
        self.service = service
        keyPrefix = freshKeys ? UUID.random().uuidString.lowercased() : nil
        self.op = op
        serviceFrame = Array(service.utf8)
        expected = [ReplyOutcome.okMarker] + expect.map { Array($0.utf8) }
        bodies = try arguments.map { text in
            guard let args = try? JSONValue(parsing: text), args.objectValue != nil else {
                throw ValidationError("--args must be a JSON object, got \(text)")
            }
            var request = JSONObject([("op", .string(op)), ("args", args), ("id", "bench")])
            if let token { request["token"] = .string(token) }
            return JSONValue.object(request).serialized
        }
    }

    /// The body client `client` sends.
    func body(client: Int) -> [UInt8] { bodies[client % bodies.count] }

    /// The body of client `client`'s request number `sequence`: with fresh keys, the body with an idempotency key
    /// no other request of the run has (`{"idempotencyKey":"…",` and the rest of the body), else ``body(client:)``.
    func body(client: Int, sequence: Int) -> [UInt8] {
        guard let keyPrefix else { return body(client: client) }
        let key = #"{"idempotencyKey":"\#(keyPrefix)-\#(client)-\#(sequence)","#
        return Array(key.utf8) + body(client: client).dropFirst()
    }
}
