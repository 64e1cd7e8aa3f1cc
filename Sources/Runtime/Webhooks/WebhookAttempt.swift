/// One attempt to deliver an event to a subscription, as logged.
public struct WebhookAttempt: Sendable, Hashable {
    /// The subscription's attempts are numbered 1, 2, 3, ...
    public var number: Int64
    /// The event: its number in its scope, its type and its `webhook-id`.
    public var eventSeq: Int64
    public var eventType: String
    public var messageID: String
    /// ``schedule`` (the relay's own turn) or ``redeliver`` (asked for by `webhooks.redeliver`).
    public var trigger: String
    /// `delivered` (a 2xx answer), `failed` (to be tried again), `gave_up` (failed, and the schedule is over),
    /// `gone` (410: the subscription is disabled).
    public var outcome: String
    public var status: Int?
    public var error: String?
    /// Milliseconds since 1970.
    public var at: Int64
    public var milliseconds: Int64

    /// The relay's own turn.
    public static let schedule = "schedule"
    /// A turn asked for by `webhooks.redeliver`.
    public static let redeliver = "redeliver"
}
