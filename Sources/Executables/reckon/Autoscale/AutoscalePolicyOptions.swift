import ArgumentParser
import Autoscale
import ReckonClient

/// The scaling policy's knobs, shared by `reckon autoscale` and `reckon up --autoscale` (docs/deploy.md, "Scaling
/// with the load").
struct AutoscalePolicyOptions: ParsableArguments {
    @Option(help: "Milliseconds between two readings of the gateways.")
    var intervalMs = 1_000

    @Option(help: "Share of the slots the requests should hold (0 to 1).")
    var targetUtilisation = 0.7

    @Option(help: "Milliseconds of queue wait (the p90, or what the queue projects) over which it scales up at once.")
    var waitBoundMs = 50

    @Option(help: "Seconds over which utilisation, averaged, must be above target for a scale-up.")
    var upWindowSeconds = 10

    @Option(help: "Seconds the need must stay below before a process is drained, and between two drains.")
    var stabilisationSeconds = 60

    func validate() throws {
        guard intervalMs > 0 else { throw ValidationError("--interval-ms must be positive") }
    }

    /// Each spec's policy, by service.
    /// - Throws: `ValidationError` for a service given twice or a policy out of range.
    func policies(for specs: [ScaleSpec]) throws -> [String: ScalePolicy] {
        var policies: [String: ScalePolicy] = [:]
        for spec in specs {
            guard policies[spec.service] == nil else { throw ValidationError("\(spec.service) is scaled twice") }
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
                throw ValidationError("\(spec.service): \(error)")
            }
        }
        return policies
    }

    /// The loop that scales `specs` through `actuator`, reading every gateway at `endpoints`.
    func loop(_ specs: [ScaleSpec], endpoints: [String], actuator: any ScaleActuator) throws -> AutoscaleLoop {
        let timeout = Duration.milliseconds(min(intervalMs, 1_000))
        return AutoscaleLoop(
            gateways: try endpoints.map { try ReckonClient(configuration: .init(endpoint: $0, timeout: timeout)) },
            scalers: try policies(for: specs).mapValues { ServiceScaler(policy: $0) },
            actuator: actuator,
            interval: .milliseconds(intervalMs)
        )
    }
}
