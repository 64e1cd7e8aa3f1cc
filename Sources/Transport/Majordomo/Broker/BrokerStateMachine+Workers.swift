import DequeModule
import ZeroMQ

extension BrokerStateMachine {
    /// Handles one message from the worker socket, adding what to do to `actions` (kept by the caller between
    /// messages, so their room is reused).
    /// - Parameters:
    ///   - identity: the ROUTER identity frame.
    ///   - frames: the frames after it.
    ///   - userID: the user id the worker's connection authenticated as (ZAP), checked on READY against
    ///     ``permissions``.
    ///   - tooLarge: the message was over the owner's size or frame limit and `frames` stops short. A PARTIAL or
    ///     FINAL for the request the worker holds answers its origin ``BrokerFailure/replyTooLarge`` instead (a
    ///     FINAL still frees the worker); any other such message is dropped.
    public mutating func receiveFromWorker(
        identity: ZMQRoutingID,
        frames: ZMQFrames,
        userID: String? = nil,
        tooLarge: Bool = false,
        now: Instant,
        into actions: inout [BrokerAction]
    ) {
        eventTime = now
        counters.repliesTooLarge += tooLarge ? 1 : 0
        let command: WorkerCommand
        let dialect: WorkerDialect
        do {
            (command, dialect) = try BrokerWorkerCodec.decode(frames)
        } catch let error as MajordomoError {
            counters.dropped += tooLarge ? 0 : 1
            actions.append(.dropped(error))
            return
        } catch {
            preconditionFailure("the codec throws only MajordomoError")
        }
        if tooLarge {
            refuseOversized(identity, command: command, now: now, into: &actions)
            return
        }
        // The worker is read through its index, field by field: a copy of it would share its `requestIDs`, and
        // `complete` would then copy that array to change it, once per reply.
        guard let worker = workers.index(forKey: identity) else {
            if case .ready(let service, let capacity) = command {
                register(
                    identity,
                    service: service,
                    capacity: capacity ?? 1,
                    dialect: dialect,
                    userID: userID,
                    now: now,
                    into: &actions
                )
            } else if command != .disconnect {
                // An unknown peer (say, after a broker restart) is told to reconnect and send READY.
                disconnect(identity, dialect: dialect, reason: "message from an unregistered worker", into: &actions)
            }
            return
        }
        workers.values[worker].expiry = now + workerExpiry
        let workerDialect = workers.values[worker].dialect
        switch command {
        case .heartbeat:
            break
        case .ready(let service, let capacity?) where service == workers.values[worker].service:
            changeCapacity(identity, to: capacity, into: &actions)
        case .ready:
            disconnect(identity, dialect: workerDialect, reason: "second READY", into: &actions)
            purge(identity, now: now, into: &actions)
        case .disconnect:
            purge(identity, now: now, into: &actions)
        case .partial(let requestID, let body):
            guard let id = holdingRequest(worker, requestID: requestID) else {
                if workers.values[worker].ejections > 0 { return }  // for a request taken from it when ejected
                let reason = "PARTIAL for a request the worker does not hold"
                return violation(identity, dialect: workerDialect, reason, now: now, into: &actions)
            }
            forwardPartial(pending[id]!, body: body, into: &actions)
        case .final(let requestID, let body):
            guard let id = holdingRequest(worker, requestID: requestID) else {
                if workers.values[worker].ejections > 0 { return }  // for a request taken from it when ejected
                let reason = "FINAL for a request the worker does not hold"
                return violation(identity, dialect: workerDialect, reason, now: now, into: &actions)
            }
            complete(id, worker: identity, body: body, into: &actions)
        }
    }

