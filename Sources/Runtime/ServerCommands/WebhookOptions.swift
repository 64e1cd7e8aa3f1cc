import ArgumentParser
import Webhooks

/// The webhook relay's options, for the workers that run one (`reckon-ledger`, `reckon-orders`).
public struct WebhookOptions: ParsableArguments {
    @Flag(
        help:
            "Let webhooks post to loopback and private addresses (refused by default, so a subscriber cannot reach into the workers' network)."
    )
    public var webhookAllowPrivate = false

    @Option(
        help:
            "Multiply the webhook retry schedule's delays (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) by this; for tests."
    )
    public var webhookRetryScale = 1.0

    @Option(help: "Seconds a webhook stays with the worker delivering to it without renewal (renewed every third).")
    public var webhookLeaseSeconds = 30.0

    @Option(
        help:
            "Seconds between an idle relay's looks for work it was not told of (another process's writes on SQLite, a retry that fell due)."
    )
    public var webhookPollSeconds = 1.0

    public init() {}

    public func validate() throws {
        guard webhookRetryScale > 0, webhookLeaseSeconds >= 0.3, webhookPollSeconds >= 0.01 else {
            throw ValidationError(
                "--webhook-retry-scale must be positive, --webhook-lease-seconds at least 0.3 and --webhook-poll-seconds at least 0.01"
            )
        }
    }

    /// The relay's settings these options give.
    public var settings: WebhookRelaySettings {
        WebhookRelaySettings(
            allowPrivate: webhookAllowPrivate,
            schedule: RetrySchedule(scale: webhookRetryScale),
            lease: .milliseconds(Int64(webhookLeaseSeconds * 1000)),
            poll: .milliseconds(Int64(webhookPollSeconds * 1000))
        )
    }
}
