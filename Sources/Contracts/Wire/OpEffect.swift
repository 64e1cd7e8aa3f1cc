/// What an op does to the state behind it, which says how it may be retried, cached and reached over HTTP.
public enum OpEffect: String, Codable, Sendable, Hashable, CaseIterable {
    /// Computes from its arguments alone: reads and changes nothing, so it may be retried, hedged and cached.
    case pure
    /// Reads state and changes nothing: safe to retry; HTTP `GET` reaches it.
    case read
    /// Changes state: sent again only under an idempotency key.
    case write

    /// Whether the op leaves state as it found it (`pure` or `read`): safe to retry, and reachable by HTTP `GET`.
    public var changesNothing: Bool { self != .write }
}
