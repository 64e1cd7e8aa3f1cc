/// A SQL statement and its bound values, written once for both engines.
///
/// Interpolated values become bound parameters, never text in the statement, so they cannot inject SQL; each engine
/// renders its own placeholders (`?` for SQLite, `$1`, `$2`, ... for PostgreSQL). `\(raw:)` inlines trusted text
/// such as a table name.
///
/// ```swift
/// let rows = try await executor.query("SELECT quantity FROM cart_lines WHERE cart_id = \(cartID)")
/// ```
public struct SQL: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// One piece of a statement: literal text or a bound value.
    public enum Fragment: Sendable, Hashable {
        case text(String)
        case value(SQLValue)
    }

    /// The statement's pieces in order.
    public private(set) var fragments: [Fragment]

    public init(stringLiteral value: String) {
        fragments = [.text(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        fragments = stringInterpolation.fragments
    }

    /// Builds the statement's text with `placeholder(n)` for the n-th bound value (1-based), and the values in order.
    public func rendered(placeholder: (Int) -> String) -> (text: String, values: [SQLValue]) {
        var text = ""
        var values: [SQLValue] = []
        values.reserveCapacity(fragments.count / 2)
        for fragment in fragments {
            switch fragment {
            case .text(let literal):
                text += literal
            case .value(let value):
                values.append(value)
                text += placeholder(values.count)
            }
        }
        return (text, values)
    }

    /// Joins statements' pieces with `separator` text between them, e.g. for a list of bound values.
    public static func joined(_ parts: [SQL], separator: String) -> SQL {
        var result = SQL(stringLiteral: "")
        result.fragments = []
        result.fragments.reserveCapacity(parts.reduce(parts.count) { $0 + $1.fragments.count })
        for (index, part) in parts.enumerated() {
            if index > 0 { result.fragments.append(.text(separator)) }
            result.fragments += part.fragments
        }
        return result
    }

    /// Appends another statement's pieces.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.fragments.reserveCapacity(lhs.fragments.count + rhs.fragments.count)
        result.fragments += rhs.fragments
        return result
    }

    /// Collects literal text and bound values.
    public struct StringInterpolation: StringInterpolationProtocol {
        var fragments: [Fragment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            fragments.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { fragments.append(.text(literal)) }
        }

        /// Binds a value as a parameter.
        public mutating func appendInterpolation(_ value: some SQLBindable) {
            fragments.append(.value(value.sqlValue))
        }

        /// Binds an optional value as a parameter: SQL NULL when it is `nil`.
        public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            fragments.append(.value(value.sqlValue))
        }

        /// Inlines trusted text (a table or column name, never user input).
        public mutating func appendInterpolation(raw text: String) {
            fragments.append(.text(text))
        }

        /// Inlines another statement, keeping its bound values bound.
        public mutating func appendInterpolation(_ sql: SQL) {
            fragments += sql.fragments
        }
    }
}
