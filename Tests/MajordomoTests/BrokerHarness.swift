import Majordomo

/// Drives a ``BrokerStateMachine`` with frames written as the peers would send them, on a simulated clock:
/// every event happens at `start + offset`.
struct BrokerHarness {
    var broker: BrokerStateMachine
    let start: ContinuousClock.Instant

    init(_ configuration: BrokerConfiguration = BrokerConfiguration()) {
        start = ContinuousClock.now
        broker = BrokerStateMachine(configuration: configuration, now: start)
    }

    // MARK: - Events

    /// `tooLarge` marks the message as over the owner's size or frame limit, as the gateway's loop would; `userID`
    /// is the user id the worker's connection authenticated as.
    mutating func worker(
        _ worker: String,
        sends frames: [[UInt8]],
        userID: String? = nil,
        tooLarge: Bool = false,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        let frames = ([bytes(worker)] + frames)[1...]
        return broker.receiveFromWorker(
            identity: bytes(worker),
            frames: frames,
            userID: userID,
            tooLarge: tooLarge,
            now: start + offset
        )
    }

    /// A READY; with `capacity`, Reckon's extension frame after the service.
    mutating func ready(
        _ worker: String,
        service: String = "calc",
        capacity: Int? = nil,
        dialect: WorkerDialect = .mdp02,
        userID: String? = nil,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        let capacityFrame = capacity.map { [bytes(String($0))] } ?? []
        let frames = workerPrefix(dialect) + [[0x01], bytes(service)] + capacityFrame
        return self.worker(worker, sends: frames, userID: userID, at: offset)
    }

    mutating func heartbeat(
        _ worker: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        self.worker(worker, sends: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x04 : 0x05]], at: offset)
    }

    mutating func disconnect(
        _ worker: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        self.worker(worker, sends: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x05 : 0x06]], at: offset)
    }

    /// A worker's FINAL (MDP/0.1 REPLY) for the request with broker id `request`.
    mutating func final(
        _ worker: String,
        request: UInt64,
        body: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        final(worker, address: address(request), body: body, dialect: dialect, at: offset)
    }

    mutating func final(
        _ worker: String,
        address: [UInt8],
        body: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        let command: UInt8 = dialect == .mdp01 ? 0x03 : 0x04
        return self.worker(worker, sends: workerPrefix(dialect) + [[command], address, [], bytes(body)], at: offset)
    }

    mutating func partial(
        _ worker: String,
        request: UInt64,
        body: String,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        self.worker(worker, sends: [mdpw02, [0x03], address(request), [], bytes(body)], at: offset)
    }

    mutating func request(
        _ client: String,
        service: String = "calc",
        body: String,
        dialect: ClientDialect = .mdp02,
        tooLarge: Bool = false,
        at offset: Duration = .zero
    ) -> [BrokerAction] {
        let frames = [bytes(client)] + clientRequestFrames(dialect, service: service, body: body)
        return broker.receiveFromClient(
            identity: bytes(client),
            frames: frames[1...],
            tooLarge: tooLarge,
            now: start + offset
        )
    }

    /// The I/O loop could not send `frames` (identity excluded) to `worker`.
    mutating func undeliverable(_ worker: String, _ frames: [[UInt8]], at offset: Duration = .zero) -> [BrokerAction] {
        broker.undeliverableToWorker(identity: bytes(worker), frames: frames, now: start + offset)
    }

    mutating func tick(at offset: Duration) -> [BrokerAction] {
        broker.tick(now: start + offset)
    }

    func health(_ service: String) -> ServiceHealth? {
        broker.health.first { $0.name == service }
    }
}

// MARK: - Frames and expected actions

/// The client-address frame the broker gives request number `id` (8 bytes, big-endian).
func address(_ id: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: id >> (8 * UInt64($0))) }
}

func workerPrefix(_ dialect: WorkerDialect) -> [[UInt8]] {
    switch dialect {
    case .mdp02: [mdpw02]
    case .mdp02Delimited: [[], mdpw02]
    case .mdp01: [[], mdpw01]
    }
}

func clientRequestFrames(_ dialect: ClientDialect, service: String, body: String) -> [[UInt8]] {
    switch dialect {
    case .mdp02: [mdpc02, [0x01], bytes(service), bytes(body)]
    case .mdp02Delimited: [[], mdpc02, [0x01], bytes(service), bytes(body)]
    case .majortomo: [[], mdpc02, [0x02], bytes(service), bytes(body)]
    case .mdp01: [[], mdpc01, bytes(service), bytes(body)]
    }
}

func route(_ client: String, _ dialect: ClientDialect = .mdp02) -> ClientRoute {
    ClientRoute(identity: bytes(client), dialect: dialect)
}

/// The REQUEST a worker gets for request `id`.
func workerRequest(_ worker: String, id: UInt64, body: String, dialect: WorkerDialect = .mdp02) -> BrokerAction {
    .sendToWorker(identity: bytes(worker), frames: workerPrefix(dialect) + [[0x02], address(id), [], bytes(body)])
}

func workerHeartbeat(_ worker: String, dialect: WorkerDialect = .mdp02) -> BrokerAction {
    .sendToWorker(identity: bytes(worker), frames: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x04 : 0x05]])
}

func workerDisconnect(_ worker: String, dialect: WorkerDialect = .mdp02) -> BrokerAction {
    .sendToWorker(identity: bytes(worker), frames: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x05 : 0x06]])
}

/// An RFC 18 FINAL to a DEALER client.
func clientFinal(_ client: String, service: String = "calc", body: String) -> BrokerAction {
    .sendToClient(identity: bytes(client), frames: [mdpc02, [0x03], bytes(service), bytes(body)])
}

func failure(
    _ client: String,
    _ failure: BrokerFailure,
    service: String = "calc",
    body: String,
    dialect: ClientDialect = .mdp02
) -> BrokerAction {
    .fail(origin: .client(route(client, dialect)), service: service, failure: failure, body: [bytes(body)])
}

extension BrokerAction {
    /// The error of a `.dropped` action.
    var droppedError: MajordomoError? {
        if case .dropped(let error) = self { return error }
        return nil
    }

    /// The error of a `.refused` action.
    var refusedError: MajordomoError? {
        if case .refused(let error) = self { return error }
        return nil
    }
}

/// One service's counts from ``BrokerStateMachine/health``.
struct Load: Equatable, CustomStringConvertible {
    let workers: Int
    let idle: Int
    let queued: Int

    init(_ workers: Int, _ idle: Int, _ queued: Int) {
        self.workers = workers
        self.idle = idle
        self.queued = queued
    }

    init(_ health: ServiceHealth) { self.init(health.workers, health.idle, health.queued) }

    var description: String { "workers \(workers), idle \(idle), queued \(queued)" }
}

extension BrokerHarness {
    func load(_ service: String) -> Load? { health(service).map(Load.init) }
}
