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
    let continuation: CheckedContinuation<JSONValue, any Error>
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

/// A request waiting to be sent, with the id of the call it belongs to.
struct QueuedRequest: Sendable {
    let id: String
    let service: String
    let body: [UInt8]
}

/// The client's socket loop: sends queued requests, resolves replies, times calls out.
///
/// It never blocks in a send: with no gateway connected (down, or refusing our CURVE handshake) libzmq would block a
/// DEALER's send for good, and with it every timeout and ``ReckonClient/close()``. Requests that cannot go yet wait
/// in `backlog`, and one whose call has ended meanwhile (timed out, cancelled) is never sent.
final class ClientLoop: @unchecked Sendable {
    // @unchecked: `socket` is created on the caller's thread and from then on touched only by `run()`'s thread.
    private let socket: ZMQSocket
    private let shared: ClientShared
    private var wakeup: WakeupPipe { shared.wakeup }
    private var backlog: [QueuedRequest] = []

    init(socket: ZMQSocket, shared: ClientShared) {
        self.socket = socket
        self.shared = shared
    }

    func run() {
        var poller = ZMQPoller()
        let socketIndex = poller.add(socket)
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
                if poller.isReadable(socketIndex) {
                    while let frames = try socket.receive(dontWait: true) { resolve(frames) }
                }
                expire(now: .now)
            }
        } catch {
            return
        }
    }

    /// Sends queued requests in order until the socket has no room; drops those whose call has already ended.
    private func sendBacklog() throws {
        let ids = backlog.map(\.id)
        let waiting = shared.state.withLock { state in Set(ids.filter { state.pending[$0] != nil }) }
        backlog.removeAll { !waiting.contains($0.id) }
        var sent = 0
        defer { backlog.removeFirst(sent) }
        for request in backlog {
            let frames = PeerCodec.encodeClientRequest(service: request.service, body: [request.body])
            do {
                try socket.send(frames, dontWait: true)
            } catch let error as ZMQError where error.isWouldBlock {
                return
            }
            sent += 1
        }
    }

    private func resolve(_ frames: [[UInt8]]) {
        guard let reply = try? PeerCodec.decodeClientReply(frames), reply.final, let body = reply.body.first else {
            return
        }
        let json = try? JSONValue(parsing: body)
        let call = shared.state.withLock { state -> PendingCall? in
            if let id = json?["id"]?.stringValue, let call = state.pending.removeValue(forKey: id) { return call }
            let raw = state.pending.filter { $0.value.raw && $0.value.service == reply.service }
                .min { $0.value.queuedAs < $1.value.queuedAs }
            return raw.flatMap { state.pending.removeValue(forKey: $0.key) }
        }
        guard let call else { return }
        if call.raw {
            call.continuation.resume(returning: .string(String(decoding: body, as: UTF8.self)))
        } else if let json {
            call.continuation.resume(returning: json)
        } else {
            call.continuation.resume(throwing: WireError(.internal, "reply is not JSON"))
        }
    }

    private func expire(now: ContinuousClock.Instant) {
        let expired = shared.state.withLock { state -> [PendingCall] in
            guard let next = state.nextDeadline, next <= now else { return [] }
            let ids = state.pending.filter { $0.value.deadline <= now }.map(\.key)
            let calls = ids.compactMap { state.pending.removeValue(forKey: $0) }
            state.nextDeadline = state.pending.values.map(\.deadline).min()
            return calls
        }
        for call in expired {
            call.continuation.resume(throwing: WireError(.deadlineExceeded, "no reply from \(call.service) in time"))
        }
    }

    private func finish() {
        socket.close()
        let calls = shared.state.withLock { state -> [PendingCall] in
            state.closed = true
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        for call in calls { call.continuation.resume(throwing: WireError(.unavailable, "client is closed")) }
    }
}