    private mutating func register(
        _ identity: ZMQRoutingID,
        service: String,
        capacity: Int,
        dialect: WorkerDialect,
        userID: String?,
        now: Instant,
        into actions: inout [BrokerAction]
    ) {
        if service.hasPrefix(reservedServicePrefix) || configuration.builtinServices.contains(service) {
            disconnect(identity, dialect: dialect, reason: "READY for reserved service \(service)", into: &actions)
            return
        }
        guard capacity > 0 else {
            disconnect(identity, dialect: dialect, reason: "first READY with capacity 0", into: &actions)
            return
        }
        guard permits(userID, service) else {
            refuseForbidden(identity, userID: userID, service: service, dialect: dialect, into: &actions)
            return
        }
        guard services[service] != nil || services.count < configuration.maximumServices else {
            counters.servicesRefused += 1
            let limit = configuration.maximumServices
            let error = MajordomoError(.tooManyServices, "READY for \(service) refused: \(limit) services exist")
            actions.append(.refused(error))
            disconnect(identity, dialect: dialect, reason: error.message, into: &actions)
            return
        }
        workers[identity] = Worker(
            service: service,
            dialect: dialect,
            expiry: now + workerExpiry,
            capacity: capacity,
            userID: userID
        )
        if services[service] == nil { services[service] = newService(service) }
        services[service]!.workerCount += 1
        if everServed.count < configuration.maximumServices * 4 { everServed.insert(service) }
        services[service]!.slotCount += capacity
        services[service]!.emptySince = nil
        services[service]!.idle.append(identity, count: capacity, proven: false)
        dispatch(service, into: &actions)
    }

    /// A registered worker's READY with a capacity: from now on it takes that many requests at once (0: none, while
    /// it finishes what it holds). Its free slots go to the back of the idle list.
    private mutating func changeCapacity(_ identity: ZMQRoutingID, to capacity: Int, into actions: inout [BrokerAction])
    {
        let worker = workers[identity]!
        workers[identity]!.capacity = capacity
        workers[identity]!.waitsForBudget = false
        services[worker.service]!.slotCount += capacity - worker.capacity
        services[worker.service]!.idle.removeAll(of: identity)
        let free = isEjected(identity) ? 0 : max(0, capacity - worker.requestIDs.count)
        services[worker.service]!.idle.append(identity, count: free, proven: worker.proven)
        dispatch(worker.service, into: &actions)
    }

    /// The request the worker at index `worker` holds, when `requestID` (read from a reply's address) names it.
    func holdingRequest(_ worker: Dictionary<ZMQRoutingID, Worker>.Index, requestID: UInt64?) -> UInt64? {
        guard let requestID, workers.values[worker].requestIDs.contains(requestID) else { return nil }
        return requestID
    }

    private mutating func violation(
        _ identity: ZMQRoutingID,
        dialect: WorkerDialect,
        _ reason: String,
        now: Instant,
        into actions: inout [BrokerAction]
    ) {
        actions.append(.dropped(MajordomoError(.unknownCommand, reason)))
        counters.dropped += 1
        disconnect(identity, dialect: dialect, reason: reason, into: &actions)
        purge(identity, now: now, into: &actions)
    }

    private mutating func forwardPartial(_ request: Pending, body: ZMQFrames, into actions: inout [BrokerAction]) {
        guard !request.answered, case .client(let route) = request.origin,
            let message = ClientMessage.partial(dialect: route.dialect, service: request.service, body: body)
        else { return }
        actions.append(.sendToClient(identity: route.identity, message: message))
    }

