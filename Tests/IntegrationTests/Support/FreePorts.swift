import Foundation
import Synchronization
import ZeroMQ

/// Free TCP ports on 127.0.0.1 for the processes a test starts.
///
/// Ports come from below the kernel's ephemeral range, so an outgoing connection (which takes an ephemeral local
/// port) can never grab one between the check here and the gateway's bind; each port is handed out once per test
/// process and checked bindable first.
enum FreePorts {
    private static let handedOut = Mutex<Set<Int>>([])

    /// `count` distinct ports that were free a moment ago.
    static func take(_ count: Int) throws -> [Int] {
        let context = try ZMQContext()
        var ports: [Int] = []
        for _ in 0..<2_000 where ports.count < count {
            let port = Int.random(in: 20_000..<ephemeralRangeStart)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            let probe = try ZMQSocket(context: context, type: .router)
            defer { probe.close() }
            if (try? probe.bind("tcp://127.0.0.1:\(port)")) != nil { ports.append(port) }
        }
        guard ports.count == count else { throw StackError("no \(count) free ports below \(ephemeralRangeStart)") }
        return ports
    }

    /// What `bind` makes bound to a free port's endpoint (`tcp://127.0.0.1:PORT`), and that endpoint, for a socket the
    /// test itself binds: when the port was taken between the check and the bind (`EADDRINUSE`; a clean clone's CI
    /// once saw it, by something outside this process), it takes another, up to five.
    static func bound<Bound>(_ bind: (String) throws -> Bound) throws -> (Bound, endpoint: String) {
        var refused: ZMQError?
        for _ in 0..<5 {
            let endpoint = "tcp://127.0.0.1:\(try take(1)[0])"
            do {
                return (try bind(endpoint), endpoint)
            } catch let error as ZMQError where error.code == EADDRINUSE {
                refused = error
            }
        }
        throw refused ?? StackError("no free port could be bound")
    }

    /// The first port of the kernel's ephemeral range (`/proc/sys/net/ipv4/ip_local_port_range`), 32768 if unknown.
    private static let ephemeralRangeStart: Int = {
        let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
        let first = text?.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        return max(first ?? 32_768, 20_001)
    }()
}
