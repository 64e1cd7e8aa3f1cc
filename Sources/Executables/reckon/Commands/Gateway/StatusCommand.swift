import ArgumentParser
import GatewayAPI
import Wire

/// `reckon status`: the gateway's services with their worker slots, queue depths and recent load.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show services, workers and queue depths from the gateway."
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let health = try await client.call(HealthOp.self, NoArgs())
        try client.print(typed: health) { health in
            let rows = health.services.map {
                [
                    $0.name, String($0.workers), String($0.idle), String($0.busy), String($0.queued),
                    String($0.arrivals), $0.queueWaitP90Micros.map { "\($0) µs" } ?? "-",
                ]
            }
            let headers = ["service", "workers", "idle", "busy", "queued", "arrivals", "wait p90"]
            return "gateway \(client.endpoint), up \(health.uptimeSeconds) s (arrivals and waits over the last "
                + "\(health.windowSeconds) s)\n" + TextTable(headers: headers, rows: rows).render()
        }
    }
}
