/// How a worker's relay delivers.
public struct WebhookRelaySettings: Sendable {
    /// Whether targets on loopback and private addresses are allowed (`--webhook-allow-private`; off by default).
    public var allowPrivate: Bool
    /// When failed deliveries are tried again (Standard Webhooks' schedule unless scaled, for tests).
    public var schedule: RetrySchedule
    /// How long a claimed subscription stays the relay's without renewal: after a relay dies, another takes its
    /// subscriptions over this long after its last renewal (renewed every third of it while delivering).
    public var lease: Duration
    /// Subscriptions one worker delivers to at once.
    public var lanes: Int
    /// How often an idle relay looks for work besides being told of a change (changes made by another worker on
    /// SQLite, a retry that fell due).
    public var poll: Duration

    public init(
        allowPrivate: Bool = false,
        schedule: RetrySchedule = RetrySchedule(),
        lease: Duration = .seconds(30),
        lanes: Int = 4,
        poll: Duration = .seconds(1)
    ) {
        self.allowPrivate = allowPrivate
        self.schedule = schedule
        self.lease = lease
        self.lanes = max(1, lanes)
        self.poll = poll
    }
}
