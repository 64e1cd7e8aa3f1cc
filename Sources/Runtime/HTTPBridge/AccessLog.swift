import HTTPTypes
import Hummingbird
import Logging
import Metrics

/// Logs each request with its id, status and duration, and counts it per route and status for Prometheus
/// (`reckon_http_requests_total`, `reckon_http_request_duration_seconds`).
struct AccessLog<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - started
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        let route = context.endpointPath ?? "unmatched"
        let status = String(response.status.code)
        let dimensions = [("method", request.method.rawValue), ("route", route), ("status", status)]
        Counter(label: "reckon_http_requests_total", dimensions: dimensions).increment()
        Timer(label: "reckon_http_request_duration_seconds", dimensions: dimensions).recordNanoseconds(nanoseconds)
        context.logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method.rawValue)", "http.path": "\(request.uri.path)",
                "http.status": "\(status)", "request.id": "\(response.headers[HTTPEnvelope.requestID] ?? "-")",
                "duration.ms": "\(nanoseconds / 1_000_000)",
            ]
        )
        return response
    }
}
