import Wire

/// The household's webhooks: URLs its owner subscribes to its events, each event posted as Standard Webhooks v1
/// describes (signed `webhook-id`, `webhook-timestamp` and `webhook-signature` headers), in the order of the
/// household's activity cursor, at least once.
public enum WebhookOps {
    /// The event families a pattern may name; each household activity action is `family.verb`.
    public static let families = [
        "bill", "payment", "recurring", "stock", "shopping", "event", "household", "member", "request",
    ]
    /// An event type or pattern: `*`, `family.*`, or `family.verb` (`bill.added`).
    static let pattern: JSONValue = [
        "type": "string",
        "pattern": .string("^(\\*|(" + families.joined(separator: "|") + ")\\.(\\*|[a-z_]+))$"),
        "description": "an activity action (bill.added), a family of them (bill.*), or * for every event",
    ]
    static let webhookId: JSONValue = ["type": "string", "minLength": 1, "description": "wh_ and a UUID"]
    static let webhook: JSONValue = [
        "type": "object", "required": ["householdId", "webhookId"],
        "properties": ["householdId": LedgerOps.id, "webhookId": webhookId],
    ]
    /// Whether `text` is an event type or pattern ``pattern`` allows.
    public static func isPattern(_ text: String) -> Bool {
        if text == "*" { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && families.contains(String(parts[0]))
            && (parts[1] == "*" || (!parts[1].isEmpty && parts[1].allSatisfy { ("a"..."z").contains($0) || $0 == "_" }))
    }
    /// The most event patterns one subscription may name.
    public static let patternLimit = 20
    /// The most subscriptions a household may have.
    public static let limit = 10
    static let notFound = OpRefusal(.notFound, field: "webhookId", "no such webhook in this household")
    static let notOwner = OpRefusal(.permissionDenied, field: "householdId", "the caller is not the household's owner")
}

/// Arguments naming one of a household's webhooks.
public struct WebhookArgs: Codable, Sendable, Hashable {
    public var householdId: String
    public var webhookId: String
    public init(householdId: String, webhookId: String) {
        self.householdId = householdId
        self.webhookId = webhookId
    }
}

/// `webhooks.subscribe`: posts the household's events of the given types to a URL.
public enum WebhooksSubscribeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.subscribe"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.write
    public static let summary =
        "Subscribes a URL to the household's events (bill.*, payment.*, ...): answers the signing secret, once"
    public static let refusals = [
        WebhookOps.notOwner,
        OpRefusal(.invalidArgument, field: "url", "not http(s), or a loopback or private address the operator forbids"),
        OpRefusal(.invalidArgument, field: "secret", "not whsec_ and the base64 of 24 to 64 bytes"),
        OpRefusal(.invalidArgument, field: "events", "none, more than 20, or one that is not a type or pattern"),
        OpRefusal(.resourceExhausted, field: "url", "the household has \(WebhookOps.limit) webhooks"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "url", "events"],
        "properties": [
            "householdId": LedgerOps.id,
            "url": ["type": "string", "minLength": 1, "maxLength": 2000, "description": "http or https"],
            "events": [
                "type": "array", "items": WebhookOps.pattern, "minItems": 1,
                "maxItems": .number("\(WebhookOps.patternLimit)"),
            ],
            "secret": [
                "type": "string", "pattern": "^whsec_[A-Za-z0-9+/=]+$",
                "description": "the signing secret to use; a new one when absent",
            ],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var url: String
        public var events: [String]
        public var secret: String?
        public init(householdId: String, url: String, events: [String], secret: String? = nil) {
            self.householdId = householdId
            self.url = url
            self.events = events
            self.secret = secret
        }
    }
    public typealias Result = WebhookView
}

/// `webhooks.list`: the household's webhooks, without their secrets.
public enum WebhooksListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.list"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.read
    public static let summary = "The household's webhooks, with where each one's delivery stands"
    public static let refusals = [WebhookOps.notOwner]
    public static let argsSchema = LedgerOps.household
    public typealias Args = HouseholdArgs
    public struct Result: Codable, Sendable, Hashable {
        public var webhooks: [WebhookView]
        public init(webhooks: [WebhookView]) { self.webhooks = webhooks }
    }
}

