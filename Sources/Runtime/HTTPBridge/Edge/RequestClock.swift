import Metrics
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose current phase of ``RequestDeadlines`` runs out: a silent socket, a head sent a byte at
/// a time (slowloris), a body that never ends. It sits first in the pipeline, where it sees every byte that
/// arrives; ``RequestPhases``, after the HTTP codec, tells it where requests and responses begin and end.
final class RequestClock: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var deadlines: RequestDeadlines
    private var timer: Scheduled<Void>?
    /// When `timer` fires.
    private var timerDue: ContinuousClock.Instant?
    private var context: ChannelHandlerContext?

    init(limits: RequestDeadlines.Limits) {
        deadlines = RequestDeadlines(limits: limits, now: .now)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        arm()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        timerDue = nil
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if deadlines.bytesArrived(now: .now) { arm() }
        context.fireChannelRead(data)
    }

    /// A request's head was decoded.
    func headRead() {
        deadlines.headRead(now: .now)
        arm()
    }

    /// A request was decoded whole.
    func requestRead() {
        deadlines.requestRead(now: .now)
        arm()
    }

    /// A response was written whole.
    func responseEnded() {
        deadlines.responseEnded(now: .now)
        arm()
    }

    /// Makes sure a check runs by the current deadline. A timer due no later is kept: when it fires early it checks
    /// again then, so a connection's requests move its deadline without a timer each (a timer is replaced only when
    /// the deadline comes sooner, as a head's does after an idle wait).
    private func arm() {
        guard let context, let deadline = deadlines.deadline else { return }
        if let timerDue, timerDue <= deadline { return }
        timer?.cancel()
        timerDue = deadline
        let wait = TimeAmount(deadline - .now)
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: wait) { [self] in
            timer = nil
            timerDue = nil
            guard let due = deadlines.deadline else { return }
            guard ContinuousClock.now >= due else { return arm() }
            Counter(label: "reckon_http_connections_timed_out_total", dimensions: [("phase", "\(deadlines.phase)")])
                .increment()
            context.close(promise: nil)
        }
    }
}

/// Tells the connection's ``RequestClock`` where requests and responses begin and end.
final class RequestPhases: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var clock: RequestClock?

    func handlerAdded(context: ChannelHandlerContext) {
        clock = try? context.pipeline.syncOperations.handler(type: RequestClock.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: clock?.headRead()
        case .body: break
        case .end: clock?.requestRead()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { clock?.responseEnded() }
        context.write(data, promise: promise)
    }
}
