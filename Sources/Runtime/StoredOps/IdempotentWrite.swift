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
        guard let key = request.context.idempotencyKey else { return try await write() }
        guard !key.isEmpty, key.count <= maximumKeyLength else {
            throw WireError(
                .invalidArgument,
                "idempotencyKey must have 1 to \(maximumKeyLength) characters",
                field: "idempotencyKey"
            )
        }
        let digest = Blake2bDigest.hex(of: try JSONCoding.encode(request.args ?? .object(JSONObject())))
        let op = request.context.op
        let scopedKey = owner.map { "\($0)/\(key)" } ?? key
        switch try await IdempotencyRecords.claim(service: service, op: op, key: scopedKey, argsDigest: digest, in: db)
        {
        case .claimed:
            let response = try await write()
            let result = String(decoding: response.resultJSON, as: UTF8.self)
            try await IdempotencyRecords.store(result: result, service: service, op: op, key: scopedKey, in: db)
            return response
        case .replay(let result):
            request.context.logger.debug("idempotent replay", metadata: ["idempotency.key": "\(key)"])
            return OpResponse(resultJSON: Array(result.utf8))
        case .mismatch:
            throw WireError(
                .conflict,
                "idempotencyKey \(key) was already used for \(op) with other arguments",
                field: "idempotencyKey"
            )
        }
    }
}
