import Foundation
import Wire

extension ReckonClient {
    /// Calls the op a contract describes, with typed arguments and result.
    ///
    /// ```swift
    /// let cart = try await client.call(CartCreateOp.self, NoArgs())
    /// ```
    /// - Parameters:
    ///   - token: a ledger session token, or the orders staff key.
    ///   - idempotencyKey: as in ``call(service:op:args:token:idempotencyKey:timeout:requestID:caller:)``.
    ///   - caller: the end caller a bridge sends the request for (``Request/caller``).
    /// - Throws: ``WireError``: the reply's error, `deadline_exceeded` on timeout; `internal` when the result does
    ///   not decode as the contract's `Result`.
    public func call<Contract: OpContract>(
        _ contract: Contract.Type,
        _ args: Contract.Args,
        token: String? = nil,
        idempotencyKey: String? = UUID.random().uuidString,
        timeout: Duration? = nil,
        caller: String? = nil
    ) async throws -> Contract.Result {
        let json = try JSONValue(parsing: JSONCoding.encode(args))
        let result = try await call(
            service: Contract.service,
            op: Contract.name,
            args: json,
            token: token,
            idempotencyKey: idempotencyKey,
            timeout: timeout,
            caller: caller
        )
        do {
            return try JSONValueDecoder.decode(Contract.Result.self, from: result)
        } catch {
            throw WireError(.internal, "\(Contract.name) answered a result this client cannot read: \(error)")
        }
    }
}
