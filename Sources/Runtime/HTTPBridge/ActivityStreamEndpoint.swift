import Foundation
import HTTPTypes
import Hummingbird
import LedgerAPI
import ReckonClient
import Wire

/// Answers `GET /v1/ledger/households/{householdId}/activity` with `Accept: text/event-stream`: the household's
/// activity entries as Server-Sent Events (docs/http.md, "Live activity"). Each event's `id:` is its cursor; a
/// reconnect with `Last-Event-ID` (or a first connect with `?after=`) resumes after it, with nothing lost and nothing
/// repeated: what happened since is read with `activity.list` and the caller's own token (which also checks its
/// session and membership before the stream starts), then the stream joins the household's shared feed.
struct ActivityStreamEndpoint: Sendable {
    let client: ReckonClient
    let streams: ActivityStreams
    let configuration: BridgeConfiguration
    let longPolls: LongPolls

    /// The route under `/v1`.
    static let route: RouterPath = "ledger/households/:householdId/activity"
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// How long a browser waits before it reconnects, sent as `retry:`.
    static let retryMilliseconds = 2000

    /// - Parameter caller: who the stream is for (``CallerLimits``): it holds one of the caller's waiting requests
    ///   (``LongPolls``) until it ends.
    func respond(_ request: Request, householdID: String, caller: String) async -> Response {
        var requestID = request.headers[HTTPEnvelope.requestID] ?? ""
        do {
            let envelope = try HTTPEnvelope(request.headers, waits: configuration.requestTimeouts)
            requestID = envelope.requestID
            guard Self.acceptsEventStream(request.headers) else {
                let error = WireError(.invalidArgument, "this route streams text/event-stream: send that Accept header")
                return ProblemDetails.answer(error, status: .notAcceptable, headers: OpEndpoint.echo(requestID))
                    .response
            }
            // Browsers' EventSource sends no Authorization header: a token may come as `access_token` instead.
            let token = envelope.token ?? request.uri.queryParameters["access_token"].map(String.init)
            let after = try Self.cursor(request)
            let ticket = try longPolls.enter(caller)
            let first = try await page(householdID, after: after, token: token, caller: caller)
            var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
            headers[HTTPEnvelope.requestID] = requestID
            return Response(
                status: .ok,
                headers: headers,
                body: ResponseBody { [self] writer in
                    defer { withExtendedLifetime(ticket) {} }
                    try await stream(householdID, token: token, caller: caller, from: first, to: &writer)
                }
            )
        } catch let error as WireError {
            return ProblemDetails.answer(error, headers: OpEndpoint.echo(requestID)).response
        } catch {
            let wire = WireError(.internal, "the bridge failed: \(error)")
            return ProblemDetails.answer(wire, headers: OpEndpoint.echo(requestID)).response
        }
    }

    /// Writes what the caller missed, page by page, then the household's live entries until the stream ends
    /// (the client goes, reads too slowly, loses its membership, or the bridge shuts down).
    private func stream(
        _ householdID: String,
        token: String?,
        caller: String,
        from first: ActivityListOp.Result,
        to writer: inout any ResponseBodyWriter
    ) async throws {
        try await writer.write(ByteBuffer(string: "retry: \(Self.retryMilliseconds)\n\n"))
        var cursor = 0
        var page: ActivityListOp.Result? = first
        while true {
            while let current = page {
                for entry in current.entries { try await write(entry, to: &writer) }
                cursor = current.cursor
                page =
                    current.more ? try await self.page(householdID, after: cursor, token: token, caller: caller) : nil
            }
            if let subscription = streams.join(householdID, token: token, after: cursor) {
                defer { subscription.leave() }
                for await event in subscription.events {
                    switch event {
                    case .entry(let entry) where entry.cursor > cursor:
                        try await write(entry, to: &writer)
                        cursor = entry.cursor
                    case .entry: break
                    case .keepalive: try await writer.write(ByteBuffer(string: ": keepalive\n\n"))
                    }
                }
                try await writer.finish(nil)
                return
            }
            page = try await self.page(householdID, after: cursor, token: token, caller: caller)
        }
    }

    private func write(_ entry: ActivityView, to writer: inout any ResponseBodyWriter) async throws {
        let data = String(decoding: try JSONCoding.encode(entry), as: UTF8.self)
        try await writer.write(ByteBuffer(string: "id: \(entry.cursor)\nevent: activity\ndata: \(data)\n\n"))
    }

    private func page(
        _ householdID: String,
        after: Int,
        token: String?,
        caller: String
    ) async throws -> ActivityListOp.Result {
        try await client.call(
            ActivityListOp.self,
            .init(householdId: householdID, after: after, limit: 500),
            token: token,
            caller: caller
        )
    }

    /// `Last-Event-ID`, else the `after` query parameter, else 0 (the whole log). Both are checked when both are
    /// sent, though the header wins: a bad `after` is refused whatever resumes the stream.
    private static func cursor(_ request: Request) throws -> Int {
        let after = try request.uri.queryParameters["after"].map { try Self.cursor(String($0), field: "after") }
        let resumed = try request.headers[lastEventID].map { try Self.cursor($0, field: "Last-Event-ID") }
        return resumed ?? after ?? 0
    }

    /// `text` as a cursor.
    /// - Throws: `invalid_argument` (on `field`) unless it is an integer >= 0.
    private static func cursor(_ text: String, field: String) throws -> Int {
        guard let cursor = Int(text.trimmingCharacters(in: .whitespaces)), cursor >= 0 else {
            throw WireError(.invalidArgument, "\(field) must be a cursor: an integer >= 0", field: field)
        }
        return cursor
    }

    private static func acceptsEventStream(_ headers: HTTPFields) -> Bool {
        headers[values: .accept].flatMap { $0.split(separator: ",") }.contains { range in
            let type = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            return type == "text/event-stream" || type == "text/*" || type == "*/*"
        }
    }
}
