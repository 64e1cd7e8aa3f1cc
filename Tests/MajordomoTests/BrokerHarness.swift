import Majordomo
import ZeroMQ

/// Drives a ``BrokerStateMachine`` with frames written as the peers would send them, on a simulated clock:
/// every event happens at `start + offset`. What the broker answers comes back as ``Action``s: its messages as the
/// frames a peer reads.
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
    ) -> [Action] {
        var actions: [BrokerAction] = []
        broker.receiveFromWorker(
            identity: ZMQRoutingID(bytes(worker)),
            frames: ZMQFrames(frames),
            userID: userID,
            tooLarge: tooLarge,
            now: start + offset,
            into: &actions
        )
        return actions.map(Action.init)
    }

    /// A READY; with `capacity`, Reckon's extension frame after the service.
    mutating func ready(
        _ worker: String,
        service: String = "calc",
        capacity: Int? = nil,
        dialect: WorkerDialect = .mdp02,
        userID: String? = nil,
        at offset: Duration = .zero
    ) -> [Action] {
        let capacityFrame = capacity.map { [bytes(String($0))] } ?? []
        let frames = workerPrefix(dialect) + [[0x01], bytes(service)] + capacityFrame
        return self.worker(worker, sends: frames, userID: userID, at: offset)
    }

    mutating func heartbeat(
        _ worker: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [Action] {
        self.worker(worker, sends: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x04 : 0x05]], at: offset)
    }

    mutating func disconnect(
        _ worker: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [Action] {
        self.worker(worker, sends: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x05 : 0x06]], at: offset)
    }

    /// A worker's FINAL (MDP/0.1 REPLY) for the request with broker id `request`.
    mutating func final(
        _ worker: String,
        request: UInt64,
        body: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [Action] {
        final(worker, address: address(request), body: body, dialect: dialect, at: offset)
    }

    mutating func final(
        _ worker: String,
        address: [UInt8],
        body: String,
        dialect: WorkerDialect = .mdp02,
        at offset: Duration = .zero
    ) -> [Action] {
        let command: UInt8 = dialect == .mdp01 ? 0x03 : 0x04
        return self.worker(worker, sends: workerPrefix(dialect) + [[command], address, [], bytes(body)], at: offset)
    }

    mutating func partial(
        _ worker: String,
        request: UInt64,
        body: String,
        at offset: Duration = .zero
    ) -> [Action] {
        self.worker(worker, sends: [mdpw02, [0x03], address(request), [], bytes(body)], at: offset)
    }

    mutating func request(
        _ client: String,
        service: String = "calc",
        body: String,
        dialect: ClientDialect = .mdp02,
        tooLarge: Bool = false,
        limits: ClientLimits? = nil,
        namesCallers: Bool = false,
        at offset: Duration = .zero
    ) -> [Action] {
        let frames = clientRequestFrames(dialect, service: service, body: body)
        return receiveFromClient(
            identity: bytes(client),
            frames: frames,
            tooLarge: tooLarge,
            limits: limits,
            namesCallers: namesCallers,
            now: start + offset
        )
    }

    /// Any client message, written frame by frame.
    mutating func receiveFromClient(
        identity: [UInt8],
        frames: [[UInt8]],
        tooLarge: Bool = false,
        limits: ClientLimits? = nil,
        namesCallers: Bool = false,
        now: ContinuousClock.Instant
    ) -> [Action] {
        var actions: [BrokerAction] = []
        broker.receiveFromClient(
            identity: ZMQRoutingID(identity),
            frames: ZMQFrames(frames),
            tooLarge: tooLarge,
            limits: limits,
            namesCallers: namesCallers,
            now: now,
            into: &actions
        )
        return actions.map(Action.init)
    }

    /// A request the broker's owner sends (the gateway's batch fan-out).
    mutating func submitOwnerRequest(
        token: UInt64,
        service: String,
        body: [[UInt8]],
        deadline: ContinuousClock.Instant?,
        client: [UInt8]? = nil,
        now: ContinuousClock.Instant
    ) -> [Action] {
        let actions = broker.submitOwnerRequest(
            token: token,
            service: service,
            body: ZMQFrames(body),
            deadline: deadline,
            client: client.map(ZMQRoutingID.init),
            now: now
        )
        return actions.map(Action.init)
    }

    mutating func replacePermissions(_ permissions: ServicePermissions?, now: ContinuousClock.Instant) -> [Action] {
        broker.replacePermissions(permissions, now: now).map(Action.init)
    }

    /// The I/O loop could not send `message` to `worker`.
    mutating func undeliverable(_ worker: String, _ message: WorkerMessage, at offset: Duration = .zero) -> [Action] {
        broker.undeliverableToWorker(identity: ZMQRoutingID(bytes(worker)), message: message, now: start + offset)
            .map(Action.init)
    }

    /// Lets `worker`, holding request `held`, answer each request it is given next, up to `count` of them.
    /// - Returns: the bodies of the requests it was given, in order.
    mutating func serve(_ worker: String, holding held: UInt64, count: Int) -> [[UInt8]] {
        var bodies: [[UInt8]] = []
        var held = held
        for _ in 0..<count {
            let actions = final(worker, request: held, body: "ok")
            guard case .sendToWorker(_, let frames) = actions.last, frames.count == 5 else { break }
            held = frames[2].reduce(0) { $0 << 8 | UInt64($1) }
            bodies.append(frames[4])
        }
        return bodies
    }

    mutating func hedge(at offset: Duration) -> [Action] {
        broker.hedge(now: start + offset).map(Action.init)
    }

    mutating func tick(at offset: Duration) -> [Action] {
        broker.tick(now: start + offset).map(Action.init)
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
    ClientRoute(identity: ZMQRoutingID(bytes(client)), dialect: dialect)
}

/// The REQUEST a worker gets for request `id`.
func workerRequest(_ worker: String, id: UInt64, body: String, dialect: WorkerDialect = .mdp02) -> Action {
    .sendToWorker(identity: bytes(worker), frames: workerPrefix(dialect) + [[0x02], address(id), [], bytes(body)])
}

func workerHeartbeat(_ worker: String, dialect: WorkerDialect = .mdp02) -> Action {
    .sendToWorker(identity: bytes(worker), frames: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x04 : 0x05]])
}

