import Logging
import Majordomo
import ZeroMQ

/// The gateway's single-threaded I/O loop around `zmq_poll`. It owns both ROUTER sockets, and the ZAP handler when
/// allow-lists are in use, so it lives and dies on the thread that created it.
final class GatewayLoop {
    private let clientSocket: ZMQSocket
    private let workerSocket: ZMQSocket
    /// The REP socket answering the context's ZAP requests; `nil` without allow-lists (any CURVE key is accepted).
    private let zapSocket: ZMQSocket?
    private let stopPipe: WakeupPipe
    private let allowListFiles: AllowListFiles
    private let reloadRequests: ReloadRequests
    private var reloadsSeen: Int
    private var core: GatewayCore
    private let metrics = GatewayMetrics()
    private let logger: Logger
    private let clock = ContinuousClock()
    /// Messages read from one socket before the loop looks at the other: keeps both sides served under load.
    private let burst = 256
    /// What one message may hold after its routing id; the rest is read and discarded, and the message refused.
    private let receiveLimits: ReceiveLimits
    /// What one poll turn must send, kept between turns for its capacity: sent together once the turn has read
    /// both sockets.
    private var outbox: [GatewayOutput] = []
    /// Messages libzmq refused to send since the last tick, added to the metrics on the next one.
    private var undeliverable = 0
    /// Whether the client (worker) socket may hold a message libzmq will not signal again: it was sent on, or its
    /// last drain stopped at ``burst``, since it was last read until it would block (see ``ZMQSignalPoller``).
    private var clientsUnread = true
    private var workersUnread = true
    /// Returns what glibc keeps free once a storm is over.
    private var idleTrim: IdleTrim
    /// Refusals of peers, logged once a minute each with their count.
    private var refusals = RepeatedWarnings()

    /// Loads the allow-lists and binds the sockets: the ZAP handler first, so no handshake goes unchecked.
    /// - Throws: ``AllowListError`` for a bad allow-list, ``ZMQError`` when an endpoint cannot be bound.
    init(
        context: ZMQContext,
        configuration: GatewayConfiguration,
        stopPipe: WakeupPipe,
        reloadRequests: ReloadRequests,
        logger: Logger
    ) throws {
        let allowLists = try configuration.allowListFiles.load()
        guard allowLists.isEmpty || configuration.curveSecretKey != nil else { throw AllowListError.curveRequired }
        if allowLists.isEmpty {
            zapSocket = nil
        } else {
            let zap = try ZMQSocket(context: context, type: .rep)
            try zap.bind(ZapRequest.endpoint)
            zapSocket = zap
        }
        clientSocket = try Self.makeRouter(
            context,
            configuration,
            endpoint: configuration.clientEndpoint,
            domain: .clients,
            queueLimit: configuration.clientQueueLimit
        )
        workerSocket = try Self.makeRouter(
            context,
            configuration,
            endpoint: configuration.workerEndpoint,
            domain: .workers,
            queueLimit: configuration.workerQueueLimit
        )
        if let local = configuration.localWorkerEndpoint { try workerSocket.bind(local) }
        self.stopPipe = stopPipe
        allowListFiles = configuration.allowListFiles
        self.reloadRequests = reloadRequests
        reloadsSeen = reloadRequests.generation
        self.logger = logger
        receiveLimits = configuration.receiveLimits
        core = GatewayCore(configuration: configuration, allowLists: allowLists, now: clock.now)
        idleTrim = IdleTrim(now: clock.now)
    }

