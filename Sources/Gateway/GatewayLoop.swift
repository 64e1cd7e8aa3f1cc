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
    /// Messages libzmq queues per peer and direction (`ZMQ_SNDHWM`, `ZMQ_RCVHWM`). A client that sends without
    /// reading fills its queues to this and no further: its further requests wait on its own side, and replies it
    /// leaves unread past this are dropped (counted as undeliverable). At about 350 bytes a queued message, 10,000
    /// each way keeps one such client under 10 MB of the gateway's memory (`scripts/bench/memory.sh`).
    private static let peerQueueLimit: Int32 = 10_000

    /// Binds both sockets.
    /// - Throws: ``ZMQError`` when an endpoint cannot be bound.
    init(context: ZMQContext, configuration: GatewayConfiguration, stopPipe: WakeupPipe, logger: Logger) throws {
        clientSocket = try Self.makeRouter(context, configuration, endpoint: configuration.clientEndpoint)
        workerSocket = try Self.makeRouter(context, configuration, endpoint: configuration.workerEndpoint)
        self.stopPipe = stopPipe
        self.logger = logger
        core = GatewayCore(configuration: configuration, now: clock.now)
    }

    private static func makeRouter(
        _ context: ZMQContext,
        _ configuration: GatewayConfiguration,
        endpoint: String
    ) throws -> ZMQSocket {
        let socket = try ZMQSocket(context: context, type: .router)
        try socket.setRouterMandatory(true)
        try socket.setMaxMessageSize(bytes: configuration.maximumMessageBytes)
        try socket.setHighWaterMarks(send: peerQueueLimit, receive: peerQueueLimit)
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
            guard let frames = try socket.receive(dontWait: true) else { return }
            let now = clock.now
            perform(fromClients ? core.receiveFromClient(frames, now: now) : core.receiveFromWorker(frames, now: now))
        }
    }

    private func perform(_ outputs: [GatewayOutput]) {
        for output in outputs {
            switch output {
            case .toClient(let identity, let frames): send([identity] + frames, on: clientSocket)
            case .toWorker(let identity, let frames): send([identity] + frames, on: workerSocket)
            case .dropped(let error): logger.debug("dropped message", metadata: ["mdp.error": "\(error)"])
            }
        }
    }

    /// Sends without ever blocking: a peer that left or whose queue is full loses the message, which is counted.
    private func send(_ frames: [[UInt8]], on socket: ZMQSocket) {
        do {
            try socket.send(frames, dontWait: true)
        } catch {
            metrics.countUndeliverable()
            logger.debug("message not delivered", metadata: ["zmq.error": "\(error)"])
        }
    }
}
