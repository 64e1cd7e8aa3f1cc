import Majordomo
import ZeroMQ

/// The worker's MDP/0.2 session with one gateway: its DEALER, which connection it is on, how many requests it takes
/// at once (its READY's capacity), when it last heard from and spoke to the gateway, and its reconnect back-off. Used
/// only on the worker's loop thread.
final class GatewaySession {
    typealias Instant = ContinuousClock.Instant

    enum State {
        /// Registered (READY sent) and served by the loop.
        case connected
        /// Gone quiet; the socket is left alone until the session reconnects at this instant.
        case waitingToReconnect(at: Instant)
        /// Every slot holds an op answered while still running (stuck past its deadline); the socket is closed,
        /// after DISCONNECT, until one of them ends and the session connects again.
        case parked
        /// Drained or shut down; the socket is closed.
        case closed
    }

    let index: Int
    /// The worker endpoint of the gateway this session registers with.
    let endpoint: String
    private let context: ZMQContext
    private let configuration: WorkerConfiguration
    private(set) var socket: ZMQSocket?
    private(set) var state = State.connected
    /// Bumped by each new socket; replies carry the generation they were asked on.
    private(set) var generation = 0
    /// Requests handed to async ops whose ops have not ended.
    var inFlight = 0
    /// Of those, ops answered early while still running (stuck past their deadline): each keeps its slot from the
    /// gateway until it ends.
    private(set) var stuck = 0
    /// Of those, ops waiting for news that lent their slot back to the gateway meanwhile (``WaitingSlot``).
    private(set) var lent = 0
    /// Whether the session told the gateway it takes no more requests, to drain.
    private(set) var isDraining = false
    /// Whether the socket was sent on since it was last read until it would block: the send may have taken in
    /// libzmq's signal of a message, so the loop must read it before it waits (see ``ZMQSignalPoller``).
    var mayHoldUnsignalled = true
    /// Replies kept by ``hold(address:reply:)`` until the next ``flush(now:)``: each request's address frame, shared
    /// from the message it came in, and its reply body.
    private var held: [(address: ZMQFrames, reply: [UInt8])] = []
    private var lastReceived: Instant
    private var lastSent: Instant
    private var backoff: Duration
    /// Whether the gateway has sent this connection a heartbeat or a request: it heartbeats registered workers only,
    /// so a DISCONNECT before either means its READY was refused.
    private var registered = false
    /// The wait before the next READY after a refusal.
    private var refusalBackoff: Duration

