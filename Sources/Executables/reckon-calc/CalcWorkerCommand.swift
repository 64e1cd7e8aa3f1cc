import ArgumentParser
import CalcService
import Foundation
import Logging
import Observability
import ServerCommands
import ServiceLifecycle
import WorkerRuntime
import Telemetry

/// `reckon-calc`: the `calc` worker with its metrics endpoint.
@main
struct CalcWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-calc",
        abstract: "Reckon's calc worker: calculator, units, dates, finance, tax, ceilings."
    )

    /// Every option may also come from the environment (`RECKON_MAX_QUEUE` for `--max-queue`).
    static func main() async { await mainWithEnvironment() }

    @Option(help: "ECB reference-rates file, CSV or XML (env RECKON_RATES_FILE).")
    var ratesFile: String?

    @Option(help: "Folder of tax-ca-YEAR.json files replacing the bundled ones (env RECKON_TAX_DATA).")
    var taxData: String?

    @Option(help: "Ceiling catalogue JSON replacing the bundled one (env RECKON_CEILING_CATALOGUE).")
    var ceilingCatalogue: String?

    @Option(
        help: ArgumentHelp(
            "The gateways' client endpoints (a comma list), where tax ops read the profile of a request's token (env RECKON_PROFILES_VIA).",
            discussion: "Without it, tax requests must name their province themselves. With CURVE, it connects with "
                + "this worker's keys, which a gateway's client allow-list must then list."
        )
    )
    var profilesVia: String?

    @OptionGroup var worker: WorkerOptions
    @OptionGroup var server: ServerOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (registry, traceExport) = try ProcessTelemetry.bootstrap(serviceName: "reckon-calc")
        let logger = Logger(label: "reckon.calc")
        let configuration = try worker.configuration(
            service: CalcService.name,
            server: server,
            defaultSlots: WorkerConfiguration.computeSlots
        )
        let ops = try CalcService.makeRegistry(
            configuration: .init(
                ratesFile: ratesFile ?? environment["RECKON_RATES_FILE"],
                taxDataDirectory: taxData ?? environment["RECKON_TAX_DATA"],
                ceilingCatalogue: ceilingCatalogue ?? environment["RECKON_CEILING_CATALOGUE"],
                profiles: try (profilesVia ?? environment["RECKON_PROFILES_VIA"]).map {
                    try LedgerProfileSource(endpoints: $0, curve: configuration.curve)
                }
            )
        )
        try await WorkerProcess.run(
            configuration: configuration,
            ops: ops,
            server: server,
            registry: registry,
            logger: logger,
            services: [traceExport].compactMap { $0 }
        )
    }
}
