import HummingbirdCore
import Logging
import NIOCore

/// The bridge's HTTP/1.1 server (over TLS when the builder's `wrap` puts it in a TLS channel): each connection must
/// pass the ``ConnectionGate`` before anything else is set up, and runs under a ``RequestClock``.
public enum GuardedHTTPServer {
    /// A server builder for `Application`; `wrap` puts the HTTP channel inside another (TLS), or leaves it. Each
    /// connection's pipeline answers the op calls `routes` lets it (``PipelineOpHandler``) before its router.
    public static func builder(
        _ limits: BridgeConfiguration.ConnectionLimits,
        routes: BridgeRoutes,
        wrap: @escaping @Sendable (HTTP1Channel) throws -> any ServerChildChannel = { $0 }
    ) -> HTTPServerBuilder {
        let gate = ConnectionGate(total: limits.total, perAddress: limits.perAddress)
        let pipelineOps = routes.pipelineOps
        return HTTPServerBuilder { responder in
            let http = HTTP1Channel(
                responder: responder,
                configuration: .init(
                    additionalChannelHandlers: [RequestPhases()]
                        + (pipelineOps.map { [PipelineOpHandler(ops: $0)] } ?? [])
                )
            )
            return GuardedChannel(inner: try wrap(http), gate: gate, deadlines: limits.deadlines)
        }
    }
}

/// A child channel that asks the gate first, then sets up `inner` behind a ``RequestClock``.
struct GuardedChannel: ServerChildChannel {
    typealias Value = AnyChildChannelValue

    let inner: any ServerChildChannel
    let gate: ConnectionGate
    let deadlines: RequestDeadlines.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        if let refusal = gate.admit(address) {
            // Closed at once, before a byte is read: the peer sees its connection end, and holds no descriptor here.
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(ConnectionRefused(reason: refusal))
        }
        channel.closeFuture.whenComplete { _ in gate.release(address) }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestClock(limits: deadlines), position: .first)
        }.flatMap { inner.setupAny(channel: channel, logger: logger) }.always { result in
            // NIO drops a channel whose setup failed without closing it: close it here, which gives back its count.
            if case .failure = result { channel.close(promise: nil) }
        }
    }

    func handle(value: Value, logger: Logger) async {
        await value.handle(logger)
    }
}

/// A connection the ``ConnectionGate`` refused.
struct ConnectionRefused: Error {
    let reason: ConnectionGate.Refusal
}

/// An inner channel's value, with the inner channel's own handling attached.
struct AnyChildChannelValue: ServerChildChannelValue {
    let channel: any Channel
    let handle: @Sendable (Logger) async -> Void
}

extension ServerChildChannel {
    /// `setup`, with the value kept beside the handling it needs, so a wrapper need not know the inner type.
    fileprivate func setupAny(channel: any Channel, logger: Logger) -> EventLoopFuture<AnyChildChannelValue> {
        setup(channel: channel, logger: logger).map { value in
            AnyChildChannelValue(channel: value.channel) { logger in await handle(value: value, logger: logger) }
        }
    }
}
