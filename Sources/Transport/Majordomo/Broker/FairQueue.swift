import DequeModule
import ZeroMQ

/// A service's queued requests, served client by client in turn: each client with requests queued has a FIFO of
/// its own, and the next request is the oldest of the client whose turn it is, after which that client goes to the
/// back of the turns. One client's thousands of requests wait behind each other, never in front of another client's
/// one.
///
/// A client whose FIFO was empty when its request came (one that sends a request and waits for the answer) takes its
/// first turn before the clients with a backlog, as FQ-CoDel serves new flows before old ones (RFC 8290, section
/// 4.1); once served, it goes to the back of the backlogged clients' turns if it still has requests. A client that
/// keeps a backlog therefore never delays one that does not by more than the requests ahead of it among such clients.
///
/// Turns are fair in bytes as well as in requests (deficit round robin): each turn gives its client ``quantum`` bytes
/// of credit, and its oldest request is served once the client's credit covers the request's cost (which spends all
/// of it), so a request larger than the quantum waits a turn per quantum it needs, while requests no larger are
/// served one per turn as before. A client flooding 1 MiB requests then takes a sixteenth of the turns a client of small requests does.
///
/// Adding, putting one back and finding the client holding the most (``heaviest``, for shedding) are O(1); taking
/// the next is O(1) plus a turn per quantum a large request needs; ``removeAll(where:of:)`` costs the clients named.
struct FairQueue: Sendable {
    /// Whose requests a FIFO holds: the client's routing id, nil for the owner's requests made for no client.
    typealias Client = ZMQRoutingID?

    /// The credit in bytes a client's turn gives it.
    static let quantum = 64 << 10

    private struct Entry: Sendable {
        var id: UInt64
        var cost: Int
    }

    /// One client's queued requests, oldest first, its credit in bytes, and whether its current turn has added the
    /// ``quantum`` to it yet.
    private struct Backlog: Sendable {
        var entries: Deque<Entry> = []
        var credit = 0
        var credited = false
    }

    private var queues: [Client: Backlog] = [:]
    /// Clients whose requests came to an empty FIFO and have not had their turn yet, in the order they came; served
    /// before ``turns``.
    private var newcomers: Deque<Client> = []
    /// Every other client with requests queued, once, in the order of their turns.
    private var turns: Deque<Client> = []
    /// Requests queued, over every client.
    private(set) var count = 0
    /// The clients with requests queued by how many they have, and the largest such number: ``heaviest`` in O(1).
    private var clientsByCount: [Int: Set<Client>] = [:]
    private var largest = 0

    var isEmpty: Bool { count == 0 }

    /// The request to serve next: the oldest of the first client in turn (newcomers first) whose credit covers it.
    /// Clients whose credit does not go to the back of the turns, with the quantum added.
    var first: UInt64? {
        mutating get {
            while let client = newcomers.first ?? turns.first {
                let head = queues[client]!.entries.first!
                if !queues[client]!.credited {
                    queues[client]!.credit += Self.quantum
                    queues[client]!.credited = true
                }
                if queues[client]!.credit >= head.cost { return head.id }
                queues[client]!.credited = false
                turns.append(popTurn()!)
            }
            return nil
        }
    }

    /// Takes the client whose turn it is off its list.
    private mutating func popTurn() -> Client? {
        newcomers.isEmpty ? turns.popFirst() : newcomers.popFirst()
    }

    /// Every request queued, client by client.
    var all: [UInt64] { queues.values.flatMap { $0.entries.map(\.id) } }

    /// A client holding the most queued requests, with how many it holds.
    var heaviest: (client: Client, count: Int)? {
        clientsByCount[largest]?.first.map { ($0, largest) }
    }

    /// How many requests `client` has queued.
    func count(of client: Client) -> Int { queues[client]?.entries.count ?? 0 }

    /// Takes the newest of `client`'s requests off the queue; a client left with none loses its turn.
    mutating func removeLast(of client: Client) -> UInt64? {
        guard let entry = queues[client]?.entries.popLast() else { return nil }
        count -= 1
        recount(client, from: queues[client]!.entries.count + 1)
        if queues[client]!.entries.isEmpty { forget([client]) }
        return entry.id
    }

    /// Queues `id`, which costs `cost` bytes, last among `client`'s requests; a client with none queued takes its
    /// turn after the other newcomers', before the backlogged clients'.
    mutating func append(_ id: UInt64, cost: Int, of client: Client) {
        if queues[client] == nil { newcomers.append(client) }
        queues[client, default: Backlog()].entries.append(Entry(id: id, cost: cost))
        count += 1
        recount(client, from: queues[client]!.entries.count - 1)
    }

    /// Queues `id` first among `client`'s requests (a request going back to its queue); a client with none queued
    /// takes the next turn, one with some keeps its place.
    mutating func prepend(_ id: UInt64, cost: Int, of client: Client) {
        if queues[client] == nil { newcomers.prepend(client) }
        queues[client, default: Backlog()].entries.prepend(Entry(id: id, cost: cost))
        count += 1
        recount(client, from: queues[client]!.entries.count - 1)
    }

    /// Takes ``first`` off the queue, spending its client's credit, and gives the next turn to the next client.
    mutating func removeFirst() {
        guard let client = popTurn() else { return }
        queues[client]!.entries.removeFirst()
        // Served one a turn, a client keeps no credit past the request it paid for: small requests never save up
        // for a large one.
        queues[client]!.credit = 0
        queues[client]!.credited = false
        count -= 1
        recount(client, from: queues[client]!.entries.count + 1)
        if queues[client]!.entries.isEmpty {
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
            guard let before = queues[client]?.entries.count else { continue }
            queues[client]!.entries.removeAll { shouldRemove($0.id) }
            count -= before - queues[client]!.entries.count
            recount(client, from: before)
            if queues[client]!.entries.isEmpty { emptied.insert(client) }
        }
        if !emptied.isEmpty { forget(emptied) }
    }

    /// Drops the FIFOs and turns of `clients`, which have nothing queued any more.
    private mutating func forget(_ clients: Set<Client>) {
        for client in clients { queues[client] = nil }
        newcomers.removeAll { clients.contains($0) }
        turns.removeAll { clients.contains($0) }
        shrinkIfSparse()
    }

    /// Moves `client`, which had `old` requests queued, to the count it has now.
    private mutating func recount(_ client: Client, from old: Int) {
        let new = queues[client]?.entries.count ?? 0
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
        queues = queues.reduce(into: [Client: Backlog](minimumCapacity: queues.count)) { $0[$1.key] = $1.value }
        turns = Deque(turns)
        newcomers = Deque(newcomers)
    }
}
