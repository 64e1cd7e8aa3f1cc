import Storage
import Synchronization
import Testing

/// ChangeSignals: waiters woken by their key's signal alone, no signal lost between a look and a wait, and a
/// timeout or a cancellation that ends the wait without another look. The waits that must be woken by a signal are
/// given an hour, so a lost signal fails the test by its time limit.
@Suite(.timeLimit(.minutes(1))) struct ChangeSignalsTests {
    /// A value looks find once it is set.
    private final class Box: Sendable {
        let value = Mutex<Int?>(nil)
        let looks = Atomic(0)
        func look() -> Int? {
            looks.add(1, ordering: .relaxed)
            return value.withLock { $0 }
        }
    }

    @Test func aSignalWakesEveryWaiterOfItsKeyAndNoOther() async throws {
        let signals = ChangeSignals()
        let (a, b) = (Box(), Box())
        async let fromA = [0, 1, 2].asyncMap { _ in
            try await signals.watch("a", timeout: .seconds(3600)) { a.look() }
        }
        async let fromB = signals.watch("b", timeout: .seconds(3600)) { b.look() }
        while signals.watchedKeys < 2 || a.looks.load(ordering: .relaxed) < 3 { await Task.yield() }
        a.value.withLock { $0 = 7 }
        signals.signal("a")
        #expect(try await fromA == [7, 7, 7])
        #expect(signals.watchedKeys == 1)
        b.value.withLock { $0 = 8 }
        signals.signal("b")
        #expect(try await fromB == 8)
        #expect(signals.watchedKeys == 0)
    }

    @Test func aSignalDuringALookMakesItLookAgain() async throws {
        let signals = ChangeSignals()
        let box = Box()
        let found = try await signals.watch("k", timeout: .seconds(3600)) { () -> Int? in
            guard box.looks.load(ordering: .relaxed) == 0 else { return box.look() }
            _ = box.look()
            // The change lands after this look read nothing, before the wait starts.
            box.value.withLock { $0 = 1 }
            signals.signal("k")
            return nil
        }
        #expect(found == 1)
        #expect(box.looks.load(ordering: .relaxed) == 2)
    }

    @Test func theTimeoutEndsTheWaitWithoutLookingAgain() async throws {
        let signals = ChangeSignals()
        let box = Box()
        #expect(try await signals.watch("k", timeout: .milliseconds(20)) { box.look() } == nil)
        #expect(box.looks.load(ordering: .relaxed) == 1)
        #expect(signals.watchedKeys == 0)
    }

    @Test func cancellationEndsTheWait() async throws {
        let signals = ChangeSignals()
        let waiting = Task { try await signals.watch("k", timeout: .seconds(3600)) { nil as Int? } }
        await signals.waiterArrives("k")
        #expect(signals.watchedKeys == 1)
        waiting.cancel()
        #expect(try await waiting.value == nil)
    }

    @Test func anArrivalIsAwaitedOnlyUntilItsKeyHasAWaiterOrTheTaskIsCancelled() async throws {
        let signals = ChangeSignals()
        let other = Task { await signals.waiterArrives("other") }
        let waiting = Task { try await signals.watch("k", timeout: .seconds(3600)) { nil as Int? } }
        await signals.waiterArrives("k")
        #expect(signals.watchedKeyList == ["k"])
        other.cancel()
        await other.value
        waiting.cancel()
        _ = try await waiting.value
    }

    @Test func signalAllWakesEveryKey() async throws {
        let signals = ChangeSignals()
        let box = Box()
        async let first = signals.watch("a", timeout: .seconds(3600)) { box.look() }
        async let second = signals.watch("b", timeout: .seconds(3600)) { box.look() }
        while signals.watchedKeys < 2 || box.looks.load(ordering: .relaxed) < 2 { await Task.yield() }
        box.value.withLock { $0 = 3 }
        signals.signalAll()
        #expect(try await [first, second] == [3, 3])
    }
}

extension Array where Element: Sendable {
    /// Maps concurrently, keeping the order.
    fileprivate func asyncMap<Mapped: Sendable>(
        _ transform: @escaping @Sendable (Element) async throws -> Mapped
    ) async throws -> [Mapped] {
        try await withThrowingTaskGroup(of: (Int, Mapped).self) { group in
            for (index, element) in enumerated() { group.addTask { (index, try await transform(element)) } }
            var results: [(Int, Mapped)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
