import Foundation

/// Turns results into what the bench prints: a text report, a comparison table, or JSON.
enum Report {
    /// The figures of one run.
    static func text(_ result: LoadResult, target: BenchTarget) -> String {
        var lines = [
            "\(target.service) \(target.op) \(result.path), \(result.clients) client\(result.clients == 1 ? "" : "s")",
            table([result]),
        ]
        if let error = result.firstError { lines.append("first error reply: \(error)") }
        return lines.joined(separator: "\n")
    }

    /// The comparison table, its ratios and the flood's memory figures.
    static func text(_ comparison: ComparisonResult) -> String {
        let sequential = comparison.runs[0].latency.p50
        let concurrent = comparison.runs[2].clients
        var lines = [
            "\(comparison.service) \(comparison.op): \(comparison.slots) worker slots for each path, "
                + "\(comparison.measured) measured per run after \(comparison.warmup) warm-up",
            table(comparison.runs),
            "",
            String(
                format: "gateway/direct throughput at %ld clients: %.2f",
                concurrent,
                comparison.throughputRatio
            ),
            String(
                format: "p50 through the gateway, 1 client: %.1f µs (direct %.1f µs, gateway adds %.1f µs)",
                sequential,
                comparison.runs[1].latency.p50,
                comparison.sequentialP50Overhead
            ),
        ]
        if let error = comparison.runs.lazy.compactMap(\.firstError).first {
            lines.append("first error reply: \(error)")
        }
        if let flood = comparison.flood { lines.append(text(flood)) }
        return lines.joined(separator: "\n")
    }

    /// One line for a flood.
    static func text(_ flood: FloodResult) -> String {
        "flood: \(flood.sent) requests to \(flood.service) at \(flood.rate)/s for \(flood.span): "
            + "\(flood.answered) answered, \(flood.unavailable) unavailable; gateway VmRSS "
            + "\(flood.residentKiB.first ?? 0) KiB before, max \(flood.maximumResidentKiB) KiB "
            + "(per second: \(flood.residentKiB.map(String.init).joined(separator: " ")))"
    }

    /// `value` as pretty-printed JSON with sorted, snake_case keys.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: - Table

    private static let header = [
        "path", "clients", "replies", "req/s", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs",
        "max µs", "errors",
    ]

    private static func table(_ results: [LoadResult]) -> String {
        let rows = [header] + results.map(row)
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { column, cell in
                let padding = String(repeating: " ", count: cell.1 - cell.0.count)
                return column == 0 ? cell.0 + padding : padding + cell.0
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    private static func row(_ result: LoadResult) -> [String] {
        let latency = result.latency
        let percentiles = [latency.p50, latency.p90, latency.p99, latency.p999, latency.max]
        let rate = String(format: "%.0f", result.requestsPerSecond)
        return [result.path, "\(result.clients)", "\(result.replies)", rate]
            + percentiles.map { String(format: "%.1f", $0) } + ["\(result.errors + result.malformed)"]
    }
}
