/// What carries out a scaler's decisions for a service: how many of its processes run (starting ones included,
/// draining ones not), and starting more or draining one. A drain is always a drain: the process is sent SIGTERM and
/// finishes what it holds (READY 0, the replies, DISCONNECT) before it exits.
protocol ScaleActuator: Sendable {
    /// The service's processes now.
    func processes(of service: String) async -> Int
    /// Starts `count` more processes of `service`.
    func start(_ count: Int, of service: String) async throws
    /// Drains one process of `service`.
    func drainOne(of service: String) async throws
}
