import Wire

/// The restaurant's webhooks: URLs the orders staff subscribe to order events (`order.placed`, `order.status`),
/// each posted as Standard Webhooks v1 describes, in the order the orders changed, at least once. Every op takes the
/// staff key as its token.
public enum OrderWebhookOps {
    /// The event types a pattern may name: `order.placed`, `order.status`.
    public static let types = WebhookEventTypes(families: ["order"])
    /// The one scope of the orders' events.
    public static let scope = "orders"
    /// The most webhooks the restaurant may have.
    public static let limit = 10
    static let webhook: JSONValue = [
        "type": "object", "required": ["webhookId"], "properties": ["webhookId": WebhookEventTypes.webhookId],
    ]
}

/// `webhooks.subscribe` (orders): posts the restaurant's order events to a URL.
public enum OrderWebhooksSubscribeOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "webhooks.subscribe"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.write
    public static let summary =
        "Staff: subscribes a URL to order events (order.placed, order.status): answers the signing secret, once"
    public static let refusals = WebhookEventTypes.subscribeRefusals(limit: OrderWebhookOps.limit, scope: "orders")
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["url", "events"],
        "properties": .object(JSONObject(OrderWebhookOps.types.subscribeProperties)),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var url: String
        public var events: [String]
        public var secret: String?
        public init(url: String, events: [String], secret: String? = nil) {
            self.url = url
            self.events = events
            self.secret = secret
        }
    }
    public typealias Result = WebhookView
}

/// Arguments naming one of the restaurant's webhooks.
public struct OrderWebhookArgs: Codable, Sendable, Hashable {
    public var webhookId: String
    public init(webhookId: String) { self.webhookId = webhookId }
}

/// `webhooks.list` (orders): the restaurant's webhooks, without their secrets.
public enum OrderWebhooksListOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "webhooks.list"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.read
    public static let summary = "Staff: the order webhooks, with where each one's delivery stands"
    public static let argsSchema: JSONValue = ["type": "object", "properties": [:]]
    public typealias Args = NoArgs
    public typealias Result = WebhookList
}

/// `webhooks.unsubscribe` (orders): deletes a webhook and its delivery log.
public enum OrderWebhooksUnsubscribeOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "webhooks.unsubscribe"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.write
    public static let summary = "Staff: deletes an order webhook and its delivery log; answers it as it was"
    public static let refusals = [WebhookEventTypes.notFound]
    public static let argsSchema = OrderWebhookOps.webhook
    public typealias Args = OrderWebhookArgs
    public typealias Result = WebhookView
}

/// `webhooks.resume` (orders): starts a disabled webhook again, from the event it stopped at.
public enum OrderWebhooksResumeOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "webhooks.resume"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.write
    public static let summary = "Staff: starts an order webhook disabled by a 410 again, from the event it stopped at"
    public static let refusals = [WebhookEventTypes.notFound]
    public static let argsSchema = OrderWebhookOps.webhook
    public typealias Args = OrderWebhookArgs
    public typealias Result = WebhookView
}

/// `webhooks.deliveries` (orders): a webhook's delivery attempts, newest first.
public enum OrderWebhooksDeliveriesOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "webhooks.deliveries"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.read
    public static let summary = "Staff: an order webhook's delivery attempts, newest first"
    public static let refusals = [WebhookEventTypes.notFound]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["webhookId"],
        "properties": .object(
            JSONObject([("webhookId", WebhookEventTypes.webhookId)] + WebhookEventTypes.pageProperties)
        ),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var webhookId: String
        public var before: Int?
        public var limit: Int?
        public init(webhookId: String, before: Int? = nil, limit: Int? = nil) {
            self.webhookId = webhookId
            self.before = before
            self.limit = limit
        }
    }
    public typealias Result = WebhookDeliveries
}

/// `webhooks.redeliver` (orders): sends one order event to a webhook again, with its own `webhook-id`.
public enum OrderWebhooksRedeliverOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "webhooks.redeliver"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.write
    public static let summary = "Staff: queues one order event (its number) to be sent to a webhook again, once"
    public static let refusals = [WebhookEventTypes.notFound, WebhookEventTypes.noEvent]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["webhookId", "cursor"],
        "properties": ["webhookId": WebhookEventTypes.webhookId, "cursor": WebhookEventTypes.cursor],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var webhookId: String
        public var cursor: Int
        public init(webhookId: String, cursor: Int) {
            self.webhookId = webhookId
            self.cursor = cursor
        }
    }
    public typealias Result = WebhookRedelivery
}

/// The JSON body of an order webhook's delivery: Standard Webhooks' envelope around the order as it was after the
/// change.
public struct OrderWebhookEvent: Codable, Sendable, Hashable {
    /// `order.placed` or `order.status`.
    public var type: String
    /// When the change was made (ISO 8601).
    public var timestamp: String
    public var data: Payload

    /// The event's number among the orders' events, the order after the change, and the status it left (for
    /// `order.status`).
    public struct Payload: Codable, Sendable, Hashable {
        public var cursor: Int
        public var order: OrderView
        public var previousStatus: String?
        public init(cursor: Int, order: OrderView, previousStatus: String?) {
            self.cursor = cursor
            self.order = order
            self.previousStatus = previousStatus
        }
    }

    public init(type: String, timestamp: String, data: Payload) {
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }
}
