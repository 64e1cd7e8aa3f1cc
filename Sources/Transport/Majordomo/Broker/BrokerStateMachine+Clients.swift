import ZeroMQ

extension BrokerStateMachine {
    /// Handles one message from the client socket, adding what to do to `actions` (kept by the caller between
    /// messages, so their room is reused). Every request whose service can be read takes a token from its client's
    /// bucket first (``ClientLimits``); without one it is answered ``BrokerFailure/rateLimited(retryAfterSeconds:)``
    /// and goes no further.
    /// - Parameters:
    ///   - identity: the ROUTER identity frame.
    ///   - frames: the frames after it.
    ///   - tooLarge: the message was over the owner's size or frame limit and `frames` stops short; it is
    ///     answered ``BrokerFailure/requestTooLarge`` when its header and service can be read, else dropped.
    ///   - limits: the client's own limits (those its CURVE key was given), kept for it until it is forgotten; nil
    ///     holds it to the configured ``ClientLimits``, or to the own limits it was given before.
    ///   - namesCallers: the client may name end callers (``EndCaller``): a request that names one counts against
    ///     that caller's bucket, pending count and turn, under the configured ``ClientLimits``. A request that names
    ///     a caller its client may not name, or an invalid one, is answered ``BrokerFailure/callerRefused``.
    public mutating func receiveFromClient(
        identity: ZMQRoutingID,
        frames: ZMQFrames,
        tooLarge: Bool = false,
        limits: ClientLimits? = nil,
        namesCallers: Bool = false,
        now: Instant,
        into actions: inout [BrokerAction]
    ) {
        eventTime = now
        if let limits { clients.assign(identity, limits: limits, now: now) }
        counters.requestsTooLarge += tooLarge ? 1 : 0
        let request: ClientRequest
        do {
            request = try BrokerClientCodec.decodeRequest(frames)
        } catch let error as MajordomoError {
            counters.dropped += tooLarge ? 0 : 1
            actions.append(.dropped(error))
            return
        } catch {
            preconditionFailure("the codec throws only MajordomoError")
        }
        let route = ClientRoute(identity: identity, dialect: request.dialect)
        var account = identity
        var callerRefused = false
        switch configuration.endCaller(request.body) {
        case .none: break
        case .named(let caller) where namesCallers: account = EndCaller.key(client: identity, caller: caller)
        case .named, .invalid: callerRefused = true
        }
        if let failure = overRate(account, now: now) {
            actions.append(
                .fail(origin: .client(route), service: request.service, failure: failure, body: request.body)
            )
        } else if callerRefused {
            counters.callersRefused += 1
            actions.append(
                .fail(origin: .client(route), service: request.service, failure: .callerRefused, body: request.body)
            )
        } else if tooLarge {
            actions.append(
                .fail(origin: .client(route), service: request.service, failure: .requestTooLarge, body: request.body)
            )
        } else if !request.hasValidService {
            counters.unknownService += 1
            actions.append(
                .fail(origin: .client(route), service: request.service, failure: .badServiceName, body: request.body)
            )
        } else if request.service.hasPrefix(reservedServicePrefix) {
            actions.append(answerMMI(route: route, request: request))
        } else if configuration.builtinServices.contains(request.service) {
            actions.append(.builtin(route: route, service: request.service, body: request.body))
        } else {
            submit(
                origin: .client(route),
                client: account,
                service: request.service,
                body: request.body,
                deadline: nil,
                now: now,
                into: &actions
            )
        }
    }

    /// Sends a request on the owner's behalf (the gateway's batch fan-out); its reply comes back as
    /// ``BrokerAction/deliver(token:body:)`` or ``BrokerAction/fail(origin:service:failure:body:)``.
    /// - Parameters:
    ///   - deadline: an earlier deadline than the service's own, if any.
    ///   - client: the routing id the request is made for, if any: it takes a token from that client's bucket and
    ///     counts as one of its pending requests, like a request of its own.
    public mutating func submitOwnerRequest(
        token: UInt64,
        service: String,
        body: ZMQFrames,
        deadline: Instant?,
        client: ZMQRoutingID? = nil,
        now: Instant
    ) -> [BrokerAction] {
        eventTime = now
        let origin = RequestOrigin.owner(token: token)
        if let client, let failure = overRate(client, now: now) {
            return [.fail(origin: origin, service: service, failure: failure, body: body)]
        }
        var actions: [BrokerAction] = []
        submit(
            origin: origin,
            client: client,
            service: service,
            body: body,
            deadline: deadline,
            now: now,
            into: &actions
        )
        return actions
    }

    /// Whether `service` has live workers or is built in (MMI's `mmi.service`).
    public func isServiceAvailable(_ service: String) -> Bool {
        configuration.builtinServices.contains(service) || (services[service]?.workerCount ?? 0) > 0
    }

    /// RFC 8: `mmi.service` answers 200 or 404 for the service named in the body; other `mmi.*` answer 501.
    private mutating func answerMMI(route: ClientRoute, request: ClientRequest) -> BrokerAction {
        let status: String
        if request.service == "mmi.service" {
            let asked =
                request.body.isEmpty ? "" : request.body.withBytes(at: 0) { String(validating: $0, as: UTF8.self) }
            status = isServiceAvailable(asked ?? "") ? "200" : "404"
        } else {
            status = "501"
        }
        counters.replies += 1
        let body = ZMQFrames([Array(status.utf8)])
        return .sendToClient(
            identity: route.identity,
            message: ClientMessage(dialect: route.dialect, service: request.service, body: body)
        )
    }
}
