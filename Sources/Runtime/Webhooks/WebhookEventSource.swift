import Storage

/// One event of a scope, as a webhook carries it: its number in the scope's order, its type, and the delivery's
/// body (`{"type", "timestamp", "data"}`, Standard Webhooks' form).
public struct WebhookEvent: Sendable, Hashable {
    public var seq: Int64
    public var type: String
    public var body: [UInt8]

    public init(seq: Int64, type: String, body: [UInt8]) {
        self.seq = seq
        self.type = type
        self.body = body
    }

    /// The `webhook-id` of the event of `scope` numbered `seq`: the same on every attempt and redelivery, so a
    /// receiver applies each event once.
    public static func messageID(scope: String, seq: Int64) -> String { "msg_\(scope)_\(seq)" }
}

/// Where a service's events are read from: its outbox, a table each change writes its event row to in the change's
/// own transaction, numbered per scope without gaps (the ledger's activity log, the orders' event table).
public protocol WebhookEventSource: Sendable {
    /// True, over a subscription row `w`, when its scope (`w.scope`) has events after `w.cursor`.
    var pending: SQL { get }
    /// The scope's events after `cursor`, oldest first, at most `limit`.
    func events(scope: String, after cursor: Int64, limit: Int, in db: any SQLExecutor) async throws -> [WebhookEvent]
    /// The number of the scope's last event (0 when it has none): where a new subscription starts.
    func head(scope: String, in db: any SQLExecutor) async throws -> Int64
    /// The scope's event `seq`, or nil.
    func event(scope: String, seq: Int64, in db: any SQLExecutor) async throws -> WebhookEvent?
}
