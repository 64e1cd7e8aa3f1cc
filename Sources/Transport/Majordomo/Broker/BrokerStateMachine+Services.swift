extension BrokerStateMachine {
    /// Forgets each service whose last worker left a grace period ago: its queued requests get `noWorkers` and
    /// its name is dropped, so the service table holds only names with workers or recent ones. A service that may
    /// scale to zero (``BrokerConfiguration/scaledFromZero``) is kept: its requests wait for a worker to start.
    mutating func forgetAbandonedServices(now: Instant, into actions: inout [BrokerAction]) {
        let grace = configuration.serviceGracePeriod
        let abandoned = services.filter { name, service in
            !configuration.scaledFromZero.contains(name) && (service.emptySince.map { $0 + grace <= now } ?? false)
        }
        for (name, service) in abandoned {
            for id in service.queue.all {
                guard let request = removePending(id) else { continue }
                counters.noWorkers += 1
                record(.answered(id: id, failure: .noWorkers))
                actions.append(.fail(origin: request.origin, service: name, failure: .noWorkers, body: request.body))
            }
            services[name] = nil
            counters.servicesForgotten += 1
        }
    }

    /// The entry of a service that has no worker yet.
    func newService(_ name: String) -> Service {
        Service(latency: configuration.hedging.hedges(name) ? LatencyEstimate() : nil, load: LoadWindow(start: start))
    }
}
