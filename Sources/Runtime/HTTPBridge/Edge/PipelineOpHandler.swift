import HTTPTypes
import NIOCore
import NIOHTTPTypes
import ReckonClient

/// Answers the common op calls of one connection from its channel pipeline, on its event loop: the request is read,
/// checked and sent, and the reply written back, with no task, no async sequence and no hand-off between them
/// (``PipelineOps``, decision 0136). A request it does not take, or that any check would refuse, goes on to the router
/// unchanged, which answers it as it answers every other route.
///
/// Answers leave in the order requests came: a request is taken here only while the router has none of this
/// connection's requests in hand, and whatever arrives while a call is out waits here (reading paused once something
/// has) until its answer is written. A graceful shutdown's quiesce waits for that answer too.
final class PipelineOpHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        /// Between requests.
        case idle
        /// A request this handler may answer, with its body so far.
        case reading(HTTPRequest, PipelineOps.Taken, ByteBuffer?)
        /// A request on its way to the router, until its end.
        case passing
        /// A call is out; what arrives waits in `waiting`.
        case calling
    }

    /// What arrived while a call was out, passed on in order once its answer is written: a part, or an error or
    /// event of the connection (a decoding error, the client's end of input), which would otherwise reach the server
    /// before the answer and close the connection under it.
    private enum Arrived {
        case part(HTTPRequestPart)
        case error(any Error)
        case event(Any)
    }

    private let ops: PipelineOps
    private var state = State.idle
    /// Requests passed on whose answers the router has not yet written.
    private var routerRequests = 0
    private var waiting = CircularBuffer<Arrived>()
    private var readHeld = false
    private var quiesceHeld = false
    private var quiescing = false
    private var context: ChannelHandlerContext?
    private var date = HTTPDate()
    private typealias Meters = AccessLog<BridgeContext>.Meters
    private var keptMeters: [Int: Meters] = [:]

    init(ops: PipelineOps) {
        self.ops = ops
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if isCalling { return waiting.append(.part(part)) }
        take(part, context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if isCalling { return waiting.append(.error(error)) }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { routerRequests -= 1 }
        context.write(data, promise: promise)
    }

    /// Reading goes on while a call is out, so a client that waits for its answer costs no change of the socket's
    /// interest; it pauses once a part has arrived that must wait (a pipelined request).
    func read(context: ChannelHandlerContext) {
        if isCalling, !waiting.isEmpty {
            readHeld = true
            return
        }
        context.read()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            if isCalling { return waiting.append(.event(event)) }
            return context.fireUserInboundEventTriggered(event)
        }
        quiescing = true
        switch state {
        case .calling, .reading: quiesceHeld = true
        case .idle, .passing: context.fireUserInboundEventTriggered(event)
        }
    }

    private func take(_ part: HTTPRequestPart, context: ChannelHandlerContext) {
        switch (state, part) {
        case (.idle, .head(let head)):
            if routerRequests == 0, !quiescing, let taken = ops.takes(head) {
                state = .reading(head, taken, nil)
            } else {
                passOn(head, body: nil, context: context)
                state = .passing
            }
        case (.reading(let head, let taken, var body), .body(var chunk)):
            let length = (body?.readableBytes ?? 0) + chunk.readableBytes
            guard head.method == .post, length <= ops.endpoint.configuration.maxBodyBytes else {
                passOn(head, body: body, context: context)
                state = .passing
                context.fireChannelRead(wrapInboundOut(part))
                return releaseQuiesce(context: context)
            }
            if body == nil { body = chunk } else { body!.writeBuffer(&chunk) }
            state = .reading(head, taken, body)
        case (.reading(let head, let taken, let body), .end):
            state = .idle
            start(head, taken, body: body, end: part, context: context)
            releaseQuiesce(context: context)
        case (.passing, .end):
            state = .idle
            context.fireChannelRead(wrapInboundOut(part))
        default:
            context.fireChannelRead(wrapInboundOut(part))
        }
    }

    /// Sends a request on to the router, its head and what was read of its body, the rest to follow.
    private func passOn(_ head: HTTPRequest, body: ByteBuffer?, context: ChannelHandlerContext) {
        routerRequests += 1
        context.fireChannelRead(wrapInboundOut(.head(head)))
        if let body { context.fireChannelRead(wrapInboundOut(.body(body))) }
    }

    /// Answers a whole request here, or sends it on to the router whole (`end` is its last part, as it came).
    private func start(
        _ head: HTTPRequest,
        _ taken: PipelineOps.Taken,
        body: ByteBuffer?,
        end: HTTPRequestPart,
        context: ChannelHandlerContext
    ) {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard let call = ops.call(head, taken, body: body, peer: peer) else {
            passOn(head, body: body, context: context)
            return context.fireChannelRead(wrapInboundOut(end))
        }
        let started = ContinuousClock.now
        let decision = ops.limits.limiter.take(call.caller)
        if let refusal = ops.limits.refusal(decision, requestID: head.headerFields[HTTPEnvelope.requestID] ?? "") {
            return write(refusal, to: head, taken, since: started, context: context)
        }
        state = .calling
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let prepared = call.prepared
        ops.calls.send(prepared.call, timeout: prepared.envelope.timeout, requestID: prepared.envelope.requestID) {
            outcome in
            let handler = handler.value
            handler.state = .idle
            guard let context = handler.context else { return }
            var answer = handler.ops.endpoint.answer(outcome, to: prepared, method: head.method)
            answer.headers.append(contentsOf: handler.ops.limits.headers(decision))  // as `CallerLimitsMiddleware`
            handler.write(answer, to: head, taken, since: started, context: context)
            handler.resume(context: context)
        }
    }

    private func write(
        _ answer: BridgeAnswer,
        to head: HTTPRequest,
        _ taken: PipelineOps.Taken,
        since started: ContinuousClock.Instant,
        context: ChannelHandlerContext
    ) {
        let (response, body) = ops.finish(answer, request: head, date: date.now())
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        AccessLog<BridgeContext>.record(
            method: head.method,
            path: String(taken.path),
            status: response.status,
            requestID: response.headerFields[HTTPEnvelope.requestID],
            since: started,
            logger: ops.logger,
            meters: meters(head.method, response.status)
        )
    }

    /// The access log's meters for answers of `status` to `method`, made once per connection.
    private func meters(_ method: HTTPRequest.Method, _ status: HTTPResponse.Status) -> Meters {
        let key = status.code * 2 + (method == .get ? 0 : 1)
        if let kept = keptMeters[key] { return kept }
        let made = Meters(method: method, route: PipelineOps.route, status: status)
        keptMeters[key] = made
        return made
    }

    /// Takes what arrived while the call was out, then lets reading and a held quiesce go on.
    private func resume(context: ChannelHandlerContext) {
        var took = false
        while !isCalling, let arrived = waiting.popFirst() {
            switch arrived {
            case .part(let part):
                take(part, context: context)
                took = true
            case .error(let error):
                completeRead(&took, context: context)
                context.fireErrorCaught(error)
            case .event(let event):
                completeRead(&took, context: context)
                context.fireUserInboundEventTriggered(event)
            }
        }
        completeRead(&took, context: context)
        guard !isCalling else { return }
        if readHeld {
            readHeld = false
            context.read()
        }
        releaseQuiesce(context: context)
    }

    /// What was passed on reaches the router's channel when a read completes, as from the socket.
    private func completeRead(_ took: inout Bool, context: ChannelHandlerContext) {
        if took { context.fireChannelReadComplete() }
        took = false
    }

    /// Passes a held quiesce on once no request is being read or called here: the server's own handler then closes
    /// the connection, at once or after the router's answers.
    private func releaseQuiesce(context: ChannelHandlerContext) {
        switch state {
        case .calling, .reading: return
        case .idle, .passing:
            guard quiesceHeld else { return }
            quiesceHeld = false
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }

    private var isCalling: Bool {
        if case .calling = state { return true }
        return false
    }
}
