import Glibc

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address's bytes, in network order.
    public let bytes: [UInt8]

    /// The address `text` spells (`192.0.2.1`, `2001:db8::1`), or nil.
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// The address of `bytes` (4 or 16 of them).
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The IPv4 address an IPv6 one maps (`::ffff:192.0.2.1`), or nil.
    public var mappedIPv4: IPAddress? {
        bytes.count == 16 && bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]
            ? IPAddress(bytes: Array(bytes.suffix(4))) : nil
    }

    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A block of addresses: an address and how many of its leading bits an address must share to be in it
/// (`10.0.0.0/8`, `fc00::/7`; an address alone is its own block).
public struct IPBlock: Sendable, Equatable {
    public let address: IPAddress
    public let prefix: Int

    /// The block `text` spells (`ADDRESS` or `ADDRESS/BITS`), or nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let address = IPAddress(parts[0]) else { return nil }
        let prefix = parts.count == 2 ? Int(parts[1]) : address.bytes.count * 8
        guard let prefix, (0...address.bytes.count * 8).contains(prefix) else { return nil }
        self.address = address
        self.prefix = prefix
    }

    /// Whether `other` is in the block (an address of the other family never is).
    public func contains(_ other: IPAddress) -> Bool {
        guard other.bytes.count == address.bytes.count else { return false }
        for bit in 0..<prefix {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if other.bytes[bit / 8] & mask != address.bytes[bit / 8] & mask { return false }
        }
        return true
    }
}
