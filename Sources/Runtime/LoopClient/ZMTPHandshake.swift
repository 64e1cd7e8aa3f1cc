import NIOCore

/// ZMTP 3.1's greeting and NULL handshake (ZeroMQ RFC 23 and 37), as a DEALER speaks them to a libzmq ROUTER: what
/// lets a client on an event loop talk to the gateway without libzmq's threads.
enum ZMTPHandshake {
    /// A greeting's length: signature (10), version (2), mechanism (20), as-server (1), filler (31).
    static let greetingSize = 64

    /// This side's greeting: ZMTP 3.1, the NULL mechanism, as a client.
    static let greeting: [UInt8] = {
        var bytes: [UInt8] = [0xFF] + Array(repeating: 0, count: 8) + [0x7F, 3, 1]
        bytes += Array("NULL".utf8) + Array(repeating: 0, count: 16)
        bytes += Array(repeating: 0, count: 32)  // as-server 0, then the filler
        return bytes
    }()

    /// This side's READY command, saying it is a DEALER (and naming no routing id: the ROUTER makes one).
    static var ready: [UInt8] {
        var body: [UInt8] = [5] + Array("READY".utf8)
        body += property("Socket-Type", Array("DEALER".utf8))
        return ZMTPFrames.command(body)
    }

    /// Checks the peer's greeting: a ZMTP 3 signature and version, and the NULL mechanism.
    /// - Throws: ``ZMTPError`` for anything else (ZMTP 2, CURVE, garbage).
    static func checkGreeting(_ bytes: ByteBuffer) throws {
        let view = bytes.readableBytesView
        let start = view.startIndex
        guard view.count >= greetingSize, view[start] == 0xFF, view[start + 9] == 0x7F else {
            throw ZMTPError("the peer's greeting has no ZMTP signature")
        }
        guard view[start + 10] >= 3 else { throw ZMTPError("the peer speaks ZMTP \(view[start + 10]), not 3") }
        let mechanism = view[(start + 12)..<(start + 32)].prefix { $0 != 0 }
        guard mechanism.elementsEqual("NULL".utf8) else {
            throw ZMTPError("the peer asks for the \(String(decoding: mechanism, as: UTF8.self)) mechanism")
        }
    }

    /// Checks the peer's READY command's body (after its name): its `Socket-Type` must be ROUTER.
    /// - Throws: ``ZMTPError`` for another socket type or malformed properties.
    static func checkReady(_ properties: ByteBuffer) throws {
        var buffer = properties
        while buffer.readableBytes > 0 {
            guard let nameLength = buffer.readInteger(as: UInt8.self),
                let name = buffer.readString(length: Int(nameLength)),
                let valueLength = buffer.readInteger(as: UInt32.self),
                let value = buffer.readString(length: Int(valueLength))
            else { throw ZMTPError("the peer's READY has malformed properties") }
            if name.lowercased() == "socket-type", value != "ROUTER" {
                throw ZMTPError("the peer is a \(value) socket, not a ROUTER")
            }
        }
    }

    /// One metadata property: name length (1 byte), name, value length (4 bytes), value.
    private static func property(_ name: String, _ value: [UInt8]) -> [UInt8] {
        var bytes = [UInt8(name.utf8.count)] + Array(name.utf8)
        withUnsafeBytes(of: UInt32(value.count).bigEndian) { bytes += $0 }
        return bytes + value
    }
}

/// A ZMTP session the peer broke: a bad greeting, handshake or frame.
struct ZMTPError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
