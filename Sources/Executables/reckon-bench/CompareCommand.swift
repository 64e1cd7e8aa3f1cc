import ArgumentParser
import ZeroMQ

/// `reckon-bench compare`: gateway against direct, side by side, in one command.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Start a stack and compare the gateway with direct dispatch at 1 and N clients.",
        discussion: """
            Starts BINDIR/reckon-gateway and BINDIR/reckon-SERVICE --slots K on free loopback ports, then measures \
            1 client through the gateway, 1 client direct, N clients through the gateway and N clients direct \
            (each direct run starts its own reckon-SERVICE --slots K). --flood then sends requests at a fixed rate \
            to a service no worker serves and reports the gateway's largest VmRSS.
            """
    )

    @Option(help: "Folder with reckon-gateway and reckon-SERVICE.")
    var binDir: String

    @Option(help: "The service.")
    var service = "calc"

    @Option(help: "The op.")
    var op = "evaluate"

    @Option(name: .shortAndLong, help: "Clients of the concurrent runs.")
    var clients = 16

    @Option(help: "Worker slots for each path. Default: --clients.")
    var slots: Int?

    @Flag(help: "After the comparison, flood the gateway with requests for a service no worker serves.")
    var flood = false

    @Option(help: "Flood requests per second.")
    var floodRate = 1000

    @Option(help: "How long the flood lasts.")
    var floodDuration = TimeSpan.seconds(10)

    @Option(help: "The service the flood asks for; no worker may serve it.")
    var floodService = "nosuch"

    @OptionGroup var load: LoadOptions

    func validate() throws {
        guard clients >= 2 else { throw ValidationError("--clients must be at least 2 (1 client always runs)") }
        guard load.args.count <= 1 else { throw ValidationError("compare takes one --args (it also runs --direct)") }
        guard !load.idempotencyKeys else { throw ValidationError("compare also runs --direct, which sends no keys") }
        guard (slots ?? clients) >= clients else { throw ValidationError("--slots must be at least --clients") }
        guard floodRate > 0, floodDuration.nanoseconds > 0 else {
            throw ValidationError("--flood-rate and --flood-duration must be positive")
        }
    }

    func run() async throws {
        let target = try load.target(service: service, op: op)
        let result = try await withChildProcesses { children in
            try await Comparison(
                session: BenchSession(context: try ZMQContext(), children: children, target: target),
                binDirectory: binDir,
                clients: clients,
                slots: slots ?? clients,
                plan: load.plan(path: "", clients: clients, defaultDuration: .seconds(5)),
                flood: flood ? FloodPlan(service: floodService, rate: floodRate, span: floodDuration) : nil
            ).run()
        }
        print(load.json ? try Report.json(result) : Report.text(result))
        try BenchError.failUnlessExpected(result.runs)
    }
}
