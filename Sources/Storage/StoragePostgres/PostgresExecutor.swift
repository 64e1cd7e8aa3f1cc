import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization

/// Runs one transaction's statements on its leased connection; refuses every statement once the transaction ends.
///
/// A batching executor (``PostgresDatabase/batchedWrite(_:)``) runs its reads at once, each its own transaction,
/// keeps its write steps, and sends them as one statement in ``flush()``.
final class PostgresExecutor: SQLExecutor {
    let engine = DatabaseEngine.postgres
    private let connection: PostgresConnection
    private let logger: Logger
    private let sent: StatementCounter
    private let statements: PreparedStatements
    private let isOpen = Atomic(true)
    /// The write steps kept until ``flush()``; `nil` when steps are sent as they come.
    private let batch: Mutex<[WriteStep]?>
    /// What runs once the transaction has committed.
    let commitActions = CommitActions()

    init(
        connection: PostgresConnection,
        logger: Logger,
        sent: StatementCounter,
        statements: PreparedStatements,
        batching: Bool = false
    ) {
        self.connection = connection
        self.logger = logger
        self.sent = sent
        self.statements = statements
        batch = Mutex(batching ? [] : nil)
    }

    func invalidate() {
        isOpen.store(false, ordering: .relaxed)
    }

    var lockingRead: SQL { batch.withLock { $0 == nil } ? " FOR UPDATE" : "" }

    func afterCommit(_ action: @escaping @Sendable () -> Void) {
        commitActions.append(action)
    }

    func write(_ steps: [WriteStep]) async throws {
        let kept = batch.withLock { batch in
            guard batch != nil else { return false }
            batch?.append(contentsOf: steps)
            return true
        }
        if !kept { try await sendWrites(steps) }
    }

    /// Sends the kept write steps as one statement (its own transaction: it commits when it succeeds).
    /// - Throws: ``Storage/StorageError``, or a step's `unlessRow` error.
    func flush() async throws {
        let steps = batch.withLock { batch in
            defer { batch = [] }
            return batch ?? []
        }
        try await sendWrites(steps)
    }

    /// Sends `steps`: one alone as it is, several as one statement of CTEs.
    private func sendWrites(_ steps: [WriteStep]) async throws {
        guard steps.count > 1 else {
            if let step = steps.first, try await query(step.sql, checked: false).isEmpty, let refusal = step.unlessRow {
                throw refusal
            }
            return
        }
        do {
            try await query(try CombinedWrite.statement(steps), checked: false)
        } catch let error as StorageError {
            throw CombinedWrite.error(error, of: steps)
        }
    }

    @discardableResult
    func query(_ sql: SQL) async throws -> [SQLRow] {
        try await query(sql, checked: true)
    }

    /// Runs `sql` as a prepared statement (``PreparedStatements``); when `checked`, a batching executor refuses
    /// anything but a read (its writes are steps).
    @discardableResult
    private func query(_ sql: SQL, checked: Bool) async throws -> [SQLRow] {
        let (text, values) = sql.rendered { "$\($0)" }
        if checked, batch.withLock({ $0 != nil }), !Self.isRead(text) {
            throw StorageError(.misuse, "a batched write writes through write steps only: \(text.prefix(40))")
        }
        let binds = values.map { value -> PostgresData in
            switch value {
            case .int(let number): PostgresData(int64: number)
            case .text(let text): PostgresData(string: text)
            case .null: .null
            }
        }
        let (connection, logger, statements) = (connection, logger, statements)
        return try await rows {
            statements.run(text, binds, unnamed: { Self.unnamed(text, values) }, on: connection, logger: logger)
        }
    }

