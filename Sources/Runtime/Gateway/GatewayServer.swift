import Foundation
import Logging
import ServiceLifecycle
import ZeroMQ

/// The Reckon gateway as a ServiceLifecycle `Service`: an MDP/0.2 broker on two ROUTER sockets, run on a thread of
/// its own.
///
/// Graceful shutdown stops the loop through a wake-up pipe; cancellation shuts the ZeroMQ context down, so no
/// blocking call outlives the service.
///
/// ```swift
/// let gateway = GatewayServer(configuration: .init(), logger: logger)
/// try await ServiceGroup(services: [gateway], gracefulShutdownSignals: [.sigterm], logger: logger).run()
/// ```
public final class GatewayServer: Service, Sendable {
    private let configuration: GatewayConfiguration
    private let logger: Logger
    private let reloadRequests = ReloadRequests()

    /// - Parameters:
    ///   - logger: logs the bound endpoints (the real ports when `*` was asked for) and dropped messages.
    public init(configuration: GatewayConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Reads the allow-list files again (on SIGHUP, say), within one tick of the running loop. A file that cannot be
    /// read or parsed keeps the lists in force and is logged; connected workers whose key may no longer serve
    /// their service are purged. Safe from any thread.
    public func reloadAllowLists() { reloadRequests.request() }

    /// Runs until graceful shutdown or cancellation.
    /// - Throws: ``AllowListError`` for a bad allow-list at start; ``ZMQError`` when an endpoint cannot be bound or
    ///   the loop fails.
    public func run() async throws {
        let context = try ZMQContext()
        let stopPipe = try WakeupPipe()
        try await withTaskCancellationHandler {
            try await withGracefulShutdownHandler {
                try await runLoopThread(context: context, stopPipe: stopPipe)
            } onGracefulShutdown: {
                stopPipe.signal()
            }
        } onCancel: {
            context.shutdown()
        }
    }

    private func runLoopThread(context: ZMQContext, stopPipe: WakeupPipe) async throws {
        let (configuration, logger, reloadRequests) = (configuration, logger, reloadRequests)
        try await DedicatedThread.run(name: "gateway-loop") {
            let loop = try GatewayLoop(
                context: context,
                configuration: configuration,
                stopPipe: stopPipe,
                reloadRequests: reloadRequests,
                logger: logger
            )
            let (client, worker) = try loop.boundEndpoints()
            var metadata: Logger.Metadata = ["zmq.client_endpoint": "\(client)", "zmq.worker_endpoint": "\(worker)"]
            if let local = configuration.localWorkerEndpoint { metadata["zmq.local_worker_endpoint"] = "\(local)" }
            logger.info("gateway listening", metadata: metadata)
            try loop.run()
        }
    }
}
