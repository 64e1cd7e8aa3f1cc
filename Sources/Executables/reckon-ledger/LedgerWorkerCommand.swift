import ArgumentParser
import CalcService
import Calculator
import Foundation
import LedgerService
import Logging
import NIOCore
import NIOPosix
import Observability
import ServerCommands
import StorageCommands
import WorkerRuntime
import Telemetry

/// `reckon-ledger`: the `ledger` worker with its database, recurring-bill job and metrics endpoint.
@main
struct LedgerWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-ledger",
        abstract: "Reckon's ledger worker: accounts, households, bills and splits, balances and settle-up."
    )

    /// Every option may also come from the environment (`RECKON_MAX_QUEUE` for `--max-queue`).
    ///
    /// Swift concurrency's jobs run on NIO's event loops, the ones postgres-nio's connections live on, instead of on
    /// the global pool: an op's task starts on a loop, so its statements cost no hop to a pool thread and back
    /// (issue #36; decision 0117).
    static func main() async {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await mainWithEnvironment()
    }

    @Option(help: "Days a session token lasts.")
    var sessionDays = 30

    @Option(help: "Argon2id passes for new password hashes (libsodium's interactive level: 2).")
    var argon2Passes = 2

    @Option(
        name: .customLong("argon2-memory-mib"),
        help: "Argon2id memory in MiB for new password hashes (libsodium's interactive level: 64)."
    )
    var argon2MemoryMiB = 64

    @Option(help: "Failed sign-ins of one username from one caller, within 15 minutes, that refuse that pair.")
    var signinFailuresPerPair = 5

    @Option(help: "Failed sign-ins from one caller (an address), any usernames, within 15 minutes, that lock it out.")
    var signinFailuresPerCaller = 30

    @Option(help: "Argon2id hashes run at once, on threads of their own (default: half the cores, at least 1).")
    var hashThreads: Int?

    @Option(help: "Argon2id hashes that may wait behind those running; past them a sign-in gets 429 (default: threads)")
    var hashQueue: Int?

    @Option(help: "ECB reference-rates file for balances' convertTo, the one calc loads (env RECKON_RATES_FILE).")
    var ratesFile: String?

    @Option(
        help: ArgumentHelp(
            "The gateways' client endpoints (a comma list), where saved calculations run calc's ops on the calc workers (env RECKON_CALC_VIA).",
            discussion: "Without it, this worker runs calc's ops in its own process. With CURVE, it connects with this "
                + "worker's keys, which a gateway's client allow-list must then list."
        )
    )
    var calcVia: String?

    @Option(help: "Seconds between the background turns that make due repeating bills and record reminders.")
    var backgroundSeconds = 60.0

    @OptionGroup var webhooks: WebhookOptions
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var worker: WorkerOptions
    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard sessionDays > 0 else { throw ValidationError("--session-days must be positive") }
        guard argon2Passes >= 1, argon2MemoryMiB >= 1 else {
            throw ValidationError("--argon2-passes and --argon2-memory-mib must be at least 1")
        }
        guard signinFailuresPerPair >= 1, signinFailuresPerCaller >= 1 else {
            throw ValidationError("--signin-failures-per-pair and --signin-failures-per-caller must be at least 1")
        }
        guard backgroundSeconds >= 0.1 else { throw ValidationError("--background-seconds must be at least 0.1") }
        guard (hashThreads ?? 1) >= 1, (hashQueue ?? 0) >= 0 else {
            throw ValidationError("--hash-threads must be at least 1 and --hash-queue at least 0")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (registry, traceExport) = try ProcessTelemetry.bootstrap(serviceName: "reckon-ledger")
        let logger = Logger(label: "reckon.ledger")
        let ratesPath = ratesFile ?? environment["RECKON_RATES_FILE"]
        let configuration = try worker.configuration(service: LedgerService.name, server: server)
        let service = LedgerService.Configuration(
            sessionLifetime: .seconds(sessionDays * 24 * 3600),
            passwords: PasswordHasher(passes: UInt64(argon2Passes), memoryBytes: argon2MemoryMiB << 20),
            loginFailureLimit: signinFailuresPerPair,
            callerFailureLimit: signinFailuresPerCaller,
            hashThreads: hashThreads ?? LedgerService.Configuration.defaultHashThreads,
            hashQueue: hashQueue,
            rates: try ratesPath.map(RatesTable.load(path:)),
            calc: try (calcVia ?? environment["RECKON_CALC_VIA"]).map {
                try GatewayCalc(endpoints: $0, curve: configuration.curve)
            } ?? CalcInProcess(configuration: .init(ratesFile: ratesPath)),
            webhooks: webhooks.settings
        )
        let opened = try await database.open(
            sqliteFile: "ledger.sqlite",
            lockWait: configuration.requestTimeout,
            logger: logger
        )
        let ops = LedgerService.makeRegistry(configuration: service, database: opened.database)
        let background = LedgerBackground(
            database: opened.database,
            configuration: service,
            interval: .milliseconds(Int64(backgroundSeconds * 1000)),
            logger: logger
        )
        let listener = ActivityListener(feed: service.activityFeed, database: opened.database)
        let relay = LedgerWebhooks.relay(database: opened.database, configuration: service, logger: logger)
        try await opened.closing {
            try await WorkerProcess.run(
                configuration: configuration,
                ops: ops,
                server: server,
                registry: registry,
                logger: logger,
                services: [traceExport, opened.service, background, listener, relay].compactMap { $0 },
                prepare: {
                    try await StartupRetry.untilAvailable(logger: logger) {
                        try await LedgerService.prepare(database: opened.database)
                    }
                }
            )
        }
    }
}
