import Wire
import WorkerRuntime

/// A service under test driven through its real ``WorkerRuntime/OpDispatcher`` with JSON request bodies exactly
/// as a worker receives them: no sockets, no gateway. Conformers supply the dispatcher; the requests come free.
public protocol DispatchingHarness: Sendable {
    var dispatcher: OpDispatcher { get }
}

extension DispatchingHarness {
    /// Sends one request body and answers the whole reply envelope; `caller` is the end caller a bridge would name.
    public func send(
        _ op: String,
        _ args: JSONValue? = nil,
        token: String? = nil,
        key: String? = nil,
        id: String? = nil,
        caller: String? = nil
    ) async throws -> JSONValue {
        var request = JSONObject([("op", .string(op))])
        if let caller { request["caller"] = .string(caller) }
        if let args { request["args"] = args }
        if let id { request["id"] = .string(id) }
        if let token { request["token"] = .string(token) }
        if let key { request["idempotencyKey"] = .string(key) }
        let reply = await dispatcher.handle([JSONValue.object(request).serialized])
        return try JSONValue(parsing: reply)
    }

    /// Sends one request and answers its result; a failed reply is thrown as its ``Wire/WireError``.
    public func call(
        _ op: String,
        _ args: JSONValue? = nil,
        token: String? = nil,
        key: String? = nil
    ) async throws -> JSONValue {
        try await send(op, args, token: token, key: key).replyResult()
    }

    /// The error a request is answered with; throws ``UnexpectedSuccess`` when it succeeds.
    public func failure(
        _ op: String,
        _ args: JSONValue? = nil,
        token: String? = nil,
        key: String? = nil
    ) async throws -> WireError {
        do {
            let result = try await call(op, args, token: token, key: key)
            throw UnexpectedSuccess(op: op, result: result.jsonText)
        } catch let error as WireError {
            return error
        }
    }

    /// Calls an op through its contract, encoding the arguments and decoding the result.
    public func call<Contract: OpContract>(
        _ contract: Contract.Type,
        _ args: Contract.Args,
        token: String? = nil,
        key: String? = nil
    ) async throws -> Contract.Result {
        let result = try await call(Contract.name, try jsonValue(args), token: token, key: key)
        return try JSONValueDecoder.decode(Contract.Result.self, from: result)
    }

    /// The error an op answers through its contract; throws ``UnexpectedSuccess`` when it succeeds.
    public func failure<Contract: OpContract>(
        _ contract: Contract.Type,
        _ args: Contract.Args,
        token: String? = nil,
        key: String? = nil
    ) async throws -> WireError {
        try await failure(Contract.name, try jsonValue(args), token: token, key: key)
    }
}

/// A value as JSON, through the wire's own encoder.
public func jsonValue(_ value: some Encodable) throws -> JSONValue {
    try JSONValue(parsing: try JSONCoding.encode(value))
}

/// A request that should have failed succeeded.
public struct UnexpectedSuccess: Error, CustomStringConvertible {
    public let op: String
    public let result: String
    public var description: String { "\(op) succeeded but a failure was expected: \(result)" }
}
