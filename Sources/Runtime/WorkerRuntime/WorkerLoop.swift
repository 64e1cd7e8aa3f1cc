import Logging
import Majordomo
import ZeroMQ

/// A worker process's one I/O thread: it polls one DEALER per gateway and the mailbox's wake-up pipe with one
/// `poll(2)`, runs cheap ops in place, hands the others to the task group and sends their replies when they come
/// back. Each gateway session registers with a capacity of `slots` requests at once (Reckon's READY extension) and
/// keeps its own MDP/0.2 session (heartbeats both ways, reconnect with back-off when the gateway goes quiet or says
/// DISCONNECT). On drain each session tells its gateway it takes nothing more (READY with capacity 0), answers what
/// it holds, and says DISCONNECT once it holds nothing.
final class WorkerLoop {
    private let configuration: WorkerConfiguration
    private let dispatcher: OpDispatcher
    private let mailbox: WorkerMailbox
    private let jobs: AsyncStream<Job>.Continuation
    private let drain: DrainSignal
    private let logger: Logger
    private let clock = ContinuousClock()
    private let sessions: [GatewaySession]

    /// Polls `polled[i]`'s socket as item i and the wake-up pipe last; rebuilt when a socket comes or goes.
    private var poller = ZMQSignalPoller()
    private var polled: [GatewaySession] = []
    private var pollerIsStale = true
    /// When a drain gives up on what sessions still hold.
    private var drainDeadline: ContinuousClock.Instant?
    /// Until when a draining session stays open though it holds nothing: requests the gateway sent before it read
    /// the READY with capacity 0 are still on their way.
    private var drainSettled: ContinuousClock.Instant?
    /// How long that is: far longer than a round trip to a gateway.
    private static let drainSettleTime = Duration.milliseconds(250)

    init(
        context: ZMQContext,
        configuration: WorkerConfiguration,
        dispatcher: OpDispatcher,
        mailbox: WorkerMailbox,
        jobs: AsyncStream<Job>.Continuation,
        drain: DrainSignal,
        logger: Logger
    ) {
        self.configuration = configuration
        self.dispatcher = dispatcher
        self.mailbox = mailbox
        self.jobs = jobs
        self.drain = drain
        self.logger = logger
        let now = clock.now
        sessions = configuration.gatewayEndpoints.enumerated().map { index, endpoint in
            GatewaySession(index: index, endpoint: endpoint, context: context, configuration: configuration, now: now)
        }
    }

    /// Serves until drained or the context shuts down.
    /// - Throws: ``ZMQError`` other than `ETERM` (a bad endpoint, say).
    func run() throws {
        defer { for session in sessions { session.close(sayingDisconnect: false) } }
        do {
            for session in sessions { try session.connect(now: clock.now) }
            while try turn() {}
        } catch let error as ZMQError where error.isContextTerminated {
            return
        }
    }

    /// One poll and what follows; returns `false` when every session is done.
    private func turn() throws -> Bool {
        if pollerIsStale { try rebuildPoller() }
        let wakeupIndex = polled.count
        // A socket sent on outside `receiveAll` may hold a message libzmq will not signal again: look now.
        let mustRead = polled.contains { $0.mayHoldUnsignalled && $0.isConnected }
        // Traffic only moves the sessions' deadlines later, so none is due before this one.
        let deadline = nextDeadline()
        try poller.poll(timeout: mustRead ? .zero : max(.zero, deadline - clock.now))
        if poller.isSignalled(wakeupIndex) { try sendCompletions() }
        if drain.isDraining && !closeDrainedSessions() { return false }
        for (item, session) in polled.enumerated()
        where (poller.isSignalled(item) || session.mayHoldUnsignalled) && session.isConnected {
            try receiveAll(session)
        }
        let now = clock.now
        guard now >= deadline else { return true }
        for session in sessions {
            if case .waitingToReconnect(let at) = session.state {
                if now >= at {
                    try session.connect(now: now)
                    pollerIsStale = true
                }
            } else if session.keepAlive(now: now) {
                logger.info("gateway silent, reconnecting", metadata: ["zmq.endpoint": "\(session.endpoint)"])
                pollerIsStale = true
            }
        }
        return true
    }

    private func rebuildPoller() throws {
        poller = ZMQSignalPoller()
        polled = sessions.filter { $0.isConnected && $0.socket != nil }
        for session in polled { try poller.add(session.socket!) }
        poller.add(fileDescriptor: mailbox.wakeup.readDescriptor)
        pollerIsStale = false
    }

