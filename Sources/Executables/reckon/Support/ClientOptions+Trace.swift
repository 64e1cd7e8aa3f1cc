import Foundation

extension ClientOptions {
    /// The trace context the calls carry: `TRACEPARENT` and `TRACESTATE` from the environment (OpenTelemetry's
    /// environment carrier), or with `--trace` a new one; with `--trace` its trace id is printed on standard error.
    func traceContext() -> (traceparent: String, tracestate: String?)? {
        let environment = ProcessInfo.processInfo.environment
        let inherited = environment["TRACEPARENT"].flatMap { $0.isEmpty ? nil : $0 }
        guard inherited != nil || trace else { return nil }
        let traceparent = inherited ?? Self.newTraceparent()
        if trace {
            let traceID = traceparent.split(separator: "-").dropFirst().first.map(String.init) ?? traceparent
            FileHandle.standardError.write(Data("trace \(traceID)\n".utf8))
        }
        return (traceparent, inherited == nil ? nil : environment["TRACESTATE"])
    }

    /// A sampled `traceparent` with random ids: version 00, 16 bytes of trace id, 8 of parent id (the CLI records
    /// no span of its own, so the gateway's and the worker's are the trace's first).
    private static func newTraceparent() -> String {
        func hex(_ count: Int) -> String {
            (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        }
        return "00-\(hex(16))-\(hex(8))-01"
    }
}
