import ZeroMQ

/// Runs `body` with a fresh context kept alive until `body` returns; `body` closes the sockets it makes.
func withContext<R>(_ body: (ZMQContext) throws -> R) throws -> R {
    let context = try ZMQContext()
    return try withExtendedLifetime(context) { try body(context) }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Runs `body` with a PUSH connected to a bound PULL over inproc (endpoint named after `name`) in a fresh context,
/// closing both afterwards; `body` gets the sending and the receiving socket.
func withPipe(_ name: String, _ body: (_ push: ZMQSocket, _ pull: ZMQSocket) throws -> Void) throws {
    try withContext { context in try withPipe(name, in: context, body) }
}

/// ``withPipe(_:_:)`` in `context`.
func withPipe(
    _ name: String,
    in context: ZMQContext,
    _ body: (_ push: ZMQSocket, _ pull: ZMQSocket) throws -> Void
) throws {
    let pull = try ZMQSocket(context: context, type: .pull)
    defer { pull.close() }
    let push = try ZMQSocket(context: context, type: .push)
    defer { push.close() }
    try pull.bind("inproc://\(name)")
    try push.connect("inproc://\(name)")
    try body(push, pull)
}

/// Runs `body` with two bound PULL sockets, `quiet` and `busy`, and a PUSH connected to `busy` (inproc endpoints
/// named after `name`), closing them afterwards: what the poller tests watch.
func withQuietAndBusy(
    _ name: String,
    _ body: (_ quiet: ZMQSocket, _ busy: ZMQSocket, _ push: ZMQSocket) throws -> Void
) throws {
    try withContext { context in
        let quiet = try ZMQSocket(context: context, type: .pull)
        defer { quiet.close() }
        try quiet.bind("inproc://\(name)-quiet")
        try withPipe("\(name)-busy", in: context) { push, busy in try body(quiet, busy, push) }
    }
}

/// Runs `body` with a ROUTER and a DEALER, neither bound nor connected, in a fresh context, closing both afterwards.
func withRouterAndDealer(_ body: (_ router: ZMQSocket, _ dealer: ZMQSocket) throws -> Void) throws {
    try withContext { context in
        let router = try ZMQSocket(context: context, type: .router)
        defer { router.close() }
        let dealer = try ZMQSocket(context: context, type: .dealer)
        defer { dealer.close() }
        try body(router, dealer)
    }
}

/// Runs `body` with a ROUTER set to `ZMQ_ROUTER_MANDATORY` bound on inproc (endpoint named after `name`) and a DEALER
/// with routing id "known" connected to it (``withRouterAndDealer(_:)``).
func withMandatoryRouter(
    _ name: String,
    _ body: (_ router: ZMQSocket, _ dealer: ZMQSocket) throws -> Void
) throws {
    try withRouterAndDealer { router, dealer in
        try router.setRouterMandatory(true)
        try router.bind("inproc://\(name)")
        try dealer.setRoutingID(bytes("known"))
        try dealer.connect("inproc://\(name)")
        try body(router, dealer)
    }
}

extension ZMQSocket {
    /// Receives one message, waiting at most `timeout`; `nil` when none arrived in time.
    func receive(within timeout: Duration) throws -> [[UInt8]]? {
        var poller = ZMQPoller()
        poller.add(self)
        let deadline = ContinuousClock.now + timeout
        while true {
            if let frames = try receive(dontWait: true) { return frames }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            try poller.poll(timeout: remaining)
        }
    }
}

/// Long enough for a message to cross loopback TCP on a loaded machine.
let deliveryTimeout = Duration.seconds(5)
/// How long to watch for a message that must not arrive.
let silenceTimeout = Duration.milliseconds(300)
