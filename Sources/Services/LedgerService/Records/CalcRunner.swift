import CalcService
import Logging
import Wire
import WorkerRuntime

/// calc's ops, run in the ledger's own process for saved calculations: a record's result is computed here, from
/// the data this worker loaded, never taken from the client.
struct CalcRunner: Sendable {
    private let registry: OpRegistry
    private let dispatcher: OpDispatcher
    private let logger: Logger

    /// Loads calc's data.
    /// - Throws: the loading error of the first bad data file.
    init(configuration: CalcService.Configuration) throws {
        registry = try CalcService.makeRegistry(configuration: configuration)
        var logger = Logger(label: "reckon.ledger.calc")
        logger.logLevel = .error
        self.logger = logger
        dispatcher = OpDispatcher(
            service: CalcService.name,
            registry: registry,
            requestTimeout: .seconds(4),
            logger: logger
        )
    }

    /// The result of calc's `op` on `args`, with a tax op's situation filled from `profile` where `args` leaves it
    /// out.
    /// - Throws: `invalid_argument` (field `op`) for an op calc does not have; calc's own error otherwise, its field
    ///   prefixed `args.`.
    func run(_ op: String, args: JSONValue, profile: TaxProfile) async throws -> JSONValue {
        guard registry.op(named: op) != nil else {
            throw WireError(.invalidArgument, "calc has no op \(op)", field: "op")
        }
        let given =
            TaxProfileDefaults.ops.contains(op) && TaxProfileDefaults.needsProfile(args)
            ? TaxProfileDefaults.apply(profile, to: args) : args
        do {
            return try await dispatcher.call(op, args: given, logger: logger)
        } catch var error as WireError {
            error.field = error.field.map { "args." + $0 }
            throw error
        }
    }
}
