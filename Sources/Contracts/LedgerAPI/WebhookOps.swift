import Wire

/// The household's webhooks: URLs its owner subscribes to its events, each event posted as Standard Webhooks v1
/// describes (signed `webhook-id`, `webhook-timestamp` and `webhook-signature` headers), in the order of the
/// household's activity cursor, at least once.
public enum WebhookOps {
    /// The event types a pattern may name: each household activity action is `family.verb`.
    public static let types = WebhookEventTypes(families: [
        "bill", "payment", "recurring", "stock", "shopping", "event", "household", "member", "request",
    ])
    static let webhook: JSONValue = [
        "type": "object", "required": ["householdId", "webhookId"],
        "properties": ["householdId": LedgerOps.id, "webhookId": WebhookEventTypes.webhookId],
    ]
    /// The most subscriptions a household may have.
    public static let limit = 10
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
    public static let refusals =
        [WebhookOps.notOwner] + WebhookEventTypes.subscribeRefusals(limit: WebhookOps.limit, scope: "the household")
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "url", "events"],
        "properties": .object(JSONObject([("householdId", LedgerOps.id)] + WebhookOps.types.subscribeProperties)),
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
    public typealias Result = WebhookList
}

/// `webhooks.unsubscribe`: deletes a webhook and its delivery log.
public enum WebhooksUnsubscribeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.unsubscribe"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.write
    public static let summary = "Deletes a webhook and its delivery log; answers it as it was"
    public static let refusals = [WebhookOps.notOwner, WebhookEventTypes.notFound]
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
    public static let refusals = [WebhookOps.notOwner, WebhookEventTypes.notFound]
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
    public static let refusals = [WebhookOps.notOwner, WebhookEventTypes.notFound]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "webhookId"],
        "properties": .object(
            JSONObject(
                [("householdId", LedgerOps.id), ("webhookId", WebhookEventTypes.webhookId)]
                    + WebhookEventTypes.pageProperties
            )
        ),
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
    public typealias Result = WebhookDeliveries
}

/// `webhooks.redeliver`: sends one event to a webhook again, with its own `webhook-id`.
public enum WebhooksRedeliverOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "webhooks.redeliver"
    public static let access = OpAccess.owner
    public static let effect = OpEffect.write
    public static let summary =
        "Queues one event (an activity cursor) to be sent to a webhook again, once, ahead of its next events"
    public static let refusals = [WebhookOps.notOwner, WebhookEventTypes.notFound, WebhookEventTypes.noEvent]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "webhookId", "cursor"],
        "properties": [
            "householdId": LedgerOps.id, "webhookId": WebhookEventTypes.webhookId, "cursor": WebhookEventTypes.cursor,
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
    public typealias Result = WebhookRedelivery
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
