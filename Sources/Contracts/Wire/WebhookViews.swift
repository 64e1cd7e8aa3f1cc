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

/// What `webhooks.list` answers: the webhooks, without their secrets.
public struct WebhookList: Codable, Sendable, Hashable {
    public var webhooks: [WebhookView]
    public init(webhooks: [WebhookView]) { self.webhooks = webhooks }
}

/// What `webhooks.deliveries` answers: a page of attempts, newest first.
public struct WebhookDeliveries: Codable, Sendable, Hashable {
    public var attempts: [WebhookAttemptView]
    /// Whether older attempts follow (pass the last `number` as `before`).
    public var more: Bool
    public init(attempts: [WebhookAttemptView], more: Bool) {
        self.attempts = attempts
        self.more = more
    }
}

/// What `webhooks.redeliver` answers.
public struct WebhookRedelivery: Codable, Sendable, Hashable {
    /// The event's `webhook-id`.
    public var eventId: String
    public var queued: Bool
    public init(eventId: String, queued: Bool) {
        self.eventId = eventId
        self.queued = queued
    }
}

/// The event types one service's webhooks may name, and the schemas and checks of the `webhooks.*` ops' arguments,
/// which the ledger's and the orders' contracts share.
public struct WebhookEventTypes: Sendable {
    /// The families of event types: each type is `family.verb`.
    public let families: [String]

    public init(families: [String]) { self.families = families }

    /// The most event patterns one subscription may name.
    public static let patternLimit = 20

    /// Whether `text` is `*`, `family.*` or `family.verb` of one of ``families``.
    public func allows(_ text: String) -> Bool {
        if text == "*" { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && families.contains(String(parts[0]))
            && (parts[1] == "*" || (!parts[1].isEmpty && parts[1].allSatisfy { ("a"..."z").contains($0) || $0 == "_" }))
    }

    /// The schema of one event type or pattern.
    public var pattern: JSONValue {
        [
            "type": "string",
            "pattern": .string("^(\\*|(" + families.joined(separator: "|") + ")\\.(\\*|[a-z_]+))$"),
            "description": .string(
                "a type (\(families[0]).…), a family of them (\(families[0]).*), or * for every event"
            ),
        ]
    }

    /// `webhooks.subscribe`'s arguments besides the scope's: `url`, `events` and `secret`.
    public var subscribeProperties: [(String, JSONValue)] {
        [
            ("url", ["type": "string", "minLength": 1, "maxLength": 2000, "description": "http or https"]),
            (
                "events",
                [
                    "type": "array", "items": pattern, "minItems": 1,
                    "maxItems": .number("\(Self.patternLimit)"),
                ]
            ),
            (
                "secret",
                [
                    "type": "string", "pattern": "^whsec_[A-Za-z0-9+/=]+$",
                    "description": "the signing secret to use; a new one when absent",
                ]
            ),
        ]
    }

    /// `webhookId`'s schema.
    public static let webhookId: JSONValue = ["type": "string", "minLength": 1, "description": "wh_ and a UUID"]
    /// `webhooks.deliveries`' paging arguments.
    public static let pageProperties: [(String, JSONValue)] = [
        ("before", ["type": "integer", "minimum": 1, "description": "the attempts numbered below this one"]),
        ("limit", ["type": "integer", "minimum": 1, "maximum": 500, "default": 100]),
    ]
    /// `webhooks.redeliver`'s event argument.
    public static let cursor: JSONValue = ["type": "integer", "minimum": 1, "description": "the event's number"]

    /// What `webhooks.subscribe` refuses beyond its schema.
    public static func subscribeRefusals(limit: Int, scope: String) -> [OpRefusal] {
        [
            OpRefusal(
                .invalidArgument,
                field: "url",
                "not http(s), or a loopback or private address the operator forbids"
            ),
            OpRefusal(.invalidArgument, field: "secret", "not whsec_ and the base64 of 24 to 64 bytes"),
            OpRefusal(.invalidArgument, field: "events", "none, more than 20, or one that is not a type or pattern"),
            OpRefusal(.resourceExhausted, field: "url", "\(scope) has \(limit) webhooks"),
        ]
    }
    /// What the ops naming a webhook refuse.
    public static let notFound = OpRefusal(.notFound, field: "webhookId", "no such webhook")
    /// What `webhooks.redeliver` refuses besides.
    public static let noEvent = OpRefusal(.notFound, field: "cursor", "no such event")
}
