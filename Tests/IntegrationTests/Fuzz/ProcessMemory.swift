import Foundation

/// A process's resident memory, from `/proc/PID/status`.
enum ProcessMemory {
    /// Resident set size in bytes, or nil when the process is gone.
    static func residentBytes(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// `bytes` in whole megabytes.
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}
