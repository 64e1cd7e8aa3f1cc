import Foundation
import Logging
import ServiceLifecycle
import ZeroMQ

/// A Reckon worker process's engine, as a ServiceLifecycle `Service`: one DEALER per gateway, all polled by one
/// thread, registers `service` with a capacity of K requests at once. Ops with synchronous handlers run in place on
/// that thread; async ops run as tasks in a discarding task group, one per request, and their replies go back
/// through a mailbox.
///
/// Graceful shutdown drains: the worker asks each gateway for no more requests (READY with capacity 0), finishes what
/// it holds (up to the drain timeout), sends DISCONNECT and closes. Cancellation shuts the ZeroMQ context down at once.
///
/// ```swift
/// var registry = OpRegistry()
/// registry.registerInline(EchoOp.self) { args, _ in args }
/// let worker = WorkerService(configuration: .init(service: "echo"), registry: registry, logger: logger)
/// ```
public final class WorkerService: Service, Sendable {
    private let configuration: WorkerConfiguration
    private let dispatcher: OpDispatcher
    private let logger: Logger

    public init(configuration: WorkerConfiguration, registry: OpRegistry, logger: Logger) {
        self.configuration = configuration
        self.dispatcher = OpDispatcher(
            service: configuration.service,
            registry: registry,
            requestTimeout: configuration.requestTimeout,
            logger: logger
        )
        self.logger = logger
    }

    /// Serves until graceful shutdown or cancellation.
    /// - Throws: ``ZMQError`` when a slot cannot connect.
    public func run() async throws {
        let context = try ZMQContext()
        let mailbox = try WorkerMailbox()
        let drain = DrainSignal(wakeup: mailbox.wakeup)
        let (jobs, jobSink) = AsyncStream.makeStream(of: Job.self)
        logger.info(
            "worker starting",
            metadata: [
                "service": "\(configuration.service)",
                "zmq.endpoints": "\(configuration.gatewayEndpoints.joined(separator: ","))",
                "worker.slots": "\(configuration.slots)",
            ]
        )
        try await withTaskCancellationHandler {
            try await withGracefulShutdownHandler {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask {
                        defer { jobSink.finish() }
                        try await DedicatedThread.run(name: "worker-loop") {
                            try WorkerLoop(
                                context: context,
                                configuration: self.configuration,
                                dispatcher: self.dispatcher,
                                mailbox: mailbox,
                                jobs: jobSink,
                                drain: drain,
                                logger: self.logger
                            ).run()
                        }
                    }
                    for await job in jobs {
                        group.addTask {
                            let reply = await SlotLender.$current.withValue(SlotLender(job: job, mailbox: mailbox)) {
                                await self.dispatcher.finish(job.pending) { overdue in
                                    mailbox.complete(job, .answeredEarly(reply: overdue))
                                }
                            }
                            mailbox.complete(job, .ended(reply: reply))
                        }
                    }
                    // Every slot has ended (drained, or its drain timed out): what still runs is abandoned, and a
                    // stuck query must not keep the process alive.
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                drain.drain()
            }
        } onCancel: {
            context.shutdown()
        }
        logger.info("worker stopped", metadata: ["service": "\(configuration.service)"])
    }
}
