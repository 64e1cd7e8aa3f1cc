import Logging
import Metrics
import ReckonClient
import ServiceLifecycle
import Synchronization

/// The bridge's live activity feeds, one ``HouseholdFeed`` per household with subscribers, and a `Service` that
/// sends every stream a keepalive comment every ``keepaliveInterval`` and ends every stream on graceful shutdown
/// (run it after the HTTP server in the service group, so it shuts down first and the server's drain is not held
/// open by streams that never end).
public final class ActivityStreams: Service, Sendable {
    /// How often an idle stream gets a comment.
    public static let keepaliveInterval = Duration.seconds(15)

    private let client: ReckonClient
    private let logger: Logger
    private let hub = Mutex(Hub())
    private let watched = Gauge(label: "reckon_http_sse_households")

    public init(client: ReckonClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The feeds, and whether shutdown has closed them.
    private struct Hub {
        var feeds: [String: HouseholdFeed] = [:]
        var isClosed = false
    }

    /// Subscribes to `householdID`'s entries after `cursor`; nil when the caller must first read what it missed
    /// (``HouseholdFeed/join(token:after:watch:)``). Once shutdown has begun, a stream that joins (it was still
    /// reading what it missed) gets a subscription that has already ended, so the server's drain never waits on it.
    func join(_ householdID: String, token: String?, after cursor: Int) -> HouseholdFeed.Subscription? {
        hub.withLock { hub in
            guard !hub.isClosed else { return .ended }
            let feed = hub.feeds[householdID] ?? HouseholdFeed(householdID: householdID, client: client, logger: logger)
            hub.feeds[householdID] = feed
            watched.record(hub.feeds.count)
            return feed.join(token: token, after: cursor) { [self] in
                await feed.watch { retire(feed) }
            }
        }
    }

    private func retire(_ feed: HouseholdFeed) -> Bool {
        hub.withLock { hub in
            guard feed.stopIfIdle() else { return false }
            hub.feeds[feed.householdID] = nil
            watched.record(hub.feeds.count)
            return true
        }
    }

    public func run() async {
        while (try? await cancelWhenGracefulShutdown({ try await Task.sleep(for: Self.keepaliveInterval) })) != nil {
            for feed in hub.withLock({ Array($0.feeds.values) }) { feed.keepAlive() }
        }
        let feeds = hub.withLock { hub in
            hub.isClosed = true
            return Array(hub.feeds.values)
        }
        for feed in feeds { feed.closeAll() }
    }
}
