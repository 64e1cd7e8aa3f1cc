import ArgumentParser

/// A span of time given on the command line: `10s`, `500ms`, `2m`, or a bare number of seconds.
struct TimeSpan: Sendable, Hashable, ExpressibleByArgument, CustomStringConvertible {
    /// The span in nanoseconds.
    let nanoseconds: UInt64

    init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// A span of whole seconds.
    static func seconds(_ seconds: UInt64) -> TimeSpan {
        TimeSpan(nanoseconds: seconds * 1_000_000_000)
    }

    /// Units a span may end with, in the order they are tried (`ms` before `s`).
    private static let units: [(suffix: String, nanoseconds: UInt64)] = [
        ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
    ]

    init?(argument: String) {
        let unit = Self.units.first { argument.hasSuffix($0.suffix) }
        guard let count = UInt64(argument.dropLast(unit?.suffix.count ?? 0)) else { return nil }
        let (nanoseconds, overflow) = count.multipliedReportingOverflow(by: unit?.nanoseconds ?? 1_000_000_000)
        guard !overflow else { return nil }
        self.init(nanoseconds: nanoseconds)
    }

    var description: String {
        nanoseconds % 1_000_000_000 == 0 ? "\(nanoseconds / 1_000_000_000)s" : "\(nanoseconds / 1_000_000)ms"
    }
}

/// How long a phase of a run lasts: a span of time, or a number of replies.
///
/// On the command line a value with a unit (`1s`, `500ms`) is a time and a bare number (`1000`) counts replies.
enum Budget: Sendable, Hashable, ExpressibleByArgument, CustomStringConvertible {
    case time(TimeSpan)
    case replies(Int)

    init?(argument: String) {
        if let count = Int(argument), count >= 0 {
            self = .replies(count)
        } else if let span = TimeSpan(argument: argument) {
            self = .time(span)
        } else {
            return nil
        }
    }

    /// Whether the phase is skipped altogether.
    var isEmpty: Bool {
        switch self {
        case .time(let span): span.nanoseconds == 0
        case .replies(let count): count == 0
        }
    }

    var description: String {
        switch self {
        case .time(let span): span.description
        case .replies(let count): "\(count) requests"
        }
    }
}
