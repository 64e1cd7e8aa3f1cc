import Foundation
import Wire

/// One case's timings: per-call microseconds of each run, for the library call and the whole op.
struct InProcessTiming {
    let name: String
    let library: [Double]
    let op: [Double]

    static func table(_ rows: [InProcessTiming], iterations: Int, runs: Int) -> String {
        var lines = ["in-process, \(runs) runs of \(iterations) calls; per call, µs: median (fastest run)"]
        lines.append("case                      library            whole op (JSON in and out)")
        for row in rows {
            let library = String(format: "%8.2f (%7.2f)", row.library.median, row.library.min()!)
            let op = String(format: "%8.2f (%7.2f)", row.op.median, row.op.min()!)
            lines.append(row.name.padding(toLength: 26, withPad: " ", startingAt: 0) + library + "   " + op)
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ rows: [InProcessTiming]) -> JSONValue {
        .array(
            rows.map { row in
                [
                    "case": .string(row.name),
                    "libraryMedianMicroseconds": .number(String(format: "%.2f", row.library.median)),
                    "opMedianMicroseconds": .number(String(format: "%.2f", row.op.median)),
                ]
            }
        )
    }
}
