import NIOCore

/// One connection to a gateway, on its link's event loop: the ZMTP handshake, PING answered, then every message to
/// the link. Any breach of ZMTP closes the connection, which the link takes as the gateway gone.
final class GatewayConnection: ChannelInboundHandler {
    typealias InboundIn = ZMTPInbound
    typealias OutboundOut = ByteBuffer

    private let link: LoopLink
    /// The link's attempt this connection is, so that news of an abandoned one is ignored.
    private let attempt: Int
    private var ready = false

    init(link: LoopLink, attempt: Int) {
        self.link = link
        self.attempt = attempt
    }

    func channelActive(context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: 128)
        buffer.writeBytes(ZMTPHandshake.greeting)
        buffer.writeBytes(ZMTPHandshake.ready)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        do {
            switch unwrapInboundIn(data) {
            case .greeting(let greeting):
                try ZMTPHandshake.checkGreeting(greeting)
            case .command(name: "READY", data: let properties):
                try ZMTPHandshake.checkReady(properties)
                ready = true
                link.connected(context.channel, attempt: attempt)
            case .command(name: "PING", data: var ping):
                // PING carries a TTL (2 bytes) and up to 16 bytes of context, which PONG sends back.
                _ = ping.readInteger(as: UInt16.self)
                let pong: [UInt8] = [4] + Array("PONG".utf8) + Array(ping.readableBytesView.prefix(16))
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: ZMTPFrames.command(pong))), promise: nil)
            case .command(name: "ERROR", data: _):
                throw ZMTPError("the gateway refused the handshake")
            case .command:
                break
            case .message(let frames):
                guard ready else { throw ZMTPError("a message before the handshake ended") }
                link.received(frames)
            }
        } catch {
            context.close(promise: nil)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { link.writable(attempt: attempt) }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        link.lost(attempt: attempt)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
