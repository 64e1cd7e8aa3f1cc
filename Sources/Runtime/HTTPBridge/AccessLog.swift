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
        Self.record(
            method: request.method,
            route: context.endpointPath ?? "unmatched",
            path: request.uri.path,
            status: response.status,
            requestID: response.headers[HTTPEnvelope.requestID],
            since: started,
            logger: context.logger
        )
        return response
    }
}

extension AccessLog {
    /// Counts and logs one answered request, begun at `since`.
    static func record(
        method: HTTPRequest.Method,
        route: String,
        path: String,
        status: HTTPResponse.Status,
        requestID: String?,
        since started: ContinuousClock.Instant,
        logger: Logger
    ) {
        let elapsed = ContinuousClock.now - started
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        let code = String(status.code)
        let dimensions = [("method", method.rawValue), ("route", route), ("status", code)]
        Counter(label: "reckon_http_requests_total", dimensions: dimensions).increment()
        Timer(label: "reckon_http_request_duration_seconds", dimensions: dimensions).recordNanoseconds(nanoseconds)
        logger.info(
            "request",
            metadata: [
                "http.method": "\(method.rawValue)", "http.path": "\(path)", "http.status": "\(code)",
                "request.id": "\(requestID ?? "-")", "duration.ms": "\(nanoseconds / 1_000_000)",
            ]
        )
    }
}
