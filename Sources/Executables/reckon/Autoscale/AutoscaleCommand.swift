import ArgumentParser
import Autoscale
import Foundation
import ReckonClient

/// `reckon autoscale`: follows every gateway's load and scales each service's workers with a command template
/// (Docker Swarm, Compose, kubectl, a script), by the policy of docs/deploy.md, "Scaling".
struct AutoscaleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autoscale",
        abstract: "Scale workers with the load the gateways see, through a command such as docker service scale.",
        discussion: "Each --scale SERVICE=MIN..MAX[/SLOTS] is scaled by its queue wait and busy slots; --run is "
            + "run through /bin/sh with {service} and {n} (the new process count) put in, first with each minimum."
    )

    @Option(
        help: "Every gateway's client endpoint, a comma list (env RECKON_CLIENT_ENDPOINT); each is read on its own."
    )
    var gateway = ProcessInfo.processInfo.environment["RECKON_CLIENT_ENDPOINT"] ?? "tcp://127.0.0.1:5555"

    @Option(name: .customLong("scale"), help: "A service to scale: SERVICE=MIN..MAX, or SERVICE=MIN..MAX/SLOTS.")
    var scales: [ScaleSpec] = []

    @Option(help: "The command that sets a service's process count, e.g. 'docker service scale reckon_{service}={n}'.")
    var run: String

    @Option(help: "Milliseconds between two readings of the gateways.")
    var intervalMs = 1_000

    @Option(help: "Share of the slots the requests should hold (0 to 1).")
    var targetUtilisation = 0.7

    @Option(help: "Milliseconds of queue-wait p90 above which a service scales up at once.")
    var waitBoundMs = 50

    @Option(help: "Seconds utilisation must stay above target before a scale-up.")
    var upWindowSeconds = 10

    @Option(help: "Seconds the need must stay below before a process is drained, and between two drains.")
    var stabilisationSeconds = 60

    func validate() throws {
        guard !scales.isEmpty else { throw ValidationError("give at least one --scale SERVICE=MIN..MAX") }
        guard intervalMs > 0 else { throw ValidationError("--interval-ms must be positive") }
        guard Set(scales.map(\.service)).count == scales.count else {
            throw ValidationError("each service takes one --scale")
        }
        _ = try policies()
    }

    func run() async throws {
        let actuator = CommandActuator(template: run)
        for spec in scales { try await actuator.set(spec.minimum, of: spec.service) }
        let endpoints = gateway.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let clients = try endpoints.map {
            try ReckonClient(configuration: .init(endpoint: $0, timeout: .milliseconds(min(intervalMs, 1_000))))
        }
        defer { clients.forEach { $0.close() } }
        var loop = AutoscaleLoop(
            gateways: clients,
            scalers: try policies().mapValues { ServiceScaler(policy: $0) },
            actuator: actuator,
            interval: .milliseconds(intervalMs)
        )
        say("autoscale: \(scales.map { "\($0.service) \($0.minimum)..\($0.maximum)" }.joined(separator: ", "))")
        await loop.run()
    }

    private func policies() throws -> [String: ScalePolicy] {
        var policies: [String: ScalePolicy] = [:]
        for spec in scales {
            do {
                policies[spec.service] = try ScalePolicy(
                    minimum: spec.minimum,
                    maximum: spec.maximum,
                    slotsPerProcess: spec.slotsPerProcess,
                    targetUtilisation: targetUtilisation,
                    waitBound: .milliseconds(waitBoundMs),
                    upWindow: .seconds(upWindowSeconds),
                    stabilisation: .seconds(stabilisationSeconds)
                )
            } catch {
                throw ValidationError("--scale \(spec.service): \(error)")
            }
        }
        return policies
    }
}
