import Majordomo
import Synchronization
import Wire
import ZeroMQ

/// A call waiting for its reply.
struct PendingCall: Sendable {
    let service: String
    /// The call's place in the send order: raw calls (MMI) carry no JSON id and are matched to replies of their
    /// service in this order.
    let queuedAs: Int
    let raw: Bool
    let deadline: ContinuousClock.Instant
    /// Ends the call with its reply or error; called exactly once, by whoever removes the call from `pending`.
    let complete: @Sendable (Result<JSONValue, any Error>) -> Void
}

/// What the calling tasks and the client's thread share: the calls and the wake-up pipe of the loop.
final class ClientShared: Sendable {
    let state = Mutex(ClientState())
    let wakeup: WakeupPipe

    init() throws { wakeup = try WakeupPipe() }
}

/// The mutable part of ``ClientShared``.
struct ClientState: Sendable {
    var pending: [String: PendingCall] = [:]
    /// The earliest deadline among `pending`, so the loop scans for expired calls only when one is due.
    var nextDeadline: ContinuousClock.Instant?
    var outbox: [QueuedRequest] = []
    /// Requests taken from `outbox` by the loop so far.
    var sentCount = 0
    var nextID: UInt64 = 0
    var closed = false
}

/// The client's socket loop: sends queued requests through the gateway in use, resolves replies from any gateway,
/// times calls out, and fails over (see ``ClientLoop+Failover``).
///
/// It never blocks in a send: with no gateway connected (down, or refusing our CURVE handshake) libzmq would block a
/// DEALER's send for good, and with it every timeout and ``ReckonClient/close()``. Requests that cannot go yet wait
/// in `backlog`, and one whose call has ended meanwhile (timed out, cancelled) is never sent.
final class ClientLoop: @unchecked Sendable {
    // @unchecked: the sockets are created on the caller's thread and from then on touched only by `run()`'s thread,
    // as is every `var` below.
    let sockets: [ZMQSocket]
    let shared: ClientShared
    let failoverAfter: Duration
    private var wakeup: WakeupPipe { shared.wakeup }
    var backlog: [QueuedRequest] = []
    /// The gateway in use: the index of its socket.
    var active = 0
    /// Requests sent and not yet answered, by call id, to send again after a failover.
    var unanswered: [String: QueuedRequest] = [:]
    /// When the gateway in use last sent anything (or calls began waiting on it).
    var lastHeard = ContinuousClock.now
    /// The probe in flight to the gateway in use.
    var probe: (id: String, sentAt: ContinuousClock.Instant)?
    var probesSent = 0
    /// Since when the gateway in use's socket has refused requests (no connection), while some wait.
    var blockedSince: ContinuousClock.Instant?

    init(sockets: [ZMQSocket], shared: ClientShared, failoverAfter: Duration) {
        self.sockets = sockets
        self.shared = shared
        self.failoverAfter = failoverAfter
    }

    func run() {
        var poller = ZMQPoller()
        let socketItems = sockets.map { poller.add($0) }
        let wakeupIndex = poller.add(fileDescriptor: wakeup.readDescriptor)
        defer { finish() }
        do {
            while true {
                // A backlog means the socket had no room: look again soon rather than at the next reply or call.
                try poller.poll(timeout: .milliseconds(backlog.isEmpty ? 50 : 5))
                if poller.isReadable(wakeupIndex) {
                    wakeup.drain()
                    let (outbox, closed) = shared.state.withLock { state in
                        defer {
                            state.sentCount += state.outbox.count
                            state.outbox.removeAll()
                        }
                        return (state.outbox, state.closed)
                    }
                    if closed { return }
                    backlog += outbox
                }
                if !backlog.isEmpty { try sendBacklog() }
                for (index, item) in socketItems.enumerated() where poller.isReadable(item) {
                    while let received = try sockets[index].receive(dontWait: true, limits: .unlimited) {
                        if index == active { lastHeard = .now }
                        resolve(ZMQFrames(received.message))
                    }
                }
                let now = ContinuousClock.now
                expire(now: now)
                try watchGateway(now: now)
            }
        } catch {
            return
        }
    }

    /// Sends queued requests in order to the gateway in use until its socket has no room; drops those whose call
    /// has already ended.
    func sendBacklog() throws {
        let ids = backlog.map(\.id)
        let waiting = shared.state.withLock { state in Set(ids.filter { state.pending[$0] != nil }) }
        backlog.removeAll { !waiting.contains($0.id) }
        var sent = 0
        defer {
            backlog.removeFirst(sent)
            if backlog.isEmpty { blockedSince = nil }
        }
        for request in backlog {
            do {
                try sockets[active].send(dontWait: true) {
                    PeerCodec.encodeClientRequest(service: request.service, body: request.body, into: &$0)
                }
            } catch let error as ZMQError where error.isWouldBlock {
                if blockedSince == nil { blockedSince = .now }
                return
            }
            if unanswered.isEmpty { lastHeard = .now }
            unanswered[request.id] = request
            sent += 1
        }
    }

    /// Completes the call a reply answers: read in place, its one body frame copied once, as the caller's result.
    private func resolve(_ frames: ZMQFrames) {
        guard let reply = try? PeerCodec.decodeClientReply(frames), reply.final, !reply.body.isEmpty else { return }
        let body = reply.body.bytes(at: 0)
        let json = try? JSONValue(parsing: body)
        if let id = json?["id"]?.stringValue, id == probe?.id {
            probe = nil
            return
        }
        let resolved = shared.state.withLock { state -> (id: String, call: PendingCall)? in
            if let id = json?["id"]?.stringValue, let call = state.pending.removeValue(forKey: id) { return (id, call) }
            let raw = state.pending.filter { $0.value.raw && $0.value.service == reply.service }
                .min { $0.value.queuedAs < $1.value.queuedAs }
            return raw.flatMap { entry in state.pending.removeValue(forKey: entry.key).map { (entry.key, $0) } }
        }
        guard let (id, call) = resolved else { return }
        unanswered.removeValue(forKey: id)
        if call.raw {
            call.complete(.success(.string(String(decoding: body, as: UTF8.self))))
        } else if let json {
            call.complete(.success(json))
        } else {
            call.complete(.failure(WireError(.internal, "reply is not JSON")))
        }
    }

    private func expire(now: ContinuousClock.Instant) {
        let expired = shared.state.withLock { state -> [(String, PendingCall)] in
            guard let next = state.nextDeadline, next <= now else { return [] }
            let ids = state.pending.filter { $0.value.deadline <= now }.map(\.key)
            let calls = ids.compactMap { id in state.pending.removeValue(forKey: id).map { (id, $0) } }
            state.nextDeadline = state.pending.values.map(\.deadline).min()
            return calls
        }
        for (id, call) in expired {
            unanswered.removeValue(forKey: id)
            call.complete(.failure(WireError(.deadlineExceeded, "no reply from \(call.service) in time")))
        }
    }

    private func finish() {
        for socket in sockets { socket.close() }
        let calls = shared.state.withLock { state -> [PendingCall] in
            state.closed = true
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        for call in calls { call.complete(.failure(WireError(.unavailable, "client is closed"))) }
    }
}
