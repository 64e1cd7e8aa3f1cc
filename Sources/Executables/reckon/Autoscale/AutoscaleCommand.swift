import ArgumentParser
import Foundation

/// `reckon autoscale`: follows every gateway's load and scales each service's workers with a command template
/// (Docker Swarm, Compose, kubectl, a script), by the policy of docs/deploy.md, "Scaling with the load".
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

    @OptionGroup var policy: AutoscalePolicyOptions

    func validate() throws {
        guard !scales.isEmpty else { throw ValidationError("give at least one --scale SERVICE=MIN..MAX") }
        _ = try policy.policies(for: scales)
    }

    func run() async throws {
        let actuator = CommandActuator(template: run)
        for spec in scales { try await actuator.set(spec.minimum, of: spec.service) }
        let endpoints = gateway.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var loop = try policy.loop(scales, endpoints: endpoints, actuator: actuator)
        defer { loop.close() }
        say("autoscale: \(scales.map { "\($0.service) \($0.minimum)..\($0.maximum)" }.joined(separator: ", "))")
        await loop.run()
    }
}
