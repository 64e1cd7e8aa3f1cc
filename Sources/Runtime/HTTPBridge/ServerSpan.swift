import EnvelopeTracing
import HTTPTypes
import Hummingbird
import Tracing

/// The request's SERVER span (OpenTelemetry's HTTP conventions: named `METHOD ROUTE`, with `http.request.method`,
/// `url.path`, `http.route`, `http.response.status_code`, and an error status for a 5xx), continuing the caller's
/// `traceparent`, and answered as `traceresponse` (W3C Trace Context Level 2) so a caller that sent none learns the
/// trace its request started. Everything after it runs in the span's context: logs, limits, the op's call.
///
/// Hummingbird's `TracingMiddleware` does the same but ends every span after the body is written, by wrapping each
/// body in a closure, which costs a bridge answer its one-write path (decision 0109). A body of known length is ready
/// when `next` returns, so its span ends then; a stream's (Server-Sent Events) ends after its last write.
struct ServerSpan<Context: RequestContext>: RouterMiddleware {
    let tracer: any Tracer

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var parent = ServiceContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &parent, using: FieldsExtractor())
        let span = tracer.startAnySpan(request.method.rawValue, context: parent, ofKind: .server)
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes["http.request.method"] = request.method.rawValue
                attributes["url.path"] = request.uri.path
            }
        }
        do {
            var response = try await ServiceContext.$current.withValue(span.context) {
                try await next(request, context)
            }
            finish(span, request.method, status: Int(response.status.code), route: context.endpointPath)
            if let traceparent = EnvelopeTrace.fields(of: span.context).traceparent {
                response.headers[FieldNames.traceresponse] = traceparent
            }
            guard response.body.contentLength == nil else {
                span.end()
                return response
            }
            let stream = response.body
            response.body = ResponseBody { writer in
                defer { span.end() }
                try await stream.write(writer)
            }
            return response
        } catch {
            let status = Int((error as? any HTTPResponseError)?.status.code ?? 500)
            finish(span, request.method, status: status, route: context.endpointPath)
            span.recordError(error)
            span.end()
            throw error
        }
    }

    private func finish(_ span: any Span, _ method: HTTPRequest.Method, status: Int, route: String?) {
        guard span.isRecording else { return }
        if let route { span.operationName = "\(method.rawValue) \(route)" }
        span.updateAttributes { attributes in
            attributes["http.route"] = route
            attributes["http.response.status_code"] = status
        }
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }
}

/// The trace context's header names, made once.
private enum FieldNames {
    static let traceparent = HTTPField.Name("traceparent")!
    static let tracestate = HTTPField.Name("tracestate")!
    static let traceresponse = HTTPField.Name("traceresponse")!
}

private struct FieldsExtractor: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        switch key {
        case "traceparent": carrier[FieldNames.traceparent]
        case "tracestate": carrier[FieldNames.tracestate]
        default: HTTPField.Name(key).flatMap { carrier[$0] }
        }
    }
}
