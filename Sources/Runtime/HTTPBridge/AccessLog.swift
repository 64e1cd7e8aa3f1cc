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
            path: request.uri.path,
            status: response.status,
            requestID: response.headers[HTTPEnvelope.requestID],
            since: started,
            logger: context.logger,
            meters: Meters(method: request.method, route: context.endpointPath ?? "unmatched", status: response.status)
        )
        return response
    }
}

extension AccessLog {
    /// The request counter and the duration timer of one method, route and status. Making them looks them up in the
    /// metrics' registry, so a caller that answers many requests keeps them.
    struct Meters {
        let requests: Counter
        let duration: Timer

        init(method: HTTPRequest.Method, route: String, status: HTTPResponse.Status) {
            let dimensions = [("method", method.rawValue), ("route", route), ("status", String(status.code))]
            requests = Counter(label: "reckon_http_requests_total", dimensions: dimensions)
            duration = Timer(label: "reckon_http_request_duration_seconds", dimensions: dimensions)
        }
    }

    /// Counts and logs one answered request, begun at `since`.
    static func record(
        method: HTTPRequest.Method,
        path: String,
        status: HTTPResponse.Status,
        requestID: String?,
        since started: ContinuousClock.Instant,
        logger: Logger,
        meters: Meters
    ) {
        let elapsed = ContinuousClock.now - started
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        meters.requests.increment()
        meters.duration.recordNanoseconds(nanoseconds)
        logger.info(
            "request",
            metadata: [
                "http.method": "\(method.rawValue)", "http.path": "\(path)", "http.status": "\(status.code)",
                "request.id": "\(requestID ?? "-")", "duration.ms": "\(nanoseconds / 1_000_000)",
            ]
        )
    }
}
