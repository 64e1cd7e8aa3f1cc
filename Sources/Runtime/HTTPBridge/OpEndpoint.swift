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
            let description = catalog.op(service, op)
            let reading = request.method == .get || request.method == .head
            if reading {
                guard let description else { throw WireError(.unknownOp, "\(service) has no op \(op)", field: "op") }
                guard description.effect?.changesNothing == true else {
                    return methodNotAllowed(service: service, op: op, requestID: requestID)
                }
            }
            let envelope = try HTTPEnvelope(request.headers, waits: configuration.requestTimeouts)
            requestID = envelope.requestID
            conditional = envelope.ifMatch != nil
            var args =
                if reading {
                    try QueryArgs.args(request.uri.query ?? "", schema: description?.schema)
                } else if let upload {
                    try upload(request, try await collected(request))
                } else {
                    try await body(request)
                }
            var token = envelope.token
            if reading, let queryToken = try Self.takeAccessToken(&args) { token = token ?? queryToken }
            if configuration.operatorOps.guards(service: service, op: op) {
                try configuration.operatorOps.check(token)
                token = nil  // the operator's token goes no further than the bridge
            }
            if let version = envelope.ifMatch, case .object(var object) = args {
                object["version"] = JSONValue(integerLiteral: version)
                args = .object(object)
            }
            let retryable = description?.effect?.changesNothing == true
            let ticket = try admit(service: service, op: op, args: args, caller: caller)
            defer { withExtendedLifetime(ticket) {} }
            let call = ReckonClient.Request(
                service: service,
                op: op,
                args: args,
                token: token,
                idempotencyKey: envelope.idempotencyKey ?? (retryable ? UUID.random().uuidString : nil),
                caller: caller
            )
            let reply = try await client.replyBytes(to: call, timeout: envelope.timeout, requestID: envelope.requestID)
            return OpResult(
                service: service,
                op: op,
                args: args,
                result: try reply.result(),
                readable: retryable,
                replayed: reply.replayed
            )
            .response(request: request, envelope: envelope)
        } catch let error as WireError {
            return ProblemDetails.response(error, conditional: conditional, headers: Self.echo(requestID))
        } catch let error as BodyTooLarge {
            let wire = WireError(.resourceExhausted, "the body is larger than \(error.limit) bytes")
            return ProblemDetails.response(wire, status: .contentTooLarge, headers: Self.echo(requestID))
        } catch let error as UnsupportedBody {
            let wire = WireError(.malformedRequest, error.message, field: "Content-Type")
            return ProblemDetails.response(wire, status: .unsupportedMediaType, headers: Self.echo(requestID))
        } catch {
            let wire = WireError(.internal, "the bridge failed: \(error)")
            return ProblemDetails.response(wire, headers: Self.echo(requestID))
        }
    }

    /// What a call costs its caller beyond the token the middleware took: a `gateway batch` takes one more token for
    /// each request past its first, and a long poll (`activity.wait`, `roommates.wait`) holds one of the caller's
    /// waiting requests (the ticket).
    /// - Throws: `resource_exhausted` past either.
    private func admit(service: String, op: String, args: JSONValue, caller: String) throws -> LongPolls.Ticket? {
        if service == GatewayOps.service, op == BatchOp.name, let count = args["requests"]?.arrayValue?.count,
            count > 1, let wait = limits.limiter.take(caller, count: count - 1).retryAfter
        {
            throw WireError(
                .resourceExhausted,
                "too many requests from this caller: a batch counts each request it carries",
                retryAfterSeconds: wait
            )
        }
        guard service == LedgerOps.service, Self.longPolls.contains(op) else { return nil }
        return try limits.longPolls.enter(caller)
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
        return ProblemDetails.response(error, status: .methodNotAllowed, headers: headers)
    }

    /// The JSON object a `POST` carries; an empty body is `{}`. A body must come as `application/json` (a form or
    /// `text/plain`, which a page on another site may send without a preflight, never reaches an op).
    private func body(_ request: Request) async throws -> JSONValue {
        if let type = request.headers[.contentType], !Self.isJSON(type) { throw UnsupportedBody.notJSON }
        let buffer = try await collected(request)
        guard buffer.readableBytes > 0 else { return [:] }
        guard request.headers[.contentType] != nil else { throw UnsupportedBody.notJSON }
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

/// A request body over the bridge's limit.
struct BodyTooLarge: Error {
    let limit: Int
}
