import ArgumentParser
import LedgerAPI
import Wire

/// `reckon events`: the household calendar.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Add, edit, list, delete and export the household's calendar events.",
        discussion: """
            Times are YYYY-MM-DDTHH:MM with --time-zone (an IANA name such as America/Toronto), or with an offset \
            (2026-12-01T18:00-05:00); all-day events take dates.
            Example: reckon events add "Bin day" --start 2026-12-01 --all-day --repeat weekly
            Export for a calendar program: reckon events ical > home.ics
            """,
        subcommands: [Add.self, Edit.self, List.self, Delete.self, ICal.self]
    )

    /// `reckon events list (--day DATE | --from DATE --to DATE) [--time-zone ZONE]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the occurrences on a day or in a range of days (at most 366), repeats expanded."
        )

        @Option(help: "One day, YYYY-MM-DD.")
        var day: String?

        @Option(help: "The first day, YYYY-MM-DD (with --to).")
        var from: String?

        @Option(help: "The last day, YYYY-MM-DD, included.")
        var to: String?

        @Option(help: "The time zone the days are read in (default: UTC).")
        var timeZone: String?

        @OptionGroup var options: HouseholdOptions

        func validate() throws {
            guard (day == nil) != (from == nil && to == nil), (from == nil) == (to == nil) else {
                throw ValidationError("give --day, or --from and --to")
            }
        }

        func run() async throws {
            let args = EventsListOp.Args(
                householdId: try await options.householdId(),
                day: day,
                from: from,
                to: to,
                timeZone: timeZone
            )
            let list = try await options.ledger.call(EventsListOp.self, args)
            try options.ledger.print(typed: list) { LedgerRendering.occurrences($0.occurrences) }
        }
    }

    /// `reckon events delete EVENT`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an event with all its repeats.")

        @Argument(help: "The event's id, from `reckon events list`.")
        var event: String

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let done = try await ledger.call(EventsDeleteOp.self, EventRefArgs(eventId: event))
            try ledger.print(typed: done) { _ in "Deleted \(event)." }
        }
    }

    /// `reckon events ical`: the calendar as `.ics` on standard output.
    struct ICal: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ical",
            abstract: "Print the household's calendar as an iCalendar (.ics) file: reckon events ical > home.ics"
        )

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = HouseholdArgs(householdId: try await options.householdId())
            let result = try await options.ledger.call(EventsICalOp.self, args)
            print(result.calendar, terminator: "")
        }
    }
}
