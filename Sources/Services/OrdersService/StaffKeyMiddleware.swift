import Wire
import WorkerRuntime

/// Lets an op through only when the request's `token` is the restaurant's staff key (compared in constant time).
/// Without a configured key, staff ops are refused to everyone.
struct StaffKeyMiddleware: OpMiddleware {
    let staffKey: String?

    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        guard let staffKey, !staffKey.isEmpty else {
            throw WireError(.permissionDenied, "staff ops are disabled: the worker was started without a staff key")
        }
        guard let token = request.context.token else {
            throw WireError(.unauthenticated, "\(request.context.op) needs the staff key as the request's token")
        }
        guard Self.constantTimeEqual(Array(token.utf8), Array(staffKey.utf8)) else {
            throw WireError(.permissionDenied, "the token is not the staff key")
        }
        return try await next(request)
    }

    private static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
        }
        return difference == 0
    }
}

/// `order.place` must carry an idempotency key: in the envelope, or as `args.idempotencyKey` (the original API's
/// place for it), which this step moves to the envelope's place, where the write scope keeps it once.
struct RequireIdempotencyKey: OpMiddleware {
    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        var request = request
        if request.context.idempotencyKey == nil, case .string(let key)? = request.args?["idempotencyKey"] {
            request.context.idempotencyKey = key
        }
        guard request.context.idempotencyKey != nil else {
            throw WireError(
                .invalidArgument,
                "\(request.context.op) needs an idempotencyKey, so a retry never places a second order",
                field: "idempotencyKey"
            )
        }
        return try await next(request)
    }
}