    /// A ROUTER that fails sends to unknown peers, lets a new connection take over a routing id in use, caps
    /// frames at the configuration's ceiling, queues at most `queueLimit` messages per peer to send and receives at
    /// most ``GatewayConfiguration/peerReceiveBytes`` ahead of the loop. With CURVE, its handshakes ask the ZAP
    /// handler (if any) in `domain`.
    private static func makeRouter(
        _ context: ZMQContext,
        _ configuration: GatewayConfiguration,
        endpoint: String,
        domain: AllowList.Kind,
        queueLimit: Int
    ) throws -> ZMQSocket {
        let socket = try ZMQSocket(context: context, type: .router)
        try socket.setRouterMandatory(true)
        try socket.setRouterHandover(true)
        try socket.setMaxMessageSize(bytes: Int64(configuration.frameCeiling))
        let receiveLimit = configuration.receiveQueueLimit(queueLimit)
        try socket.setHighWaterMarks(send: Int32(clamping: queueLimit), receive: Int32(clamping: receiveLimit))
        if let key = configuration.curveSecretKey {
            try socket.makeCurveServer(secretKey: key)
            try socket.setZapDomain(domain.rawValue)
        }
        try socket.bind(endpoint)
        return socket
    }

    /// The endpoints actually bound (ports resolved when `*` was asked for).
    func boundEndpoints() throws -> (client: String, worker: String) {
        (try clientSocket.lastEndpoint, try workerSocket.lastEndpoint)
    }

    /// Serves until the stop pipe is signalled or the context shuts down.
    /// - Throws: ``ZMQError`` other than `ETERM`.
    func run() throws {
        defer {
            clientSocket.close()
            workerSocket.close()
            zapSocket?.close()
        }
        var poller = ZMQSignalPoller()
        let clientIndex = try poller.add(clientSocket)
        let workerIndex = try poller.add(workerSocket)
        let stopIndex = poller.add(fileDescriptor: stopPipe.readDescriptor)
        let zapIndex = try zapSocket.map { try poller.add($0) }
        var nextTick = clock.now + core.tickInterval
        do {
            while true {
                let mustRead = clientsUnread || workersUnread
                let wake = min(nextTick, core.nextHedge ?? nextTick)
                try poller.poll(timeout: mustRead ? .zero : max(.zero, wake - clock.now))
                if poller.isSignalled(stopIndex) { return }
                // One clock read serves the whole turn: a turn is far shorter than the tick that checks deadlines.
                let now = clock.now
                if let zapSocket, let zapIndex, poller.isSignalled(zapIndex) { try serveZap(zapSocket) }
                if reloadRequests.generation != reloadsSeen { reloadAllowLists(now: now) }
                if clientsUnread || poller.isSignalled(clientIndex) {
                    clientsUnread = try !drain(clientSocket, fromClients: true, now: now)
                }
                if workersUnread || poller.isSignalled(workerIndex) {
                    workersUnread = try !drain(workerSocket, fromClients: false, now: now)
                }
                if let due = core.nextHedge, due <= now { outbox += core.hedge(now: now) }
                let ticks = now >= nextTick
                if ticks { outbox += core.tick(now: now) }
                sendOutbox(now: now)
                if ticks {
                    metrics.update(counters: core.counters, health: core.health)
                    metrics.update(authentication: core.authentication)
                    metrics.countUndeliverable(undeliverable)
                    undeliverable = 0
                    nextTick = now + core.tickInterval
                    if let free = idleTrim.tick(now: now) {
                        logger.debug("memory returned to the system", metadata: ["malloc.free_bytes": "\(free)"])
                    }
                }
            }
        } catch let error as ZMQError where error.isContextTerminated {
            return
        }
    }

    /// Feeds the core up to ``burst`` messages waiting on `socket`; what it answers waits in ``outbox``.
    /// - Returns: whether the socket was read until it would block (not stopped at ``burst``).
    private func drain(_ socket: ZMQSocket, fromClients: Bool, now: ContinuousClock.Instant) throws -> Bool {
        for count in 0..<burst {
            guard let message = try socket.receive(dontWait: true, limits: receiveLimits) else {
                idleTrim.count(count)
                return true
            }
            let (frames, tooLarge) = (ZMQFrames(message.message), message.exceedsLimits)
            if fromClients {
                core.receiveFromClient(frames, userID: message.userID, tooLarge: tooLarge, now: now, into: &outbox)
            } else {
                core.receiveFromWorker(frames, userID: message.userID, tooLarge: tooLarge, now: now, into: &outbox)
            }
        }
        idleTrim.count(burst)
        return false
    }

