import Foundation
import ReckonClient
import Spawn

/// A gateway the bench started.
struct RunningGateway: Sendable {
    /// Where clients connect.
    var clientEndpoint: String
    /// Where workers connect.
    var workerEndpoint: String
    /// The gateway's process id, for memory samples.
    var processIdentifier: Int32
}

/// Starts a Reckon stack from a folder of executables: `reckon-gateway` on free loopback ports, then workers
/// pointed at it, and waits until the gateway says the service is served.
struct StackLauncher: Sendable {
    let binDirectory: String
    let children: ChildProcesses

    /// How long the stack may take to come up.
    static let startupTimeout = Duration.seconds(30)

    /// Starts the gateway and `workers`, and returns once `mmi.service` answers 200 for `service`.
    /// - Throws: ``BenchError`` when a process cannot start or the service is not served in time.
    func start(service: String, workers: [WorkerLaunch]) async throws -> RunningGateway {
        let endpoints = try FreePort.loopbackEndpoints(2)
        let process = try children.launch(
            "\(binDirectory)/reckon-gateway",
            ["--client-endpoint", endpoints[0], "--worker-endpoint", endpoints[1]]
        )
        let gateway = RunningGateway(
            clientEndpoint: endpoints[0],
            workerEndpoint: endpoints[1],
            processIdentifier: process.pid
        )
        for worker in workers { _ = try worker.launch(in: children, gateway: gateway.workerEndpoint) }
        try await waitUntilServed(service, gateway: gateway.clientEndpoint)
        return gateway
    }

    /// Asks the gateway's `mmi.service` (RFC 8) until it answers 200 for `service`.
    private func waitUntilServed(_ service: String, gateway endpoint: String) async throws {
        let client = try ReckonClient(configuration: .init(endpoint: endpoint, timeout: .milliseconds(500)))
        defer { client.close() }
        let deadline = ContinuousClock.now + Self.startupTimeout
        while ContinuousClock.now < deadline {
            if let status = try? await client.callRaw(service: "mmi.service", body: Array(service.utf8)),
                status == Array("200".utf8)
            {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchError("\(service) not served through \(endpoint) within \(Self.startupTimeout)")
    }
}
