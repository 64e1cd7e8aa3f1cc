import ArgumentParser
import Foundation
import Logging
import Observability
import OrdersService
import ServerCommands
import Storage
import StorageCommands
import WorkerRuntime
import Telemetry

/// `reckon-orders`: the `orders` worker with its database, background duties and metrics endpoint.
@main
struct OrdersWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-orders",
        abstract: "Reckon's orders worker: menu, carts, vouchers, checkout and exactly-once orders."
    )

    /// Every option may also come from the environment (`RECKON_MAX_QUEUE` for `--max-queue`).
    static func main() async { await mainWithEnvironment() }

    @Option(help: "Menu JSON replacing the bundled sample; SIGHUP reloads it (env RECKON_MENU_FILE).")
    var menuFile: String?

    @Option(help: "Minutes a cart may sit untouched before it expires.")
    var cartIdleMinutes = 180

    @Option(help: "Region (ISO 3166 alpha-2) of phone numbers without a country code and of addresses without one.")
    var defaultRegion = "CA"

    @Option(help: "File holding the staff key that staff ops require as their token (env RECKON_STAFF_KEY).")
    var staffKeyFile: String?

    @OptionGroup var webhooks: WebhookOptions
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var worker: WorkerOptions
    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard cartIdleMinutes > 0 else { throw ValidationError("--cart-idle-minutes must be positive") }
        guard defaultRegion.count == 2, defaultRegion.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw ValidationError("--default-region must be a two-letter ISO 3166 code")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (registry, traceExport) = try ProcessTelemetry.bootstrap(serviceName: "reckon-orders")
        let logger = Logger(label: "reckon.orders")
        let menu: MenuHolder
        do {
            menu = try MenuHolder(file: menuFile ?? environment["RECKON_MENU_FILE"])
        } catch {
            throw ValidationError("the menu is not valid:\n\(error)")
        }
        let service = OrdersService.Configuration(
            cartIdleTimeout: .seconds(cartIdleMinutes * 60),
            defaultRegion: defaultRegion,
            staffKey: try staffKey(environment),
            webhooks: webhooks.settings
        )
        let configuration = try worker.configuration(service: OrdersService.name, server: server)
        let opened = try await database.open(
            sqliteFile: "orders.sqlite",
            lockWait: configuration.requestTimeout,
            logger: logger
        )
        let ops = try OrdersService.makeRegistry(configuration: service, database: opened.database, menu: menu)
        let background = OrdersBackground(database: opened.database, menu: menu, configuration: service, logger: logger)
        let relay = OrderWebhooks.relay(database: opened.database, configuration: service, logger: logger)
        try await opened.closing {
            try await WorkerProcess.run(
                configuration: configuration,
                ops: ops,
                server: server,
                registry: registry,
                logger: logger,
                services: [traceExport, opened.service, background, relay].compactMap { $0 },
                prepare: {
                    try await StartupRetry.untilAvailable(logger: logger) {
                        try await OrdersService.prepare(database: opened.database, menu: menu)
                    }
                }
            )
        }
    }

    /// The staff key from `--staff-key-file` or `RECKON_STAFF_KEY`; none (staff ops refused) when both are absent or
    /// empty.
    private func staffKey(_ environment: [String: String]) throws -> String? {
        let text: String
        if let file = staffKeyFile {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("cannot read staff key file \(file)")
            }
            text = contents
        } else {
            text = environment["RECKON_STAFF_KEY"] ?? ""
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.isEmpty && staffKeyFile == nil { return nil }
        guard key.count >= 16 else { throw ValidationError("the staff key must have at least 16 characters") }
        return key
    }
}