func workerDisconnect(_ worker: String, dialect: WorkerDialect = .mdp02) -> Action {
    .sendToWorker(identity: bytes(worker), frames: workerPrefix(dialect) + [[dialect == .mdp01 ? 0x05 : 0x06]])
}

/// An RFC 18 FINAL to a DEALER client.
func clientFinal(_ client: String, service: String = "calc", body: String) -> Action {
    .sendToClient(identity: bytes(client), frames: [mdpc02, [0x03], bytes(service), bytes(body)])
}

func failure(
    _ client: String,
    _ failure: BrokerFailure,
    service: String = "calc",
    body: String,
    dialect: ClientDialect = .mdp02
) -> Action {
    .fail(origin: .client(route(client, dialect)), service: service, failure: failure, body: [bytes(body)])
}

/// A ``BrokerAction`` with the messages it sends as the frames their peer reads (identity frame apart), written by the
/// broker's own codecs, and bodies as byte arrays: tests compare what goes on the wire.
enum Action: Hashable {
    case sendToClient(identity: [UInt8], frames: [[UInt8]])
    case sendToWorker(identity: [UInt8], frames: [[UInt8]])
    case fail(origin: RequestOrigin, service: String, failure: BrokerFailure, body: [[UInt8]])
    case deliver(token: UInt64, body: [[UInt8]])
    case builtin(route: ClientRoute, service: String, body: [[UInt8]])
    case dropped(MajordomoError)
    case refused(MajordomoError)

    init(_ action: BrokerAction) {
        switch action {
        case .sendToClient(let identity, let message):
            self = .sendToClient(identity: identity.bytes, frames: BrokerClientCodec.frames(message))
        case .sendToWorker(let identity, let message):
            self = .sendToWorker(identity: identity.bytes, frames: BrokerWorkerCodec.frames(message))
        case .fail(let origin, let service, let failure, let body):
            self = .fail(origin: origin, service: service, failure: failure, body: body.arrays)
        case .deliver(let token, let body): self = .deliver(token: token, body: body.arrays)
        case .builtin(let route, let service, let body):
            self = .builtin(route: route, service: service, body: body.arrays)
        case .dropped(let error): self = .dropped(error)
        case .refused(let error): self = .refused(error)
        }
    }

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
