import EnvelopeTracing
import Majordomo
import Wire
import ZeroMQ

/// The gateway without sockets: the MDP broker plus the built-in `gateway` service (batch fan-out, health, stats).
///
/// Feed it what arrives on the client and worker sockets and the clock; send the ``GatewayOutput``s it returns.
/// Only built-in requests and failure replies parse JSON; forwarded requests and replies pass through as frames.
public struct GatewayCore: Sendable {
    public typealias Instant = ContinuousClock.Instant

    var broker: BrokerStateMachine
    /// What the broker answered the last message, kept for its room: the hot path allocates no array per message.
    private var actions: [BrokerAction] = []
    var batches = BatchTracker()
    let maximumBatchSize: Int
    let startedAt: Instant
    /// The keys each socket accepts, and the services each worker key may serve.
    public internal(set) var allowLists = AllowLists()
    /// Key checks and reloads so far.
    public internal(set) var authentication = AuthenticationCounters()
    /// The client keys with limits of their own, by key in Z85; from the client allow-list.
    var ownClientLimits: [String: ClientLimits] = [:]
    /// The client keys that may name end callers (``AllowLists/callerNamingKeys``): `nil` lets every client.
    var callerNamingKeys: Set<String>?
    /// The limits of every other client.
    let clientLimits: ClientLimits
    /// A span per request routed, when the process traces (``GatewaySpans``).
    private var spans: GatewaySpans?

    /// - Parameter allowLists: the allow-lists in force from the start.
    ///
    /// When the process has a tracer (``EnvelopeTracing/EnvelopeTrace/tracer``) as the core is made, each request
    /// routed gets a span (``GatewaySpans``).
    public init(configuration: GatewayConfiguration, allowLists: AllowLists = AllowLists(), now: Instant) {
        var brokerConfiguration = configuration.broker
        spans = EnvelopeTrace.tracer.map(GatewaySpans.init(tracer:))
        brokerConfiguration.recordsRequestEvents = spans != nil
        brokerConfiguration.builtinServices.insert(GatewayService.name)
        brokerConfiguration.isRetryable = FailureReplies.hasIdempotencyKey
        brokerConfiguration.endCaller = CallerScan.endCaller
        broker = BrokerStateMachine(configuration: brokerConfiguration, now: now)
        maximumBatchSize = configuration.maximumBatchSize
        clientLimits = configuration.broker.clientLimits
        startedAt = now
        _ = installAllowLists(allowLists, now: now)
    }

    /// How long the loop may wait before calling ``tick(now:)``.
    public var tickInterval: Duration { broker.tickInterval }

    /// Running totals of the broker.
    public var counters: BrokerCounters { broker.counters }

    /// Each service's workers and queue depth.
    public var health: [ServiceHealth] { broker.health }

    /// Handles a message from the client socket (identity frame first), adding what to send to `outputs`.
    /// - Parameters:
    ///   - userID: the `User-Id` the client's connection authenticated as; a key with limits of its own in the
    ///     client allow-list is held to them, and only a key marked `bridge` there may name end callers (any client
    ///     may when there is no client allow-list).
    ///   - tooLarge: the message was over the size or frame limit and `frames` stops short of its end.
    public mutating func receiveFromClient(
        _ frames: ZMQFrames,
        userID: String? = nil,
        tooLarge: Bool = false,
        now: Instant,
        into outputs: inout [GatewayOutput]
    ) {
        // Most gateways list no key with limits of its own: then no message pays for the lookup.
        let limits = ownClientLimits.isEmpty ? nil : userID.flatMap { ownClientLimits[$0] }
        let namesCallers = callerNamingKeys.map { keys in userID.map(keys.contains) ?? false } ?? true
        feed(frames, now: now, into: &outputs) { broker, identity, rest, actions in
            broker.receiveFromClient(
                identity: identity,
                frames: rest,
                tooLarge: tooLarge,
                limits: limits,
                namesCallers: namesCallers,
                now: now,
                into: &actions
            )
        }
    }

    /// Handles a message from the worker socket (identity frame first), adding what to send to `outputs`.
    /// - Parameters:
    ///   - userID: the `User-Id` the worker's connection authenticated as; a READY is checked against it.
    ///   - tooLarge: the message was over the size or frame limit and `frames` stops short of its end.
    public mutating func receiveFromWorker(
        _ frames: ZMQFrames,
        userID: String? = nil,
        tooLarge: Bool = false,
        now: Instant,
        into outputs: inout [GatewayOutput]
    ) {
        feed(frames, now: now, into: &outputs) { broker, identity, rest, actions in
            broker.receiveFromWorker(
                identity: identity,
                frames: rest,
                userID: userID,
                tooLarge: tooLarge,
                now: now,
                into: &actions
            )
        }
    }

