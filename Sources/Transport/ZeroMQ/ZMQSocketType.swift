import CZeroMQ

/// The ZeroMQ socket types Reckon uses.
public enum ZMQSocketType: Sendable {
    case router, dealer, req, rep, pair, push, pull

    var rawValue: Int32 {
        switch self {
        case .router: ZMQ_ROUTER
        case .dealer: ZMQ_DEALER
        case .req: ZMQ_REQ
        case .rep: ZMQ_REP
        case .pair: ZMQ_PAIR
        case .push: ZMQ_PUSH
        case .pull: ZMQ_PULL
        }
    }
}
