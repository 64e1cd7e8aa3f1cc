import ZeroMQ

extension BrokerStateMachine {
    /// Replaces the service permissions (`nil`: any worker may serve any service). Workers no longer allowed their
    /// service are told DISCONNECT and purged at once, each counted in ``BrokerCounters/workersRevoked``; their
    /// requests go the way of any dead worker's.
    public mutating func replacePermissions(_ permissions: ServicePermissions?, now: Instant) -> [BrokerAction] {
        self.permissions = permissions
        eventTime = now
        var actions: [BrokerAction] = []
        let revoked = workers.filter { !permits($0.value.userID, $0.value.service) }.sorted {
            $0.key.bytes.lexicographicallyPrecedes($1.key.bytes)
        }
        for (identity, worker) in revoked {
            counters.workersRevoked += 1
            let error = MajordomoError(
                .serviceForbidden,
                "worker \(worker.userID ?? "without user id") may no longer serve \(worker.service)"
            )
            actions.append(.refused(error))
            disconnect(identity, dialect: worker.dialect, reason: error.message, into: &actions)
            purge(identity, now: now, into: &actions)
        }
        return actions
    }

    /// Whether the current permissions let a worker authenticated as `userID` serve `service`.
    func permits(_ userID: String?, _ service: String) -> Bool {
        permissions?.allows(userID: userID, service: service) ?? true
    }

    /// Refuses a READY for a service `userID` may not serve: counted, reported, and the worker told DISCONNECT.
    mutating func refuseForbidden(
        _ identity: ZMQRoutingID,
        userID: String?,
        service: String,
        dialect: WorkerDialect,
        into actions: inout [BrokerAction]
    ) {
        counters.workersForbidden += 1
        let who = userID.map { "worker \($0)" } ?? "a worker without user id"
        let error = MajordomoError(.serviceForbidden, "READY for \(service) refused: \(who) may not serve it")
        actions.append(.refused(error))
        disconnect(identity, dialect: dialect, reason: error.message, into: &actions)
    }
}
