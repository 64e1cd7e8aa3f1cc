#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds free TCP ports on 127.0.0.1 for the processes the bench starts.
enum FreePort {
    /// `count` distinct free loopback ports: each is bound to port 0 and read back, all held open until every one is
    /// known so none repeats. Another program could still take one before the child binds it; that is unlikely.
    /// - Throws: ``BenchError`` when a socket cannot be opened or bound.
    static func loopbackEndpoints(_ count: Int) throws -> [String] {
        var descriptors: [Int32] = []
        defer { descriptors.forEach { close($0) } }
        var endpoints: [String] = []
        for _ in 0..<count {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw BenchError("socket failed: errno \(errno)") }
            descriptors.append(descriptor)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
                }
            }
            guard bound else { throw BenchError("cannot bind a loopback port: errno \(errno)") }
            endpoints.append("tcp://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
        }
        return endpoints
    }
}
