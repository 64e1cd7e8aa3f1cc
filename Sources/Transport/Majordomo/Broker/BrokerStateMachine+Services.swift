extension BrokerStateMachine {
    /// Forgets each service whose last worker left a grace period ago: its queued requests get `noWorkers` and
    /// its name is dropped, so the service table holds only names with workers or recent ones.
    mutating func forgetAbandonedServices(now: Instant, into actions: inout [BrokerAction]) {
        let grace = configuration.serviceGracePeriod
        let abandoned = services.filter { _, service in service.emptySince.map { $0 + grace <= now } ?? false }
        for (name, service) in abandoned {
            for id in service.queue.all {
                guard let request = removePending(id) else { continue }
                counters.noWorkers += 1
                actions.append(.fail(origin: request.origin, service: name, failure: .noWorkers, body: request.body))
            }
            services[name] = nil
            counters.servicesForgotten += 1
        }
    }
}
