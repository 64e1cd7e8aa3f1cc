/// One op of the wire contract as a type: its service, name, argument and result types and their JSON Schemas.
///
/// The worker registers the op from it, and the CLI and ``ReckonClient`` call it through it, so a field lives in
/// one place. The result's schema is derived from ``Result`` (``JSONSchema/derived(from:)``); the arguments' schema
/// is written by hand, for its patterns, bounds and descriptions, and a registry-wide test checks it against
/// ``Args`` with ``JSONSchema/drift(written:derived:path:)``.
///
/// ```swift
/// enum CartGet: OpContract {
///     static let service = "orders", name = "cart.get", summary = "A cart with its prices"
///     static let argsSchema: JSONValue = ["type": "object", "required": ["cartId"]]
///     static let effect = OpEffect.read
///     struct Args: Codable, Sendable { var cartId: String }
///     typealias Result = CartView
/// }
/// ```
public protocol OpContract: Sendable {
    associatedtype Args: Codable & Sendable
    associatedtype Result: Codable & Sendable
    /// The service that serves the op.
    static var service: String { get }
    /// The op's name in requests.
    static var name: String { get }
    /// One line for the `ops` listing.
    static var summary: String { get }
    /// The JSON Schema of ``Args``.
    static var argsSchema: JSONValue { get }
    /// The JSON Schema of ``Result``: derived from its `Decodable` conformance unless the contract states it.
    static var resultSchema: JSONValue { get }
    /// What the op does to the state behind it.
    static var effect: OpEffect { get }
    /// What the op refuses beyond its args schema: rules no schema can state. None unless the contract says.
    static var refusals: [OpRefusal] { get }
    /// Who may call it; anyone unless the contract says.
    static var access: OpAccess { get }
    /// A call of the op and its result, recorded from a live stack (each API module's generated `…Examples.swift`);
    /// ``OpExample/unrecorded`` for a new op until it is recorded.
    static var example: OpExample { get }
}

extension OpContract {
    public static var resultSchema: JSONValue { JSONSchema.derivedOrMarked(Result.self) }
    public static var refusals: [OpRefusal] { [] }
    public static var access: OpAccess { .anyone }
    public static var example: OpExample { .unrecorded }
}

extension JSONSchema {
    /// The member that marks a schema ``derivedOrMarked(_:)`` could not derive; the registry-wide contract tests
    /// fail on it.
    public static let underivableMarker = "x-underivable"

    /// ``derived(from:)`` for a contract's own types; a type that cannot be derived gives a schema that says so,
    /// which the registry-wide contract tests fail on, rather than stopping the process that registers it.
    public static func derivedOrMarked<T: Decodable>(_ type: T.Type) -> JSONValue {
        do {
            return try derived(from: type)
        } catch {
            return [underivableMarker: .string("\(error)")]
        }
    }
}

/// Arguments of ops that take none.
public struct NoArgs: Codable, Sendable, Hashable {
    public init() {}
}
