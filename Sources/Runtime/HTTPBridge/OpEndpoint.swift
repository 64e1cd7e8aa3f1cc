import Foundation
import HTTPTypes
import GatewayAPI
import Hummingbird
import LedgerAPI
import Logging
import ReckonClient
import Wire

/// Answers `/v1/{service}/{op}`: the HTTP request as one op call through the gateway, and the op's reply as the
/// response (docs/http.md). `POST` takes the arguments as a JSON body; `GET` and `HEAD` take them as query
/// parameters, for ops that change nothing.
struct OpEndpoint: Sendable {
    let client: any ReckonCalls
    let catalog: OpCatalog
    let configuration: BridgeConfiguration
    let limits: CallerLimits

    /// - Parameters:
    ///   - caller: who the call is for (``CallerLimits``), named to the gateway with it.
    ///   - upload: how a `POST` whose body is a file (``ImportUpload``) makes the op's arguments from the request and
    ///     its body; without it, the body is the arguments, one JSON object.
    func respond(
        _ request: Request,
        service: String,
        op: String,
        caller: String,
        upload: (@Sendable (Request, ByteBuffer) throws -> JSONValue)? = nil
    ) async -> Response {
        var requestID = request.headers[HTTPEnvelope.requestID] ?? ""
        var conditional = false
        do {
            let opening = try open(request.method, request.headers, service: service, op: op)
            requestID = opening.envelope.requestID
            conditional = opening.envelope.ifMatch != nil
            let args =
                if opening.reading {
                    try QueryArgs.args(request.uri.query ?? "", schema: opening.description?.schema)
                } else if let upload {
                    try upload(request, try await collected(request))
                } else {
                    try await body(request)
                }
            let prepared = try prepare(opening, args: args, service: service, op: op, caller: caller)
            defer { withExtendedLifetime(prepared.ticket) {} }
            let reply = try await client.replyBytes(
                to: prepared.call,
                timeout: prepared.envelope.timeout,
                requestID: prepared.envelope.requestID
            )
            return answer(.success(reply), to: prepared, method: request.method).response
        } catch let error as WrongMethod {
            return methodNotAllowed(service: error.service, op: error.op, requestID: requestID)
        } catch {
            return Self.answer(error, conditional: conditional, requestID: requestID).response
        }
    }

    /// What is known of a request before its arguments are read: the op, whether it came as a read (`GET`, `HEAD`),
    /// and its envelope.
    struct Opening {
        let description: OpDescription?
        let reading: Bool
        let envelope: HTTPEnvelope
    }

    /// A call ready to send, with what its answer needs.
    struct PreparedCall {
        let call: ReckonClient.Request
        let envelope: HTTPEnvelope
        /// Whether the op changes nothing: it may be sent again, and reached by `GET`.
        let retryable: Bool
        /// The caller's waiting request held by a long poll.
        let ticket: LongPolls.Ticket?
    }

    /// The checks made before a request's arguments are read.
    /// - Throws: `unknown_op` for a read of an op not listed, ``WrongMethod`` for a read of an op that writes, and
    ///   the envelope's errors.
    func open(_ method: HTTPRequest.Method, _ headers: HTTPFields, service: String, op: String) throws -> Opening {
        let description = catalog.op(service, op)
        let reading = method == .get || method == .head
        if reading {
            guard let description else { throw WireError(.unknownOp, "\(service) has no op \(op)", field: "op") }
            guard description.effect?.changesNothing == true else { throw WrongMethod(service: service, op: op) }
        }
        return Opening(
            description: description,
            reading: reading,
            envelope: try HTTPEnvelope(headers, waits: configuration.requestTimeouts)
        )
    }

