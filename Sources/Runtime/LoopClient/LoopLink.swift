import DequeModule
import GatewayAPI
import Majordomo
import NIOCore
import NIOPosix
import ReckonClient
import Wire

/// The calls made on one event loop, and that loop's one connection to a gateway (ZMTP over a NIO channel, no
/// libzmq): a call starts, is sent, is answered and resumes its caller on the loop, with no other thread between.
///
/// Failover is ``ReckonClient``'s: the gateways in turn, one at a time. A connection that closes, or a gateway silent
/// for `failoverAfter` while calls wait on it and then deaf to a `ping` for as long, is gone: the link connects to
/// the next gateway and sends there again every waiting call that carries an idempotency key, and fails the others
/// with `unavailable`, since their outcome is unknown. Unlike libzmq, a closed TCP connection is seen at once, so with
/// one gateway too a call is sent again (keyed) or failed (not keyed) when its connection drops, rather than waiting
/// out its timeout. Calls wait while the connection has no room (NIO's write watermarks), so a gateway that stops
/// reading holds the bridge's memory to the calls' timeouts.
final class LoopLink: @unchecked Sendable {
    // @unchecked: every `var` is touched only on `loop`.
    let loop: any EventLoop
    private let endpoints: [GatewayAddress]
    private let failoverAfter: TimeAmount
    /// The gateway in use: its index in `endpoints`.
    private var active = 0
    /// The number of the connection being made or in use; news of any other is ignored.
    private var attempt = 0
    /// The connection in use, once its handshake ended.
    private var channel: (any Channel)?
    /// The connection being made or in use, to close.
    private var connection: (any Channel)?
    private var connectingSince: NIODeadline?
    /// Connections made in a row that never finished their handshake: past one round of the gateways, reconnects
    /// back off.
    private var failedInARow = 0
    private var calls: [String: LinkCall] = [:]
    /// How many of `calls` went out on the connection in use.
    private var inFlight = 0
    /// Calls waiting for a connection or for room on it, oldest first.
    private var unsent = Deque<String>()
    private var nextOrder = 0
    private var lastHeard = NIODeadline.now()
    private var probe: (id: String, sentAt: NIODeadline)?
    private var probesSent = 0
    private var watchdog: RepeatedTask?
    /// The one timer of the calls' timeouts, and when it fires.
    private var expiry: (timer: Scheduled<Void>, due: NIODeadline)?
    /// Whether a flush of the connection is queued behind this turn's calls.
    private var flushQueued = false
    private var closed = false

    init(loop: any EventLoop, endpoints: [GatewayAddress], failoverAfter: TimeAmount) {
        self.loop = loop
        self.endpoints = endpoints
        self.failoverAfter = failoverAfter
    }

    /// Connects, and with several gateways starts watching the one in use.
    func start() {
        loop.execute { [self] in
            connect()
            guard endpoints.count > 1 else { return }
            let tick = TimeAmount.nanoseconds(max(failoverAfter.nanoseconds / 4, 1_000_000))
            watchdog = loop.scheduleRepeatedTask(initialDelay: tick, delay: tick) { [self] _ in watch() }
        }
    }

    /// Starts a call: it is sent now, or as soon as there is a connection with room, and ends with its reply, its
    /// timeout or a failover.
    func call(_ request: QueuedRequest, timeout: TimeAmount, continuation: CallEnd) {
        loop.assertInEventLoop()
        guard !closed else { return continuation.resume(throwing: WireError(.unavailable, "client is closed")) }
        let deadline = NIODeadline.now() + timeout
        calls[request.id] = LinkCall(request: request, order: nextOrder, deadline: deadline, continuation: continuation)
        nextOrder += 1
        unsent.append(request.id)
        armExpiry(deadline)
        sendUnsent()
    }

    /// Ends a call whose caller was cancelled.
    func cancel(_ id: String) {
        end(id)?.continuation.resume(throwing: CancellationError())
    }

