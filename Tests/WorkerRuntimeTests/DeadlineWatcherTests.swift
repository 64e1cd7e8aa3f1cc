import DeadlineWatch
import Synchronization
import Testing

/// The shared deadline watcher fires its entries in deadline order, and never one that was cancelled.
@Suite struct DeadlineWatcherTests {
    /// What fired, in order; `fired(count:)` waits until that many have.
    final class Log: Sendable {
        private let state = Mutex<(names: [String], waiter: (count: Int, CheckedContinuation<[String], Never>)?)>(
            ([], nil)
        )

        func record(_ name: String) {
            state.withLock { state -> (CheckedContinuation<[String], Never>, [String])? in
                state.names.append(name)
                guard let (count, waiter) = state.waiter, state.names.count >= count else { return nil }
                state.waiter = nil
                return (waiter, state.names)
            }.map { waiter, names in waiter.resume(returning: names) }
        }

        func fired(count: Int) async -> [String] {
            await withCheckedContinuation { continuation in
                let names = state.withLock { state -> [String]? in
                    guard state.names.count < count else { return state.names }
                    state.waiter = (count, continuation)
                    return nil
                }
                if let names { continuation.resume(returning: names) }
            }
        }
    }

    @Test func entriesFireInDeadlineOrderAndCancelledOnesNever() async {
        let watcher = DeadlineWatcher()
        let log = Log()
        let start = ContinuousClock.now + .milliseconds(50)
        // Scheduled out of order; the earliest comes last, so it has to wake the thread from a later sleep.
        watcher.schedule(at: start + .milliseconds(30)) { log.record("third") }
        let cancelled = watcher.schedule(at: start + .milliseconds(20)) { log.record("cancelled") }
        watcher.schedule(at: start + .milliseconds(20)) { log.record("second") }
        watcher.schedule(at: start + .milliseconds(40)) { log.record("last") }
        watcher.schedule(at: start) { log.record("first") }
        #expect(watcher.cancel(cancelled))
        #expect(await log.fired(count: 4) == ["first", "second", "third", "last"])
        #expect(!watcher.cancel(cancelled))
    }

    @Test func anEntryWhoseInstantHasPassedFiresAndThenCannotBeCancelled() async {
        let watcher = DeadlineWatcher()
        let log = Log()
        let entry = watcher.schedule(at: .now - .seconds(1)) { log.record("past") }
        #expect(await log.fired(count: 1) == ["past"])
        #expect(!watcher.cancel(entry))
    }

    @Test func entriesForOneInstantFireInTheOrderScheduled() async {
        let watcher = DeadlineWatcher()
        let log = Log()
        let instant = ContinuousClock.now + .milliseconds(20)
        let names = (0..<20).map { "entry \($0)" }
        for name in names { watcher.schedule(at: instant) { log.record(name) } }
        #expect(await log.fired(count: names.count) == names)
    }
}
