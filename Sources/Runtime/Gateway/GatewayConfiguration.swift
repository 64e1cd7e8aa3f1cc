import Majordomo
import ZeroMQ

/// How a ``GatewayServer`` is set up.
public struct GatewayConfiguration: Sendable {
    /// - `clientEndpoint` (string, `tcp://127.0.0.1:5555`): where clients connect (ROUTER bind).
    public var clientEndpoint: String
    /// - `workerEndpoint` (string, `tcp://127.0.0.1:5556`): where workers connect (ROUTER bind).
    public var workerEndpoint: String
    /// - `localWorkerEndpoint` (string, none): a second endpoint the worker socket binds, for workers on this
    ///   machine: an `ipc://` path costs less per message than loopback TCP. `reckon up` gives one to its workers.
    public var localWorkerEndpoint: String?
    /// Routing, heartbeat, deadline and queue settings.
    public var broker: BrokerConfiguration
    /// - `maximumMessageBytes` (int, 1 MiB): most bytes in one message's frames after the routing id, on either
    ///   socket. A client request over it is answered `resource_exhausted`; a worker reply over it is dropped and its
    ///   client answered `internal`. A single frame over ``frameCeiling`` makes libzmq drop the connection.
    public var maximumMessageBytes: Int
    /// - `maximumMessageFrames` (int, 64): most frames in one message after the routing id, handled the same way.
    public var maximumMessageFrames: Int
    /// - `clientQueueLimit` (int, 1,000): messages libzmq queues per client and direction (`ZMQ_SNDHWM`,
    ///   `ZMQ_RCVHWM`). Replies a client leaves unread beyond it are dropped and counted as undeliverable.
    public var clientQueueLimit: Int
    /// - `workerQueueLimit` (int, 1,000): the same per worker. A worker whose queue is full is purged.
    public var workerQueueLimit: Int
    /// - `peerReceiveBytes` (int, 16 MiB): bytes libzmq may queue from one peer, client or worker, before the gateway
    ///   reads them. libzmq counts messages, not bytes, so the receive high-water mark is this divided by
    ///   ``maximumMessageBytes`` (at least 1) when that is below the queue limit: 16 messages by default. A peer
    ///   past it waits on its own side; nothing is lost.
    public var peerReceiveBytes: Int
    /// - `maximumBatchSize` (int, 64): sub-requests one `batch` may carry.
    public var maximumBatchSize: Int
    /// CURVE secret key for both sockets; `nil` serves in plain text.
    public var curveSecretKey: CurveKey?
    /// Allow-list files, read at start and on ``GatewayServer/reloadAllowLists()``; they need ``curveSecretKey``.
    public var allowListFiles: AllowListFiles

    public init(
        clientEndpoint: String = "tcp://127.0.0.1:5555",
        workerEndpoint: String = "tcp://127.0.0.1:5556",
        localWorkerEndpoint: String? = nil,
        broker: BrokerConfiguration = BrokerConfiguration(),
        maximumMessageBytes: Int = 1 << 20,
        maximumMessageFrames: Int = 64,
        clientQueueLimit: Int = 1000,
        workerQueueLimit: Int = 1000,
        peerReceiveBytes: Int = 16 << 20,
        maximumBatchSize: Int = 64,
        curveSecretKey: CurveKey? = nil,
        allowListFiles: AllowListFiles = AllowListFiles()
    ) {
        self.clientEndpoint = clientEndpoint
        self.workerEndpoint = workerEndpoint
        self.localWorkerEndpoint = localWorkerEndpoint
        self.broker = broker
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumMessageFrames = maximumMessageFrames
        self.clientQueueLimit = clientQueueLimit
        self.workerQueueLimit = workerQueueLimit
        self.peerReceiveBytes = peerReceiveBytes
        self.maximumBatchSize = maximumBatchSize
        self.curveSecretKey = curveSecretKey
        self.allowListFiles = allowListFiles
    }

    /// The largest single frame libzmq reads (`ZMQ_MAXMSGSIZE`): four times ``maximumMessageBytes``. A frame up to
    /// it is read and refused with a reply; a larger one makes libzmq drop the sender's connection unread.
    public var frameCeiling: Int {
        let (ceiling, overflow) = maximumMessageBytes.multipliedReportingOverflow(by: 4)
        return overflow ? .max : ceiling
    }

    /// The receive high-water mark of a socket whose queue limit is `queueLimit`: at most ``peerReceiveBytes`` of
    /// messages of ``maximumMessageBytes``.
    public func receiveQueueLimit(_ queueLimit: Int) -> Int {
        min(queueLimit, max(1, peerReceiveBytes / maximumMessageBytes))
    }

    /// What the gateway copies out of one message, after the routing id.
    var receiveLimits: ReceiveLimits {
        ReceiveLimits(frames: maximumMessageFrames, bytes: maximumMessageBytes, exemptFrames: 1)
    }
}
