import EnvelopeTracing
import Tracing

extension ReckonClient.Request {
    /// Sends this request through `send`, in a PRODUCER span `SERVICE/OP` whose context it carries, when the process
    /// has a `tracer` and the request names no trace context of its own; as it is otherwise.
    public func traced<Result>(
        by tracer: (any Tracer)?,
        _ send: (ReckonClient.Request) async throws -> Result
    ) async rethrows -> Result {
        guard let tracer, traceparent == nil else { return try await send(self) }
        // Not `withSpan`: the context travels in the request, so no task-local value is bound for it.
        let span = tracer.startAnySpan("\(service)/\(op)", ofKind: .producer)
        defer { span.end() }
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes["reckon.service"] = service
                attributes["reckon.op"] = op
            }
        }
        do {
            return try await send(carrying(span.context))
        } catch {
            span.recordError(error)
            throw error
        }
    }

    /// This request carrying `context`'s trace context, unless it names its own.
    public func carrying(_ context: ServiceContext?) -> ReckonClient.Request {
        guard traceparent == nil, let context else { return self }
        var request = self
        (request.traceparent, request.tracestate) = EnvelopeTrace.fields(of: context)
        return request
    }
}
