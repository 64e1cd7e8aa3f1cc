import Foundation
import ZeroMQ

/// How a ``WorkerService`` connects and behaves.
public struct WorkerConfiguration: Sendable {
    /// - `gatewayEndpoints` (strings, `tcp://127.0.0.1:5556`): the worker endpoints of every gateway; the worker
    ///   keeps one connection registered with each, so each gateway can route to it.
    public var gatewayEndpoints: [String]
    /// - `service` (string): the service name this worker serves.
    public var service: String
    /// - `slots` (int, ``defaultSlots``): requests served at once per gateway: the capacity each connection's READY
    ///   declares.
    public var slots: Int
    /// - `heartbeatInterval` (duration, 1 s): how often the worker heartbeats the gateway.
    public var heartbeatInterval: Duration
    /// - `heartbeatLiveness` (int, 3): silent intervals after which the worker reconnects.
    public var heartbeatLiveness: Int
    /// - `reconnectDelay` (duration, 100 ms): the first reconnect back-off, doubled up to ``maximumReconnectDelay``.
    public var reconnectDelay: Duration
    /// - `maximumReconnectDelay` (duration, 5 s).
    public var maximumReconnectDelay: Duration
    /// - `refusalDelay` (duration, 1 s): the wait before sending READY again after the gateway refused it (answered
    ///   DISCONNECT before it ever sent a heartbeat or a request), doubled after each refusal up to
    ///   ``maximumRefusalDelay``.
    public var refusalDelay: Duration
    /// - `maximumRefusalDelay` (duration, 60 s).
    public var maximumRefusalDelay: Duration
    /// - `drainTimeout` (duration, 10 s): how long SIGTERM waits for in-flight requests.
    public var drainTimeout: Duration
    /// - `requestTimeout` (duration, 4 s): how long an op run as a task may take before it is answered
    ///   `deadline_exceeded` and cancelled; below the gateway's 5 s default deadline, so the answer arrives.
    public var requestTimeout: Duration
    /// CURVE: the gateway's public key and this worker's key pair; `nil` for plain text.
    public var curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?

    /// Twice the CPU count: measured with `scripts/bench/slots.sh` on 2 cores, one process with 4 slots served
    /// 16 clients 1.3 to 1.5 times faster than with 2 (a request waits in a slot's socket while the one before it
    /// runs, instead of for a round trip through the gateway). Workers whose ops wait on a database keep this.
    public static var defaultSlots: Int { 2 * ProcessInfo.processInfo.activeProcessorCount }

    /// Four times the CPU count, for workers whose ops only compute (calc): on 2 cores, 8 slots served 16 clients
    /// 1.2 times faster than 4 with the same 1-client latency; 16 and 32 were no faster than 8 and slower for one
    /// client (docs/performance.md, "Slots per worker").
    public static var computeSlots: Int { 4 * ProcessInfo.processInfo.activeProcessorCount }

    public init(
        gatewayEndpoints: [String] = ["tcp://127.0.0.1:5556"],
        service: String,
        slots: Int = WorkerConfiguration.defaultSlots,
        heartbeatInterval: Duration = .seconds(1),
        heartbeatLiveness: Int = 3,
        reconnectDelay: Duration = .milliseconds(100),
        maximumReconnectDelay: Duration = .seconds(5),
        refusalDelay: Duration = .seconds(1),
        maximumRefusalDelay: Duration = .seconds(60),
        drainTimeout: Duration = .seconds(10),
        requestTimeout: Duration = .seconds(4),
        curve: (serverKey: CurveKey, keyPair: CurveKeyPair)? = nil
    ) {
        self.gatewayEndpoints = gatewayEndpoints
        self.service = service
        self.slots = max(1, slots)
        self.heartbeatInterval = heartbeatInterval
        self.heartbeatLiveness = heartbeatLiveness
        self.reconnectDelay = reconnectDelay
        self.maximumReconnectDelay = maximumReconnectDelay
        self.refusalDelay = refusalDelay
        self.maximumRefusalDelay = maximumRefusalDelay
        self.drainTimeout = drainTimeout
        self.requestTimeout = requestTimeout
        self.curve = curve
    }
}
