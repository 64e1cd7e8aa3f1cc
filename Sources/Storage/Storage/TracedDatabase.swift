import Tracing

/// A database whose statements make spans (OpenTelemetry's database conventions): one CLIENT span per statement,
/// named by its summary (``SQLSummary``), with `db.system.name`, `db.query.summary` and `db.query.text` (the text
/// with placeholders: bound values are never recorded), and one per group of writes (`db.operation.batch.size`).
/// A batched write (``Database/batchedWrite(_:)``) is a span of its own: on PostgreSQL its writes are sent when its
/// body returns, inside it, so their group's span only records them (`reckon.db.sent_with_batch`).
///
/// Spans are children of the task's current context: a worker runs each op inside its request's span.
public struct TracedDatabase<Base: Database>: Database {
    let base: Base
    let tracer: any Tracer

    public init(_ base: Base, tracer: any Tracer) {
        self.base = base
        self.tracer = tracer
    }

    public var engine: DatabaseEngine { base.engine }

    public func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await base.read { try await body(TracedExecutor(base: $0, tracer: tracer, deferred: false)) }
    }

    public func write<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await base.write { try await body(TracedExecutor(base: $0, tracer: tracer, deferred: false)) }
    }

    public func batchedWrite<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await tracer.withAnySpan("BATCHED WRITE", ofKind: .client) { span in
            span.attributes["db.system.name"] = engine.systemName
            return try await base.batchedWrite {
                try await body(TracedExecutor(base: $0, tracer: tracer, deferred: engine == .postgres))
            }
        }
    }
}

extension TracedDatabase: ChangeNotifying where Base: ChangeNotifying {
    public func listen(
        on channel: String,
        received: @escaping @Sendable (String) -> Void,
        resumed: @escaping @Sendable () -> Void
    ) async {
        await base.listen(on: channel, received: received, resumed: resumed)
    }
}

/// The statements of one transaction, each in its span.
private struct TracedExecutor: SQLExecutor {
    let base: any SQLExecutor
    let tracer: any Tracer
    /// Its writes are sent when the batched write's body returns, not when they are made.
    let deferred: Bool

    var engine: DatabaseEngine { base.engine }
    var lockingRead: SQL { base.lockingRead }

    @discardableResult
    func query(_ sql: SQL) async throws -> [SQLRow] {
        let text = sql.rendered(placeholder: { "$\($0)" }).text
        let summary = SQLSummary.of(text)
        return try await tracer.withAnySpan(summary, ofKind: .client) { span in
            span.updateAttributes { attributes in
                attributes["db.system.name"] = engine.systemName
                attributes["db.query.summary"] = summary
                attributes["db.query.text"] = text
            }
            return try await base.query(sql)
        }
    }

    func write(_ steps: [WriteStep]) async throws {
        let summaries = steps.map { SQLSummary.of($0.sql.rendered(placeholder: { "$\($0)" }).text) }
        let summary = "BATCH " + summaries.joined(separator: "; ")
        try await tracer.withAnySpan(summary, ofKind: .client) { span in
            span.updateAttributes { attributes in
                attributes["db.system.name"] = engine.systemName
                attributes["db.query.summary"] = summary
                attributes["db.operation.batch.size"] = steps.count
                if deferred { attributes["reckon.db.sent_with_batch"] = true }
            }
            try await base.write(steps)
        }
    }

    func afterCommit(_ action: @escaping @Sendable () -> Void) { base.afterCommit(action) }
}

extension DatabaseEngine {
    /// The engine's `db.system.name`.
    var systemName: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgresql"
        }
    }
}
