import ArgumentParser
import Foundation
import ReckonClient
import Wire

/// `reckon-bench client`: one `ReckonClient` calling one request at a time against the same client keeping a window
/// of requests in flight with `calls(_:)`, side by side against one stack.
struct ClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "Measure ReckonClient one call at a time against pipelined batches, side by side.",
        discussion: """
            Starts BINDIR/reckon-gateway and BINDIR/reckon-calc with its default slots on free loopback ports, then, \
            for each round, sends --requests `evaluate` calls from one client one after another, and the same \
            number as pipelined batches of --window calls. Prints each round's requests per second and the medians.
            """
    )

    @Option(help: "Folder with reckon-gateway and reckon-calc.")
    var binDir: String

    @Option(help: "Calls per run.")
    var requests = 5_000

    @Option(help: "Calls per pipelined batch.")
    var window = 64

    @Option(help: "Rounds; each runs both modes.")
    var rounds = 3

    func validate() throws {
        guard requests > 0, window > 0, rounds > 0 else {
            throw ValidationError("--requests, --window and --rounds must be positive")
        }
    }

    func run() async throws {
        try await withChildProcesses { children in
            let launcher = StackLauncher(binDirectory: binDir, children: children)
            let gateway = try await launcher.start(
                service: "calc",
                workers: [WorkerLaunch(commandLine: "\(binDir)/reckon-calc")]
            )
            let client = try ReckonClient(configuration: .init(endpoint: gateway.clientEndpoint))
            defer { client.close() }
            let request = ReckonClient.Request(service: "calc", op: "evaluate", args: ["expression": "1+1"])
            for result in await client.calls(Array(repeating: request, count: window)) {  // warm-up
                try CalcAnswer.check(try result.get())
            }
            var sequential: [Double] = []
            var pipelined: [Double] = []
            for round in 1...rounds {
                sequential.append(
                    try await Self.rate(requests) {
                        for _ in 0..<requests {
                            try CalcAnswer.check(
                                try await client.call(service: "calc", op: "evaluate", args: request.args)
                            )
                        }
                    }
                )
                pipelined.append(
                    try await Self.rate(requests) {
                        var left = requests
                        while left > 0 {
                            let results = await client.calls(Array(repeating: request, count: min(window, left)))
                            for result in results { try CalcAnswer.check(try result.get()) }
                            left -= results.count
                        }
                    }
                )
                print(
                    "round \(round): one at a time \(Int(sequential.last!)) req/s, pipelined (window \(window)) \(Int(pipelined.last!)) req/s"
                )
            }
            let (one, many) = (sequential.median, pipelined.median)
            print(
                "median: one at a time \(Int(one)) req/s, pipelined \(Int(many)) req/s, ratio \(String(format: "%.2f", many / one))"
            )
        }
    }

    /// Requests per second of `body`, which makes `count` calls.
    private static func rate(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try await clock.measure(body)
        return Double(count) / (elapsed.microseconds / 1e6)
    }
}
