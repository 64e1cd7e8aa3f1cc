/// A webhook subscription as the ledger's and the orders' `webhooks.*` ops answer it.
public struct WebhookView: Codable, Sendable, Hashable {
    /// `wh_` and a UUID.
    public var webhookId: String
    /// The URL each event is posted to.
    public var url: String
    /// The event types and patterns it receives (`bill.*`, `payment.recorded`, `*`).
    public var events: [String]
    /// `active`, or `disabled` (the receiver answered 410 Gone; `webhooks.resume` starts it again).
    public var state: String
    /// Why it is disabled.
    public var reason: String?
    /// The last event it is done with (delivered, given up, or not of its types): in the ledger, a household
    /// activity cursor.
    public var cursor: Int
    /// Failed attempts in a row at the next event; 0 when none failed.
    public var failures: Int
    /// When the next attempt may go, after a failure (ISO 8601).
    public var nextAttemptAt: String?
    public var createdBy: String
    public var createdAt: String
    /// The signing secret (`whsec_…`, Standard Webhooks' form): answered by `webhooks.subscribe` only.
    public var secret: String?

    /// Creates the value.
    public init(
        webhookId: String,
        url: String,
        events: [String],
        state: String,
        reason: String?,
        cursor: Int,
        failures: Int,
        nextAttemptAt: String?,
        createdBy: String,
        createdAt: String,
        secret: String?
    ) {
        self.webhookId = webhookId
        self.url = url
        self.events = events
        self.state = state
        self.reason = reason
        self.cursor = cursor
        self.failures = failures
        self.nextAttemptAt = nextAttemptAt
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.secret = secret
    }
}

/// One attempt to deliver an event, as `webhooks.deliveries` lists it.
public struct WebhookAttemptView: Codable, Sendable, Hashable {
    /// The subscription's attempts are numbered 1, 2, 3, ...: pass the last one seen as `before` for older ones.
    public var number: Int
    /// The event's `webhook-id`, the same on every attempt.
    public var eventId: String
    /// The event's number in its scope (a household activity cursor), and its type.
    public var cursor: Int
    public var type: String
    /// `schedule` (the relay's own turn) or `redeliver` (asked for by `webhooks.redeliver`).
    public var trigger: String
    /// `delivered` (a 2xx answer), `failed` (tried again later, unless a redelivery), `gave_up` (failed, and the
    /// retry schedule is over), `gone` (410: the subscription was disabled).
    public var outcome: String
    /// The receiver's status, when it answered.
    public var status: Int?
    /// Why no answer came (a refused target, a timeout, a connection error).
    public var error: String?
    public var at: String
    public var milliseconds: Int

    /// Creates the value.
    public init(
        number: Int,
        eventId: String,
        cursor: Int,
        type: String,
        trigger: String,
        outcome: String,
        status: Int?,
        error: String?,
        at: String,
        milliseconds: Int
    ) {
        self.number = number
        self.eventId = eventId
        self.cursor = cursor
        self.type = type
        self.trigger = trigger
        self.outcome = outcome
        self.status = status
        self.error = error
        self.at = at
        self.milliseconds = milliseconds
    }
}
