/// `reckon-bench compare`: the same op through the gateway and straight to worker slots, at one client and at
/// many, against worker processes of the same slot count, and optionally a flood to measure the gateway's memory.
struct Comparison: Sendable {
    let session: BenchSession
    /// The folder holding `reckon-gateway` and `reckon-SERVICE`.
    let binDirectory: String
    /// The client count of the concurrent rows (the sequential rows use one).
    let clients: Int
    /// Worker slots, the same for both paths.
    let slots: Int
    /// Warm-up and measured phase of every run.
    let plan: LoadPlan
    let flood: FloodPlan?

    /// Starts the stack, runs gateway and direct alternately at 1 and at ``clients`` clients, then floods.
    /// - Throws: ``BenchError`` or ``ZMQError``.
    func run() async throws -> ComparisonResult {
        let service = session.target.service
        let worker = WorkerLaunch(binDirectory: binDirectory, service: service, slots: slots)
        let launcher = StackLauncher(binDirectory: binDirectory, children: session.children)
        let gateway = try await launcher.start(service: service, workers: [worker])
        var runs: [LoadResult] = []
        for count in [1, clients] {
            runs.append(
                try await session.measureThroughGateway(
                    endpoint: gateway.clientEndpoint,
                    plan: plan.with(path: "gateway", clients: count)
                )
            )
            runs.append(
                try await session.measureDirect(
                    endpoint: nil,
                    slots: slots,
                    workers: [worker],
                    plan: plan.with(path: "direct", clients: count)
                )
            )
        }
        var floodResult: FloodResult?
        if let flood { floodResult = try await session.flood(gateway, plan: flood) }
        return ComparisonResult(target: session.target, slots: slots, plan: plan, runs: runs, flood: floodResult)
    }
}

/// The figures `compare` reports, with the ratios docs/performance.md quotes.
struct ComparisonResult: Sendable, Codable {
    var service: String
    var op: String
    var slots: Int
    var measured: String
    var warmup: String
    /// gateway 1, direct 1, gateway N, direct N.
    var runs: [LoadResult]
    /// Gateway throughput over direct throughput at the highest client count.
    var throughputRatio: Double
    /// The median latency the gateway adds for one sequential client, in microseconds.
    var sequentialP50Overhead: Double
    var flood: FloodResult?

    init(target: BenchTarget, slots: Int, plan: LoadPlan, runs: [LoadResult], flood: FloodResult?) {
        precondition(runs.count == 4, "compare runs gateway and direct at two client counts")
        service = target.service
        op = target.op
        self.slots = slots
        measured = plan.measure.description
        warmup = plan.warmup.description
        self.runs = runs
        throughputRatio = runs[3].requestsPerSecond > 0 ? runs[2].requestsPerSecond / runs[3].requestsPerSecond : 0
        sequentialP50Overhead = runs[0].latency.p50 - runs[1].latency.p50
        self.flood = flood
    }
}
