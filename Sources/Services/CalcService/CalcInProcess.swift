import Logging
import Wire
import WorkerRuntime

/// calc's ops called in this process, with no gateway in between: for a program that embeds calc (the ledger worker
/// run without `--calc-via`, the ledger's tests). Errors come as a calc worker would answer them.
public struct CalcInProcess: Sendable {
    private let dispatcher: OpDispatcher
    private let logger: Logger

    /// Loads calc's data.
    /// - Throws: the loading error of the first bad data file.
    public init(configuration: CalcService.Configuration) throws {
        var logger = Logger(label: "reckon.calc.inprocess")
        logger.logLevel = .error
        self.logger = logger
        dispatcher = OpDispatcher(
            service: CalcService.name,
            registry: try CalcService.makeRegistry(configuration: configuration),
            logger: logger
        )
    }

    /// calc's op `op` on `args`, given at most `timeout`.
    /// - Throws: ``WireError``: `unknown_op` (field `op`), `deadline_exceeded`, or the op's own error.
    public func call(_ op: String, args: JSONValue, timeout: Duration) async throws -> JSONValue {
        try await dispatcher.call(op, args: args, timeout: timeout, logger: logger)
    }
}
