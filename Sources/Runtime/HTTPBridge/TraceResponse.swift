import EnvelopeTracing
import HTTPTypes
import Hummingbird
import Tracing

/// Answers with the request's server span as `traceresponse` (W3C Trace Context Level 2), so a caller that sent no
/// `traceparent` learns the trace its request started. Runs inside Hummingbird's `TracingMiddleware`.
struct TraceResponse<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("traceresponse")! }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        if let context = ServiceContext.current, let traceparent = EnvelopeTrace.fields(of: context).traceparent {
            response.headers[Self.header] = traceparent
        }
        return response
    }
}