    /// The call a request makes with `args`: its token (the query's `access_token` for a read; none past the bridge
    /// for an operator's op), `If-Match` as the `version` argument, a fresh idempotency key for a read without one,
    /// and what the call costs its caller beyond the token the middleware took (``admit(service:op:args:caller:)``).
    func prepare(
        _ opening: Opening,
        args: JSONValue,
        service: String,
        op: String,
        caller: String
    ) throws
        -> PreparedCall
    {
        var args = args
        var token = opening.envelope.token
        if opening.reading, let queryToken = try Self.takeAccessToken(&args) { token = token ?? queryToken }
        if configuration.operatorOps.guards(service: service, op: op) {
            try configuration.operatorOps.check(token)
            token = nil  // the operator's token goes no further than the bridge
        }
        if let version = opening.envelope.ifMatch, case .object(var object) = args {
            object["version"] = JSONValue(integerLiteral: version)
            args = .object(object)
        }
        let retryable = opening.description?.effect?.changesNothing == true
        let ticket = try admit(service: service, op: op, args: args, caller: caller)
        let call = ReckonClient.Request(
            service: service,
            op: op,
            args: args,
            token: token,
            idempotencyKey: opening.envelope.idempotencyKey ?? (retryable ? UUID.random().uuidString : nil),
            caller: caller
        )
        return PreparedCall(call: call, envelope: opening.envelope, retryable: retryable, ticket: ticket)
    }

    /// The answer to a request in `method` whose call ended with `outcome`.
    func answer(
        _ outcome: Result<ReplyBytes, any Error>,
        to prepared: PreparedCall,
        method: HTTPRequest.Method
    )
        -> BridgeAnswer
    {
        do {
            let reply = try outcome.get()
            return OpResult(
                service: prepared.call.service,
                op: prepared.call.op,
                args: prepared.call.args,
                result: try reply.result(),
                readable: prepared.retryable,
                replayed: reply.replayed
            )
            .answer(method: method, envelope: prepared.envelope)
        } catch {
            return Self.answer(
                error,
                conditional: prepared.envelope.ifMatch != nil,
                requestID: prepared.envelope.requestID
            )
        }
    }

    /// The problem answered for a request that failed with `error`.
    static func answer(_ error: any Error, conditional: Bool, requestID: String) -> BridgeAnswer {
        switch error {
        case let error as WireError:
            return ProblemDetails.answer(error, conditional: conditional, headers: echo(requestID))
        case let error as BodyTooLarge:
            let wire = WireError(.resourceExhausted, "the body is larger than \(error.limit) bytes")
            return ProblemDetails.answer(wire, status: .contentTooLarge, headers: echo(requestID))
        case let error as UnsupportedBody:
            let wire = WireError(.malformedRequest, error.message, field: "Content-Type")
            return ProblemDetails.answer(wire, status: .unsupportedMediaType, headers: echo(requestID))
        default:
            return ProblemDetails.answer(WireError(.internal, "the bridge failed: \(error)"), headers: echo(requestID))
        }
    }

    /// What a call costs its caller beyond the token the middleware took: a `gateway batch` takes one more token for
    /// each request past its first, and a long poll (`activity.wait`, `roommates.wait`) holds one of the caller's
    /// waiting requests (the ticket).
    /// - Throws: `resource_exhausted` past either.
    private func admit(service: String, op: String, args: JSONValue, caller: String) throws -> LongPolls.Ticket? {
        if Self.isBatch(service: service, op: op), let count = args["requests"]?.arrayValue?.count,
            count > 1, let wait = limits.limiter.take(caller, count: count - 1).retryAfter
        {
            throw WireError(
                .resourceExhausted,
                "too many requests from this caller: a batch counts each request it carries",
                retryAfterSeconds: wait
            )
        }
        guard Self.isLongPoll(service: service, op: op) else { return nil }
        return try limits.longPolls.enter(caller)
    }

    /// Whether a call of the op costs its caller the middleware's one token and nothing more (``admit(service:op:args:caller:)``).
    func costsOneToken(service: String, op: String) -> Bool {
        !Self.isBatch(service: service, op: op) && !Self.isLongPoll(service: service, op: op)
    }

    private static func isBatch(service: String, op: String) -> Bool {
        service == GatewayOps.service && op == BatchOp.name
    }

    private static func isLongPoll(service: String, op: String) -> Bool {
        service == LedgerOps.service && longPolls.contains(op)
    }

