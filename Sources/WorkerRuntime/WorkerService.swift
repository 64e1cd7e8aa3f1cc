import Foundation
import Logging
import ServiceLifecycle
import ZeroMQ

/// A Reckon worker process's engine, as a ServiceLifecycle `Service`: K slots (one thread and one DEALER each)
/// register `service` with the gateway. Ops with synchronous handlers run in place on their slot's thread; async
/// ops run as tasks in a discarding task group, one per request.
///
/// Graceful shutdown drains: slots stop taking requests, finish what they hold (up to the drain timeout), send
/// DISCONNECT and close. Cancellation shuts the ZeroMQ context down at once.
///
/// ```swift
/// var registry = OpRegistry()
/// registry.register("echo", summary: "Echoes", schema: ["type": "object"]) { (args: JSONValue, _: OpContext) in args }
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
        let slots = try (0..<configuration.slots).map { try WorkerSlot(index: $0) }
        let drain = DrainSignal(slots: slots)
        let (jobs, jobSink) = AsyncStream.makeStream(of: Job.self)
        logger.info(
            "worker starting",
            metadata: [
                "service": "\(configuration.service)", "zmq.endpoint": "\(configuration.gatewayEndpoint)",
                "worker.slots": "\(slots.count)",
            ]
        )
        try await withTaskCancellationHandler {
            try await withGracefulShutdownHandler {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask {
                        defer { jobSink.finish() }
                        try await self.runSlots(slots, context: context, jobs: jobSink, drain: drain)
                    }
                    for await job in jobs {
                        group.addTask {
                            job.slot.complete(job, reply: await self.dispatcher.finish(job.pending))
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

    /// Runs every slot on a thread of its own and returns when all have ended.
    private func runSlots(
        _ slots: [WorkerSlot],
        context: ZMQContext,
        jobs: AsyncStream<Job>.Continuation,
        drain: DrainSignal
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for slot in slots {
                group.addTask {
                    try await DedicatedThread.run(name: "worker-slot-\(slot.index)") {
                        try SlotLoop(
                            context: context,
                            configuration: self.configuration,
                            slot: slot,
                            dispatcher: self.dispatcher,
                            jobs: jobs,
                            drain: drain,
                            logger: self.logger
                        ).run()
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
