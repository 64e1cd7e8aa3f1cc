import Foundation

/// Connections the kernel holds open on the accepting side of TCP port `port` (local port `port`, ESTABLISHED or
/// CLOSE_WAIT), from `/proc/net/tcp`. When a peer closes its end, the server's end stays in CLOSE_WAIT until the
/// server closes its socket, so this count going down is the event "the server (a gateway's libzmq) has seen the
/// connection close", which a test can wait on instead of sleeping.
func acceptedConnections(onPort port: Int) throws -> Int {
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let local = String(format: ":%04X", port)
    return table.split(separator: "\n").dropFirst().filter { line in
        let columns = line.split(separator: " ")
        // Columns: sl, local address, remote address, state (01 ESTABLISHED, 08 CLOSE_WAIT), ...
        return columns.count > 3 && columns[1].hasSuffix(local) && ["01", "08"].contains(columns[3])
    }.count
}

extension LocalStack {
    /// The port of the gateway's worker endpoint.
    var workerPort: Int { Int(workerEndpoint.split(separator: ":").last ?? "") ?? 0 }

    /// Waits until the gateway holds `count` connections on its worker endpoint.
    /// - Throws: ``StackError`` after `timeout`.
    func waitForWorkerConnections(_ count: Int, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while try acceptedConnections(onPort: workerPort) != count {
            guard ContinuousClock.now < deadline else {
                throw StackError("the gateway kept \(try acceptedConnections(onPort: workerPort)) worker connections")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
