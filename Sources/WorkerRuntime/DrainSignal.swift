import Synchronization
import ZeroMQ

/// Tells every slot of a worker to stop taking requests and finish the ones it holds.
final class DrainSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    private let slots: [WorkerSlot]

    init(slots: [WorkerSlot]) { self.slots = slots }

    var isDraining: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag and wakes every slot.
    func drain() {
        flag.store(true, ordering: .releasing)
        for slot in slots { slot.wakeup.signal() }
    }
}
