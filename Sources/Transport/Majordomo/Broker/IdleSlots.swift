import DequeModule
import ZeroMQ

/// A service's free worker slots (a worker of capacity K appears up to K times), least recently freed first, kept in
/// two lists: slots of proven workers (which have answered a request) and of workers that have not yet. The next slot
/// is a proven one whenever one is free ("slow start", as Envoy's): a worker that registers and never answers, such as
/// a black hole on an open worker endpoint, gets a request only when every proven worker is busy.
struct IdleSlots: Sendable {
    private var proven: Deque<ZMQRoutingID> = []
    private var unproven: Deque<ZMQRoutingID> = []

    /// Free slots, in both lists.
    var count: Int { proven.count + unproven.count }

    /// Takes the next slot: the least recently freed of a proven worker, else of one not yet proven.
    mutating func popFirst() -> ZMQRoutingID? { proven.popFirst() ?? unproven.popFirst() }

    /// Adds `count` free slots of `identity` last in its list.
    mutating func append(_ identity: ZMQRoutingID, count: Int = 1, proven isProven: Bool) {
        if isProven {
            proven.append(contentsOf: repeatElement(identity, count: count))
        } else {
            unproven.append(contentsOf: repeatElement(identity, count: count))
        }
    }

    /// Puts a slot just taken back first in its list.
    mutating func prepend(_ identity: ZMQRoutingID, proven isProven: Bool) {
        if isProven { proven.prepend(identity) } else { unproven.prepend(identity) }
    }

    /// Removes every slot of `identity`.
    mutating func removeAll(of identity: ZMQRoutingID) {
        proven.removeAll { $0 == identity }
        unproven.removeAll { $0 == identity }
    }
}
