import ArgumentParser
import LedgerAPI

extension EventsCommand {
    /// `reckon events add TITLE --start ... [--end ...] [--all-day] [--time-zone ZONE] [--location ...]
    /// [--repeat daily|weekly|monthly] [--every N] [--until DATE | --count N]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an event: timed (start and end) or all-day, optionally repeating."
        )

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

        @OptionGroup var repeatRule: EventRepeatOptions
        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = EventsAddOp.Args(
                householdId: try await options.householdId(),
                title: title,
                start: start,
                end: end,
                allDay: allDay,
                timeZone: timeZone,
                location: location,
                repeat: repeatRule.rule
            )
            let event = try await options.ledger.call(EventsAddOp.self, args)
            try options.ledger.print(typed: event, text: LedgerRendering.event)
        }
    }
}