/// `webhooks.unsubscribe`: deletes a webhook and its delivery log.
public enum WebhooksUnsubscribeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.unsubscribe"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.write
    public static let summary = "Deletes a webhook and its delivery log; answers it as it was"
    public static let refusals = [WebhookOps.notOwner, WebhookOps.notFound]
    public static let argsSchema = WebhookOps.webhook
    public typealias Args = WebhookArgs
    public typealias Result = WebhookView
}

/// `webhooks.resume`: starts a disabled webhook again, from the event it stopped at.
public enum WebhooksResumeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.resume"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.write
    public static let summary = "Starts a webhook disabled by a 410 again, from the event it stopped at"
    public static let refusals = [WebhookOps.notOwner, WebhookOps.notFound]
    public static let argsSchema = WebhookOps.webhook
    public typealias Args = WebhookArgs
    public typealias Result = WebhookView
}

/// `webhooks.deliveries`: a webhook's delivery attempts, newest first.
public enum WebhooksDeliveriesOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.deliveries"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.read
    public static let summary = "A webhook's delivery attempts, newest first: event, outcome, status, error, duration"
    public static let refusals = [WebhookOps.notOwner, WebhookOps.notFound]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "webhookId"],
        "properties": [
            "householdId": LedgerOps.id, "webhookId": WebhookOps.webhookId,
            "before": ["type": "integer", "minimum": 1, "description": "the attempts numbered below this one"],
            "limit": ["type": "integer", "minimum": 1, "maximum": 500, "default": 100],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var webhookId: String
        public var before: Int?
        public var limit: Int?
        public init(householdId: String, webhookId: String, before: Int? = nil, limit: Int? = nil) {
            self.householdId = householdId
            self.webhookId = webhookId
            self.before = before
            self.limit = limit
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var attempts: [WebhookAttemptView]
        /// Whether older attempts follow (pass the last `number` as `before`).
        public var more: Bool
        public init(attempts: [WebhookAttemptView], more: Bool) {
            self.attempts = attempts
            self.more = more
        }
    }
}

/// `webhooks.redeliver`: sends one event to a webhook again, with its own `webhook-id`.
public enum WebhooksRedeliverOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.redeliver"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.write
    public static let summary =
        "Queues one event (an activity cursor) to be sent to a webhook again, once, ahead of its next events"
    public static let refusals = [
        WebhookOps.notOwner, WebhookOps.notFound,
        OpRefusal(.notFound, field: "cursor", "no such event in this household"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "webhookId", "cursor"],
        "properties": [
            "householdId": LedgerOps.id, "webhookId": WebhookOps.webhookId,
            "cursor": ["type": "integer", "minimum": 1, "description": "the event's activity cursor"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var webhookId: String
        public var cursor: Int
        public init(householdId: String, webhookId: String, cursor: Int) {
            self.householdId = householdId
            self.webhookId = webhookId
            self.cursor = cursor
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        /// The event's `webhook-id`.
        public var eventId: String
        public var queued: Bool
        public init(eventId: String, queued: Bool) {
            self.eventId = eventId
            self.queued = queued
        }
    }
}

/// The JSON body of a household webhook's delivery: Standard Webhooks' envelope around the activity entry the event
/// is, so a receiver reads it as `activity.list` would have answered it.
public struct HouseholdWebhookEvent: Codable, Sendable, Hashable {
    /// The activity action: `bill.added`, `payment.recorded`, ...
    public var type: String
    /// When the change was made (ISO 8601).
    public var timestamp: String
    public var data: Payload

    /// The household and its activity entry.
    public struct Payload: Codable, Sendable, Hashable {
        public var householdId: String
        public var activity: ActivityView
        public init(householdId: String, activity: ActivityView) {
            self.householdId = householdId
            self.activity = activity
        }
    }

    /// The event of `activity` in `householdId`.
    public init(householdId: String, activity: ActivityView) {
        type = activity.action
        timestamp = activity.at
        data = Payload(householdId: householdId, activity: activity)
    }
}
