import Logging
import Storage
import Wire
import WorkerRuntime

/// Makes a write with an `idempotencyKey` happen once: the first request's result is stored with the write, in
/// its transaction, and every later request with the same key and arguments gets that result without running the
/// op again; the same key with other arguments gets `conflict`.
enum IdempotentWrite {
    /// Keys longer than this are refused (API: up to 128 characters).
    static let maximumKeyLength = 128

    /// Runs `write` once per key within `db`'s transaction, or answers the stored result of the first run.
    /// - Parameters:
    ///   - owner: whose keys these are (a user id) when keys are kept per owner; `nil` for one namespace.
    static func run(
        _ request: OpRequest,
        service: String,
        owner: String?,
        in db: any SQLExecutor,
        _ write: () async throws -> OpResponse
    ) async throws -> OpResponse {
        guard let key = try key(of: request) else { return try await write() }
        let digest = try digest(of: request)
        let op = request.context.op
        let scopedKey = scoped(key, owner: owner)
        let claim = try await IdempotencyRecords.claim(
            service: service,
            op: op,
            key: scopedKey,
            argsDigest: digest,
            in: db
        )
        guard claim == .claimed else { return try answer(claim, to: request) }
        let response = try await write()
        let result = String(decoding: response.resultJSON, as: UTF8.self)
        try await IdempotencyRecords.store(result: result, service: service, op: op, key: scopedKey, in: db)
        return response
    }

    /// The stored result of a `replay`, or `conflict` for a `mismatch`.
    static func answer(_ claim: IdempotencyRecords.Claim, to request: OpRequest) throws -> OpResponse {
        guard case .replay(let result) = claim, let key = request.context.idempotencyKey else {
            throw WireError(
                .conflict,
                "idempotencyKey \(request.context.idempotencyKey ?? "") was already used for \(request.context.op) "
                    + "with other arguments",
                field: "idempotencyKey"
            )
        }
        request.context.logger.debug("idempotent replay", metadata: ["idempotency.key": "\(key)"])
        return OpResponse(resultJSON: Array(result.utf8), replayed: true)
    }

    /// `request`'s key, `nil` when it has none.
    /// - Throws: `invalid_argument` for a key of the wrong length.
    static func key(of request: OpRequest) throws -> String? {
        guard let key = request.context.idempotencyKey else { return nil }
        guard !key.isEmpty, key.unicodeScalars.count <= maximumKeyLength else {  // code points, as JSON Schema counts
            throw WireError(
                .invalidArgument,
                "idempotencyKey must have 1 to \(maximumKeyLength) characters",
                field: "idempotencyKey"
            )
        }
        return key
    }

    /// The digest of `request`'s arguments, which a replay must match.
    static func digest(of request: OpRequest) throws -> String {
        Blake2bDigest.hex(of: try JSONCoding.encode(request.args ?? .object(JSONObject())))
    }

    /// `key` as stored: `owner/key` when keys are kept per owner.
    static func scoped(_ key: String, owner: String?) -> String {
        owner.map { "\($0)/\(key)" } ?? key
    }
}
