import DequeModule
import ZeroMQ

/// A service's queued requests, served client by client in turn: each client with requests queued has a FIFO of
/// its own, and the next request is the oldest of the client whose turn it is, after which that client goes to the
/// back of the turns. One client's thousands of requests wait behind each other, never in front of another client's
/// one. Adding, taking the next and putting one back are O(1), as is finding the client holding the most
/// (``heaviest``, for shedding); ``removeAll(where:of:)`` costs the clients named.
struct FairQueue: Sendable {
    /// Whose requests a FIFO holds: the client's routing id, nil for the owner's requests made for no client.
    typealias Client = ZMQRoutingID?

    private var queues: [Client: Deque<UInt64>] = [:]
    /// Each client with requests queued, once, in the order of their turns.
    private var turns: Deque<Client> = []
    /// Requests queued, over every client.
    private(set) var count = 0
    /// The clients with requests queued by how many they have, and the largest such number: ``heaviest`` in O(1).
    private var clientsByCount: [Int: Set<Client>] = [:]
    private var largest = 0

    var isEmpty: Bool { count == 0 }

    /// The request to serve next.
    var first: UInt64? { turns.first.flatMap { queues[$0]?.first } }

    /// Every request queued, client by client.
    var all: [UInt64] { queues.values.flatMap { $0 } }

    /// A client holding the most queued requests, with how many it holds.
    var heaviest: (client: Client, count: Int)? {
        clientsByCount[largest]?.first.map { ($0, largest) }
    }

    /// How many requests `client` has queued.
    func count(of client: Client) -> Int { queues[client]?.count ?? 0 }

    /// Takes the newest of `client`'s requests off the queue; a client left with none loses its turn.
    mutating func removeLast(of client: Client) -> UInt64? {
        guard let id = queues[client]?.popLast() else { return nil }
        count -= 1
        recount(client, from: queues[client]!.count + 1)
        if queues[client]!.isEmpty {
            queues[client] = nil
            turns.removeAll { $0 == client }
            shrinkIfSparse()
        }
        return id
    }

    /// Queues `id` last among `client`'s requests; a client with none queued takes its turn after every other's.
    mutating func append(_ id: UInt64, of client: Client) {
        if queues[client] == nil { turns.append(client) }
        queues[client, default: []].append(id)
        count += 1
        recount(client, from: queues[client]!.count - 1)
    }

    /// Queues `id` first among `client`'s requests (a request going back to its queue); a client with none queued
    /// takes the next turn, one with some keeps its place.
    mutating func prepend(_ id: UInt64, of client: Client) {
        if queues[client] == nil { turns.prepend(client) }
        queues[client, default: []].prepend(id)
        count += 1
        recount(client, from: queues[client]!.count - 1)
    }

    /// Takes ``first`` off the queue and gives the next turn to the next client.
    mutating func removeFirst() {
        guard let client = turns.popFirst() else { return }
        queues[client]!.removeFirst()
        count -= 1
        recount(client, from: queues[client]!.count + 1)
        if queues[client]!.isEmpty {
            queues[client] = nil
            shrinkIfSparse()
        } else {
            turns.append(client)
        }
    }

    /// Removes the requests of `clients` that `shouldRemove` picks; a client left with none loses its turn.
    mutating func removeAll(where shouldRemove: (UInt64) -> Bool, of clients: some Sequence<Client>) {
        var emptied: Set<Client> = []
        for client in clients {
            guard let before = queues[client]?.count else { continue }
            queues[client]!.removeAll(where: shouldRemove)
            count -= before - queues[client]!.count
            recount(client, from: before)
            if queues[client]!.isEmpty {
                queues[client] = nil
                emptied.insert(client)
            }
        }
        guard !emptied.isEmpty else { return }
        turns.removeAll { emptied.contains($0) }
        shrinkIfSparse()
    }

    /// Moves `client`, which had `old` requests queued, to the count it has now.
    private mutating func recount(_ client: Client, from old: Int) {
        let new = queues[client]?.count ?? 0
        guard new != old else { return }
        if old > 0 {
            clientsByCount[old]!.remove(client)
            if clientsByCount[old]!.isEmpty { clientsByCount[old] = nil }
        }
        if new > 0 { clientsByCount[new, default: []].insert(client) }
        largest = max(largest, new)
        while largest > 0, clientsByCount[largest] == nil { largest -= 1 }
    }

    /// Gives back the room a storm of clients grew once fewer than an eighth of it is used, as the broker's tables do.
    private mutating func shrinkIfSparse() {
        guard queues.capacity > BrokerStateMachine.keptRoom, queues.count < queues.capacity / 8 else { return }
        queues = queues.reduce(into: [Client: Deque<UInt64>](minimumCapacity: queues.count)) { $0[$1.key] = $1.value }
        turns = Deque(turns)
    }
}
