import Synchronization

/// Wakes the tasks that wait for a change to a key (a household's activity, say), with no polling: every waiter of
/// a key is woken by one ``signal(_:)`` and looks again.
///
/// ```swift
/// let entries = try await signals.watch(household, timeout: .seconds(3)) {
///     let page = try await log.list(after: cursor)
///     return page.isEmpty ? nil : page
/// }
/// ```
public final class ChangeSignals: Sendable {
    private struct Waiter {
        /// Which of the waiter's waits is under way: a deadline counts only for its own wait.
        var wait = 0
        /// The suspended wait, resumed with true by a signal, false at its deadline or on cancellation.
        var continuation: CheckedContinuation<Bool, Never>?
        /// What came while no wait was suspended, for the next wait to return at once: true for a signal.
        var pending: Bool?
    }

    private struct State {
        var waiters: [String: [Int: Waiter]] = [:]
        var nextID = 0
        /// The tasks in ``waiterArrives(_:)``, by key and id.
        var arrivals: [String: [Int: CheckedContinuation<Void, Never>]] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// How many keys have a waiter now.
    public var watchedKeys: Int { state.withLock { $0.waiters.count } }

    /// The keys with a waiter now.
    public var watchedKeyList: [String] { state.withLock { Array($0.waiters.keys) } }

    /// Runs `look` at once, then after each signal of `key`, until it finds something or `timeout` passes. A signal
    /// that comes while `look` runs makes it run again, so a change between a look and the wait after it is never
    /// missed; only a signal makes it run again, never the timeout.
    /// - Returns: what `look` found, or nil at the timeout or when the task is cancelled.
    /// - Throws: what `look` throws.
    public func watch<Found>(
        _ key: String,
        timeout: Duration,
        _ look: () async throws -> Found?
    ) async throws -> Found? {
        let deadline = ContinuousClock.now + timeout
        let id = register(key)
        defer { unregister(key, id) }
        while true {
            if let found = try await look() { return found }
            guard await next(key, id, until: deadline) else { return nil }
        }
    }

    /// Wakes every waiter of `key`.
    public func signal(_ key: String) {
        deliver(state.withLock { state in state.waiters[key].map { $0.keys.map { (key, $0) } } ?? [] })
    }

    /// Wakes every waiter of every key: for when news may have been lost (a listening connection came back).
    public func signalAll() {
        deliver(state.withLock { state in state.waiters.flatMap { key, waiters in waiters.keys.map { (key, $0) } } })
    }

    private func deliver(_ waiters: [(key: String, id: Int)]) {
        let continuations = state.withLock { state in
            waiters.compactMap { resolve($0.key, $0.id, with: true, wait: nil, in: &state) }
        }
        for continuation in continuations { continuation.resume(returning: true) }
    }

    /// Returns once `key` has a waiter (at once when it has one now), or when the task is cancelled: for a writer
    /// that must not write before a wait is under way, with no polling.
    public func waiterArrives(_ key: String) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    guard state.waiters[key] == nil, !Task.isCancelled else { return true }
                    state.arrivals[key, default: [:]][id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.arrivals[key]?.removeValue(forKey: id) }?.resume()
        }
    }

    private func register(_ key: String) -> Int {
        let (id, arrived) = state.withLock { state in
            state.nextID += 1
            state.waiters[key, default: [:]][state.nextID] = Waiter()
            return (state.nextID, state.arrivals.removeValue(forKey: key) ?? [:])
        }
        for continuation in arrived.values { continuation.resume() }
        return id
    }

    private func unregister(_ key: String, _ id: Int) {
        state.withLock { state in
            state.waiters[key]?[id] = nil
            if state.waiters[key]?.isEmpty == true { state.waiters[key] = nil }
        }
    }

    /// Suspends until a signal of `key` (true), or the deadline or cancellation (false); returns at once with what
    /// came since the last wait, if anything did.
    private func next(_ key: String, _ id: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        guard !Task.isCancelled else { return false }
        let wait = state.withLock { state in
            state.waiters[key]?[id]?.wait += 1
            return state.waiters[key]?[id]?.wait ?? 0
        }
        let timer = Task {
            guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
            state.withLock { resolve(key, id, with: false, wait: wait, in: &$0) }?.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let pending = state.withLock { state -> Bool? in
                    guard var waiter = state.waiters[key]?[id] else { return false }
                    defer { state.waiters[key]?[id] = waiter }
                    guard let pending = waiter.pending else {
                        waiter.continuation = continuation
                        return nil
                    }
                    waiter.pending = nil
                    return pending
                }
                if let pending { continuation.resume(returning: pending) }
            }
        } onCancel: {
            state.withLock { resolve(key, id, with: false, wait: nil, in: &$0) }?.resume(returning: false)
        }
    }

    /// Hands `outcome` to the waiter: the continuation to resume with it, or nil after noting it for the next wait
    /// (a signal outweighs a deadline or a cancellation noted before it). A deadline (`wait`) of an earlier wait is
    /// ignored.
    private func resolve(
        _ key: String,
        _ id: Int,
        with outcome: Bool,
        wait: Int?,
        in state: inout State
    ) -> CheckedContinuation<Bool, Never>? {
        guard var waiter = state.waiters[key]?[id], wait.map({ $0 == waiter.wait }) ?? true else { return nil }
        defer { state.waiters[key]?[id] = waiter }
        guard let continuation = waiter.continuation else {
            waiter.pending = outcome || waiter.pending == true
            return nil
        }
        waiter.continuation = nil
        return continuation
    }
}
