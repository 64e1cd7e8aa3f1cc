import Logging
import ReckonClient
import ServiceLifecycle

/// Keeps an ``OpCatalog`` fresh: every 2 s until every service the gateway lists has answered, then every
/// `interval`, until graceful shutdown.
public struct CatalogRefresher: Service {
    let catalog: OpCatalog
    let client: ReckonClient
    let interval: Duration
    let logger: Logger

    public init(catalog: OpCatalog, client: ReckonClient, interval: Duration, logger: Logger) {
        self.catalog = catalog
        self.client = client
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let complete = await catalog.refresh(through: client, logger: logger)
            try? await cancelWhenGracefulShutdown {
                try await Task.sleep(for: complete && catalog.isReady ? interval : .seconds(2))
            }
        }
    }
}
