import Autoscale
import GatewayAPI
import ReckonClient
import Wire

/// Every `interval`, reads each gateway's `health`, merges the views of each scaled service (``ServiceLoad``), and
/// carries out its ``ServiceScaler``'s decision through the actuator. A gateway that does not answer is left out of
/// that round; a round with no gateway answering decides nothing.
struct AutoscaleLoop {
    let gateways: [ReckonClient]
    var scalers: [String: ServiceScaler]
    let actuator: any ScaleActuator
    let interval: Duration

    /// Closes the gateways' clients.
    func close() { gateways.forEach { $0.close() } }

    /// Runs until the task is cancelled.
    mutating func run() async {
        while !Task.isCancelled {
            await round(now: .now)
            try? await Task.sleep(for: interval)
        }
    }

    /// One round: observe, decide, act.
    mutating func round(now: ContinuousClock.Instant) async {
        var views: [String: [GatewayServiceView]] = [:]
        var answered = 0
        for gateway in gateways {
            guard let health = try? await gateway.call(HealthOp.self, NoArgs()) else { continue }
            answered += 1
            for service in health.services {
                views[service.name, default: []].append(Self.view(service, window: health.windowSeconds))
            }
        }
        guard answered > 0 else { return }
        for service in scalers.keys.sorted() {
            let load = ServiceLoad(merging: views[service] ?? [])
            let processes = await actuator.processes(of: service)
            guard let decision = scalers[service]!.observe(load, processes: processes, now: now) else { continue }
            await apply(decision, to: service, load: load, processes: processes)
        }
    }

    private func apply(_ decision: ScaleDecision, to service: String, load: ServiceLoad, processes: Int) async {
        let why =
            "slots \(load.busy) busy of \(load.slots), \(load.queued) queued, \(load.arrivals) arrived, "
            + "queue wait p90 \(load.queueWaitP90.map { "\($0)" } ?? "none")"
        do {
            switch decision {
            case .start(let count):
                say("autoscale: \(service) \(processes) → \(processes + count) processes (\(why))")
                try await actuator.start(count, of: service)
            case .drainOne:
                say("autoscale: \(service) \(processes) → \(processes - 1) processes, draining one (\(why))")
                try await actuator.drainOne(of: service)
            }
        } catch {
            say("autoscale: \(service): \(error)")
        }
    }

    private static func view(_ service: HealthOp.ServiceHealth, window: Int) -> GatewayServiceView {
        GatewayServiceView(
            workers: service.workers,
            idle: service.idle,
            busy: service.busy,
            queued: service.queued,
            arrivals: service.arrivals,
            windowSeconds: window,
            queueWaitP50Micros: service.queueWaitP50Micros,
            queueWaitP90Micros: service.queueWaitP90Micros
        )
    }
}
