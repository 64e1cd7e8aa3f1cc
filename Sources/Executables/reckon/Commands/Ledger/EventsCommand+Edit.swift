import ArgumentParser
import LedgerAPI

extension EventsCommand {
    /// `reckon events edit EVENT --version N [--title T] [--start S [--end E] [--all-day] [--time-zone Z]]
    /// [--location L] [--repeat ... | --no-repeat]`.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an event, given the version last read; --start replaces the whole timing.",
            discussion: "Example: reckon events edit EVENT --version 1 --start 2026-03-02 --all-day"
        )

        @Argument(help: "The event's id, from `reckon events list`.")
        var event: String

        @Option(help: "The version last read (from events add or events get).")
        var version: Int

        @Option(help: "A new title.")
        var title: String?

        @Option(help: "A new start; the end, all-day and time zone are then the ones given here.")
        var start: String?

        @Option(help: "The new end (with --start).")
        var end: String?

        @Flag(help: "Make it a whole-day event (with --start).")
        var allDay = false

        @Option(help: "The new IANA time zone (with --start).")
        var timeZone: String?

        @Option(help: "A new place; an empty one removes it.")
        var location: String?

        @OptionGroup var repeatRule: EventRepeatOptions

        @Flag(help: "Stop repeating.")
        var noRepeat = false

        @OptionGroup var ledger: LedgerOptions

        func validate() throws {
            guard !noRepeat || repeatRule.frequency == nil else {
                throw ValidationError("give --repeat or --no-repeat")
            }
        }

        func run() async throws {
            let args = EventsEditOp.Args(
                eventId: event,
                version: version,
                title: title,
                start: start,
                end: end,
                allDay: allDay ? true : nil,
                timeZone: timeZone,
                location: location,
                repeat: noRepeat ? EventRepeat(frequency: "none") : repeatRule.rule
            )
            let edited = try await ledger.call(EventsEditOp.self, args)
            try ledger.print(typed: edited, text: LedgerRendering.event)
        }
    }
}
