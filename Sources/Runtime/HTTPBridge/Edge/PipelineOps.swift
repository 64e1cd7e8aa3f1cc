import GatewayAPI
import HTTPTypes
import LedgerAPI
import Logging
import NIOCore
import ReckonClient
import Wire

/// What ``PipelineOpHandler`` needs to answer an op call from the connection's pipeline, shared by every connection:
/// the router's own ``OpEndpoint`` and ``CallerLimits`` (one rate limiter for both paths), and a client that answers on
/// the event loop. It takes a request only when the router would answer it with a call and nothing else, and asks
/// the same checks the router's path asks, in the same order (decision 0136).
struct PipelineOps: Sendable {
    let endpoint: OpEndpoint
    let calls: any LoopCalls
    let limits: CallerLimits
    /// The `Server` header's value, as the application's configuration names it.
    let serverName: String?
    private let allowedHosts: AllowedHosts<BridgeContext>?
    let logger = Logger(label: "reckon.http")

    init(endpoint: OpEndpoint, calls: any LoopCalls, serverName: String?) {
        self.endpoint = endpoint
        self.calls = calls
        limits = endpoint.limits
        self.serverName = serverName
        let hosts = endpoint.configuration.allowedHosts
        allowedHosts = hosts.isEmpty ? nil : AllowedHosts(hosts)
    }

    /// The metrics' route for an op call, as the router names it.
    static let route = "/v1/{service}/{op}"

    /// A request this path answers, once its head is read.
    struct Taken {
        let service: String
        let op: String
        let path: Substring
        let query: Substring
    }

    /// The call of a request this path answers, ready to send, and its caller.
    struct Call {
        let prepared: OpEndpoint.PreparedCall
        let caller: String
    }

    /// Whether this path may answer `head`: a `GET` or `POST` to `/v1/{service}/{op}` of an op that costs its caller
    /// no more than one token (not a `batch`, not a long poll), asking for nothing that another middleware answers or
    /// changes (no CORS `Origin` while origins are listed, a `Host` the bridge serves, no `If-None-Match`), nor
    /// anything the server acts on (no `Expect`, and no `Connection` but `keep-alive`, as browsers send).
    func takes(_ head: HTTPRequest) -> Taken? {
        guard head.method == .get || head.method == .post, let target = head.path,
            let taken = Self.opTarget(target),
            endpoint.costsOneToken(service: taken.service, op: taken.op),
            head.headerFields[.connection].map({ HeaderText.equals(HeaderText.trimmed($0), lowercase: "keep-alive") })
                ?? true,
            head.headerFields[.expect] == nil,
            head.headerFields[.ifNoneMatch] == nil,
            endpoint.configuration.corsOrigins.isEmpty || head.headerFields[.origin] == nil
        else { return nil }
        if let allowedHosts {
            guard let authority = head.authority, allowedHosts.allows(authority.lowercased()) else { return nil }
        }
        return taken
    }

    /// The call `head` and its `body` make for a caller at `peer`, or nil when any check of the router's path would
    /// refuse it or its caller's session token is not known yet: the router then answers it.
    func call(_ head: HTTPRequest, _ taken: Taken, body: ByteBuffer?, peer: String) -> Call? {
        guard let caller = limits.knownCaller(head.headerFields, peer: peer),
            let opening = try? endpoint.open(head.method, head.headerFields, service: taken.service, op: taken.op),
            let args = try? arguments(head, taken, opening: opening, body: body),
            let prepared = try? endpoint.prepare(
                opening,
                args: args,
                service: taken.service,
                op: taken.op,
                caller: caller
            )
        else { return nil }
        return Call(prepared: prepared, caller: caller)
    }

    private func arguments(
        _ head: HTTPRequest,
        _ taken: Taken,
        opening: OpEndpoint.Opening,
        body: ByteBuffer?
    ) throws
        -> JSONValue
    {
        if opening.reading { return try QueryArgs.args(String(taken.query), schema: opening.description?.schema) }
        return try OpEndpoint.args(
            body: body ?? ByteBuffer(),
            contentType: head.headerFields[.contentType]
        )
    }

    /// The service and op of `/v1/{service}/{op}` (with a query or not), each one or more letters, digits, `.`, `_` or
    /// `-`; nil for any other target.
    static func opTarget(_ target: String) -> Taken? {
        let path = target.prefix { $0 != "?" }
        let query = target.dropFirst(path.count + 1)
        guard path.hasPrefix("/v1/") else { return nil }
        let parts = path.dropFirst(4).split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isNameByte) }) else { return nil }
        return Taken(service: String(parts[0]), op: String(parts[1]), path: path, query: query)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// `answer` as the router's middlewares and server would finish it: gzip, the security headers, `Date`, `Server`
    /// and `Content-Length`.
    func finish(_ answer: BridgeAnswer, request head: HTTPRequest, date: String) -> (HTTPResponse, ByteBuffer) {
        var headers = answer.headers
        var body = answer.body ?? ByteBuffer()
        let length = body.readableBytes
        if Gzip.varies(
            &headers,
            status: answer.status,
            method: head.method,
            length: length,
            accepting: head.headerFields
        ) {
            if let compressed = try? Gzip.compress(body) { body = compressed } else { headers[.contentEncoding] = nil }
        }
        SecurityHeaders<BridgeContext>.add(to: &headers)
        headers[.date] = date
        if let serverName { headers[.server] = serverName }
        headers[.contentLength] = String(body.readableBytes)
        return (HTTPResponse(status: answer.status, headerFields: headers), body)
    }
}
