import Foundation
import ZeroMQ

/// What one bench process shares across its runs: a ZeroMQ context, the child processes it started and the request
/// it sends. Each run gets a load thread of its own that owns every socket it opens.
struct BenchSession: Sendable {
    let context: ZMQContext
    let children: ChildProcesses
    let target: BenchTarget

    /// How long a direct run waits for its worker slots to send READY.
    static let readyTimeout = TimeSpan.seconds(30)

    /// Measures through the gateway whose client endpoint is `endpoint`.
    /// - Throws: ``BenchError`` or ``ZMQError``.
    func measureThroughGateway(endpoint: String, plan: LoadPlan) async throws -> LoadResult {
        let context = context
        let target = target
        return try await DedicatedThread.value(name: "bench-gateway") {
            let transport = GatewayClients(context: context, endpoint: endpoint, target: target)
            defer { transport.close() }
            return try LoadGenerator(transport: transport, plan: plan).run()
        }
    }

    /// Measures straight against worker slots: binds `endpoint` (a free loopback port when `nil`), starts `workers`
    /// pointed at it, waits until `slots` slots have sent READY, measures, then stops the workers it started.
    /// - Throws: ``BenchError`` or ``ZMQError``.
    func measureDirect(
        endpoint: String?,
        slots: Int,
        workers: [WorkerLaunch],
        plan: LoadPlan
    ) async throws -> LoadResult {
        let endpoint = try endpoint ?? FreePort.loopbackEndpoints(1)[0]
        let processes = try workers.map { try $0.launch(in: children, gateway: endpoint) }
        if plan.showsProgress {
            let line = "[direct] waiting for \(slots) \(target.service) worker slots on \(endpoint)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        let context = context
        let target = target
        let result = try await DedicatedThread.value(name: "bench-direct") {
            let dispatcher = try DirectDispatcher(context: context, endpoint: endpoint, target: target)
            defer { dispatcher.close() }
            try dispatcher.waitForSlots(slots, timeout: Self.readyTimeout)
            return try LoadGenerator(transport: dispatcher, plan: plan).run()
        }
        await children.stop(processes)
        return result
    }

    /// Floods `gateway` as `plan` says, sampling its resident memory.
    /// - Throws: ``ZMQError``.
    func flood(_ gateway: RunningGateway, plan: FloodPlan) async throws -> FloodResult {
        let context = context
        return try await DedicatedThread.value(name: "bench-flood") {
            try FloodGenerator(context: context, gateway: gateway, plan: plan).run()
        }
    }
}
