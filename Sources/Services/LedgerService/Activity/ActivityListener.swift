import ServiceLifecycle
import Storage

/// The ledger worker's ear for other workers' writes, as a `Service`: ``ActivityFeed/listen(to:)`` until graceful
/// shutdown.
public struct ActivityListener: Service {
    private let feed: ActivityFeed
    private let database: any Database

    public init(feed: ActivityFeed, database: any Database) {
        self.feed = feed
        self.database = database
    }

    public func run() async {
        await cancelWhenGracefulShutdown { await feed.listen(to: database) }
    }
}
