import PostgresNIO
import Synchronization

/// Connections a pool has lent, kept between requests: a request takes the one used last and puts it back, so it costs
/// no lease from PostgresNIO's pool, whose lease and return each take its lock and state machine, and whose return
/// schedules an idle timer (a task, cancelled by the next lease; decision 0135).
///
/// Each connection lent stays inside the pool's `withConnection`, held there by a task of its own until it is given
/// back: when it has closed, when a request waits on the pool for a connection, when it has sat unused on the shelf for
/// `idleLimit` (seen when the next one is put back), or once the shelf is closed.
final class ConnectionShelf: Sendable {
    /// A connection lent by the pool, and how to give it back.
    struct Lent: Sendable {
        let connection: PostgresConnection
        fileprivate let giveBack: CheckedContinuation<Void, Never>
    }

    private struct Parked {
        let lent: Lent
        let since: ContinuousClock.Instant
    }

    private struct State {
        var parked: [Parked] = []
        /// Requests waiting on the pool: a connection put back then goes to the pool, which lends it to one of them.
        var waiting = 0
        var closed = false
    }

    private let state = Mutex(State())
    private let idleLimit: Duration

    /// - Parameter idleLimit: how long a connection may sit on the shelf before it goes back to the pool.
    init(idleLimit: Duration = .seconds(60)) {
        self.idleLimit = idleLimit
    }

    /// The connection put back last that is still open, if any; closed ones found on the way go back to the pool.
    func take() -> Lent? {
        while let parked = state.withLock({ $0.parked.popLast() }) {
            if !parked.lent.connection.isClosed { return parked.lent }
            parked.lent.giveBack.resume()
        }
        return nil
    }

    /// Puts `lent` on the shelf, or gives it back to the pool: when it has closed, a request waits on the pool, or the
    /// shelf is closed. The connection parked longest goes back too once it has sat there for `idleLimit`.
    func put(_ lent: Lent) {
        let now = ContinuousClock.now
        let returned: [Lent] = state.withLock { state in
            guard !state.closed, state.waiting == 0, !lent.connection.isClosed else { return [lent] }
            state.parked.append(Parked(lent: lent, since: now))
            guard let oldest = state.parked.first, now - oldest.since > idleLimit else { return [] }
            state.parked.removeFirst()
            return [oldest.lent]
        }
        for lent in returned { lent.giveBack.resume() }
    }

    /// Counts a request waiting on the pool while `lease` runs.
    func waiting<Result>(_ lease: () async throws -> Result) async rethrows -> Result {
        state.withLock { $0.waiting += 1 }
        defer { state.withLock { $0.waiting -= 1 } }
        return try await lease()
    }

    /// Gives every parked connection back to the pool, and every later one as it is put back.
    func close() {
        let parked = state.withLock { state in
            state.closed = true
            defer { state.parked = [] }
            return state.parked
        }
        for parked in parked { parked.lent.giveBack.resume() }
    }
}

extension ConnectionShelf.Lent {
    /// Gives the connection back to the pool, for a holder that does not put it on a shelf.
    func giveBackToPool() { giveBack.resume() }

    /// Holds a connection lent by `client` in a task of its own, hands it to `handed` once lent if `claim` still
    /// allows it then, and gives it back when told to. `handed` may be called more than once; only its first call
    /// counts.
    static func hold(
        from client: PostgresClient,
        claim: @escaping @Sendable () -> Bool,
        handed: @escaping @Sendable (Result<ConnectionShelf.Lent, any Error>) -> Void
    ) -> Task<Void, Never> {
        // Detached: the holder may outlive the request that asked, and keeps none of its task locals.
        Task.detached {
            do {
                try await client.withConnection { connection in
                    guard claim() else {  // too late: its request gave up waiting, and the connection goes back
                        handed(.failure(CancellationError()))
                        return
                    }
                    await withCheckedContinuation { giveBack in
                        handed(.success(.init(connection: connection, giveBack: giveBack)))
                    }
                }
            } catch {
                handed(.failure(error))
            }
        }
    }
}