    /// Splits a message into its sender's routing id and the rest, has `receive` give both to the broker with
    /// ``actions`` (emptied, its room kept from the last message) and executes what the broker added.
    private mutating func feed(
        _ frames: ZMQFrames,
        now: Instant,
        into outputs: inout [GatewayOutput],
        _ receive: (inout BrokerStateMachine, ZMQRoutingID, ZMQFrames, inout [BrokerAction]) -> Void
    ) {
        guard !frames.isEmpty else { return }
        // Moved out, so that the broker can fill it while `self` is in use.
        var actions: [BrokerAction] = []
        swap(&actions, &self.actions)
        actions.removeAll(keepingCapacity: true)
        receive(&broker, frames.withBytes(at: 0, ZMQRoutingID.init), frames.dropFirst(), &actions)
        execute(actions, now: now, into: &outputs)
        self.actions = actions
    }

    /// Handles a message to the worker with `identity` that the worker socket could not send: the worker is
    /// purged, and a REQUEST it never got is queued again.
    public mutating func undeliverableToWorker(
        identity: ZMQRoutingID,
        message: WorkerMessage,
        now: Instant
    ) -> [GatewayOutput] {
        execute(broker.undeliverableToWorker(identity: identity, message: message, now: now), now: now)
    }

    /// Heartbeats, worker expiry and deadlines.
    public mutating func tick(now: Instant) -> [GatewayOutput] {
        execute(broker.tick(now: now), now: now)
    }

    /// A reply could not be sent to client `identity`: it is gone, and its queued requests with it.
    public mutating func clientGone(identity: ZMQRoutingID, now: Instant) -> [GatewayOutput] {
        execute(broker.clientGone(identity: identity, now: now), now: now)
    }

    /// When ``hedge(now:)`` is next due, if a request may be hedged.
    public var nextHedge: Instant? { broker.nextHedge }

    /// Sends the second copies of requests whose hedge delay has passed.
    public mutating func hedge(now: Instant) -> [GatewayOutput] {
        execute(broker.hedge(now: now), now: now)
    }

    mutating func execute(_ actions: [BrokerAction], now: Instant) -> [GatewayOutput] {
        var outputs: [GatewayOutput] = []
        execute(actions, now: now, into: &outputs)
        return outputs
    }

    mutating func execute(_ actions: [BrokerAction], now: Instant, into outputs: inout [GatewayOutput]) {
        for action in actions {
            switch action {
            case .sendToClient(let identity, let message):
                outputs.append(.toClient(identity: identity, message: message))
            case .sendToWorker(let identity, let message):
                outputs.append(.toWorker(identity: identity, message: message))
            case .dropped(let error):
                outputs.append(.dropped(error))
            case .refused(let error):
                outputs.append(.refused(error))
            case .fail(let origin, let service, let failure, let body):
                let reply = FailureReplies.body(for: failure, service: service, request: body)
                outputs += answer(origin, service: service, body: ZMQFrames([reply]))
            case .deliver(let token, let body):
                outputs += answer(.owner(token: token), service: "", body: body)
            case .builtin(let route, _, let body):
                outputs += handleBuiltin(route: route, body: body, now: now)
            }
        }
        if spans != nil { spans!.handle(broker.takeRequestEvents(), now: now) }
    }

    /// Sends a reply to a client, or records it in its batch.
    mutating func answer(_ origin: RequestOrigin, service: String, body: ZMQFrames) -> [GatewayOutput] {
        switch origin {
        case .client(let route):
            return reply(route, service: service, body: body)
        case .owner(let token):
            guard let (route, batchReply) = batches.record(token: token, reply: Self.validJSON(body)) else { return [] }
            return reply(route, service: GatewayService.name, body: batchReply)
        }
    }

    /// A reply the gateway writes itself: a failure, a built-in op's answer or a finished batch.
    func reply(_ route: ClientRoute, service: String, body: [UInt8]) -> [GatewayOutput] {
        reply(route, service: service, body: ZMQFrames([body]))
    }

    func reply(_ route: ClientRoute, service: String, body: ZMQFrames) -> [GatewayOutput] {
        [
            .toClient(
                identity: route.identity,
                message: ClientMessage(dialect: route.dialect, service: service, body: body)
            )
        ]
    }

    /// A worker's reply as it goes into a batch: its JSON, or an `internal` error if it is not one JSON object.
    private static func validJSON(_ body: ZMQFrames) -> [UInt8] {
        guard body.count == 1, case .object = body.firstJSON else {
            return JSONCoding.errorReply(WireError(.internal, "worker reply is not one JSON object"), id: nil)
        }
        return body.bytes(at: 0)
    }
}
