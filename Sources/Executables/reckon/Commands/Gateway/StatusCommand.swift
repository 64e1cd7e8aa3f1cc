import ArgumentParser
import GatewayAPI
import Wire

/// `reckon status`: the gateway's services with their workers and queue depths.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show services, workers and queue depths from the gateway."
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let health = try await client.call(HealthOp.self, NoArgs())
        try client.print(typed: health) { health in
            let rows = health.services.map { [$0.name, String($0.workers), String($0.idle), String($0.queued)] }
            return "gateway \(client.endpoint), up \(health.uptimeSeconds) s\n"
                + TextTable(headers: ["service", "workers", "idle", "queued"], rows: rows).render()
        }
    }
}
