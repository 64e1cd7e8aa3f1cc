import ArgumentParser
import LedgerAPI

/// `--repeat daily|weekly|monthly [--every N] [--until DATE | --count N]`, for `events add` and `events edit`.
struct EventRepeatOptions: ParsableArguments {
    /// How often an event comes back.
    enum Frequency: String, ExpressibleByArgument, CaseIterable {
        case daily, weekly, monthly
    }

    @Option(name: .customLong("repeat"), help: "Repeat daily, weekly or monthly.")
    var frequency: Frequency?

    @Option(help: "Every N days, weeks or months (default: 1).")
    var every: Int?

    @Option(help: "The last day an occurrence may start on, YYYY-MM-DD.")
    var until: String?

    @Option(help: "How many occurrences in all.")
    var count: Int?

    func validate() throws {
        guard frequency != nil || (every == nil && until == nil && count == nil) else {
            throw ValidationError("--every, --until and --count go with --repeat")
        }
        guard until == nil || count == nil else { throw ValidationError("give --until or --count, not both") }
    }

    /// The repeat rule given, if any.
    var rule: EventRepeat? {
        frequency.map { EventRepeat(frequency: $0.rawValue, interval: every, until: until, count: count) }
    }
}
