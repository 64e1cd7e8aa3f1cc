import Foundation
import HTTPTypes
import IPAddresses

/// The proxies (`--trusted-proxy`: addresses or CIDR blocks, IPv4 or IPv6) whose `Forwarded` or `X-Forwarded-For`
/// header the bridge believes. A request from one of them is for the address its header names: walking the header
/// from the right (the entry the nearest proxy added), the first address that is not a trusted proxy is the client's.
/// A request from anywhere else is for its peer address, whatever its headers say, so a client cannot choose the
/// address its limits are counted under.
public struct TrustedProxies: Sendable {
    let blocks: [IPBlock]

    /// No trusted proxy: every request is for its peer.
    public static let none = TrustedProxies(blocks: [])

    private init(blocks: [IPBlock]) { self.blocks = blocks }

    /// Parses `--trusted-proxy` values.
    /// - Throws: ``InvalidProxy`` naming the first value that is not an address or CIDR block.
    public init(parsing values: [String]) throws {
        blocks = try values.map { value in
            guard let block = IPBlock(value) else { throw InvalidProxy(value: value) }
            return block
        }
    }

    /// Whether `address` is a trusted proxy.
    func trusts(_ address: String) -> Bool {
        guard !blocks.isEmpty, let parsed = IPAddress(address) else { return false }
        return blocks.contains { $0.contains(parsed) }
    }

    /// The address a request from `peer` with `headers` is for.
    public func clientAddress(peer: String, headers: HTTPFields) -> String {
        guard trusts(peer) else { return peer }
        let named = Self.forwardedFor(headers) ?? Self.xForwardedFor(headers)
        guard !named.isEmpty else { return peer }
        for entry in named.reversed() {
            guard IPAddress(entry) != nil else { return peer }
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
