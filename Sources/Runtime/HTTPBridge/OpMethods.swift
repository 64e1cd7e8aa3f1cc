import Hummingbird

/// Answers 405, with `Allow`, a request to `/v1/{service}/{op}` in any method but `GET`, `HEAD` and `POST` (`PUT`,
/// `DELETE`, `TRACE`, `QUERY`, a plain `OPTIONS`…), where the router alone would answer 404. A CORS preflight is
/// answered before it, by ``CORSPolicy``.
struct OpMethods<Context: RequestContext>: RouterMiddleware {
    let endpoint: OpEndpoint

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "v1", ![.get, .head, .post].contains(request.method)
        else { return try await next(request, context) }
        return endpoint.methodNotAllowed(
            service: String(parts[2]),
            op: String(parts[3]),
            requestID: request.headers[HTTPEnvelope.requestID] ?? ""
        )
    }
}
