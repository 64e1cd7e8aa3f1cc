import ReckonClient
import ReckonTesting
import Storage

extension LocalStack {
    /// Runs `body` with a gateway, two `reckon-ledger` processes sharing a fresh database on `engine` (cheap
    /// password hashing, generous deadlines), and `calcWorkers` calc processes that read profiles through the
    /// gateway; with calc workers, the ledger runs saved calculations on them through the gateway too.
    static func withLedger(
        _ engine: DatabaseEngine,
        calcWorkers: Int = 0,
        _ body: @Sendable (LocalStack) async throws -> Void
    ) async throws {
        try await WorkerState.with(engine) { state in
            let stack = try await LocalStack.start(
                workers: [],
                gatewayArguments: ["--deadline-ms", "60000"],
                workerArguments: ["--request-timeout-ms", "50000"],
                client: .init(timeout: .seconds(90))
            )
            defer { stack.stop() }
            let cheapHashes = ["--argon2-passes", "1", "--argon2-memory-mib", "1"]
            let calc = calcWorkers > 0 ? ["--calc-via", stack.clientEndpoint] : []
            try stack.startLedgerWorker(state + cheapHashes + calc)
            try stack.startLedgerWorker(state + cheapHashes + calc)
            for _ in 0..<calcWorkers { try stack.startWorker(slots: 2, ["--profiles-via", stack.clientEndpoint]) }
            try await stack.waitForWorkers(service: "ledger", count: 4)
            if calcWorkers > 0 { try await stack.waitForWorkers(service: "calc", count: 2 * calcWorkers) }
            try await body(stack)
        }
    }
}
