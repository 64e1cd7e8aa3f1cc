import ZeroMQ

extension ReckonClient {
    /// How a client connects.
    public struct Configuration: Sendable {
        /// - `endpoint` (string, `tcp://127.0.0.1:5555`): the gateway's client endpoint.
        public var endpoint: String
        /// - `timeout` (duration, 10 s): how long a call waits for its reply unless it names its own.
        public var timeout: Duration
        /// CURVE: the gateway's public key and this client's key pair; `nil` for plain text.
        public var curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?

        public init(
            endpoint: String = "tcp://127.0.0.1:5555",
            timeout: Duration = .seconds(10),
            curve: (serverKey: CurveKey, keyPair: CurveKeyPair)? = nil
        ) {
            self.endpoint = endpoint
            self.timeout = timeout
            self.curve = curve
        }
    }
}
