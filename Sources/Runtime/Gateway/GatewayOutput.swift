import Majordomo
import ZeroMQ

/// What the gateway's I/O loop must do: send a message to a client or worker, note a dropped message, or warn of a
/// refused peer.
public enum GatewayOutput: Sendable, Hashable {
    case toClient(identity: ZMQRoutingID, message: ClientMessage)
    case toWorker(identity: ZMQRoutingID, message: WorkerMessage)
    case dropped(MajordomoError)
    case refused(MajordomoError)
}
