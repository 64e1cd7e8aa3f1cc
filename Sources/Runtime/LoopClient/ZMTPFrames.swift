import NIOCore

/// ZMTP 3's framing (RFC 23): each frame is a flags byte (MORE 0x01, LONG 0x02, COMMAND 0x04), its size in 1 byte, or
/// in 8 bytes when LONG, and its bytes.
enum ZMTPFrames {
    static let more: UInt8 = 0x01
    static let long: UInt8 = 0x02
    static let isCommand: UInt8 = 0x04

    /// A command frame with `body` (its name's length, its name, its data).
    static func command(_ body: [UInt8]) -> [UInt8] {
        var buffer = ByteBuffer()
        write(frame: body, flags: isCommand, into: &buffer)
        return Array(buffer.readableBytesView)
    }

    /// Writes one message: each frame with MORE but the last.
    static func write(message frames: [[UInt8]], into buffer: inout ByteBuffer) {
        for (index, frame) in frames.enumerated() {
            write(frame: frame, flags: index == frames.count - 1 ? 0 : more, into: &buffer)
        }
    }

    private static func write(frame: [UInt8], flags: UInt8, into buffer: inout ByteBuffer) {
        if frame.count > 255 {
            buffer.writeInteger(flags | long)
            buffer.writeInteger(UInt64(frame.count))
        } else {
            buffer.writeInteger(flags)
            buffer.writeInteger(UInt8(frame.count))
        }
        buffer.writeBytes(frame)
    }
}

/// What a ZMTP peer sent, as ``ZMTPDecoder`` reads it.
enum ZMTPInbound {
    /// The peer's 64-byte greeting.
    case greeting(ByteBuffer)
    /// A command: its name (`READY`, `PING`, `ERROR`, …) and its data.
    case command(name: String, data: ByteBuffer)
    /// A whole message: its frames in order.
    case message([ByteBuffer])
}

/// Cuts a ZMTP stream into its greeting, then commands and whole messages. A frame larger than `maxFrameBytes`, or a
/// message with more than `maxFrames` frames, ends the session (``ZMTPError``): a peer cannot make it buffer without
/// bound.
struct ZMTPDecoder: ByteToMessageDecoder {
    typealias InboundOut = ZMTPInbound

    let maxFrameBytes: Int
    let maxFrames: Int
    private var greeted = false
    private var frames: [ByteBuffer] = []

    init(maxFrameBytes: Int = 256 << 20, maxFrames: Int = 64) {
        self.maxFrameBytes = maxFrameBytes
        self.maxFrames = maxFrames
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard greeted else {
            guard let greeting = buffer.readSlice(length: ZMTPHandshake.greetingSize) else { return .needMoreData }
            greeted = true
            context.fireChannelRead(wrapInboundOut(.greeting(greeting)))
            return .continue
        }
        guard let flags = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) else { return .needMoreData }
        let headerSize = flags & ZMTPFrames.long == 0 ? 2 : 9
        guard buffer.readableBytes >= headerSize else { return .needMoreData }
        let size =
            flags & ZMTPFrames.long == 0
            ? Int(buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self)!)
            : Int(clamping: buffer.getInteger(at: buffer.readerIndex + 1, as: UInt64.self)!)
        guard size <= maxFrameBytes else { throw ZMTPError("a frame of \(size) bytes is over the limit") }
        guard buffer.readableBytes >= headerSize + size else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: headerSize)
        var frame = buffer.readSlice(length: size)!
        if flags & ZMTPFrames.isCommand != 0 {
            guard let nameLength = frame.readInteger(as: UInt8.self),
                let name = frame.readString(length: Int(nameLength))
            else { throw ZMTPError("a command frame has no name") }
            context.fireChannelRead(wrapInboundOut(.command(name: name, data: frame)))
            return .continue
        }
        frames.append(frame)
        guard frames.count <= maxFrames else { throw ZMTPError("a message of more than \(maxFrames) frames") }
        if flags & ZMTPFrames.more == 0 {
            context.fireChannelRead(wrapInboundOut(.message(frames)))
            frames = []
        }
        return .continue
    }
}
