import NIOCore

/// A connection's event loop as a `TaskExecutor`, so a transaction's task runs on the thread that does the
/// connection's I/O: each statement is handed to the channel and each answer resumes the task without waking
/// another thread (swift-nio 2.101 has no such conformance of its own).
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