    /// `text` with `values`, as an unnamed statement.
    private static func unnamed(_ text: String, _ values: [SQLValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .int(let number): bindings.append(number)
            case .text(let text): bindings.append(text)
            case .null: bindings.appendNull()
            }
        }
        return PostgresQuery(unsafeSQL: text, binds: bindings)
    }

    /// Whether `text` is a plain SELECT (a batched write's reads run on their own, so may not write).
    private static func isRead(_ text: String) -> Bool {
        text.drop(while: \.isWhitespace).prefix(6).uppercased() == "SELECT"
    }

    /// Runs `query` unnamed (`BEGIN`, `COMMIT`, `ROLLBACK`).
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [SQLRow] {
        let (connection, logger) = (connection, logger)
        return try await rows { connection.query(query, logger: logger).map(\.rows) }
    }

    /// The rows of the statement `statement` sends, once the transaction is known to be open.
    private func rows(_ statement: @escaping @Sendable () -> EventLoopFuture<[PostgresRow]>) async throws -> [SQLRow] {
        guard isOpen.load(ordering: .relaxed) else {
            throw StorageError(.misuse, "a statement ran after its transaction ended")
        }
        sent.add()
        do {
            // Every row of a result shares the first row's column names.
            var columns: [String]?
            return try await send(statement).map { cells in
                let row = try Self.row(cells, columns: columns)
                columns = row.columns
                return row
            }
        } catch let error as PSQLError {
            throw PostgresErrorMapping.storageError(for: error)
        } catch let error as PostgresError {
            let mapped = PostgresErrorMapping.storageError(for: error)
            // Another worker's migration changed a table under a kept statement: drop them, and let the write run
            // again (a serialization failure is retried).
            if mapped.code == .serializationFailure { statements.forget(connection) }
            throw mapped
        } catch let error as PostgresDecodingError {
            throw StorageError(.decoding, "\(error)", underlying: error)
        } catch {
            throw PostgresErrorMapping.storageError(forTransport: error) ?? error
        }
    }

    /// Sends the statement `statement` makes from the connection's event loop, and only while the connection is
    /// open.
    ///
    /// PostgresNIO's async `query` hands the statement to the channel without a promise: once the channel has
    /// closed (the server restarted, say), the statement is dropped and the query waits forever, deaf to
    /// cancellation. On the event loop nothing runs between the check and the hand-over, so the statement either
    /// reaches the connection's handler (which fails it if the connection closes later) or is answered
    /// `unavailable` here. A transaction runs on the loop already (``PostgresDatabase`` prefers it as the task's
    /// executor), so the check and hand-over cost no thread hop; from elsewhere they are submitted to the loop.
    /// Cancelling the task closes the connection, which fails the statement at once.
    private func send(
        _ statement: @escaping @Sendable () -> EventLoopFuture<[PostgresRow]>
    ) async throws -> [PostgresRow] {
        let connection = connection
        let loop = connection.eventLoop
        let submit = { () -> EventLoopFuture<[PostgresRow]> in
            guard !connection.isClosed else {
                return loop.makeFailedFuture(StorageError(.unavailable, "the PostgreSQL connection has closed"))
            }
            return statement()
        }
        let result = loop.inEventLoop ? submit() : loop.flatSubmit(submit)
        return try await withTaskCancellationHandler {
            try await result.get()
        } onCancel: {
            let _: EventLoopFuture<Void> = connection.close()
        }
    }

    private static func row(_ row: PostgresRow, columns: [String]?) throws -> SQLRow {
        var values: [SQLValue] = []
        values.reserveCapacity(columns?.count ?? 8)
        for var cell in row {
            // PostgresNIO asks for every result column in binary (its Bind sends one result format, binary), but
            // a prepared statement's cells carry the format its Describe reported before that Bind: text.
            cell.format = .binary
            values.append(try value(of: cell))
        }
        return SQLRow(columns: columns ?? row.map(\.columnName), values: values)
    }

    private static func value(of cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        // What a function called for its effect returns (`pg_notify`): no value.
        case .void: return .null
        case .int2, .int4, .int8: return .int(try cell.decode(Int64.self))
        case .bool: return .int(try cell.decode(Bool.self) ? 1 : 0)
        case .text, .varchar, .name, .bpchar: return .text(try cell.decode(String.self))
        case .numeric:
            // SUM over BIGINT is NUMERIC on PostgreSQL; Reckon sums whole minor units only.
            let number = try cell.decode(Decimal.self)
            guard let integer = Int64(exactly: NSDecimalNumber(decimal: number).int64Value),
                Decimal(integer) == number
            else { throw StorageError(.decoding, "column \(cell.columnName) is not a whole number") }
            return .int(integer)
        default:
            throw StorageError(
                .decoding,
                "column \(cell.columnName) has type \(cell.dataType), which Reckon never stores"
            )
        }
    }
}
