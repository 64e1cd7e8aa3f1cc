import ArgumentParser

/// `reckon-bench`: load generator for Reckon services, through the gateway or straight to worker slots.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-bench",
        abstract: "Measure a Reckon service op: latency percentiles and throughput, through the gateway or direct.",
        discussion: """
            Examples:
              reckon-bench calc evaluate --args '{"expression":"1+1"}' --clients 16 --duration 10s
              reckon-bench calc evaluate --args '{"expression":"1+1"}' --direct \\
                --spawn-worker ".build/release/reckon-calc --slots 2" --slots 2 --clients 2
              reckon-bench compare --bin-dir .build/release --service calc --op evaluate \\
                --args '{"expression":"1+1"}' --flood
              reckon-bench inprocess
            """,
        subcommands: [
            RunCommand.self, CompareCommand.self, InProcessCommand.self, OrdersInProcessCommand.self,
            LedgerInProcessCommand.self, ClientCommand.self, HTTPFloorCommand.self, HandOffCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
