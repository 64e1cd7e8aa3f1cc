import HTTPTypes
import Hummingbird
import Wire

/// Refuses, with 421 Misdirected Request, a request whose `Host` is not one the bridge was told it serves: a page
/// on another site whose name was re-pointed at the bridge's address (DNS rebinding) sends its own name as `Host`.
struct AllowedHosts<Context: RequestContext>: RouterMiddleware {
    /// `host` alone allows any port; `host:port` that port only. Compared without regard to case.
    let hosts: Set<String>

    init(_ hosts: [String]) {
        self.hosts = Set(hosts.map { $0.lowercased() })
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard let authority = request.head.authority?.lowercased(), allows(authority) else {
            let error = WireError(.invalidArgument, "this server does not answer for that Host", field: "Host")
            return ProblemDetails.answer(error, status: .misdirectedRequest).response
        }
        return try await next(request, context)
    }

    /// Whether `authority` (`host[:port]`) is allowed.
    func allows(_ authority: String) -> Bool {
        if hosts.contains(authority) { return true }
        guard let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") else { return false }
        return hosts.contains(String(authority[..<colon]))
    }
}
