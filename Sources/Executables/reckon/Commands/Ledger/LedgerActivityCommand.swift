import ArgumentParser
import LedgerAPI

/// `reckon activity [--after N] [--limit N]`: a household's change log, oldest first.
struct LedgerActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Show a household's changes, oldest first: who did what and when."
    )

    @Option(help: "Only changes after this cursor (default: from the start).")
    var after: Int?

    @Option(help: "Changes per page (1 to 500; default 100).")
    var limit: Int?

    @OptionGroup var options: HouseholdOptions

    func run() async throws {
        let members = try await options.members()
        let args = ActivityListOp.Args(householdId: members.household.householdId, after: after, limit: limit)
        let page = try await options.ledger.call(ActivityListOp.self, args)
        try options.ledger.print(typed: page) { LedgerRendering.activity($0, members) }
    }
}
