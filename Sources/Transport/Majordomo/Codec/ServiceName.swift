import ZeroMQ

/// Service names: non-empty UTF-8, at most 255 bytes (RFC 18 leaves the limit open; Reckon fixes one).
enum ServiceName {
    static let maximumLength = 255

    /// Decodes the service name frame at `offset`.
    /// - Throws: ``MajordomoError`` `badServiceName`.
    static func decode(_ frames: ZMQFrames, at offset: Int) throws -> String {
        try frames.withBytes(at: offset) { try decode($0) }
    }

    /// Decodes a service name frame.
    /// - Throws: ``MajordomoError`` `badServiceName`.
    static func decode(_ frame: some Collection<UInt8>) throws -> String {
        guard !frame.isEmpty, frame.count <= maximumLength, let name = String(validating: frame, as: UTF8.self) else {
            throw MajordomoError(.badServiceName, "service name must be 1-\(maximumLength) bytes of UTF-8")
        }
        return name
    }
}
