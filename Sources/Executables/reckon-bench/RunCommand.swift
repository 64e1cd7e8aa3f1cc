import ArgumentParser
import Foundation
import ZeroMQ

/// `reckon-bench [run] SERVICE OP`: one measured run, through the gateway or direct.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Load SERVICE OP with N clients, each keeping one request in flight, and report the figures."
    )

    @Argument(help: "The service, e.g. calc.")
    var service: String

    @Argument(help: "The op, e.g. evaluate.")
    var op: String

    @Option(name: .shortAndLong, help: "Concurrent clients, each with exactly one request in flight.")
    var clients = 1

    @Option(help: "The gateway's client endpoint, when the bench does not start one.")
    var gateway = "tcp://127.0.0.1:5555"

    @Flag(help: "Bypass the gateway: bind a worker endpoint and send requests straight to idle worker slots.")
    var direct = false

    @Option(help: "With --direct, the worker endpoint to bind. Default: a free loopback port.")
    var workerEndpoint: String?

    @Option(
        help: "Worker slots: how many --spawn-stack starts, and how many READYs --direct waits for. Default: --clients."
    )
    var slots: Int?

    @Option(
        name: [.customLong("spawn-worker"), .customLong("spawn")],
        help: """
            A worker command line to start, e.g. ".build/release/reckon-calc --slots 2"; the bench appends \
            --gateway ENDPOINT. Repeatable. Needs --direct or --spawn-stack.
            """
    )
    var spawnWorker: [String] = []

    @Option(
        help: """
            Folder with reckon-gateway and reckon-SERVICE: start the gateway on free loopback ports (not with \
            --direct) and reckon-SERVICE --slots K (unless --spawn-worker is given).
            """
    )
    var spawnStack: String?

    @OptionGroup var load: LoadOptions

    func validate() throws {
        guard clients >= 1 else { throw ValidationError("--clients must be at least 1") }
        if let slots, slots < (direct ? clients : 1) {
            throw ValidationError(direct ? "--direct needs --slots of at least --clients" : "--slots must be positive")
        }
        guard spawnWorker.isEmpty || direct || spawnStack != nil else {
            throw ValidationError("--spawn-worker needs --direct or --spawn-stack, to know where workers connect")
        }
        guard workerEndpoint == nil || direct else { throw ValidationError("--worker-endpoint goes with --direct") }
        guard load.args.count <= 1 || !direct else { throw ValidationError("--direct takes one --args") }
        guard !load.idempotencyKeys || !direct else {
            throw ValidationError("--idempotency-keys goes through the gateway")
        }
    }

    /// The workers to start: the given command lines, or `reckon-SERVICE --slots K` from the stack folder.
    private var workers: [WorkerLaunch] {
        if !spawnWorker.isEmpty { return spawnWorker.map(WorkerLaunch.init(commandLine:)) }
        return spawnStack.map { [WorkerLaunch(binDirectory: $0, service: service, slots: slots ?? clients)] } ?? []
    }

    func run() async throws {
        let target = try load.target(service: service, op: op)
        let plan = load.plan(path: direct ? "direct" : "gateway", clients: clients, defaultDuration: .seconds(10))
        let result = try await withChildProcesses { children in
            let session = BenchSession(context: try ZMQContext(), children: children, target: target)
            if direct {
                return try await session.measureDirect(
                    endpoint: workerEndpoint,
                    slots: slots ?? clients,
                    workers: workers,
                    plan: plan
                )
            }
            var endpoint = gateway
            if let spawnStack {
                let launcher = StackLauncher(binDirectory: spawnStack, children: children)
                endpoint = try await launcher.start(service: service, workers: workers).clientEndpoint
            }
            return try await session.measureThroughGateway(endpoint: endpoint, plan: plan)
        }
        print(load.json ? try Report.json(result) : Report.text(result, target: target))
        try BenchError.failUnlessExpected([result])
    }
}
