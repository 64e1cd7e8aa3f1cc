import Dispatch
import ZeroMQ

/// A hand-written ZeroMQ peer for tests: raw frames in and out with bounded waits, on a socket owned by the
/// calling thread (use inside ``onThread(_:)``). Closing flushes what is still queued, waiting up to 2 s, so a
/// message sent just before the peer goes away still arrives.
final class RawPeer {
    let context: ZMQContext
    let socket: ZMQSocket

    /// - Parameters:
    ///   - routingID: the identity a ROUTER sees for this peer; libzmq picks one when `nil`.
    ///   - curve: the server's public key and this peer's key pair, to connect as a CURVE client.
    init(
        _ type: ZMQSocketType,
        connect endpoint: String,
        routingID: [UInt8]? = nil,
        curve: (serverKey: CurveKey, keyPair: CurveKeyPair)? = nil
    ) throws {
        context = try ZMQContext()
        socket = try ZMQSocket(context: context, type: type)
        try socket.setLinger(milliseconds: 2000)
        if let routingID { try socket.setRoutingID(routingID) }
        if let curve { try socket.makeCurveClient(serverKey: curve.serverKey, keyPair: curve.keyPair) }
        try socket.connect(endpoint)
    }

    /// A peer that binds instead, to play the server (a broker, say).
    init(_ type: ZMQSocketType, bind endpoint: String) throws {
        context = try ZMQContext()
        socket = try ZMQSocket(context: context, type: type)
        try socket.setLinger(milliseconds: 2000)
        try socket.bind(endpoint)
    }

    deinit { socket.close() }

    func send(_ frames: [[UInt8]]) throws { try socket.send(frames) }

    /// The next message, or nil after `timeoutMs`.
    func receive(timeoutMs: Int = 5000) throws -> [[UInt8]]? {
        var poller = ZMQPoller()
        poller.add(socket)
        guard try poller.poll(timeoutMilliseconds: timeoutMs) > 0 else { return nil }
        return try socket.receive()
    }
}

/// Runs blocking socket code off the cooperative pool and returns its result.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let box = ResultBox<T>()
    try await DedicatedThread.run(name: "test-peer") { box.value = try body() }
    return box.value!
}

/// Runs async code from blocking socket code (inside ``onThread(_:)``, never on the cooperative pool), waiting for
/// it: so a test's raw sockets can wait on the gateway's events between their sends and receives.
func awaitOnThread<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<Result<T, any Error>>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await capture(body)
        done.signal()
    }
    done.wait()
    return try box.value!.get()
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: written once on one thread before the thread that reads it is woken (DedicatedThread.run's return,
    // or a semaphore).
    var value: T?
}

/// UTF-8 bytes of a string, for frames.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The outcome of an async throwing call as a `Result`.
func capture<T: Sendable>(_ body: () async throws -> T) async -> Result<T, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
