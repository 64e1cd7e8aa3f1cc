import HTTPTypes
import Hummingbird

/// CORS for an allow-list of origins (`*` for any): a simple or actual request from a listed origin gets
/// `Access-Control-Allow-Origin` with the origin itself and the headers a client may read; an `OPTIONS` preflight
/// from a listed origin is answered 204 with the methods and headers the API takes. Requests from other origins
/// get no CORS headers, so a browser keeps their responses from the page.
struct CORSPolicy<Context: RequestContext>: RouterMiddleware {
    let origins: Set<String>

    static var allowedMethods: String { "GET, HEAD, POST, OPTIONS" }
    static var allowedHeaders: String {
        "Authorization, Content-Type, Idempotency-Key, X-Request-Id, Request-Timeout, If-Match, If-None-Match, "
            + "Last-Event-ID, traceparent, tracestate"
    }
    static var exposedHeaders: String {
        "ETag, Link, Location, Retry-After, X-Request-Id, Content-Disposition, Idempotent-Replayed, traceresponse"
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard let origin = request.headers[.origin], allows(origin) else {
            return try await next(request, context)
        }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var headers = corsHeaders(origin)
            headers[.accessControlAllowMethods] = Self.allowedMethods
            headers[.accessControlAllowHeaders] = Self.allowedHeaders
            headers[.accessControlMaxAge] = "600"
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        response.headers.append(contentsOf: corsHeaders(origin))
        return response
    }

    private func allows(_ origin: String) -> Bool {
        origins.contains("*") || origins.contains(origin)
    }

    private func corsHeaders(_ origin: String) -> HTTPFields {
        [.accessControlAllowOrigin: origin, .vary: "Origin", .accessControlExposeHeaders: Self.exposedHeaders]
    }
}
