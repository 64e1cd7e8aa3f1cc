/// A value bound into, or read out of, a SQL statement. The storage layer keeps to the types both engines store
/// the same way: 64-bit integers (counts, money in minor units, times in milliseconds), text, and null.
public enum SQLValue: Sendable, Hashable {
    case int(Int64)
    case text(String)
    case null
}

/// A Swift value that binds as one ``SQLValue``.
public protocol SQLBindable: Sendable {
    /// The value as bound into a statement.
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .int(self) }
}

extension Int: SQLBindable {
    public var sqlValue: SQLValue { .int(Int64(self)) }
}

extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
}

extension Bool: SQLBindable {
    /// Booleans are stored as 0 and 1 in `BIGINT` columns, the same on both engines.
    public var sqlValue: SQLValue { .int(self ? 1 : 0) }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    /// A switch, not `map(\.sqlValue)`: a key path into a generic type is built at run time on every call, which
    /// was 2 % of the ledger worker's CPU on a bill (perf, 2026-12-01).
    public var sqlValue: SQLValue {
        switch self {
        case .some(let value): value.sqlValue
        case .none: .null
        }
    }
}
