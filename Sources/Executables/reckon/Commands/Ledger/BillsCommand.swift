import ArgumentParser
import LedgerAPI

/// `reckon bills [--limit N] [--cursor C]`: a household's bills, newest first.
struct BillsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bills",
        abstract: "List a household's bills, newest first, a page at a time."
    )

    @Option(help: "Bills per page (1 to 500; default 100).")
    var limit: Int?

    @Option(help: "The next page's cursor, printed under the previous page.")
    var cursor: String?

    @OptionGroup var options: HouseholdOptions

    func run() async throws {
        let members = try await options.members()
        let args = PageArgs(householdId: members.household.householdId, cursor: cursor, limit: limit)
        let page = try await options.ledger.call(BillsListOp.self, args)
        try options.ledger.print(typed: page) { LedgerRendering.bills($0, members) }
    }
}