    /// Fails every call with `unavailable`, closes the connection, and takes no more calls.
    func close() {
        loop.execute { [self] in
            closed = true
            watchdog?.cancel()
            expiry?.timer.cancel()
            for id in Array(calls.keys) {
                end(id)?.continuation.resume(throwing: WireError(.unavailable, "client is closed"))
            }
            connection?.close(promise: nil)
        }
    }

    // MARK: - From the connection

    /// The handshake of connection `attempt` ended: calls waiting go out on it.
    func connected(_ channel: any Channel, attempt: Int) {
        guard attempt == self.attempt else { return }
        self.channel = channel
        connectingSince = nil
        failedInARow = 0
        lastHeard = .now()
        sendUnsent()
    }

    /// A message from the gateway in use: a FINAL reply ends its call; a PARTIAL, or one no call waits for (it
    /// timed out), is dropped.
    func received(_ frames: [ByteBuffer]) {
        lastHeard = .now()
        guard frames.count >= 4, frames[0].readableBytesView.elementsEqual(ProtocolHeader.client02),
            frames[1].readableBytesView.elementsEqual([Command.clientFinal])
        else { return }
        guard let id = frames[3].withUnsafeReadableBytes({ JSONMemberScan.string(named: "id", in: $0) }) else { return }
        if id == probe?.id {
            probe = nil
            return
        }
        guard let call = end(id) else { return }
        call.continuation.resume(returning: Array(frames[3].readableBytesView))
    }

    /// Connection `attempt` has room again.
    func writable(attempt: Int) {
        if attempt == self.attempt { sendUnsent() }
    }

    /// Connection `attempt` closed, or never opened: the gateway is gone.
    func lost(attempt: Int) {
        guard attempt == self.attempt, !closed else { return }
        failOver()
    }

    // MARK: - Inside

