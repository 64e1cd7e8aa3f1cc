import NIOCore
import NIOPosix

/// A gateway's client endpoint as NIO connects to it: `tcp://HOST:PORT` (a name, an IPv4 address or a bracketed
/// IPv6 one) or `ipc://PATH`.
enum GatewayAddress: Sendable, Equatable {
    case tcp(host: String, port: Int)
    case unix(path: String)

    /// - Throws: ``ZMTPError`` for another transport or a malformed address.
    init(parsing endpoint: String) throws {
        if endpoint.hasPrefix("ipc://") {
            self = .unix(path: String(endpoint.dropFirst(6)))
            return
        }
        guard endpoint.hasPrefix("tcp://"), let colon = endpoint.lastIndex(of: ":"),
            let port = Int(endpoint[endpoint.index(after: colon)...]), (1...65_535).contains(port)
        else { throw ZMTPError("\(endpoint) is no tcp://HOST:PORT or ipc://PATH endpoint") }
        var host = endpoint[endpoint.index(endpoint.startIndex, offsetBy: 6)..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, host != "*" else { throw ZMTPError("\(endpoint) names no host to connect to") }
        self = .tcp(host: String(host), port: port)
    }

    /// Connects `bootstrap` here.
    func connect(_ bootstrap: ClientBootstrap) -> EventLoopFuture<any Channel> {
        switch self {
        case .tcp(let host, let port): bootstrap.connect(host: host, port: port)
        case .unix(let path): bootstrap.connect(unixDomainSocketPath: path)
        }
    }
}
