import Majordomo
import ZeroMQ

/// One slot's MDP/0.2 session with one gateway: its DEALER, which connection it is on, when it last heard from and
/// spoke to the gateway, and its reconnect back-off. Used only on the worker's loop thread.
final class SlotSession {
    typealias Instant = ContinuousClock.Instant

    enum State {
        /// Registered (READY sent) and served by the loop.
        case connected
        /// Gone quiet; the socket is left alone until the session reconnects at this instant.
        case waitingToReconnect(at: Instant)
        /// Holds an op answered while still running (stuck past its deadline); the socket is closed, after
        /// DISCONNECT, until the op ends and the session connects again.
        case parked
        /// Drained or shut down; the socket is closed.
        case closed
    }

    let index: Int
    /// The worker endpoint of the gateway this slot registers with.
    let endpoint: String
    private let context: ZMQContext
    private let configuration: WorkerConfiguration
    private(set) var socket: ZMQSocket?
    private(set) var state = State.connected
    /// Bumped by each new socket; replies carry the generation they were asked on.
    private(set) var generation = 0
    /// Requests handed to async ops and not yet answered.
    var inFlight = 0
    /// Whether the socket was sent on since it was last read until it would block: the send may have taken in
    /// libzmq's signal of a message, so the loop must read it before it waits (see ``ZMQSignalPoller``).
    var mayHoldUnsignalled = true
    private var lastReceived: Instant
    private var lastSent: Instant
    private var backoff: Duration

    init(index: Int, endpoint: String, context: ZMQContext, configuration: WorkerConfiguration, now: Instant) {
        self.index = index
        self.endpoint = endpoint
        self.context = context
        self.configuration = configuration
        lastReceived = now
        lastSent = now
        backoff = configuration.reconnectDelay
        silenceLimit = configuration.heartbeatInterval * configuration.heartbeatLiveness
    }

    var isConnected: Bool {
        if case .connected = state { return true }
        return false
    }

    var isParked: Bool {
        if case .parked = state { return true }
        return false
    }

    /// How long the gateway may stay silent before the session reconnects: its heartbeat interval times liveness.
    private let silenceLimit: Duration

    /// When the loop must next look at this session: a heartbeat due, the silence limit, or the reconnect time.
    var nextDeadline: Instant? {
        switch state {
        case .connected: min(lastSent + configuration.heartbeatInterval, lastReceived + silenceLimit)
        case .waitingToReconnect(let at): at
        case .parked, .closed: nil
        }
    }

    /// Opens a fresh DEALER and sends READY. The old socket, if any, says DISCONNECT first, so a READY it queued
    /// while the gateway was away cannot leave a phantom worker behind.
    func connect(now: Instant) throws {
        closeSocket(sayingDisconnect: true)
        let socket = try ZMQSocket(context: context, type: .dealer)
        self.socket = socket
        if let curve = configuration.curve {
            try socket.makeCurveClient(serverKey: curve.serverKey, keyPair: curve.keyPair)
        }
        try socket.connect(endpoint)
        generation += 1
        state = .connected
        send(PeerCodec.encodeReady(service: configuration.service), now: now)
        lastReceived = now
    }

    /// Sends without ever blocking: with no gateway connected (or one refusing our CURVE handshake) libzmq would
    /// block the loop for good. A message that finds no room is dropped; the gateway's own liveness and the
    /// session's silence limit (which reconnects and sends READY again) recover from that.
    func send(_ frames: [[UInt8]], now: Instant) {
        // A failed send counts as sent all the same, so a missing gateway does not turn heartbeats into a busy loop.
        try? socket?.send(frames, dontWait: true)
        lastSent = now
        mayHoldUnsignalled = true
    }

    /// Notes traffic from the gateway: the session is alive and its back-off starts over.
    func heard(now: Instant) {
        lastReceived = now
        backoff = configuration.reconnectDelay
    }

    /// Heartbeats when one is due; after the silence limit, stops reading and schedules a reconnect after the
    /// back-off, which doubles up to the maximum. Returns whether the session stopped reading.
    func keepAlive(now: Instant) -> Bool {
        guard isConnected else { return false }
        if now - lastReceived >= silenceLimit {
            state = .waitingToReconnect(at: now + backoff)
            backoff = min(backoff * 2, configuration.maximumReconnectDelay)
            return true
        }
        if now - lastSent >= configuration.heartbeatInterval { send(PeerCodec.heartbeat, now: now) }
        return false
    }

    /// Sends DISCONNECT and closes the socket until ``connect(now:)``, so the gateway sends this slot no work.
    func park() {
        closeSocket(sayingDisconnect: true)
        state = .parked
    }

    /// Sends DISCONNECT (unless the context is gone) and closes the socket for good.
    func close(sayingDisconnect: Bool) {
        closeSocket(sayingDisconnect: sayingDisconnect)
        state = .closed
    }

    private func closeSocket(sayingDisconnect: Bool) {
        guard let old = socket else { return }
        if sayingDisconnect {
            try? old.send(PeerCodec.disconnect, dontWait: true)
            try? old.setLinger(milliseconds: 100)
        }
        old.close()
        socket = nil
    }
}
