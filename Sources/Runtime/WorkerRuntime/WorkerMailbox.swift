import Synchronization
import ZeroMQ

/// An async op a gateway session received, on its way to the service's task group.
struct Job: Sendable {
    /// The index of the gateway session the request came on.
    let session: Int
    /// The connection the request came on; a reply for an older connection is dropped, since that gateway
    /// session has already answered the client.
    let generation: Int
    /// The request's address frame, in the message it came in: only released off the loop thread, never sent there.
    let address: ZMQFrames
    let pending: OpDispatcher.PendingOp
}

/// Where finished async ops leave their replies for the worker's loop thread, and the pipe that wakes it.
///
/// Only the reply that finds the mailbox empty writes to the pipe: the loop has not yet taken the earlier ones, so
/// one wake-up already covers every reply that follows it until the next ``takeCompletions()``.
final class WorkerMailbox: Sendable {
    struct Completion: Sendable {
        /// What happened to the op.
        enum Kind: Sendable {
            /// The op ended, with its reply; nil when its reply went out earlier (``answeredEarly(reply:)``).
            case ended(reply: [UInt8]?)
            /// The op is still running past its deadline, and this is its `deadline_exceeded` answer.
            case answeredEarly(reply: [UInt8])
            /// The op waits for news and lends its slot back to the gateway (true), or takes it again (false):
            /// ``WaitingSlot``.
            case slotLent(Bool)
        }

        let session: Int
        let generation: Int
        let address: ZMQFrames
        let kind: Kind
    }

    let wakeup: WakeupPipe
    private let completions = Mutex<[Completion]>([])

    init() throws { wakeup = try WakeupPipe() }

    /// Hands a reply, or other news of `job`'s op, to the loop thread.
    func complete(_ job: Job, _ kind: Completion.Kind) {
        let completion = Completion(session: job.session, generation: job.generation, address: job.address, kind: kind)
        let wasEmpty = completions.withLock { completions in
            defer { completions.append(completion) }
            return completions.isEmpty
        }
        if wasEmpty { wakeup.signal() }
    }

    /// Takes every reply finished since the last call. The pipe is emptied first, so a reply that arrives after
    /// the take has signalled it again.
    func takeCompletions() -> [Completion] {
        wakeup.drain()
        return completions.withLock { completions in
            defer { completions.removeAll(keepingCapacity: true) }
            return completions
        }
    }
}
