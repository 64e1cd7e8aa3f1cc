import Majordomo
import ZeroMQ

/// The direct transport: the bench plays the gateway's part for one service, to show what the gateway costs.
///
/// It binds a ROUTER worker endpoint, registers each worker that sends READY for the service (as many slots as the
/// capacity its READY declares, one without), and hands every request straight to an idle slot (least recently
/// used first, one request per slot), so clients can be at most as many as slots. It heartbeats every worker once a
/// second. Any MDP/0.2 or 0.1 worker will do.
final class DirectDispatcher: LoadTransport {
    private struct Slot {
        let identity: ZMQRoutingID
        /// `[identity] + REQUEST` with the client address at ``addressIndex``, rewritten before each send.
        var request: [[UInt8]]
        let addressIndex: Int
        let heartbeat: [[UInt8]]
        var client: Int?
    }

    private let socket: ZMQSocket
    private let target: BenchTarget
    private var service: String { target.service }
    private var body: [UInt8] { target.body(client: 0) }
    private var slots: [Slot] = []
    /// Each registered worker's slots.
    private var slotsByIdentity: [ZMQRoutingID: [Int]] = [:]
    /// Idle slots, least recently used first; a handful at most, so an array is the right queue.
    private var idle: [Int] = []
    /// Each client's address frame: its index, 8 bytes big-endian, as the gateway writes request ids.
    private var addresses: [[UInt8]] = []
    private var pollIndex = 0
    private var nextHeartbeat: UInt64 = 0

    private static let heartbeatInterval: UInt64 = 1_000_000_000

    /// Binds `endpoint`.
    /// - Throws: ``ZMQError`` when it cannot be bound.
    init(context: ZMQContext, endpoint: String, target: BenchTarget) throws {
        socket = try ZMQSocket(context: context, type: .router)
        try socket.setRouterMandatory(true)
        try socket.bind(endpoint)
        self.target = target
    }

    /// Worker slots registered and still connected.
    var liveSlots: Int { slotsByIdentity.values.reduce(0) { $0 + $1.count } }

    /// Waits until `count` slots have sent READY for the service, heartbeating those already registered.
    /// - Throws: ``BenchError`` when fewer have come after `timeout`.
    func waitForSlots(_ count: Int, timeout: TimeSpan) throws {
        var poller = ZMQPoller()
        let index = poller.add(socket)
        let deadline = MonotonicClock.now() + timeout.nanoseconds
        while liveSlots < count {
            let now = MonotonicClock.now()
            guard now < deadline else {
                let endpoint = (try? socket.lastEndpoint) ?? "?"
                throw BenchError("only \(liveSlots) of \(count) worker slots sent READY for \(service) on \(endpoint)")
            }
            try tick(now: now)
            try poller.poll(timeoutMilliseconds: 100)
            if poller.isReadable(index) { try readMessages { _, _ in } }
        }
    }

    // MARK: - LoadTransport

    func prepare(clients: Int, poller: inout ZMQPoller) throws {
        guard clients <= liveSlots else {
            throw BenchError("\(clients) clients need as many worker slots; \(liveSlots) registered")
        }
        addresses = (0..<clients).map { withUnsafeBytes(of: UInt64($0).bigEndian, Array.init) }
        pollIndex = poller.add(socket)
    }

    func send(client: Int) throws {
        guard !idle.isEmpty else { throw BenchError("no idle worker slot for client \(client)") }
        let slot = idle.removeFirst()
        slots[slot].request[slots[slot].addressIndex] = addresses[client]
        slots[slot].client = client
        try socket.send(slots[slot].request)
    }

    func receive(_ poller: ZMQPoller, _ handle: (Int, ReplyOutcome) throws -> Void) throws {
        if poller.isReadable(pollIndex) { try readMessages(handle) }
    }

    func tick(now: UInt64) throws {
        guard now >= nextHeartbeat else { return }
        nextHeartbeat = now + Self.heartbeatInterval
        for workerSlots in slotsByIdentity.values {
            try? socket.send(slots[workerSlots[0]].heartbeat, dontWait: true)
        }
    }

    func close() {
        socket.close()
    }

    // MARK: - Worker messages

    private func readMessages(_ handle: (Int, ReplyOutcome) throws -> Void) throws {
        while let received = try socket.receive(dontWait: true, limits: .unlimited) {
            let frames = ZMQFrames(received.message)
            guard !frames.isEmpty, let (command, dialect) = try? BrokerWorkerCodec.decode(frames.dropFirst()) else {
                continue
            }
            let identity = frames.withBytes(at: 0, ZMQRoutingID.init)
            if let workerSlots = slotsByIdentity[identity] {
                try handleCommand(command, from: workerSlots, handle)
            } else {
                try admit(identity, command: command, dialect: dialect)
            }
        }
    }

    private func handleCommand(
        _ command: WorkerCommand,
        from workerSlots: [Int],
        _ handle: (Int, ReplyOutcome) throws -> Void
    ) throws {
        switch command {
        case .final(let requestID, let reply):
            guard let slot = workerSlots.first(where: { slots[$0].client.map { UInt64($0) == requestID } ?? false })
            else { throw BenchError("a worker replied to a request it does not hold") }
            let client = slots[slot].client!
            slots[slot].client = nil
            idle.append(slot)
            try handle(client, reply.count == 1 ? ReplyOutcome(body: reply.bytes(at: 0), for: target) : .malformed)
        case .disconnect:
            slotsByIdentity[slots[workerSlots[0]].identity] = nil
            idle.removeAll { workerSlots.contains($0) }
            if let client = workerSlots.lazy.compactMap({ self.slots[$0].client }).first {
                throw BenchError("a worker slot disconnected holding client \(client)'s request")
            }
        case .partial, .heartbeat, .ready:
            break
        }
    }

    /// Registers a new slot on READY for the service; tells any other unknown peer to DISCONNECT, as the gateway does.
    private func admit(_ identity: ZMQRoutingID, command: WorkerCommand, dialect: WorkerDialect) throws {
        let routing = [identity.bytes]
        switch command {
        case .ready(let name, let capacity) where name == service && capacity != 0:
            let requestBody = ZMQFrames([body])
            let request =
                routing + BrokerWorkerCodec.frames(.request(dialect: dialect, requestID: 0, body: requestBody))
            let heartbeat = routing + BrokerWorkerCodec.frames(.heartbeat(dialect))
            let added = slots.count..<slots.count + (capacity ?? 1)
            for _ in added {
                slots.append(
                    Slot(identity: identity, request: request, addressIndex: request.count - 3, heartbeat: heartbeat)
                )
            }
            slotsByIdentity[identity] = Array(added)
            idle.append(contentsOf: added)
        case .disconnect:
            break
        default:
            try? socket.send(routing + BrokerWorkerCodec.frames(.disconnect(dialect)), dontWait: true)
        }
    }
}
