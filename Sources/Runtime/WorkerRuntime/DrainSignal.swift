import Synchronization
import ZeroMQ

/// Tells a worker's loop to stop taking requests and finish the ones it holds.
final class DrainSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    private let wakeup: WakeupPipe

    /// - Parameter wakeup: the pipe the loop polls.
    init(wakeup: WakeupPipe) { self.wakeup = wakeup }

    var isDraining: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag and wakes the loop.
    func drain() {
        flag.store(true, ordering: .releasing)
        wakeup.signal()
    }
}
