import Foundation
import IPAddresses

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
        if let address = IPAddress(self.host), !NonPublicAddresses.isPublic(address) {
            throw Refusal(reason: "\(host) is not a public address")
        }
    }

    /// Checks, unless `allowPrivate`, that every address the host resolves to now is public.
    /// - Throws: ``Refusal`` when one is not, or the name does not resolve.
    public func checkResolved(allowPrivate: Bool) throws {
        guard !allowPrivate else { return }
        let addresses = try NonPublicAddresses.resolve(host)
        guard !addresses.isEmpty else { throw Refusal(reason: "\(host) does not resolve") }
        if let refused = addresses.first(where: { !NonPublicAddresses.isPublic($0) }) {
            throw Refusal(reason: "\(host) resolves to \(refused), which is not a public address")
        }
    }
}

/// Where a webhook must not go unless the operator allows it: the blocks of loopback, private (RFC 1918, IPv6
/// unique local), link-local, carrier-grade shared, benchmarking, multicast, reserved, documentation and unspecified
/// addresses, and the IPv6 forms of the IPv4 ones.
enum NonPublicAddresses {
    static let blocks: [IPBlock] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
        "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "224.0.0.0/3", "::/127", "fc00::/7", "fe80::/10", "ff00::/8",
        "2001:db8::/32",
    ].compactMap(IPBlock.init)

    /// Whether `address` (or the IPv4 address it maps) is in none of ``blocks``.
    static func isPublic(_ address: IPAddress) -> Bool {
        let checked = address.mappedIPv4 ?? address
        return !blocks.contains { $0.contains(checked) }
    }

    /// Every address `host` resolves to now (a literal resolves to itself).
    /// - Throws: ``WebhookTarget/Refusal`` when it does not resolve.
    static func resolve(_ host: String) throws -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else {
            throw WebhookTarget.Refusal(reason: "\(host) does not resolve")
        }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var next = list
        while let entry = next?.pointee {
            if entry.ai_family == AF_INET, let address = entry.ai_addr {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    found += [IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })].compactMap { $0 }
                }
            } else if entry.ai_family == AF_INET6, let address = entry.ai_addr {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    found += [IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })].compactMap { $0 }
                }
            }
            next = entry.ai_next
        }
        return found
    }
}
