import Foundation
import Synchronization
import Wire

/// Runs Argon2id work (``PasswordHasher``) on threads of its own, at most ``threads`` at once, with at most
/// ``maximumWaiting`` more queued; past that a request is refused at once with `resource_exhausted` and a
/// `Retry-After` of a second. Hashing never runs on Swift's cooperative threads, so a flood of sign-ins cannot stall
/// the worker's other ops, and never holds more of the worker's slots than the queue allows.
///
/// Threads start when work arrives and end when the queue is empty: an idle ledger holds none.
final class HashingPool: Sendable {
    /// Hashes running at once: the cap on the cores sign-ins can take.
    let threads: Int
    /// Hashes queued behind those running.
    let maximumWaiting: Int

    private struct State {
        var running = 0
        var waiting: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    init(threads: Int, maximumWaiting: Int) {
        self.threads = max(1, threads)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// Runs `work` on one of the pool's threads and returns its answer.
    /// - Throws: `resource_exhausted` (retry after 1 s) when the pool is full.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable () -> Void = { continuation.resume(with: Result { try work() }) }
            switch admit(job) {
            case .queued: break
            case .start: Thread.detachNewThread { self.drain(first: job) }
            case .full:
                continuation.resume(
                    throwing: WireError(
                        .resourceExhausted,
                        "the server is checking as many passwords as it can: try again in a second",
                        retryAfterSeconds: 1
                    )
                )
            }
        }
    }

    /// Jobs queued now, behind those running.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    private enum Admission { case start, queued, full }

    private func admit(_ job: @escaping @Sendable () -> Void) -> Admission {
        state.withLock { state in
            if state.running < threads {
                state.running += 1
                return .start
            }
            guard state.waiting.count < maximumWaiting else { return .full }
            state.waiting.append(job)
            return .queued
        }
    }

    /// Runs `first`, then queued jobs until none is left.
    private func drain(first: @escaping @Sendable () -> Void) {
        var job: (@Sendable () -> Void)? = first
        while let next = job {
            next()
            job = state.withLock { state in
                guard !state.waiting.isEmpty else {
                    state.running -= 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
        }
    }
}

extension HashingPool {
    /// Whether `password` matches `encoded`, checked on the pool.
    /// - Throws: `resource_exhausted` when the pool is full.
    func verify(_ password: String, against encoded: String, with hasher: PasswordHasher) async throws -> Bool {
        try await run { hasher.verify(password, against: encoded) }
    }

    /// A new password's hash (``PasswordHasher/hashNew(_:field:)``), made on the pool.
    /// - Throws: `invalid_argument` on `field` for a password the rules refuse; `resource_exhausted` when the pool
    ///   is full or hashing fails.
    func hashNew(_ password: String, field: String, with hasher: PasswordHasher) async throws -> String {
        try Credentials.checkPassword(password, field: field)
        return try await run { try hasher.hashNew(password, field: field) }
    }
}