    /// Answers every waiting ZAP request; a refusal is logged with the peer's address and key.
    private func serveZap(_ socket: ZMQSocket) throws {
        while let frames = try socket.receive(dontWait: true) {
            guard let request = ZapRequest(frames: frames) else {
                try socket.send(ZapReply.malformed(frames).frames)
                continue
            }
            let reply = core.authenticate(request)
            if reply.status != .success {
                logger.warning(
                    "CURVE handshake refused",
                    metadata: [
                        "zap.domain": "\(request.domain)", "zap.address": "\(request.address)",
                        "zap.key": "\(request.curveKey?.z85 ?? "none")", "zap.reason": "\(reply.statusText)",
                    ]
                )
            }
            try socket.send(reply.frames)
        }
    }

    /// Reads the allow-list files again. A bad file keeps the lists in force; good ones take effect at once, and
    /// workers whose key may no longer serve their service are purged.
    private func reloadAllowLists(now: ContinuousClock.Instant) {
        reloadsSeen = reloadRequests.generation
        let loaded = Result { () throws(AllowListError) in try allowListFiles.load() }
        outbox += core.replaceAllowLists(loaded, now: now)
        switch loaded {
        case .success(let lists):
            let counts = ["clients": lists.clients?.entries.count, "workers": lists.workers?.entries.count]
            logger.info(
                "allow-lists reloaded",
                metadata: counts.mapValues { .string($0.map(String.init) ?? "any") }
            )
        case .failure(let error):
            logger.error("allow-lists not reloaded, the old ones stay in force", metadata: ["error": "\(error)"])
        }
    }

    /// Sends what the turn produced, in order, and empties ``outbox`` (keeping its capacity for the next turn).
    private func sendOutbox(now: ContinuousClock.Instant) {
        perform(outbox, now: now)
        outbox.removeAll(keepingCapacity: true)
    }

    private func perform(_ outputs: [GatewayOutput], now: ContinuousClock.Instant) {
        for output in outputs {
            switch output {
            case .toClient(let identity, let message):
                let failure = send(to: identity, on: clientSocket) { BrokerClientCodec.encode(message, into: &$0) }
                clientsUnread = true
                // A client that left takes its queued requests with it.
                if let failure = failure as? ZMQError, failure.isHostUnreachable {
                    perform(core.clientGone(identity: identity, now: now), now: now)
                }
            case .toWorker(let identity, let message):
                workersUnread = true
                // A worker that cannot be reached is purged now, and a REQUEST it never got is queued again.
                if send(to: identity, on: workerSocket, { BrokerWorkerCodec.encode(message, into: &$0) }) != nil {
                    perform(core.undeliverableToWorker(identity: identity, message: message, now: now), now: now)
                }
            case .dropped(let error): logger.debug("dropped message", metadata: ["mdp.error": "\(error)"])
            case .refused(let error):
                guard let count = refusals.note(error.message, now: now) else { break }
                logger.warning("refused peer", metadata: ["mdp.error": "\(error)", "times": "\(count)"])
            }
        }
    }

    /// Sends the frames `encode` writes to the peer `identity` without ever blocking: a peer that left or whose queue
    /// is full loses the message, which is counted.
    /// - Returns: nil when the message was queued, else why not.
    private func send(
        to identity: ZMQRoutingID,
        on socket: ZMQSocket,
        _ encode: (inout ZMQMessageSender) -> Void
    ) -> (any Error)? {
        do {
            try socket.send(dontWait: true) { sender in
                sender.add(identity)
                encode(&sender)
            }
            return nil
        } catch {
            undeliverable += 1
            logger.debug("message not delivered", metadata: ["zmq.error": "\(error)"])
            return error
        }
    }
}
