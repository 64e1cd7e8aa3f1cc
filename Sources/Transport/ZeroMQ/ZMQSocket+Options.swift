import CZeroMQ

extension ZMQSocket {
    /// Sets an `int` option.
    /// - Throws: ``ZMQError`` from `zmq_setsockopt`.
    func setOption(_ option: Int32, _ value: Int32) throws {
        let handle = try requireHandle("zmq_setsockopt")
        var value = value
        try zmqCall("zmq_setsockopt") { zmq_setsockopt(handle, option, &value, MemoryLayout<Int32>.size) }
    }

    /// Sets an `int64_t` option.
    func setOption(_ option: Int32, _ value: Int64) throws {
        let handle = try requireHandle("zmq_setsockopt")
        var value = value
        try zmqCall("zmq_setsockopt") { zmq_setsockopt(handle, option, &value, MemoryLayout<Int64>.size) }
    }

    /// Sets a binary option.
    func setOption(_ option: Int32, bytes: [UInt8]) throws {
        let handle = try requireHandle("zmq_setsockopt")
        _ = try bytes.withUnsafeBytes { buffer in
            try zmqCall("zmq_setsockopt") { zmq_setsockopt(handle, option, buffer.baseAddress, buffer.count) }
        }
    }

    // MARK: - Named options

    /// Milliseconds to keep unsent messages after ``close()`` (`ZMQ_LINGER`); 0 by default here.
    /// - Throws: ``ZMQError``.
    public func setLinger(milliseconds: Int32) throws { try setOption(ZMQ_LINGER, milliseconds) }

    /// Makes a ROUTER fail with `EHOSTUNREACH` for unknown peers instead of dropping (`ZMQ_ROUTER_MANDATORY`).
    /// - Throws: ``ZMQError``.
    public func setRouterMandatory(_ enabled: Bool) throws {
        try setOption(ZMQ_ROUTER_MANDATORY, Int32(enabled ? 1 : 0))
    }

    /// Lets a new connection take over a routing id still held by a live one, instead of being ignored
    /// (`ZMQ_ROUTER_HANDOVER`). Without it, what the newcomer sends is never read and stays queued in libzmq.
    /// - Throws: ``ZMQError``.
    public func setRouterHandover(_ enabled: Bool) throws {
        try setOption(ZMQ_ROUTER_HANDOVER, Int32(enabled ? 1 : 0))
    }

    /// Disconnects peers that send a frame larger than `bytes` (`ZMQ_MAXMSGSIZE`; -1 for no limit).
    /// - Throws: ``ZMQError``.
    public func setMaxMessageSize(bytes: Int64) throws { try setOption(ZMQ_MAXMSGSIZE, bytes) }

    /// Queue limits in messages (`ZMQ_SNDHWM`, `ZMQ_RCVHWM`).
    /// - Throws: ``ZMQError``.
    public func setHighWaterMarks(send: Int32, receive: Int32) throws {
        try setOption(ZMQ_SNDHWM, send)
        try setOption(ZMQ_RCVHWM, receive)
    }

    /// The identity a ROUTER peer sees for this socket (`ZMQ_ROUTING_ID`), set before connecting.
    /// - Throws: ``ZMQError``.
    public func setRoutingID(_ identity: [UInt8]) throws { try setOption(ZMQ_ROUTING_ID, bytes: identity) }

    /// How long a blocking receive waits before failing with `EAGAIN` (`ZMQ_RCVTIMEO`; -1 waits forever).
    /// - Throws: ``ZMQError``.
    public func setReceiveTimeout(milliseconds: Int32) throws { try setOption(ZMQ_RCVTIMEO, milliseconds) }

    /// The descriptor libzmq signals when it has news for this socket (`ZMQ_FD`), for ``ZMQSignalPoller``.
    /// - Throws: ``ZMQError``.
    var notificationDescriptor: Int32 {
        get throws {
            let handle = try requireHandle("zmq_getsockopt")
            var descriptor: Int32 = -1
            var size = MemoryLayout<Int32>.size
            try zmqCall("zmq_getsockopt") { zmq_getsockopt(handle, ZMQ_FD, &descriptor, &size) }
            return descriptor
        }
    }

    // MARK: - CURVE

    /// Makes this socket a CURVE server with `secretKey` (`ZMQ_CURVE_SERVER`, `ZMQ_CURVE_SECRETKEY`).
    /// Set before bind.
    /// - Throws: ``ZMQError``.
    public func makeCurveServer(secretKey: CurveKey) throws {
        try setOption(ZMQ_CURVE_SERVER, Int32(1))
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: secretKey.bytes)
    }

    /// Makes this socket a CURVE client of the server whose public key is `serverKey`. Set before connect.
    /// - Throws: ``ZMQError``.
    public func makeCurveClient(serverKey: CurveKey, keyPair: CurveKeyPair) throws {
        try setOption(ZMQ_CURVE_SERVERKEY, bytes: serverKey.bytes)
        try setOption(ZMQ_CURVE_PUBLICKEY, bytes: keyPair.publicKey.bytes)
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: keyPair.secretKey.bytes)
    }

    /// Names this server socket in the ZAP requests its handshakes make (`ZMQ_ZAP_DOMAIN`), so one handler can tell
    /// sockets apart. Set before bind.
    /// - Throws: ``ZMQError``.
    public func setZapDomain(_ domain: String) throws { try setOption(ZMQ_ZAP_DOMAIN, bytes: Array(domain.utf8)) }
}
