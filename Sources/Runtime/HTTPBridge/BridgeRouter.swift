import EnvelopeTracing
import HTTPTypes
import Hummingbird
import LedgerAPI
import Logging
import ReckonClient
import Wire

/// The bridge's routes (docs/http.md): every op at `/v1/{service}/{op}`, a household's live activity as
/// Server-Sent Events, a file uploaded for import, the OpenAPI document and its page, and the probes a load balancer asks.
public enum BridgeRouter {
    /// The router, with a server span and `traceresponse` when the process traces, access logs and metrics, the
    /// security headers and gzip on every route, the `Host` check when hosts are listed, CORS when origins are listed,
    /// 405 for a method no op takes, and the per-caller limits on the ops (``CallerLimits``). The ops go through
    /// `opCalls` (a client on the event loops), or `client` when it is `nil`; the rest of the bridge (streams, token
    /// checks) through `client`. When `opCalls` answers on the event loops and the process does not trace, the
    /// connections' pipelines answer the common op calls themselves (``PipelineOpHandler``, decision 0136).
    /// - Parameter serverName: the `Server` header the application sends, for the answers the pipelines write.
    public static func make(
        client: ReckonClient,
        opCalls: (any ReckonCalls)? = nil,
        catalog: OpCatalog,
        streams: ActivityStreams,
        configuration: BridgeConfiguration,
        serverName: String? = nil
    ) -> BridgeRoutes {
        let router = Router(context: BridgeContext.self)
        if let tracer = EnvelopeTrace.tracer {
            router.add(middleware: ServerSpan(tracer: tracer))
        }
        router.add(middleware: AccessLog())
        router.add(middleware: SecurityHeaders())
        router.add(middleware: GzipAnswers())
        if !configuration.allowedHosts.isEmpty {
            router.add(middleware: AllowedHosts(configuration.allowedHosts))
        }
        if !configuration.corsOrigins.isEmpty {
            router.add(middleware: CORSPolicy(origins: Set(configuration.corsOrigins)))
        }
        router.add(middleware: WebApp.files(logger: Logger(label: "reckon.http.files")))
        let limits = CallerLimits(
            limiter: RateLimiter(limit: configuration.rate),
            tokens: ConfirmedTokens(client: client),
            proxies: configuration.trustedProxies,
            longPolls: LongPolls(perCaller: configuration.longPollsPerCaller)
        )
        let endpoint = OpEndpoint(
            client: opCalls ?? client,
            catalog: catalog,
            configuration: configuration,
            limits: limits
        )
        let pipelineOps = (opCalls as? any LoopCalls).flatMap { calls in
            EnvelopeTrace.tracer == nil ? PipelineOps(endpoint: endpoint, calls: calls, serverName: serverName) : nil
        }
        router.add(middleware: OpMethods(endpoint: endpoint))
        router.get("/health") { _, _ in json(["status": "ok"]) }
        router.get("/ready") { _, _ in
            catalog.isReady ? json(["status": "ready"]) : json(["status": "starting"], status: .serviceUnavailable)
        }
        router.get("/openapi.json") { request, _ in
            let document = try catalog.openAPIDocument(requestTimeouts: configuration.requestTimeouts)
            var headers: HTTPFields = [.contentType: "application/json"]
            Gzip.vary(&headers)
            guard Gzip.accepted(by: request.headers[values: .acceptEncoding]) else {
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: document.json))
            }
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: document.gzipped))
        }
        router.get("/docs") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: DocsPage.html))
            )
        }
        let ops = router.group("/v1").add(middleware: CallerLimitsMiddleware(limits: limits))
        let activity = ActivityStreamEndpoint(
            client: client,
            streams: streams,
            configuration: configuration,
            longPolls: limits.longPolls
        )
        ops.get(ActivityStreamEndpoint.route) { request, context in
            await activity.respond(
                request,
                householdID: context.parameters.get("householdId") ?? "",
                caller: context.caller
            )
        }
        ops.post(ImportUpload.route) { request, context in
            await endpoint.respond(
                request,
                service: LedgerOps.service,
                op: ImportStartOp.name,
                caller: context.caller,
                upload: ImportUpload.args(householdID: context.parameters.get("householdId") ?? "")
            )
        }
        for method in [HTTPRequest.Method.get, .head, .post] {
            ops.on(":service/:op", method: method) { request, context in
                await endpoint.respond(
                    request,
                    service: context.parameters.get("service") ?? "",
                    op: context.parameters.get("op") ?? "",
                    caller: context.caller
                )
            }
        }
        return BridgeRoutes(router: router, pipelineOps: pipelineOps)
    }

    private static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serialized))
        )
    }
}

/// The bridge's routes: its router, and the op calls its connections' pipelines answer before the router, if any.
public struct BridgeRoutes {
    public let router: Router<BridgeContext>
    let pipelineOps: PipelineOps?
}
