/// A URL subscribed to a scope's events (a household's, or the orders'), as stored, with where its delivery stands.
public struct WebhookSubscription: Sendable, Hashable {
    /// `wh_` and a UUID.
    public var id: String
    /// Whose events it receives: a household id, or `orders`.
    public var scope: String
    public var url: String
    public var secret: WebhookSecret
    /// Event types and patterns (``WebhookSubscription/wants(_:)``).
    public var events: [String]
    /// `active`, or `disabled` (the receiver answered 410, or the subscription was paused).
    public var state: String
    /// Why it is disabled.
    public var reason: String?
    public var createdBy: String
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// The scope's last event this subscription is done with (delivered, given up or not wanted).
    public var cursor: Int64
    /// Failed attempts in a row at the event after ``cursor``.
    public var failures: Int
    /// When the next attempt may go, in milliseconds since 1970.
    public var nextAt: Int64
    /// Attempts made so far, all events together: the last attempt's number.
    public var attempts: Int64

    /// Creates the value.
    public init(
        id: String,
        scope: String,
        url: String,
        secret: WebhookSecret,
        events: [String],
        state: String,
        reason: String?,
        createdBy: String,
        createdAt: Int64,
        cursor: Int64,
        failures: Int,
        nextAt: Int64,
        attempts: Int64
    ) {
        self.id = id
        self.scope = scope
        self.url = url
        self.secret = secret
        self.events = events
        self.state = state
        self.reason = reason
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.cursor = cursor
        self.failures = failures
        self.nextAt = nextAt
        self.attempts = attempts
    }

    /// Whether an event of `type` goes to this subscription: when a pattern is the type itself, `*`, or `prefix.*`
    /// and the type starts with `prefix.`.
    public func wants(_ type: String) -> Bool {
        events.contains { pattern in
            pattern == type || pattern == "*" || (pattern.hasSuffix(".*") && type.hasPrefix(pattern.dropLast()))
        }
    }
}
