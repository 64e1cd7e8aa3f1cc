import Majordomo

/// Limits a client key's allow-list line gives it in place of the gateway's (`rate=`, `burst=`, `pending=`,
/// `pending-bytes=`): a bridge such as `reckon-http`, which the gateway sees as one client for all its callers, gets
/// room of its own. What a line leaves out is the gateway's.
public struct ClientLimitOverrides: Sendable, Hashable {
    public var rate: Double?
    public var burst: Int?
    public var pending: Int?
    public var pendingBytes: Int?

    public init(rate: Double? = nil, burst: Int? = nil, pending: Int? = nil, pendingBytes: Int? = nil) {
        self.rate = rate
        self.burst = burst
        self.pending = pending
        self.pendingBytes = pendingBytes
    }

    /// The gateway's `defaults` with these in their place.
    public func applied(to defaults: ClientLimits) -> ClientLimits {
        ClientLimits(
            rate: rate ?? defaults.rate,
            burst: burst ?? defaults.burst,
            maximumPending: pending ?? defaults.maximumPending,
            maximumPendingBytes: pendingBytes ?? defaults.maximumPendingBytes,
            maximumTracked: defaults.maximumTracked
        )
    }

    /// Reads one `name=value` field of a client line into these overrides.
    /// - Throws: a failure naming the field, for an unknown name or a value that is not a number >= 0.
    mutating func read(_ field: Substring) throws(AllowListLine.Failure) {
        let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw .init("a client line holds one key, limits as name=value, and an optional # comment")
        }
        let (name, text) = (parts[0], parts[1])
        let whole = Int(text).flatMap { $0 >= 0 ? $0 : nil }
        switch name {
        case "rate":
            guard let value = Double(text), value >= 0, value.isFinite else {
                throw .init("rate must be a number >= 0")
            }
            rate = value
        case "burst":
            guard let whole, whole > 0 else { throw .init("burst must be a whole number > 0") }
            burst = whole
        case "pending": pending = try Self.count(whole, name)
        case "pending-bytes": pendingBytes = try Self.count(whole, name)
        default: throw .init("unknown client limit \(name): rate, burst, pending or pending-bytes")
        }
    }

    private static func count(_ value: Int?, _ name: String) throws(AllowListLine.Failure) -> Int {
        guard let value else { throw .init("\(name) must be a whole number >= 0 (0: unlimited)") }
        return value
    }
}
