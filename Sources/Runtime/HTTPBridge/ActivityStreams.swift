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
    private let feeds = Mutex<[String: HouseholdFeed]>([:])
    private let watched = Gauge(label: "reckon_http_sse_households")

    public init(client: ReckonClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Subscribes to `householdID`'s entries after `cursor`; nil when the caller must first read what it missed
    /// (``HouseholdFeed/join(token:after:watch:)``).
    func join(_ householdID: String, token: String?, after cursor: Int) -> HouseholdFeed.Subscription? {
        feeds.withLock { feeds in
            let feed = feeds[householdID] ?? HouseholdFeed(householdID: householdID, client: client, logger: logger)
            feeds[householdID] = feed
            watched.record(feeds.count)
            return feed.join(token: token, after: cursor) { [self] in
                await feed.watch { retire(feed) }
            }
        }
    }

    private func retire(_ feed: HouseholdFeed) -> Bool {
        feeds.withLock { feeds in
            guard feed.stopIfIdle() else { return false }
            feeds[feed.householdID] = nil
            watched.record(feeds.count)
            return true
        }
    }

    public func run() async {
        while (try? await cancelWhenGracefulShutdown({ try await Task.sleep(for: Self.keepaliveInterval) })) != nil {
            for feed in feeds.withLock({ Array($0.values) }) { feed.keepAlive() }
        }
        for feed in feeds.withLock({ Array($0.values) }) { feed.closeAll() }
    }
}
