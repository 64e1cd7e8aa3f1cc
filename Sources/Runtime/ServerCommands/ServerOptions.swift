import ArgumentParser
import Foundation
import ZeroMQ

/// Options every Reckon server process shares: its metrics endpoint and CURVE key files.
public struct ServerOptions: ParsableArguments {
    @Option(help: "Address for /metrics and /health (env RECKON_METRICS_HOST).")
    public var metricsHost: String = ProcessInfo.processInfo.environment["RECKON_METRICS_HOST"] ?? "127.0.0.1"

    @Option(help: "Port for /metrics and /health; 0 picks a free one and logs it (env RECKON_METRICS_PORT).")
    public var metricsPort: UInt16 =
        ProcessInfo.processInfo.environment["RECKON_METRICS_PORT"].flatMap { UInt16($0) } ?? 0

    @Option(help: "Heartbeat interval in milliseconds.")
    public var heartbeatMs: Int = 1000

    @Option(help: "Missed heartbeats after which a peer counts as dead.")
    public var liveness: Int = 3

    public init() {}

    public func validate() throws {
        guard heartbeatMs > 0 else { throw ValidationError("--heartbeat-ms must be positive") }
        guard liveness > 0 else { throw ValidationError("--liveness must be positive") }
    }

    /// Reads a Z85 key (40 characters) from `path`.
    /// - Throws: `ValidationError` naming the file.
    public static func readKey(_ path: String) throws -> CurveKey {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ValidationError("cannot read key file \(path)")
        }
        do {
            return try CurveKey(z85: text)
        } catch {
            throw ValidationError("\(path) does not hold a 40-character Z85 CURVE key")
        }
    }
}
