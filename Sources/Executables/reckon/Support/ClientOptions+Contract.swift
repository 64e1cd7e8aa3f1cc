import ArgumentParser
import Foundation
import ReckonClient
import Wire

extension ClientOptions {
    /// Calls the op a contract describes, with typed arguments and result. A reply error is printed to standard
    /// error with every detail, as `call(service:op:args:)` does, and ends the command with exit code 1.
    /// - Parameters:
    ///   - token: the orders staff key, for staff ops.
    ///   - idempotencyKey: the request's key; a fresh one by default.
    func call<Contract: OpContract>(
        _ contract: Contract.Type,
        _ args: Contract.Args,
        token: String? = nil,
        idempotencyKey: String = UUID().uuidString
    ) async throws -> Contract.Result {
        let client = try makeClient()
        defer { client.close() }
        do {
            return try await client.call(contract, args, token: token, idempotencyKey: idempotencyKey)
        } catch let error as WireError {
            FileHandle.standardError.write(Data((Self.describe(error) + "\n").utf8))
            throw ExitCode(1)
        }
    }

    /// Prints a typed `result` as pretty JSON when `--json` is set, else as `text(result)`.
    func print<Result: Encodable>(typed result: Result, text: (Result) -> String) throws {
        Swift.print(json ? try JSONValue(parsing: JSONCoding.encode(result)).prettyText : text(result))
    }
}