    /// The earliest instant the loop must wake for without traffic.
    private func nextDeadline() -> ContinuousClock.Instant {
        var earliest = drainDeadline
        // The settling time matters only until it has passed; after that the drain waits for ops or its deadline.
        if let settled = drainSettled, let deadline = drainDeadline, settled > clock.now, settled < deadline {
            earliest = settled
        }
        for session in sessions {
            if let deadline = session.nextDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest ?? clock.now + configuration.heartbeatInterval
    }

    /// Starts the drain on its first call: every session asks for no more requests. Then closes, with DISCONNECT,
    /// each session that holds nothing once the requests already sent have had time to arrive (or every session once
    /// the drain timeout has passed). Returns whether any session is still open.
    private func closeDrainedSessions() -> Bool {
        let now = clock.now
        if drainDeadline == nil {
            drainDeadline = now + configuration.drainTimeout
            drainSettled = now + Self.drainSettleTime
            for session in sessions { session.startDraining(now: now) }
        }
        let settled = now >= drainSettled!
        for session in sessions
        where session.socket != nil && ((settled && session.inFlight == 0) || now >= drainDeadline!) {
            session.close(sayingDisconnect: true)
            pollerIsStale = true
        }
        return sessions.contains { $0.socket != nil }
    }

    /// Sends the replies ops left in the mailbox. An op answered while still running (stuck past its deadline)
    /// keeps its slot from the gateway until it ends: the session's capacity drops by one meanwhile. An op that
    /// waits for news lends its slot back meanwhile: the capacity grows by one (``WaitingSlot``).
    private func sendCompletions() throws {
        for completion in mailbox.takeCompletions() {
            let session = sessions[completion.session]
            let now = clock.now
            let wasConnected = session.isConnected
            switch completion.kind {
            case .ended(let reply):
                session.inFlight -= 1
                if let reply {
                    send(reply, for: completion, on: session, now: now)
                } else {
                    // Its reply went out when it was found stuck.
                    try session.stuckOpEnded(now: now)
                }
            case .answeredEarly(let reply):
                send(reply, for: completion, on: session, now: now)
                logger.warning(
                    "op stuck past its deadline; its slot is held until it ends",
                    metadata: ["zmq.endpoint": "\(session.endpoint)"]
                )
                session.opStuck(now: now)
            case .slotLent(let lent):
                session.slotLent(lent, now: now)
            }
            if session.isConnected != wasConnected { pollerIsStale = true }
        }
    }

    /// Sends an op's reply, unless it was asked on an older connection: it would name a request the current
    /// gateway session never gave us.
    private func send(
        _ reply: [UInt8],
        for completion: WorkerMailbox.Completion,
        on session: GatewaySession,
        now: ContinuousClock.Instant
    ) {
        guard completion.generation == session.generation, session.isConnected else { return }
        session.sendReply(address: completion.address, body: reply, now: now)
    }

    /// Reads `session`'s socket until it would block (then libzmq signals its next message), serving each request.
    /// Replies to the requests served in place go out together once the socket is empty, so that libzmq's I/O
    /// thread is woken once for them; then the socket is read again, as a send may have taken in its signal.
    private func receiveAll(_ session: GatewaySession) throws {
        repeat {
            while session.isConnected, let socket = session.socket,
                let received = try socket.receive(dontWait: true, limits: .unlimited)
            {
                let now = clock.now
                session.heard(now: now)
                switch try? PeerCodec.decodeBrokerCommand(ZMQFrames(received.message)) {
                case .request(let address, let body):
                    session.confirmRegistered()
                    // Served while draining too: the gateway sent it before it read the READY with capacity 0.
                    serve(body, address: address, on: session)
                case .heartbeat:
                    session.confirmRegistered()
                case .disconnect:
                    session.flush(now: now)
                    pollerIsStale = true
                    guard !drain.isDraining else {
                        session.close(sayingDisconnect: false)
                        return
                    }
                    guard session.wasRefused else {
                        logger.info(
                            "gateway sent DISCONNECT, registering again",
                            metadata: ["zmq.endpoint": "\(session.endpoint)"]
                        )
                        try session.connect(now: now)
                        return
                    }
                    let wait = session.refused(now: now)
                    logger.warning(
                        "gateway refused READY, registering again later",
                        metadata: ["zmq.endpoint": "\(session.endpoint)", "retry_in": "\(wait)"]
                    )
                    return
                case nil:
                    logger.debug("dropped malformed message from gateway")
                }
            }
        } while session.flush(now: clock.now)
        session.mayHoldUnsignalled = false
    }

    /// Runs a request's op in place, its reply held for ``GatewaySession/flush(now:)``, or hands it to a task.
    private func serve(_ body: ZMQFrames, address: ZMQFrames, on session: GatewaySession) {
        switch dispatcher.dispatch(body) {
        case .replied(let reply):
            session.hold(address: address, reply: reply)
        case .pending(let pending):
            session.inFlight += 1
            jobs.yield(Job(session: session.index, generation: session.generation, address: address, pending: pending))
        }
    }
}
