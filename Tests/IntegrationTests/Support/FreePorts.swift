import ZeroMQ

/// Free TCP ports on 127.0.0.1, found by letting libzmq bind `*` and reading the port back.
enum FreePorts {
    /// `count` distinct free ports. Another process could take one before the test binds it; the window is small.
    static func take(_ count: Int) throws -> [Int] {
        let context = try ZMQContext()
        var sockets: [ZMQSocket] = []
        defer { sockets.forEach { $0.close() } }
        var ports: [Int] = []
        for _ in 0..<count {
            let socket = try ZMQSocket(context: context, type: .router)
            try socket.bind("tcp://127.0.0.1:*")
            sockets.append(socket)
            guard let port = try socket.lastEndpoint.split(separator: ":").last.flatMap({ Int($0) }) else {
                throw StackError("cannot read a bound port")
            }
            ports.append(port)
        }
        return ports
    }
}
