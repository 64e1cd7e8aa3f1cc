import Logging
import Majordomo
import ZeroMQ

/// A worker process's one I/O thread: it polls every slot's DEALER (`slots` per gateway) and the mailbox's wake-up pipe with one
/// `zmq_poll`, runs cheap ops in place, hands the others to the task group and sends their replies when they come
/// back. Each slot keeps its own MDP/0.2 session (READY, heartbeats both ways, reconnect with back-off when the
/// gateway goes quiet or says DISCONNECT); on drain, each slot says DISCONNECT once it holds nothing.
final class WorkerLoop {
    private let configuration: WorkerConfiguration
    private let dispatcher: OpDispatcher
    private let mailbox: WorkerMailbox
    private let jobs: AsyncStream<Job>.Continuation
    private let drain: DrainSignal
    private let logger: Logger
    private let clock = ContinuousClock()
    private let sessions: [SlotSession]

    /// Polls `polled[i]`'s socket as item i and the wake-up pipe last; rebuilt when a socket comes or goes.
    private var poller = ZMQSignalPoller()
    private var polled: [SlotSession] = []
    private var pollerIsStale = true
    private var drainDeadline: ContinuousClock.Instant?

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
        sessions = configuration.gatewayEndpoints.flatMap { endpoint in
            Array(repeating: endpoint, count: configuration.slots)
        }.enumerated().map { index, endpoint in
            SlotSession(index: index, endpoint: endpoint, context: context, configuration: configuration, now: now)
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

    /// One poll and what follows; returns `false` when every slot is done.
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
                logger.info(
                    "gateway silent, reconnecting",
                    metadata: ["zmq.endpoint": "\(session.endpoint)", "worker.slot": "\(session.index)"]
                )
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
        for session in sessions {
            if let deadline = session.nextDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest ?? clock.now + configuration.heartbeatInterval
    }

    /// Closes, with DISCONNECT, each slot that holds nothing (or every slot once the drain timeout has passed).
    /// Returns whether any slot is still open.
    private func closeDrainedSessions() -> Bool {
        let now = clock.now
        if drainDeadline == nil { drainDeadline = now + configuration.drainTimeout }
        for session in sessions where session.socket != nil && (session.inFlight == 0 || now >= drainDeadline!) {
            session.close(sayingDisconnect: true)
            pollerIsStale = true
        }
        return sessions.contains { $0.socket != nil }
    }

    /// Sends the replies ops left in the mailbox. A slot whose op is answered while still running (stuck past its
    /// deadline) says DISCONNECT and takes no more work until that op ends; then it registers again.
    private func sendCompletions() throws {
        for completion in mailbox.takeCompletions() {
            let session = sessions[completion.slot]
            if completion.opEnded { session.inFlight -= 1 }
            // A reply for an older connection would name a request the current gateway session never gave us.
            if let reply = completion.reply, completion.generation == session.generation, session.isConnected {
                session.send(PeerCodec.encodeWorkerReply(address: completion.address, body: [reply]), now: clock.now)
            }
            if !completion.opEnded {
                logger.warning(
                    "op stuck past its deadline; slot parked until it ends",
                    metadata: ["worker.slot": "\(session.index)"]
                )
                session.park()
                pollerIsStale = true
            } else if session.isParked && session.inFlight == 0 && !drain.isDraining {
                try session.connect(now: clock.now)
                pollerIsStale = true
            }
        }
    }

    /// Reads `session`'s socket until it would block (then libzmq signals its next message), serving each request.
    private func receiveAll(_ session: SlotSession) throws {
        while session.isConnected, let socket = session.socket, let frames = try socket.receive(dontWait: true) {
            let now = clock.now
            session.heard(now: now)
            switch try? PeerCodec.decodeBrokerCommand(frames) {
            case .request(let address, let body):
                // While draining, the DISCONNECT already sent makes the gateway re-dispatch or answer this itself.
                guard !drain.isDraining else { continue }
                switch dispatcher.dispatch(body) {
                case .replied(let reply):
                    session.send(PeerCodec.encodeWorkerReply(address: address, body: [reply]), now: clock.now)
                case .pending(let pending):
                    session.inFlight += 1
                    jobs.yield(
                        Job(slot: session.index, generation: session.generation, address: address, pending: pending)
                    )
                }
            case .heartbeat:
                break
            case .disconnect:
                logger.info("gateway sent DISCONNECT, registering again", metadata: ["worker.slot": "\(session.index)"])
                try session.connect(now: now)
                pollerIsStale = true
                return
            case nil:
                logger.debug("dropped malformed message from gateway")
            }
        }
        session.mayHoldUnsignalled = false
    }
}
