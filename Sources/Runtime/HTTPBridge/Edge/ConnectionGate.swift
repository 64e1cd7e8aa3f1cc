import Metrics
import Synchronization

/// Counts the bridge's open connections, in all and per client address, and refuses one past either cap, so that
/// one address cannot hold every descriptor and the process never runs out of them (docs/security.md).
final class ConnectionGate: Sendable {
    /// Why a connection was refused.
    enum Refusal: String, Sendable {
        /// The bridge holds `total` connections already.
        case full
        /// The connection's address holds `perAddress` already.
        case addressFull = "address_full"
    }

    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let total: Int
    private let perAddress: Int
    private let counts = Mutex(Counts())
    private let open = Gauge(label: "reckon_http_connections")

    /// - Parameters:
    ///   - total: connections held at most, from every address together.
    ///   - perAddress: connections held at most from one address.
    init(total: Int, perAddress: Int) {
        self.total = total
        self.perAddress = perAddress
    }

    /// Admits a connection from `address`, or says why not; an admitted one is given back with ``release(_:)``.
    func admit(_ address: String) -> Refusal? {
        let refusal: Refusal? = counts.withLock { counts in
            guard counts.total < total else { return .full }
            let held = counts.byAddress[address, default: 0]
            guard held < perAddress else { return .addressFull }
            counts.total += 1
            counts.byAddress[address] = held + 1
            open.record(counts.total)
            return nil
        }
        if let refusal {
            Counter(label: "reckon_http_connections_refused_total", dimensions: [("reason", refusal.rawValue)])
                .increment()
        }
        return refusal
    }

    /// Gives back a connection ``admit(_:)`` let in.
    func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let held = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = held > 0 ? held : nil
            open.record(counts.total)
        }
    }
}
