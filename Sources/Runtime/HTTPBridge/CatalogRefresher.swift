import Logging
import ReckonClient
import ServiceLifecycle

/// Keeps an ``OpCatalog`` fresh: every 2 s until the services the gateway lists have all answered, the same ones,
/// ``steadyReads`` times in a row (workers that start after the bridge are in the catalog within seconds), then
/// every `interval`, until graceful shutdown.
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

    /// How many complete reads of the same services make the catalog settled.
    static let steadyReads = 5

    public func run() async throws {
        var listed: Set<String>?
        var steady = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let answered = await catalog.refresh(through: client, logger: logger)
            steady = answered != nil && answered == listed ? steady + 1 : 0
            listed = answered
            let settled = steady >= Self.steadyReads - 1 && catalog.isReady
            try? await cancelWhenGracefulShutdown {
                try await Task.sleep(for: settled ? interval : .seconds(2))
            }
        }
    }
}
