import ArgumentParser
import Wire

/// `reckon status`: the gateway's services with their workers and queue depths.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show services, workers and queue depths from the gateway."
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let health = try await client.call(service: "gateway", op: "health")
        client.print(health) { health in
            let rows = (health["services"]?.arrayValue ?? []).map { service in
                ["name", "workers", "idle", "queued"].map { service[$0]?.cellText ?? "" }
            }
            let uptime = health["uptimeSeconds"]?.cellText ?? "?"
            return "gateway \(client.endpoint), up \(uptime) s\n"
                + TextTable(headers: ["service", "workers", "idle", "queued"], rows: rows).render()
        }
    }
}
