import EnvelopeTracing
import Tracing
import Wire

/// The span of one request a worker serves: CONSUMER, named `SERVICE/OP`, continuing the trace its envelope carries
/// (``Wire/RequestHeader/traceparent``), with `reckon.service`, `reckon.op` and `reckon.effect`. A request answered
/// with an error has the wire error's code as its status and as `reckon.error.code`.
enum OpSpan {
    static func start(_ tracer: any Tracer, service: String, header: RequestHeader, effect: OpEffect?) -> any Span {
        let span = EnvelopeTrace.startSpan(
            "\(service)/\(header.op)",
            of: header,
            service: service,
            kind: .consumer,
            tracer: tracer
        )
        if span.isRecording { span.attributes["reckon.effect"] = effect?.rawValue }
        return span
    }

    /// Runs `body` with `span`'s context as the current one (so the op's own spans, its SQL, are its children), or
    /// as it is when there is no span.
    static func within<Result>(_ span: (any Span)?, _ body: () throws -> Result) rethrows -> Result {
        guard let span else { return try body() }
        return try ServiceContext.$current.withValue(span.context, operation: body)
    }

    /// ``within(_:_:)`` for an async `body`.
    static func within<Result: Sendable>(
        _ span: (any Span)?,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        guard let span else { return try await body() }
        return try await ServiceContext.$current.withValue(span.context, operation: body)
    }

    /// Ends `span`, marking it failed with `error`'s code when there is one.
    static func end(_ span: (any Span)?, error: WireError? = nil) {
        guard let span else { return }
        if let error { EnvelopeTrace.markFailed(span, code: error.code.rawValue) }
        span.end()
    }
}