    /// Answers a request with its worker's FINAL and makes the worker idle again. Of a hedged request's two copies
    /// the first FINAL answers; the request stays, without its body, until the other worker answers too.
    mutating func complete(
        _ id: UInt64,
        worker identity: ZMQRoutingID,
        body: ZMQFrames,
        into actions: inout [BrokerAction]
    ) {
        let request: Pending
        let otherHolder = otherHolder(of: id, than: identity)
        if let otherHolder {
            request = pending[id]!
            settleHedged(id, answeredBy: identity, stillHeldBy: otherHolder)
        } else {
            request = removePending(id)!
            dropQueuedCopy(of: request, id: id)
        }
        let worker = workers.index(forKey: identity)!
        workers.values[worker].requestIDs.removeAll { $0 == id }
        workers.values[worker].heldBytes -= request.bytes
        let promoted = !request.answered && !workers.values[worker].proven
        if promoted {
            workers.values[worker].proven = true
            services[request.service]!.provenCount += 1
        }
        let free = workers.values[worker].capacity - workers.values[worker].requestIDs.count
        if workers.values[worker].waitsForBudget || promoted {
            // Every free slot is counted again (slow start may have taken some), ahead of unproven workers'.
            services[request.service]!.idle.removeAll(of: identity)
            workers.values[worker].waitsForBudget = false
            services[request.service]!.idle.append(identity, count: max(0, free), proven: workers.values[worker].proven)
        } else if free > 0 {
            services[request.service]!.idle.append(identity, proven: workers.values[worker].proven)
        }
        if !request.answered {
            record(.answered(id: id, failure: nil))
            counters.replies += 1
            workers.values[worker].consecutiveDeadlines = 0
            if identity == request.worker, let dispatchedAt = request.dispatchedAt {
                services[request.service]!.latency?.record(eventTime - dispatchedAt)
            }
            switch request.origin {
            case .client(let route):
                let message = ClientMessage(dialect: route.dialect, service: request.service, body: body)
                actions.append(.sendToClient(identity: route.identity, message: message))
            case .owner(let token):
                actions.append(.deliver(token: token, body: body))
            }
        }
        if otherHolder != nil { letGoOfBody(id) }
        dispatch(request.service, into: &actions)
    }

    mutating func disconnect(
        _ identity: ZMQRoutingID,
        dialect: WorkerDialect,
        reason: String,
        into actions: inout [BrokerAction]
    ) {
        counters.disconnectsSent += 1
        actions.append(.sendToWorker(identity: identity, message: .disconnect(dialect)))
    }

    /// Forgets a worker. Each request it held goes to another worker once if it may be retried, else its origin is
    /// told the outcome is unknown.
    mutating func purge(_ identity: ZMQRoutingID, now: Instant, into actions: inout [BrokerAction]) {
        let inRotation = !isEjected(identity)
        forgetEjection(of: identity)
        guard let worker = workers.removeValue(forKey: identity) else { return }
        services[worker.service]!.provenCount -= worker.proven && inRotation ? 1 : 0
        services[worker.service]!.workerCount -= 1
        services[worker.service]!.slotCount -= worker.capacity
        services[worker.service]!.idle.removeAll(of: identity)
        if services[worker.service]!.workerCount == 0 { services[worker.service]!.emptySince = now }
        // Newest first: each retry goes to the front of the queue, so the oldest ends up first again.
        for id in worker.requestIDs.reversed() {
            abandon(id, service: worker.service, from: identity, into: &actions)
        }
        dispatch(worker.service, into: &actions)
    }

    /// A request whose worker `identity` is gone: left to its other copy if it was hedged, else queued first again if
    /// it may be retried (once: a request of a pure service, ``Hedging/services``, or one
    /// ``BrokerConfiguration/isRetryable`` allows), else its origin is told the outcome is unknown.
    mutating func abandon(
        _ id: UInt64,
        service: String,
        from identity: ZMQRoutingID,
        into actions: inout [BrokerAction]
    ) {
        guard !detach(id, from: identity), var request = pending[id] else { return }
        if request.answered {
            removePending(id)
        } else if request.attempts == 0,
            configuration.hedging.services.contains(service) || configuration.isRetryable(request.body)
        {
            counters.redispatched += 1
            record(.sentAgain(id: id))
            request.attempts += 1
            request.worker = nil
            pending[id] = request
            enqueue(id, in: service, atFront: true)
        } else {
            removePending(id)
            counters.workersLost += 1
            record(.answered(id: id, failure: .workerLost))
            actions.append(
                .fail(origin: request.origin, service: request.service, failure: .workerLost, body: request.body)
            )
        }
    }
}
