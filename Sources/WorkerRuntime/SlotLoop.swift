import Logging
import Majordomo
import ZeroMQ

/// One worker slot's MDP/0.2 session on its own thread: READY, requests out to the dispatcher, replies back,
/// heartbeats both ways, reconnect with back-off when the gateway goes quiet or says DISCONNECT, and drain on stop.
final class SlotLoop {
    private let context: ZMQContext
    private let configuration: WorkerConfiguration
    private let slot: WorkerSlot
    private let dispatcher: OpDispatcher
    private let jobs: AsyncStream<Job>.Continuation
    private let drain: DrainSignal
    private let logger: Logger
    private let clock = ContinuousClock()

    private var socket: ZMQSocket!
    /// Polls `socket` (item 0) and the slot's wake-up pipe (item 1); rebuilt with each new socket.
    private var poller = ZMQPoller()
    private var generation = 0
    private var inFlight = 0
    private var lastReceived: ContinuousClock.Instant
    private var lastSent: ContinuousClock.Instant
    private var backoff: Duration
    private var drainDeadline: ContinuousClock.Instant?

    init(
        context: ZMQContext,
        configuration: WorkerConfiguration,
        slot: WorkerSlot,
        dispatcher: OpDispatcher,
        jobs: AsyncStream<Job>.Continuation,
        drain: DrainSignal,
        logger: Logger
    ) {
        self.dispatcher = dispatcher
        self.context = context
        self.configuration = configuration
        self.slot = slot
        self.jobs = jobs
        self.drain = drain
        var logger = logger
        logger[metadataKey: "worker.slot"] = "\(slot.index)"
        self.logger = logger
        lastReceived = clock.now
        lastSent = clock.now
        backoff = configuration.reconnectDelay
    }

    private var silenceLimit: Duration { configuration.heartbeatInterval * configuration.heartbeatLiveness }

    /// Serves until drained or the context shuts down.
    /// - Throws: ``ZMQError`` other than `ETERM` (a bad endpoint, say).
    func run() throws {
        do {
            try connect()
            while try turn() {}
            socket.close()
        } catch let error as ZMQError where error.isContextTerminated {
            socket?.close()
        }
    }

    /// Opens a fresh DEALER and sends READY. The old socket, if any, says DISCONNECT first, so a READY it queued
    /// while the gateway was away cannot leave a phantom worker behind.
    private func connect() throws {
        if let old = socket {
            try? old.send(PeerCodec.disconnect, dontWait: true)
            try? old.setLinger(milliseconds: 100)
            old.close()
        }
        socket = try ZMQSocket(context: context, type: .dealer)
        if let curve = configuration.curve {
            try socket.makeCurveClient(serverKey: curve.serverKey, keyPair: curve.keyPair)
        }
        try socket.connect(configuration.gatewayEndpoint)
        poller = ZMQPoller()
        poller.add(socket)
        poller.add(fileDescriptor: slot.wakeup.readDescriptor)
        generation += 1
        try send(PeerCodec.encodeReady(service: configuration.service))
        lastReceived = clock.now
    }

    /// Sends without ever blocking: with no gateway connected (or one refusing our CURVE handshake) libzmq would
    /// block the slot for good. A message that finds no room is dropped; the gateway's own liveness and the slot's
    /// silence limit (which reconnects and sends READY again) recover from that.
    private func send(_ frames: [[UInt8]]) throws {
        do {
            try socket.send(frames, dontWait: true)
        } catch let error as ZMQError where error.isWouldBlock {
            // Dropped; counted as sent all the same, so a missing gateway does not turn heartbeats into a busy loop.
        }
        lastSent = clock.now
    }

    /// One poll and what follows; returns `false` when the slot is done.
    private func turn() throws -> Bool {
        let (socketIndex, wakeupIndex) = (0, 1)
        let nextHeartbeat = lastSent + configuration.heartbeatInterval
        try poller.poll(timeout: max(.zero, min(nextHeartbeat, lastReceived + silenceLimit) - clock.now))
        if poller.isReadable(wakeupIndex) { try sendCompletions() }
        if drain.isDraining {
            if drainDeadline == nil { drainDeadline = clock.now + configuration.drainTimeout }
            if inFlight == 0 || clock.now >= drainDeadline! {
                try send(PeerCodec.disconnect)
                return false
            }
        }
        if poller.isReadable(socketIndex) { try receiveAll() }
        let now = clock.now
        if now - lastReceived >= silenceLimit {
            logger.info("gateway silent, reconnecting", metadata: ["zmq.endpoint": "\(configuration.gatewayEndpoint)"])
            try reconnectAfterBackoff()
        } else if now - lastSent >= configuration.heartbeatInterval {
            try send(PeerCodec.heartbeat)
        }
        return true
    }

    private func sendCompletions() throws {
        for completion in slot.takeCompletions() {
            inFlight -= 1
            // A reply for an older connection would name a request the current gateway session never gave us.
            guard completion.generation == generation else { continue }
            try send(PeerCodec.encodeWorkerReply(address: completion.address, body: [completion.reply]))
        }
    }

    private func receiveAll() throws {
        while let frames = try socket.receive(dontWait: true) {
            lastReceived = clock.now
            backoff = configuration.reconnectDelay
            switch try? PeerCodec.decodeBrokerCommand(frames) {
            case .request(let address, let body):
                // While draining, the DISCONNECT already sent makes the gateway re-dispatch or answer this itself.
                guard !drain.isDraining else { continue }
                switch dispatcher.dispatch(body) {
                case .replied(let reply):
                    try send(PeerCodec.encodeWorkerReply(address: address, body: [reply]))
                case .pending(let pending):
                    inFlight += 1
                    jobs.yield(Job(slot: slot, generation: generation, address: address, pending: pending))
                }
            case .heartbeat:
                break
            case .disconnect:
                logger.info("gateway sent DISCONNECT, registering again")
                try connect()
                return
            case nil:
                logger.debug("dropped malformed message from gateway")
            }
        }
    }

    /// Waits out the back-off (waking early for a stop), then reconnects with a doubled back-off.
    private func reconnectAfterBackoff() throws {
        var wakeupOnly = ZMQPoller()
        wakeupOnly.add(fileDescriptor: slot.wakeup.readDescriptor)
        try wakeupOnly.poll(timeout: backoff)
        backoff = min(backoff * 2, configuration.maximumReconnectDelay)
        try sendCompletions()
        try connect()
    }
}
