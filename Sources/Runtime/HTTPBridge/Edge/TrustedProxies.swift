import Foundation
import Glibc
import HTTPTypes

/// The proxies (`--trusted-proxy`: addresses or CIDR blocks, IPv4 or IPv6) whose `Forwarded` or `X-Forwarded-For`
/// header the bridge believes. A request from one of them is for the address its header names: walking the header
/// from the right (the entry the nearest proxy added), the first address that is not a trusted proxy is the client's.
/// A request from anywhere else is for its peer address, whatever its headers say, so a client cannot choose the
/// address its limits are counted under.
public struct TrustedProxies: Sendable {
    /// One block: an address's bytes and how many leading bits must match.
    struct Block: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            for bit in 0..<prefix {
                let mask = UInt8(0x80) >> UInt8(bit % 8)
                if address[bit / 8] & mask != bytes[bit / 8] & mask { return false }
            }
            return true
        }
    }

    let blocks: [Block]

    /// No trusted proxy: every request is for its peer.
    public static let none = TrustedProxies(blocks: [])

    private init(blocks: [Block]) { self.blocks = blocks }

    /// Parses `--trusted-proxy` values.
    /// - Throws: ``InvalidProxy`` naming the first value that is not an address or CIDR block.
    public init(parsing values: [String]) throws {
        blocks = try values.map { value in
            let parts = value.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.addressBytes(parts[0]) else { throw InvalidProxy(value: value) }
            let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let prefix, (0...bytes.count * 8).contains(prefix) else { throw InvalidProxy(value: value) }
            return Block(bytes: bytes, prefix: prefix)
        }
    }

    /// Whether `address` is a trusted proxy.
    func trusts(_ address: String) -> Bool {
        guard !blocks.isEmpty, let bytes = Self.addressBytes(address) else { return false }
        return blocks.contains { $0.contains(bytes) }
    }

    /// The address a request from `peer` with `headers` is for.
    public func clientAddress(peer: String, headers: HTTPFields) -> String {
        guard trusts(peer) else { return peer }
        let named = Self.forwardedFor(headers) ?? Self.xForwardedFor(headers)
        guard !named.isEmpty else { return peer }
        for entry in named.reversed() {
            guard Self.addressBytes(entry) != nil else { return peer }
            if !trusts(entry) { return entry }
        }
        return named.first ?? peer
    }

    /// The `for=` addresses of `Forwarded` (RFC 7239), quotes, brackets and ports taken off; nil without the header.
    static func forwardedFor(_ headers: HTTPFields) -> [String]? {
        let values = headers[values: .forwarded]
        guard !values.isEmpty else { return nil }
        return values.flatMap { $0.split(separator: ",") }.compactMap { element in
            element.split(separator: ";").lazy.compactMap { pair -> String? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for" else {
                    return nil
                }
                return hostOnly(parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]))
            }.first
        }
    }

    /// The addresses of `X-Forwarded-For`, in order.
    static func xForwardedFor(_ headers: HTTPFields) -> [String] {
        headers[values: xForwardedForName].flatMap { $0.split(separator: ",") }.map {
            hostOnly($0.trimmingCharacters(in: .whitespaces))
        }
    }

    static let xForwardedForName = HTTPField.Name("X-Forwarded-For")!

    /// An address without brackets or port: `[2001:db8::1]:4711` is `2001:db8::1`, `192.0.2.1:80` is `192.0.2.1`.
    static func hostOnly(_ text: String) -> String {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            return String(text[..<colon])
        }
        return text
    }

    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address's bytes.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

/// A `--trusted-proxy` value that is not an address or CIDR block.
public struct InvalidProxy: Error, CustomStringConvertible {
    public let value: String
    public var description: String { "--trusted-proxy takes an address or CIDR block, got \(value)" }
}

extension HTTPField.Name {
    /// `Forwarded` (RFC 7239).
    static let forwarded = HTTPField.Name("Forwarded")!
}