    private func connect() {
        guard !closed else { return }
        attempt += 1
        let number = attempt
        channel = nil
        connectingSince = .now()
        let bootstrap = ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(failoverAfter)
            .channelInitializer { [self] channel in
                connection = channel
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(ZMTPDecoder()),
                        GatewayConnection(link: self, attempt: number)
                    )
                }
            }
        endpoints[active].connect(bootstrap).whenFailure { [self] _ in lost(attempt: number) }
    }

    /// Moves to the next gateway (the same one when there is one): waiting calls with a key go to it first, calls
    /// sent without one fail.
    private func failOver() {
        attempt += 1  // news of the old connection is ignored from now on
        connection?.close(promise: nil)
        connection = nil
        channel = nil
        probe = nil
        active = (active + 1) % endpoints.count
        let sent = calls.filter { $0.value.sent }.sorted { $0.value.order < $1.value.order }
        var resend: [String] = []
        inFlight = 0
        for (id, call) in sent {
            calls[id]?.sent = false
            if call.request.resendable {
                resend.append(id)
            } else {
                end(id)?.continuation.resume(
                    throwing: WireError(
                        .unavailable,
                        "the gateway stopped answering before \(call.request.service) replied; the request carried no "
                            + "idempotency key, so it was not sent again and its outcome is unknown"
                    )
                )
            }
        }
        unsent = Deque(resend) + unsent
        failedInARow += 1
        let backoff = failedInARow <= endpoints.count ? 0 : min(100 << min(failedInARow - endpoints.count, 5), 2_000)
        if backoff == 0 {
            connect()
        } else {
            loop.scheduleTask(in: .milliseconds(Int64(backoff))) { [self] in connect() }
        }
    }

    /// Sends waiting calls, oldest first, while the connection has room; drops those that already ended.
    private func sendUnsent() {
        guard let channel else { return }
        var wrote = false
        while channel.isWritable, let id = unsent.popFirst() {
            guard var call = calls[id], !call.sent else { continue }
            if inFlight == 0 { lastHeard = .now() }
            var buffer = channel.allocator.buffer(capacity: call.request.body.count + 32)
            ZMTPFrames.write(message: Self.frames(call.request.service, call.request.body), into: &buffer)
            channel.write(buffer, promise: nil)
            call.sent = true
            calls[id] = call
            inFlight += 1
            wrote = true
        }
        guard wrote, !flushQueued else { return }
        // One flush for every call started in this turn of the loop: the calls of many HTTP requests read at once go
        // out in one write, as libzmq's I/O thread batches them.
        flushQueued = true
        loop.execute { [self] in
            flushQueued = false
            self.channel?.flush()
        }
    }

    /// Probes the gateway in use when it has been silent while calls wait on it, and fails over when the probe goes
    /// unanswered, or when a connection takes `failoverAfter` to open while calls wait.
    private func watch() {
        let now = NIODeadline.now()
        guard !calls.isEmpty else {
            probe = nil
            return
        }
        if channel == nil {
            if let connectingSince, now - connectingSince >= failoverAfter { failOver() }
            return
        }
        guard let channel, inFlight > 0 else {
            probe = nil
            return
        }
        if let probe {
            if now - probe.sentAt >= failoverAfter { failOver() }
        } else if now - lastHeard >= failoverAfter {
            probesSent += 1
            let id = "probe-\(probesSent)"
            let body = JSONValue.object(JSONObject([("op", .string(PingOp.name)), ("id", .string(id))])).serialized
            var buffer = channel.allocator.buffer(capacity: body.count + 32)
            ZMTPFrames.write(message: Self.frames(PingOp.service, body), into: &buffer)
            channel.writeAndFlush(buffer, promise: nil)
            probe = (id, now)
        }
    }

    /// Removes a call that ends, for its caller to be resumed.
    private func end(_ id: String) -> LinkCall? {
        guard let call = calls.removeValue(forKey: id) else { return nil }
        if call.sent { inFlight -= 1 }
        return call
    }

    /// Makes sure the calls' timeouts are checked by `deadline`. One timer serves every call: one due no later is
    /// kept (calls that end before it cost no timer of their own), and when it fires it fails the calls whose time
    /// ran out and waits for the next one due.
    private func armExpiry(_ deadline: NIODeadline) {
        if let due = expiry?.due, due <= deadline { return }
        expiry?.timer.cancel()
        expiry = (loop.scheduleTask(deadline: deadline) { [self] in expire() }, deadline)
    }

    /// Fails every call whose time ran out with `deadline_exceeded`.
    private func expire() {
        expiry = nil
        let now = NIODeadline.now()
        var next: NIODeadline?
        for (id, call) in calls {
            guard call.deadline <= now else {
                next = min(next ?? call.deadline, call.deadline)
                continue
            }
            end(id)?.continuation.resume(
                throwing: WireError(.deadlineExceeded, "no reply from \(call.request.service) in time")
            )
        }
        if let next { armExpiry(next) }
    }

    /// An MDP/0.2 client REQUEST as a DEALER sends it: header, command, service, body.
    private static func frames(_ service: String, _ body: [UInt8]) -> [[UInt8]] {
        [ProtocolHeader.client02, [Command.clientRequest], Array(service.utf8), body]
    }
}

/// A call a ``LoopLink`` holds until it ends.
struct LinkCall {
    let request: QueuedRequest
    /// Its place in the order calls started, which a failover keeps when it sends calls again.
    let order: Int
    /// When it fails with `deadline_exceeded` if no reply came.
    let deadline: NIODeadline
    let continuation: CallEnd
    /// Whether it went out on the connection in use.
    var sent = false
}

/// How a call's caller hears its end: its reply's bytes, or the error it ended with.
struct CallEnd {
    let body: @Sendable (Result<[UInt8], any Error>) -> Void

    func resume(returning bytes: [UInt8]) { body(.success(bytes)) }
    func resume(throwing error: any Error) { body(.failure(error)) }
}
