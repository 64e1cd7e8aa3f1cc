import Hummingbird
import LedgerAPI
import Wire

/// `POST /v1/ledger/households/{householdId}/import?from=…`: `import.start` with the file as the request's body,
/// its bytes as exported (`application/octet-stream`, `text/csv` or `application/json`: `from` names the format), so
/// that a client uploads a file without wrapping it in JSON (docs/http.md, "Importing a file"). `from`, `dryRun` and
/// `members` (JSON text) come in the query; the answer is the op's.
enum ImportUpload {
    /// The route under `/v1`.
    static let route: RouterPath = "ledger/households/:householdId/import"
    /// The path in the OpenAPI document.
    static let path = "/v1/ledger/households/{householdId}/import"
    /// The body's media types.
    static let mediaTypes = ["application/octet-stream", "text/csv", "application/json"]

    /// `import.start`'s arguments: the query's, the household in the path, and the body as `file`.
    /// - Throws: ``UnsupportedBody`` for another media type; `invalid_argument` for a body that is not UTF-8, or a
    ///   `file` or `householdId` in the query.
    static func args(householdID: String) -> @Sendable (Request, ByteBuffer) throws -> JSONValue {
        { request, body in
            let type = request.headers[.contentType].map(HeaderText.mediaType)
            guard let type, mediaTypes.contains(where: { HeaderText.equals(type, lowercase: $0) }) else {
                throw UnsupportedBody(
                    message: "an import's body is the file as exported: application/octet-stream, text/csv or "
                        + "application/json"
                )
            }
            guard case .object(var args) = try QueryArgs.args(request.uri.query ?? "", schema: ImportStartOp.argsSchema)
            else { throw WireError(.internal, "query arguments are an object") }
            for field in ["file", "householdId"] where args[field] != nil {
                throw WireError(.invalidArgument, "\(field) is not a query parameter of an upload", field: field)
            }
            guard let file = String(validating: body.readableBytesView, as: UTF8.self) else {
                throw WireError(.invalidArgument, "the file must be UTF-8 text", field: "file")
            }
            args["householdId"] = .string(householdID)
            args["file"] = .string(file)
            return .object(args)
        }
    }
}