    /// The ledger's long polls: each holds its caller's ticket while it waits.
    private static let longPolls: Set<String> = [ActivityWaitOp.name, RoommatesWaitOp.name]

    /// The `access_token` query parameter of a `GET`, taken out of the arguments: the token of a client that cannot
    /// send `Authorization` (a calendar app subscribed to `events.ical`), as RFC 6750 (section 2.3) allows. The
    /// access log never writes query strings.
    /// - Throws: `invalid_argument` for an empty one, which the document's `minLength` refuses.
    private static func takeAccessToken(_ args: inout JSONValue) throws -> String? {
        guard case .object(var object) = args, let token = object["access_token"]?.stringValue else { return nil }
        guard !token.isEmpty else {
            throw WireError(.invalidArgument, "access_token may not be empty", field: "access_token")
        }
        object["access_token"] = nil
        args = .object(object)
        return token
    }

    /// The 405 for a method the op does not take, with the methods it takes in `Allow`: `POST` for an op that
    /// writes, and `GET` and `HEAD` too for one that changes nothing (or is not listed).
    func methodNotAllowed(service: String, op: String, requestID: String = "") -> Response {
        let writes = catalog.op(service, op).map { $0.effect?.changesNothing != true } ?? false
        let allow = writes ? "POST" : "GET, HEAD, POST"
        let error = WireError(
            .invalidArgument,
            writes ? "\(service) \(op) changes state: send it with POST" : "ops take POST, or GET and HEAD"
        )
        var headers = Self.echo(requestID)
        headers[.allow] = allow
        return ProblemDetails.answer(error, status: .methodNotAllowed, headers: headers).response
    }

    /// The JSON object a `POST` carries; an empty body is `{}`. A body must come as `application/json` (a form or
    /// `text/plain`, which a page on another site may send without a preflight, never reaches an op).
    private func body(_ request: Request) async throws -> JSONValue {
        if let type = request.headers[.contentType], !Self.isJSON(type) { throw UnsupportedBody.notJSON }
        return try Self.args(body: try await collected(request), contentType: request.headers[.contentType])
    }

    /// ``body(_:)`` once the body is read.
    static func args(body buffer: ByteBuffer, contentType: String?) throws -> JSONValue {
        if let contentType, !isJSON(contentType) { throw UnsupportedBody.notJSON }
        guard buffer.readableBytes > 0 else { return [:] }
        guard contentType != nil else { throw UnsupportedBody.notJSON }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Array(buffer.readableBytesView))
        } catch {
            throw WireError(.malformedRequest, "the body must be one JSON object")
        }
        guard value.objectValue != nil else { throw WireError(.malformedRequest, "the body must be one JSON object") }
        return value
    }

    /// The request's whole body.
    /// - Throws: ``BodyTooLarge`` past the bridge's limit.
    private func collected(_ request: Request) async throws -> ByteBuffer {
        var request = request
        do {
            return try await request.collectBody(upTo: configuration.maxBodyBytes)
        } catch {
            throw BodyTooLarge(limit: configuration.maxBodyBytes)
        }
    }

    /// Whether a `Content-Type` names JSON: `application/json`, with parameters (`charset=utf-8`) or not.
    static func isJSON(_ contentType: String) -> Bool {
        HeaderText.equals(HeaderText.mediaType(contentType), lowercase: "application/json")
    }

    static func echo(_ requestID: String) -> HTTPFields {
        requestID.isEmpty ? [:] : [HTTPEnvelope.requestID: requestID]
    }
}

/// A request body not sent as a type the route takes: answered 415, with `message`.
struct UnsupportedBody: Error {
    let message: String

    static let notJSON = UnsupportedBody(message: "a body must be sent as application/json")
}

/// A read (`GET`, `HEAD`) of an op that writes: answered 405.
struct WrongMethod: Error {
    let service: String
    let op: String
}

/// A request body over the bridge's limit.
struct BodyTooLarge: Error {
    let limit: Int
}
