import Synchronization
import ZeroMQ

/// An async op a slot received, on its way to the service's task group.
struct Job: Sendable {
    let slot: WorkerSlot
    /// The connection the request came on; a reply for an older connection is dropped, since that gateway
    /// session has already answered the client.
    let generation: Int
    let address: [UInt8]
    let pending: OpDispatcher.PendingOp
}

/// The part of a worker slot other threads touch: finished replies go into its mailbox and its wake-up pipe
/// interrupts the slot's poll.
final class WorkerSlot: Sendable {
    struct Completion: Sendable {
        let generation: Int
        let address: [UInt8]
        let reply: [UInt8]
    }

    let index: Int
    let wakeup: WakeupPipe
    private let mailbox = Mutex<[Completion]>([])

    init(index: Int) throws {
        self.index = index
        wakeup = try WakeupPipe()
    }

    /// Hands a finished reply to the slot's thread.
    func complete(_ job: Job, reply: [UInt8]) {
        mailbox.withLock { $0.append(Completion(generation: job.generation, address: job.address, reply: reply)) }
        wakeup.signal()
    }

    /// Takes every reply finished since the last call.
    func takeCompletions() -> [Completion] {
        wakeup.drain()
        return mailbox.withLock { completions in
            defer { completions.removeAll(keepingCapacity: true) }
            return completions
        }
    }
}
