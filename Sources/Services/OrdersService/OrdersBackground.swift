import Logging
import Ordering
import ServiceLifecycle
import Storage
import UnixSignals

/// The orders worker's background duties, as one `Service`: reload the menu on SIGHUP (a bad file keeps the old
/// menu and logs why), and every few minutes delete long-expired carts and old idempotency records.
public struct OrdersBackground: Service {
    private let database: any Database
    private let menu: MenuHolder
    private let configuration: OrdersService.Configuration
    private let purgeInterval: Duration
    private let logger: Logger

    public init(
        database: any Database,
        menu: MenuHolder,
        configuration: OrdersService.Configuration,
        purgeInterval: Duration = .seconds(300),
        logger: Logger
    ) {
        self.database = database
        self.menu = menu
        self.configuration = configuration
        self.purgeInterval = purgeInterval
        self.logger = logger
    }

    public func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
                    await reloadMenu()
                }
            }
            group.addTask {
                while !Task.isCancelled && !Task.isShuttingDownGracefully {
                    try? await Task.sleep(for: purgeInterval)
                    await purge()
                }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }

    private func reloadMenu() async {
        do {
            let catalogue = try menu.reload()
            try await OrdersService.seedStock(database: database, menu: menu)
            logger.info("menu reloaded", metadata: ["menu.items": "\(catalogue.items.count)"])
        } catch {
            logger.error("menu reload refused; the old menu stays", metadata: ["error": "\(error)"])
        }
    }

    private func purge() async {
        do {
            let purged = try await OrdersService.purge(database: database, configuration: configuration)
            logger.debug("purged", metadata: ["carts": "\(purged.carts)", "idempotency.records": "\(purged.records)"])
        } catch {
            logger.info("purge skipped", metadata: ["error": "\(error)"])
        }
    }
}
