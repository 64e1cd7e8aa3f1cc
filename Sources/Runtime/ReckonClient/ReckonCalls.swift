import Foundation
import Wire

/// What makes JSON op calls through a gateway: ``ReckonClient``, or a client whose connections live elsewhere (the
/// HTTP bridge's, on its event loops).
public protocol ReckonCalls: Sendable {
    /// Sends `call` under a fresh JSON id (with `requestID` after it when given), waits at most `timeout` (the
    /// client's own when `nil`), and returns the whole reply: `ok`, `result` or `error`, and `replayed`.
    /// - Throws: ``WireError``: `deadline_exceeded` on timeout, `unavailable` once closed; never the reply's error.
    func reply(to call: ReckonClient.Request, timeout: Duration?, requestID: String?) async throws -> JSONValue

    /// Sends `call` as ``reply(to:timeout:requestID:)`` does, and returns the reply as the bytes that came, for a
    /// caller that passes it on (the HTTP bridge).
    /// - Throws: as ``reply(to:timeout:requestID:)``.
    func replyBytes(to call: ReckonClient.Request, timeout: Duration?, requestID: String?) async throws -> ReplyBytes
}

extension ReckonCalls {
    /// The reply parsed and written out again, for a client that has only the parsed reply.
    public func replyBytes(
        to call: ReckonClient.Request,
        timeout: Duration?,
        requestID: String?
    ) async throws -> ReplyBytes {
        ReplyBytes(try await reply(to: call, timeout: timeout, requestID: requestID).serialized)
    }

    /// Sends `call` as ``reply(to:timeout:requestID:)`` does, and returns the reply's `result`.
    /// - Throws: ``WireError``: the reply's error, `deadline_exceeded` on timeout, `unavailable` once closed.
    public func call(_ call: ReckonClient.Request, timeout: Duration?, requestID: String?) async throws -> JSONValue {
        try await reply(to: call, timeout: timeout, requestID: requestID).replyResult()
    }

    /// Calls `op` on `service` and returns the reply's `result`.
    /// - Parameters:
    ///   - args: the op's arguments.
    ///   - token: a ledger session token.
    ///   - idempotencyKey: makes the request safe to re-dispatch if its worker dies, and to send again through
    ///     another gateway if its gateway dies; a fresh one by default (pass `nil` for a request that must never run
    ///     twice: it fails with `unavailable` when its gateway dies before replying).
    ///   - timeout: overrides the configured timeout.
    ///   - requestID: the caller's own id for the request (an HTTP `X-Request-Id`), appended to the JSON `id` the
    ///     client makes, so the worker's logs carry it.
    ///   - caller: the end caller a bridge sends the request for (``ReckonClient/Request/caller``).
    /// - Throws: ``WireError``: the reply's error, `deadline_exceeded` on timeout, `unavailable` once closed.
    public func call(
        service: String,
        op: String,
        args: JSONValue = [:],
        token: String? = nil,
        idempotencyKey: String? = UUID.random().uuidString,
        timeout: Duration? = nil,
        requestID: String? = nil,
        caller: String? = nil
    ) async throws -> JSONValue {
        try await call(
            ReckonClient.Request(
                service: service,
                op: op,
                args: args,
                token: token,
                idempotencyKey: idempotencyKey,
                caller: caller
            ),
            timeout: timeout,
            requestID: requestID
        )
    }
}
