import ArgumentParser
import LedgerAPI

extension EventsCommand {
    /// `reckon events add TITLE --start ... [--end ...] [--all-day] [--time-zone ZONE] [--location ...]
    /// [--repeat daily|weekly|monthly] [--every N] [--until DATE | --count N]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an event: timed (start and end) or all-day, optionally repeating."
        )

        /// How often the event comes back.
        enum Frequency: String, ExpressibleByArgument, CaseIterable {
            case daily, weekly, monthly
        }

        @Argument(help: "What the event is called.")
        var title: String

        @Option(help: "The start: YYYY-MM-DDTHH:MM (with --time-zone or an offset), or YYYY-MM-DD with --all-day.")
        var start: String

        @Option(help: "The end (required for a timed event); with --all-day, the last day (default: the start).")
        var end: String?

        @Flag(help: "A whole-day event.")
        var allDay = false

        @Option(help: "An IANA time zone such as America/Toronto.")
        var timeZone: String?

        @Option(help: "Where it happens.")
        var location: String?

        @Option(name: .customLong("repeat"), help: "Repeat daily, weekly or monthly.")
        var frequency: Frequency?

        @Option(help: "Every N days, weeks or months (default: 1).")
        var every: Int?

        @Option(help: "The last day an occurrence may start on, YYYY-MM-DD.")
        var until: String?

        @Option(help: "How many occurrences in all.")
        var count: Int?

        @OptionGroup var options: HouseholdOptions

        func validate() throws {
            guard frequency != nil || (every == nil && until == nil && count == nil) else {
                throw ValidationError("--every, --until and --count go with --repeat")
            }
            guard until == nil || count == nil else { throw ValidationError("give --until or --count, not both") }
        }

        func run() async throws {
            let args = EventsAddOp.Args(
                householdId: try await options.householdId(),
                title: title,
                start: start,
                end: end,
                allDay: allDay,
                timeZone: timeZone,
                location: location,
                repeat: frequency.map {
                    EventRepeat(frequency: $0.rawValue, interval: every, until: until, count: count)
                }
            )
            let event = try await options.ledger.call(EventsAddOp.self, args)
            try options.ledger.print(typed: event, text: LedgerRendering.event)
        }
    }
}
