import SQLiteNIO
import Storage
import Synchronization

/// Runs one transaction's statements on its leased connection; refuses every statement once the transaction ends.
final class SQLiteExecutor: SQLExecutor {
    let engine = DatabaseEngine.sqlite
    private let connection: SQLiteConnection
    private let isOpen = Atomic(true)

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    func invalidate() {
        isOpen.store(false, ordering: .relaxed)
    }

    @discardableResult
    func query(_ sql: SQL) async throws -> [SQLRow] {
        let (text, values) = sql.rendered { _ in "?" }
        return try await run(text, values.map(Self.bind))
    }

    @discardableResult
    func run(_ text: String, _ binds: [SQLiteData] = []) async throws -> [SQLRow] {
        guard isOpen.load(ordering: .relaxed) else {
            throw StorageError(.misuse, "a statement ran after its transaction ended")
        }
        do {
            return try await connection.query(text, binds).map(Self.row)
        } catch let error as SQLiteError {
            throw StorageError(SQLiteErrorMapping.code(for: error.reason), error.message, underlying: error)
        }
    }

    private static func bind(_ value: SQLValue) -> SQLiteData {
        switch value {
        case .int(let number): .integer(SQLiteInt64(number))
        case .text(let text): .text(text)
        case .null: .null
        }
    }

    private static func row(_ row: SQLiteRow) throws -> SQLRow {
        let columns = row.columns
        return SQLRow(
            columns: columns.map(\.name),
            values: try columns.map { column in
                switch column.data {
                case .integer(let number): return .int(Int64(number))
                case .text(let text): return .text(text)
                case .null: return .null
                case .float, .blob:
                    throw StorageError(.decoding, "column \(column.name) holds a value Reckon never stores")
                }
            }
        )
    }
}