    init(index: Int, endpoint: String, context: ZMQContext, configuration: WorkerConfiguration, now: Instant) {
        self.index = index
        self.endpoint = endpoint
        self.context = context
        self.configuration = configuration
        lastReceived = now
        lastSent = now
        backoff = configuration.reconnectDelay
        refusalBackoff = configuration.refusalDelay
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

    /// The requests the gateway may give this session at once: the configured slots less the stuck ops, plus the
    /// slots lent back by waiting ops, or none while draining.
    var capacity: Int { isDraining ? 0 : configuration.slots - stuck + lent }

    /// Opens a fresh DEALER and sends READY with the session's ``capacity``. The old socket, if any, says
    /// DISCONNECT first, so a READY it queued while the gateway was away cannot leave a phantom worker behind.
    func connect(now: Instant) throws {
        guard capacity > 0 else {
            park()
            return
        }
        closeSocket(sayingDisconnect: true)
        let socket = try ZMQSocket(context: context, type: .dealer)
        self.socket = socket
        if let curve = configuration.curve {
            try socket.makeCurveClient(serverKey: curve.serverKey, keyPair: curve.keyPair)
        }
        try socket.connect(endpoint)
        generation += 1
        registered = false
        state = .connected
        send(PeerCodec.encodeReady(service: configuration.service, capacity: capacity), now: now)
        lastReceived = now
    }

    /// Notes an op answered early while it still runs, and tells the gateway the smaller capacity (parking the
    /// session when no slot is left).
    func opStuck(now: Instant) {
        stuck += 1
        announceCapacity(now: now)
    }

    /// Notes the end of an op counted by ``opStuck(now:)``, and tells the gateway its slot is back (connecting again
    /// if the session was parked).
    func stuckOpEnded(now: Instant) throws {
        stuck -= 1
        if !isParked {
            announceCapacity(now: now)
        } else if !isDraining {
            try connect(now: now)
        }
    }

    /// Notes an op that waits for news lending its slot back (`lent`) or taking it again, and tells the gateway
    /// the new capacity.
    func slotLent(_ isLent: Bool, now: Instant) {
        lent += isLent ? 1 : -1
        announceCapacity(now: now)
    }

    /// Tells the gateway to send no more requests (READY with capacity 0); those it holds still get their replies.
    func startDraining(now: Instant) {
        isDraining = true
        announceCapacity(now: now)
    }

    /// A READY with the current capacity on a registered session: Reckon's gateway takes it as the new number of
    /// requests it may hand this worker at once. With none left outside a drain, the session parks instead.
    private func announceCapacity(now: Instant) {
        guard isConnected else { return }
        if capacity == 0 && !isDraining {
            park()
        } else {
            send(PeerCodec.encodeReady(service: configuration.service, capacity: capacity), now: now)
        }
    }

    /// Sends without ever blocking: with no gateway connected (or one refusing our CURVE handshake) libzmq would
    /// block the loop for good. A message that finds no room is dropped; the gateway's own liveness and the
    /// session's silence limit (which reconnects and sends READY again) recover from that.
    func send(_ frames: [[UInt8]], now: Instant) {
        // A failed send counts as sent all the same, so a missing gateway does not turn heartbeats into a busy loop.
        try? socket?.send(frames, dontWait: true)
        sent(now: now)
    }

    /// Sends the FINAL for the request whose address frame is `address`, as ``send(_:now:)`` sends.
    func sendReply(address: ZMQFrames, body: [UInt8], now: Instant) {
        try? socket?.send(dontWait: true) { PeerCodec.encodeWorkerReply(address: address, body: body, into: &$0) }
        sent(now: now)
    }

    private func sent(now: Instant) {
        lastSent = now
        mayHoldUnsignalled = true
    }

    /// Keeps a reply to send with the next ``flush(now:)``.
    func hold(address: ZMQFrames, reply: [UInt8]) {
        held.append((address, reply))
    }

    /// Sends what ``hold(address:reply:)`` kept, in order. Returns whether there was anything.
    @discardableResult
    func flush(now: Instant) -> Bool {
        guard !held.isEmpty else { return false }
        for (address, reply) in held { sendReply(address: address, body: reply, now: now) }
        held.removeAll(keepingCapacity: true)
        return true
    }

    /// Notes traffic from the gateway: the session is alive and its back-off starts over.
    func heard(now: Instant) {
        lastReceived = now
        backoff = configuration.reconnectDelay
    }

    /// Notes a heartbeat or a request: the gateway has registered this connection, and refusals start over.
    func confirmRegistered() {
        registered = true
        refusalBackoff = configuration.refusalDelay
    }

    /// Whether a DISCONNECT now means the gateway refused this connection's READY.
    var wasRefused: Bool { !registered }

    /// Closes the socket after a refusal and schedules the next READY after the refusal back-off, which doubles up to
    /// its maximum; returns the wait.
    func refused(now: Instant) -> Duration {
        let wait = refusalBackoff
        closeSocket(sayingDisconnect: false)
        state = .waitingToReconnect(at: now + wait)
        refusalBackoff = min(refusalBackoff * 2, configuration.maximumRefusalDelay)
        return wait
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

    /// Sends DISCONNECT and closes the socket until ``connect(now:)``, so the gateway sends this session no work.
    private func park() {
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
