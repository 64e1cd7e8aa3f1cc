import Synchronization

/// Ended spans waiting for export, bounded: a span ending takes a lock and appends, and wakes the exporter only when a
/// full batch is waiting. Past `capacity` spans are dropped and counted, so a slow backend costs spans, never memory.
final class SpanQueue: Sendable {
    private let capacity: Int
    private let batchSize: Int
    private let state: Mutex<State>

    private struct State {
        var spans: [FinishedSpan] = []
        var dropped = 0
        var waiter: CheckedContinuation<Void, Never>?
        var round = 0
        var closed = false
    }

    init(capacity: Int, batchSize: Int) {
        self.capacity = capacity
        self.batchSize = min(batchSize, capacity)
        self.state = Mutex(State())
        state.withLock { $0.spans.reserveCapacity(capacity) }
    }

    /// Adds `span`, or counts it dropped when the queue is full.
    func append(_ span: FinishedSpan) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard state.spans.count < capacity else {
                state.dropped += 1
                return nil
            }
            state.spans.append(span)
            guard state.spans.count >= batchSize else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once a full batch waits, `delay` has passed, or ``wake()`` or ``close()`` is called; at once if a batch
    /// waits already or the queue is closed.
    func wait(atMost delay: Duration) async {
        let round: Int? = state.withLock { state in
            guard state.spans.count < batchSize, !state.closed else { return nil }
            state.round += 1
            return state.round
        }
        guard let round else { return }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: delay)
            self?.wake(round: round)
        }
        await withCheckedContinuation { continuation in
            let early = state.withLock { state in
                guard state.round == round, state.spans.count < batchSize, !state.closed else { return true }
                state.waiter = continuation
                return false
            }
            if early { continuation.resume() }
        }
        timer.cancel()
    }

    /// Ends the current ``wait(atMost:)`` now, to flush.
    func wake() { wake(round: nil) }

    /// Ends the current ``wait(atMost:)`` and every later one at once: at shutdown.
    func close() {
        state.withLock { $0.closed = true }
        wake()
    }

    private func wake(round: Int?) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard round == nil || state.round == round else { return nil }
            state.round += 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Takes up to a batch of the waiting spans, oldest first, and the count dropped since the last take.
    func take() -> (spans: [FinishedSpan], dropped: Int) {
        state.withLock { state in
            let count = min(state.spans.count, batchSize)
            let spans = Array(state.spans.prefix(count))
            state.spans.removeFirst(count)
            defer { state.dropped = 0 }
            return (spans, state.dropped)
        }
    }

    /// Whether any span waits.
    var isEmpty: Bool { state.withLock { $0.spans.isEmpty } }
}
