import Majordomo

/// What the gateway's I/O loop must do: send frames to a client or worker, note a dropped message, or warn of a
/// refused peer.
public enum GatewayOutput: Sendable, Hashable {
    case toClient(identity: [UInt8], frames: [[UInt8]])
    case toWorker(identity: [UInt8], frames: [[UInt8]])
    case dropped(MajordomoError)
    case refused(MajordomoError)
}
