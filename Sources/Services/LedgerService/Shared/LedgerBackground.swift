import Logging
import ServiceLifecycle
import Storage

/// The ledger worker's background duties, as one `Service`: every minute, create the recurring bills that fell
/// due (each exactly once across replicas) and record the day's reminders for webhooks (each once across replicas),
/// and every few minutes delete old sessions and idempotency records.
public struct LedgerBackground: Service {
    private let database: any Database
    private let configuration: LedgerService.Configuration
    private let interval: Duration
    private let logger: Logger

    public init(
        database: any Database,
        configuration: LedgerService.Configuration,
        interval: Duration = .seconds(60),
        logger: Logger
    ) {
        self.database = database
        self.configuration = configuration
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        var ticks = 0
        // The first turn waits one interval, so the schema is in place (the worker migrates while this starts).
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            guard !Task.isCancelled && !Task.isShuttingDownGracefully else { return }
            await createDue()
            await remind()
            if ticks % 5 == 0 { await purge() }
            ticks += 1
        }
    }

    private func createDue() async {
        do {
            let created = try await LedgerService.createDueOccurrences(database: database, configuration: configuration)
            if created > 0 { logger.info("recurring bills created", metadata: ["bills": "\(created)"]) }
        } catch {
            logger.info("recurring bills skipped this turn", metadata: ["error": "\(error)"])
        }
    }

    private func remind() async {
        do {
            let recorded = try await LedgerService.remind(database: database, configuration: configuration)
            if recorded > 0 { logger.info("reminders recorded", metadata: ["reminders": "\(recorded)"]) }
        } catch {
            logger.info("reminders skipped this turn", metadata: ["error": "\(error)"])
        }
    }

    private func purge() async {
        do {
            let purged = try await LedgerService.purge(database: database)
            logger.debug(
                "purged",
                metadata: ["sessions": "\(purged.sessions)", "idempotency.records": "\(purged.records)"]
            )
        } catch {
            logger.info("purge skipped", metadata: ["error": "\(error)"])
        }
    }
}
