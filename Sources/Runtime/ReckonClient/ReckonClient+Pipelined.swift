import Foundation
import Synchronization
import Tracing
import Wire

extension ReckonClient {
    /// One call of a pipelined batch (see ``calls(_:timeout:)``).
    public struct Request: Sendable {
        public var service: String
        public var op: String
        public var args: JSONValue
        public var token: String?
        /// As in ``ReckonClient/call(service:op:args:token:idempotencyKey:timeout:)``: fresh by default.
        public var idempotencyKey: String?
        /// The end caller a bridge sends the request for (``Wire/RequestHeader/caller``); only a client the gateway
        /// trusts to name callers may set it.
        public var caller: String?
        /// The W3C trace context the call continues (``Wire/RequestHeader/traceparent``). Left nil, a client whose
        /// process has a tracer sends its own span's, under the task's current context.
        public var traceparent: String?
        /// The vendor part of the trace context, sent with ``traceparent``.
        public var tracestate: String?

        public init(
            service: String,
            op: String,
            args: JSONValue = [:],
            token: String? = nil,
            idempotencyKey: String? = UUID.random().uuidString,
            caller: String? = nil,
            traceparent: String? = nil,
            tracestate: String? = nil
        ) {
            self.service = service
            self.op = op
            self.args = args
            self.token = token
            self.idempotencyKey = idempotencyKey
            self.caller = caller
            self.traceparent = traceparent
            self.tracestate = tracestate
        }
    }

    /// Sends every request at once on the client's one socket (pipelined: queued under one lock, one wake-up of
    /// the client's thread, sent in one turn) and returns each one's `result` or error, in the order given. The
    /// gateway spreads them over every idle worker, so a batch finishes in about the time of its slowest share
    /// rather than the sum of round trips.
    ///
    /// ```swift
    /// let results = await client.calls((1...100).map {
    ///     .init(service: "calc", op: "evaluate", args: ["expression": .string("\($0)^2")])
    /// })
    /// ```
    /// - Parameter timeout: for each call; the configured timeout by default.
    public func calls(_ requests: [Request], timeout: Duration? = nil) async -> [Result<JSONValue, any Error>] {
        guard !requests.isEmpty else { return [] }
        // No span of their own: each carries the task's current trace context, when the process traces.
        let queued = requests.map { queuedRequest(tracer == nil ? $0 : $0.carrying(ServiceContext.current)) }
        let deadline = ContinuousClock.now + (timeout ?? configuration.timeout)
        let ids = queued.map(\.id)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let batch = PipelinedBatch(count: queued.count, continuation: continuation)
                enqueue(
                    queued.enumerated().map { index, request in
                        (
                            request, false, deadline,
                            { batch.finish(index, with: $0.flatMap { json in Result { try json.replyResult() } }) }
                        )
                    }
                )
            }
        } onCancel: {
            let calls = shared.state.withLock { state in ids.compactMap { state.pending.removeValue(forKey: $0) } }
            for call in calls { call.complete(.failure(CancellationError())) }
        }
    }
}

/// Collects a batch's results in order and resumes its caller when the last one arrives.
private final class PipelinedBatch: Sendable {
    private let state: Mutex<(results: [Result<JSONValue, any Error>?], remaining: Int)>
    private let continuation: CheckedContinuation<[Result<JSONValue, any Error>], Never>

    init(count: Int, continuation: CheckedContinuation<[Result<JSONValue, any Error>], Never>) {
        state = Mutex((Array(repeating: nil, count: count), count))
        self.continuation = continuation
    }

    /// Records call `index`'s result; the last one resumes the caller with all of them.
    func finish(_ index: Int, with result: Result<JSONValue, any Error>) {
        let done = state.withLock { state -> [Result<JSONValue, any Error>]? in
            state.results[index] = result
            state.remaining -= 1
            return state.remaining == 0 ? state.results.map { $0! } : nil
        }
        if let done { continuation.resume(returning: done) }
    }
}
