import Majordomo
import ZeroMQ

/// How a ``GatewayServer`` is set up.
public struct GatewayConfiguration: Sendable {
    /// - `clientEndpoint` (string, `tcp://127.0.0.1:5555`): where clients connect (ROUTER bind).
    public var clientEndpoint: String
    /// - `workerEndpoint` (string, `tcp://127.0.0.1:5556`): where workers connect (ROUTER bind).
    public var workerEndpoint: String
    /// Routing, heartbeat, deadline and queue settings.
    public var broker: BrokerConfiguration
    /// - `maximumMessageBytes` (int, 1 MiB): larger frames make libzmq drop the sending peer's connection.
    public var maximumMessageBytes: Int64
    /// - `maximumBatchSize` (int, 64): sub-requests one `batch` may carry.
    public var maximumBatchSize: Int
    /// CURVE secret key for both sockets; `nil` serves in plain text.
    public var curveSecretKey: CurveKey?

    public init(
        clientEndpoint: String = "tcp://127.0.0.1:5555",
        workerEndpoint: String = "tcp://127.0.0.1:5556",
        broker: BrokerConfiguration = BrokerConfiguration(),
        maximumMessageBytes: Int64 = 1 << 20,
        maximumBatchSize: Int = 64,
        curveSecretKey: CurveKey? = nil
    ) {
        self.clientEndpoint = clientEndpoint
        self.workerEndpoint = workerEndpoint
        self.broker = broker
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumBatchSize = maximumBatchSize
        self.curveSecretKey = curveSecretKey
    }
}
