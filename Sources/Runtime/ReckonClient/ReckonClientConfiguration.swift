import Foundation
import Wire
import ZeroMQ

extension ReckonClient {
    /// How a client connects.
    public struct Configuration: Sendable {
        /// - `endpoints` (strings, `tcp://127.0.0.1:5555`): the client endpoints of one or more gateways. Calls go
        ///   to one at a time, the first to begin with; when it stops answering, the client fails over to the next.
        public var endpoints: [String]
        /// - `timeout` (duration, 10 s): how long a call waits for its reply unless it names its own.
        public var timeout: Duration
        /// - `failoverAfter` (duration, 1 s): how long the gateway in use may stay silent while calls wait before
        ///   the client probes it (the gateway's `ping`), and how long the probe may go unanswered before the client
        ///   moves to the next gateway and sends again the calls that carry an idempotency key.
        public var failoverAfter: Duration
        /// CURVE: the gateways' public key and this client's key pair; `nil` for plain text.
        public var curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?
        /// - `replyObserver` (none): called with every reply envelope a JSON call receives, before the call returns,
        ///   for logging, tracing or checking replies against the ops' result schemas. It runs on the caller's task
        ///   and must be quick.
        public var replyObserver: (@Sendable (ObservedReply) -> Void)?
        /// A W3C trace context every call carries unless it names its own (``ReckonClient/Request/traceparent``),
        /// for a program with no tracer of its own: the CLI's `--trace`, or a `TRACEPARENT` its caller set.
        public var traceContext: (traceparent: String, tracestate: String?)?

        public init(
            endpoints: [String] = ["tcp://127.0.0.1:5555"],
            timeout: Duration = .seconds(10),
            failoverAfter: Duration = .seconds(1),
            curve: (serverKey: CurveKey, keyPair: CurveKeyPair)? = nil
        ) {
            self.endpoints = endpoints.isEmpty ? ["tcp://127.0.0.1:5555"] : endpoints
            self.timeout = timeout
            self.failoverAfter = failoverAfter
            self.curve = curve
        }

        /// The gateways of a comma list of client endpoints (`tcp://gw-a:5555,tcp://gw-b:5555`), as a worker's
        /// `--calc-via` or `--profiles-via` gives them, with `curve` (a worker passes its own keys: the gateway's public
        /// key and its key pair, which a gateway's client allow-list must then list).
        public init(endpointList: String, curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?) {
            self.init(endpoints: endpointList.split(separator: ",").map { String($0) }, curve: curve)
        }

        /// One gateway.
        public init(
            endpoint: String,
            timeout: Duration = .seconds(10),
            curve: (serverKey: CurveKey, keyPair: CurveKeyPair)? = nil
        ) {
            self.init(endpoints: [endpoint], timeout: timeout, curve: curve)
        }
    }
}

extension ReckonClient.Configuration {
    /// Turns CURVE on from key files, as `reckon keygen` writes them: the gateways' public key (`NAME.pub`), and
    /// this client's secret key (`NAME`), whose public key a gateway's client allow-list must list. Without a secret
    /// key file the client makes a fresh key pair, which only a gateway without a client allow-list accepts.
    /// - Throws: the files' read errors; ``ZMQError`` (`EINVAL`) for a file that holds no Z85 key.
    public mutating func useCurve(serverKeyFile: String, secretKeyFile: String?) throws {
        let serverKey = try CurveKey(z85: try String(contentsOfFile: serverKeyFile, encoding: .utf8))
        let keyPair = try secretKeyFile.map {
            try CurveKeyPair(secretKey: try CurveKey(z85: try String(contentsOfFile: $0, encoding: .utf8)))
        }
        curve = (serverKey, try keyPair ?? CurveKeyPair.generate())
    }
}

extension ReckonClient {
    /// A reply a ``Configuration/replyObserver`` sees: the whole envelope, with the op it answers.
    public struct ObservedReply: Sendable {
        public var service: String
        public var op: String
        /// The reply body: `{"ok": true, "id", "result"}` or `{"ok": false, "id", "error"}`.
        public var reply: JSONValue

        public init(service: String, op: String, reply: JSONValue) {
            self.service = service
            self.op = op
            self.reply = reply
        }
    }
}
