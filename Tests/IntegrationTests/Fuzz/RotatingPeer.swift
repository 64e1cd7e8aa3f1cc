import ZeroMQ

/// An abusive peer's socket, replaced every `replaceEvery` messages. Every third new socket reuses the routing id of
/// the peer's earlier ones while their connection may still be known to the gateway (which hands the id over).
struct RotatingPeer {
    let endpoint: String
    let replaceEvery: Int
    private let reusedID: [UInt8]
    private(set) var peer: RawPeer?
    /// How many sockets the peer opened so far.
    private(set) var generation = 0

    init(_ endpoint: String, replaceEvery: Int, name: String) {
        self.endpoint = endpoint
        self.replaceEvery = replaceEvery
        reusedID = Array(name.utf8)
    }

    /// The socket for message number `index`, opening a new one (and dropping the old one) when it is due.
    /// - Returns: the socket, and whether it is new.
    mutating func socket(forMessage index: Int) throws -> (ZMQSocket, isNew: Bool) {
        if let peer, index % replaceEvery != 0 { return (peer.socket, false) }
        let reuse = generation % 3 == 1
        peer = nil
        let opened = try RawPeer(.dealer, connect: endpoint, routingID: reuse ? reusedID : nil)
        try opened.socket.setLinger(milliseconds: 0)
        peer = opened
        generation += 1
        return (opened.socket, true)
    }
}
