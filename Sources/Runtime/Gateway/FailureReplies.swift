import Majordomo
import Wire
import ZeroMQ

/// Builds the JSON error replies the gateway sends itself. This is the failure path, so reading the request body
/// for its `id` is allowed here (ARCHITECTURE.md rule 2); it is scanned in place up to that member, never parsed
/// whole, so a storm of megabyte requests refused costs the gateway little (docs/performance.md).
enum FailureReplies {
    /// The reply body for a request the broker could not serve.
    static func body(for failure: BrokerFailure, service: String, request: ZMQFrames) -> [UInt8] {
        JSONCoding.errorReply(wireError(for: failure, service: service), id: requestID(request))
    }

    static func wireError(for failure: BrokerFailure, service: String) -> WireError {
        switch failure {
        case .noWorkers: WireError(.unavailable, "no worker serves \(service)")
        case .unknownService: WireError(.unknownService, "no service is named \(service)", field: "service")
        case .badServiceName: WireError(.invalidArgument, "a service name is 1 to 255 bytes of UTF-8", field: "service")
        case .callerRefused:
            WireError(
                .invalidArgument,
                "only a client key marked bridge may name a caller, as 1 to 255 bytes of text",
                field: "caller"
            )
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

    /// The request's JSON `id`, when its first body frame is a JSON object whose first top-level `id` is a string.
    static func requestID(_ body: ZMQFrames) -> String? {
        topLevelString("id", in: body)
    }

    /// Whether the request carries an `idempotencyKey` (a non-empty string of at most 128 characters), which
    /// makes it safe to give to a second worker.
    static func hasIdempotencyKey(_ body: ZMQFrames) -> Bool {
        guard let key = topLevelString("idempotencyKey", in: body) else { return false }
        return !key.isEmpty && key.unicodeScalars.count <= 128
    }

    /// The first body frame's top-level string member `key`, scanned in place (``JSONMemberScan``).
    private static func topLevelString(_ key: String, in body: ZMQFrames) -> String? {
        body.isEmpty ? nil : body.withBytes(at: 0) { JSONMemberScan.string(named: key, in: $0) }
    }
}
