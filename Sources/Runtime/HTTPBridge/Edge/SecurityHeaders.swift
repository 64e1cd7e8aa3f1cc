import HTTPTypes
import Hummingbird

/// Headers on every response that keep a browser from misusing what the bridge sends: a Content Security Policy
/// that loads scripts, styles and connections from the bridge alone and lets no page frame it, no MIME sniffing,
/// and no referrer sent elsewhere.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    /// The web app and `/docs` load everything from the bridge itself; the app's icon is an empty `data:` URL.
    static var policy: String {
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'"
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // The router's own answers (404 for no route) carry the headers too.
            response = try error.response(from: request, context: context)
        }
        Self.add(to: &response.headers)
        return response
    }
}

extension SecurityHeaders {
    /// Sets the headers on `headers`.
    static func add(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.xFrameOptions] = "DENY"
        headers[.referrerPolicy] = "no-referrer"
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
}
