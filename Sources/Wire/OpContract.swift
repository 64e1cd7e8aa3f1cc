/// One op of the wire contract as a type: its service, name, argument and result types and argument schema.
///
/// The worker registers the op from it, and the CLI and ``ReckonClient`` call it through it, so a field lives in
/// one place.
///
/// ```swift
/// enum CartGet: OpContract {
///     static let service = "orders", name = "cart.get", summary = "A cart with its prices"
///     static let argsSchema: JSONValue = ["type": "object", "required": ["cartId"]]
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
}

/// Arguments of ops that take none.
public struct NoArgs: Codable, Sendable, Hashable {
    public init() {}
}
