import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where a subscription's deliveries go: an `http` or `https` URL with a host, no user name or password and no
/// fragment, at most 2,000 characters. Unless the operator allows it (`--webhook-allow-private`), a host that is or
/// resolves to a loopback, private, link-local, shared, multicast or unspecified address is refused, so a subscriber
/// cannot make the workers call into the network they run in: a literal address or `localhost` when subscribing,
/// and every address the name resolves to before each delivery (a name may point elsewhere later).
public struct WebhookTarget: Sendable, Hashable {
    /// The URL as given.
    public let url: String
    /// Its host, without brackets.
    public let host: String

    /// Why a URL is not a target, in words for the subscriber.
    public struct Refusal: Error, Sendable, Equatable {
        public let reason: String
    }

    /// The target `url` names.
    /// - Throws: ``Refusal`` for a URL that is not one, or (unless `allowPrivate`) a literal address or name that is
    ///   not public.
    public init(url: String, allowPrivate: Bool) throws {
        guard url.count <= 2000, let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = parts.host, !host.isEmpty
        else { throw Refusal(reason: "not an http or https URL with a host") }
        guard parts.user == nil, parts.password == nil, parts.fragment == nil else {
            throw Refusal(reason: "a URL with a user name, a password or a fragment")
        }
        self.url = url
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !allowPrivate else { return }
        let lower = self.host.lowercased()
        if lower == "localhost" || lower.hasSuffix(".localhost") {
            throw Refusal(reason: "\(host) is this machine")
        }
        if let address = IPAddress(literal: self.host), !address.isPublic {
            throw Refusal(reason: "\(host) is not a public address")
        }
    }

    /// Checks, unless `allowPrivate`, that every address the host resolves to now is public.
    /// - Throws: ``Refusal`` when one is not, or the name does not resolve.
    public func checkResolved(allowPrivate: Bool) throws {
        guard !allowPrivate else { return }
        let addresses = try IPAddress.resolve(host)
        guard !addresses.isEmpty else { throw Refusal(reason: "\(host) does not resolve") }
        if let refused = addresses.first(where: { !$0.isPublic }) {
            throw Refusal(reason: "\(host) resolves to \(refused), which is not a public address")
        }
    }
}

/// An IPv4 or IPv6 address, as bytes, and whether it is reachable on the public internet.
struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    /// The address `text` spells (`192.0.2.1`, `2001:db8::1`), or nil.
    init?(literal text: String) {
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

    private init(bytes: [UInt8]) { self.bytes = bytes }

    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// False for loopback, private (RFC 1918, IPv6 unique local), link-local, carrier-grade shared, multicast,
    /// reserved and unspecified addresses, and IPv6 forms of such IPv4 ones.
    var isPublic: Bool {
        if bytes.count == 4 { return Self.isPublicV4(bytes) }
        let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]
        if Array(bytes.prefix(12)) == mappedPrefix { return Self.isPublicV4(Array(bytes.suffix(4))) }
        if bytes.prefix(15).allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
        if bytes[0] & 0xfe == 0xfc { return false }  // fc00::/7 unique local
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { return false }  // fe80::/10 link-local
        if bytes[0] == 0xff { return false }  // multicast
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0d && bytes[3] == 0xb8 { return false }  // docs
        return true
    }

    private static func isPublicV4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _), (169, 254), (192, 168), (198, 18), (198, 19): false
        case (172, 16...31), (100, 64...127): false
        case (224...255, _): false
        case (192, 0) where b[2] == 0 || b[2] == 2: false
        default: true
        }
    }

    /// Every address `host` resolves to now (a literal resolves to itself).
    /// - Throws: ``WebhookTarget/Refusal`` when it does not resolve.
    static func resolve(_ host: String) throws -> [IPAddress] {
        if let literal = IPAddress(literal: host) { return [literal] }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else { throw WebhookTarget.Refusal(reason: "\(host) does not resolve") }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var next = list
        while let entry = next?.pointee {
            if entry.ai_family == AF_INET, let address = entry.ai_addr {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    found.append(IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) }))
                }
            } else if entry.ai_family == AF_INET6, let address = entry.ai_addr {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    found.append(IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) }))
                }
            }
            next = entry.ai_next
        }
        return found
    }
}
