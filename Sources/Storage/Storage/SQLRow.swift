/// One result row: column names and their values.
public struct SQLRow: Sendable, Hashable {
    /// The column names, in the statement's order.
    public let columns: [String]
    /// The values, parallel to ``columns``.
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.columns = columns
        self.values = values
    }

    /// The value of `column`.
    /// - Throws: ``StorageError`` (`decoding`) when the row has no such column.
    public func value(_ column: String) throws -> SQLValue {
        guard let index = columns.firstIndex(of: column) else {
            throw StorageError(.decoding, "result has no column \(column)")
        }
        return values[index]
    }

    /// The integer in `column`.
    /// - Throws: ``StorageError`` (`decoding`) when it is missing, null or not an integer.
    public func int(_ column: String) throws -> Int64 {
        guard case .int(let value) = try value(column) else {
            throw StorageError(.decoding, "column \(column) is not an integer")
        }
        return value
    }

    /// The integer in `column`, or `nil` when it is null.
    /// - Throws: ``StorageError`` (`decoding`) when it is missing or not an integer.
    public func optionalInt(_ column: String) throws -> Int64? {
        switch try value(column) {
        case .null: return nil
        case .int(let value): return value
        case .text: throw StorageError(.decoding, "column \(column) is not an integer")
        }
    }

    /// The text in `column`.
    /// - Throws: ``StorageError`` (`decoding`) when it is missing, null or not text.
    public func text(_ column: String) throws -> String {
        guard case .text(let value) = try value(column) else {
            throw StorageError(.decoding, "column \(column) is not text")
        }
        return value
    }

    /// The text in `column`, or `nil` when it is null.
    /// - Throws: ``StorageError`` (`decoding`) when it is missing or not text.
    public func optionalText(_ column: String) throws -> String? {
        switch try value(column) {
        case .null: return nil
        case .text(let value): return value
        case .int: throw StorageError(.decoding, "column \(column) is not text")
        }
    }
}
