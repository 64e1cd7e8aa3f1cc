import Foundation

/// Reads a process's resident set size from `/proc/PID/status` (Linux).
enum ResidentMemory {
    /// The `VmRSS` of process `pid` in KiB, or `nil` when the process is gone or the field missing.
    static func kibibytes(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
    }
}
