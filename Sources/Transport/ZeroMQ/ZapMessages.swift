/// A ZAP request (ZeroMQ RFC 27) as libzmq sends it to the handler bound at ``endpoint`` in the same context.
///
/// A REP socket receives it without its envelope: version, request id, domain, address, routing id, mechanism,
/// then the mechanism's credentials (for CURVE, the client's 32-byte public key).
public struct ZapRequest: Sendable, Hashable {
    /// Where libzmq looks for the context's ZAP handler.
    public static let endpoint = "inproc://zeromq.zap.01"

    /// Echoed in the reply.
    public let requestID: [UInt8]
    /// The server socket's `ZMQ_ZAP_DOMAIN`.
    public let domain: String
    /// The peer's address (an IP for TCP), for logs.
    public let address: String
    /// `NULL`, `PLAIN` or `CURVE`.
    public let mechanism: String
    /// The mechanism's credential frames.
    public let credentials: [[UInt8]]

    /// Parses a request; `nil` when it is not ZAP 1.0 with the six fixed frames.
    public init?(frames: [[UInt8]]) {
        guard frames.count >= 6, frames[0] == Array("1.0".utf8) else { return nil }
        requestID = frames[1]
        domain = String(decoding: frames[2], as: UTF8.self)
        address = String(decoding: frames[3], as: UTF8.self)
        mechanism = String(decoding: frames[5], as: UTF8.self)
        credentials = Array(frames[6...])
    }

    /// The client's public key of a CURVE request.
    public var curveKey: CurveKey? {
        guard mechanism == "CURVE", credentials.count == 1, credentials[0].count == 32 else { return nil }
        return CurveKey(bytes: credentials[0])
    }
}

/// A ZAP reply: the handler's verdict on one ``ZapRequest``.
public struct ZapReply: Sendable, Hashable {
    /// RFC 27 status codes.
    public enum Status: String, Sendable {
        case success = "200"
        case temporaryError = "300"
        case failure = "400"
        case internalError = "500"
    }

    public var requestID: [UInt8]
    public var status: Status
    /// Why, for the peer's logs.
    public var statusText: String
    /// What the server socket's messages from this peer carry as their `User-Id` property (empty unless accepted).
    public var userID: String

    public init(requestID: [UInt8], status: Status, statusText: String, userID: String = "") {
        self.requestID = requestID
        self.status = status
        self.statusText = statusText
        self.userID = userID
    }

    /// The reply a malformed request gets, so the REP socket can go on: status 500, the request id if there was one.
    public static func malformed(_ frames: [[UInt8]]) -> ZapReply {
        ZapReply(requestID: frames.count > 1 ? frames[1] : [], status: .internalError, statusText: "malformed request")
    }

    /// The frames to send: version, request id, status code, status text, user id and empty metadata.
    public var frames: [[UInt8]] {
        [Array("1.0".utf8), requestID, Array(status.rawValue.utf8), Array(statusText.utf8), Array(userID.utf8), []]
    }
}
