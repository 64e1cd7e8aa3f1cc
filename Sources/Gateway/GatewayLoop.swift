import Logging
import Majordomo
import ZeroMQ

/// The gateway's single-threaded I/O loop around `zmq_poll`. It owns both ROUTER sockets, so it lives and dies on
/// the thread that created it.
final class GatewayLoop {
    private let clientSocket: ZMQSocket
    private let workerSocket: ZMQSocket
    private let stopPipe: WakeupPipe
    private var core: GatewayCore
    private let metrics = GatewayMetrics()
    private let logger: Logger
    private let clock = ContinuousClock()
    /// Messages read from one socket before the loop looks at the other: keeps both sides served under load.
    private let burst = 256
    /// What one message may hold after its routing id; the rest is read and discarded, and the message refused.
    private let receiveLimits: ReceiveLimits

    /// Binds both sockets.
    /// - Throws: ``ZMQError`` when an endpoint cannot be bound.
    init(context: ZMQContext, configuration: GatewayConfiguration, stopPipe: WakeupPipe, logger: Logger) throws {
        clientSocket = try Self.makeRouter(
            context,
            configuration,
            endpoint: configuration.clientEndpoint,
            queueLimit: configuration.clientQueueLimit
        )
        workerSocket = try Self.makeRouter(
            context,
            configuration,
            endpoint: configuration.workerEndpoint,
            queueLimit: configuration.workerQueueLimit
        )
        self.stopPipe = stopPipe
        self.logger = logger
        receiveLimits = configuration.receiveLimits
        core = GatewayCore(configuration: configuration, now: clock.now)
    }

    /// A ROUTER that fails sends to unknown peers, lets a new connection take over a routing id in use, caps
    /// frames at the configuration's ceiling and queues at most `queueLimit` messages per peer and direction.
    private static func makeRouter(
        _ context: ZMQContext,
        _ configuration: GatewayConfiguration,
        endpoint: String,
        queueLimit: Int
    ) throws -> ZMQSocket {
        let socket = try ZMQSocket(context: context, type: .router)
        try socket.setRouterMandatory(true)
        try socket.setRouterHandover(true)
        try socket.setMaxMessageSize(bytes: Int64(configuration.frameCeiling))
        try socket.setHighWaterMarks(send: Int32(clamping: queueLimit), receive: Int32(clamping: queueLimit))
        if let key = configuration.curveSecretKey { try socket.makeCurveServer(secretKey: key) }
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
        }
        var poller = ZMQPoller()
        let clientIndex = poller.add(clientSocket)
        let workerIndex = poller.add(workerSocket)
        let stopIndex = poller.add(fileDescriptor: stopPipe.readDescriptor)
        var nextTick = clock.now + core.tickInterval
        do {
            while true {
                try poller.poll(timeout: max(.zero, nextTick - clock.now))
                if poller.isReadable(stopIndex) { return }
                if poller.isReadable(clientIndex) { try drain(clientSocket, fromClients: true) }
                if poller.isReadable(workerIndex) { try drain(workerSocket, fromClients: false) }
                let now = clock.now
                if now >= nextTick {
                    perform(core.tick(now: now))
                    metrics.update(counters: core.counters, health: core.health)
                    nextTick = now + core.tickInterval
                }
            }
        } catch let error as ZMQError where error.isContextTerminated {
            return
        }
    }

    private func drain(_ socket: ZMQSocket, fromClients: Bool) throws {
        for _ in 0..<burst {
            guard let message = try socket.receive(dontWait: true, limits: receiveLimits) else { return }
            let (frames, tooLarge, now) = (message.frames, message.exceedsLimits, clock.now)
            perform(
                fromClients
                    ? core.receiveFromClient(frames, tooLarge: tooLarge, now: now)
                    : core.receiveFromWorker(frames, tooLarge: tooLarge, now: now)
            )
        }
    }

    private func perform(_ outputs: [GatewayOutput]) {
        for output in outputs {
            switch output {
            case .toClient(let identity, let frames):
                send([identity] + frames, on: clientSocket)
            case .toWorker(let identity, let frames):
                // A worker that cannot be reached is purged now, and a REQUEST it never got is queued again.
                let message = [identity] + frames
                if !send(message, on: workerSocket) { perform(core.undeliverableToWorker(message, now: clock.now)) }
            case .dropped(let error): logger.debug("dropped message", metadata: ["mdp.error": "\(error)"])
            case .refused(let error): logger.warning("refused peer", metadata: ["mdp.error": "\(error)"])
            }
        }
    }

    /// Sends without ever blocking: a peer that left or whose queue is full loses the message, which is counted.
    /// - Returns: whether the message was queued.
    @discardableResult
    private func send(_ frames: [[UInt8]], on socket: ZMQSocket) -> Bool {
        do {
            try socket.send(frames, dontWait: true)
            return true
        } catch {
            metrics.countUndeliverable()
            logger.debug("message not delivered", metadata: ["zmq.error": "\(error)"])
            return false
        }
    }
}
