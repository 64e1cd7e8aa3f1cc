import Majordomo
import Wire
import ZeroMQ

/// Builds the JSON error replies the gateway sends itself. This is the failure path, so parsing the request body
/// for its `id` is allowed here (ARCHITECTURE.md rule 2).
enum FailureReplies {
    /// The reply body for a request the broker could not serve.
    static func body(for failure: BrokerFailure, service: String, request: ZMQFrames) -> [UInt8] {
        JSONCoding.errorReply(wireError(for: failure, service: service), id: requestID(request))
    }

    static func wireError(for failure: BrokerFailure, service: String) -> WireError {
        switch failure {
        case .noWorkers: WireError(.unavailable, "no worker serves \(service)")
        case .workerLost: WireError(.unavailable, "worker lost, outcome unknown")
        case .deadlineExceeded: WireError(.deadlineExceeded, "no reply from \(service) before the deadline")
        case .queueFull: WireError(.resourceExhausted, "\(service) queue is full")
        case .requestTooLarge: WireError(.resourceExhausted, "request is over the gateway's size or frame limit")
        case .replyTooLarge: WireError(.internal, "reply from \(service) was over the gateway's size or frame limit")
        case .rateLimited(let seconds):
            WireError(.resourceExhausted, "too many requests from this client", retryAfterSeconds: seconds)
        case .tooManyPending: WireError(.resourceExhausted, "too many requests from this client are pending")
        case .overByteBudget(.client):
            WireError(.resourceExhausted, "this client's pending requests hold too many bytes")
        case .overByteBudget(.serviceQueue): WireError(.resourceExhausted, "\(service) queue holds too many bytes")
        case .overByteBudget(.total): WireError(.resourceExhausted, "the gateway holds too many bytes of requests")
        }
    }

    /// The request's JSON `id`, when its first body frame is a JSON object with a string `id`.
    static func requestID(_ body: ZMQFrames) -> String? {
        body.firstJSON?["id"]?.stringValue
    }

    /// Whether the request carries an `idempotencyKey` (a non-empty string of at most 128 characters), which
    /// makes it safe to give to a second worker.
    static func hasIdempotencyKey(_ body: ZMQFrames) -> Bool {
        guard let key = body.firstJSON?["idempotencyKey"]?.stringValue else { return false }
        return !key.isEmpty && key.count <= 128
    }
}
