import ArgumentParser
import LedgerAPI

/// `reckon settle`: the fewest transfers that clear every balance, each with the entries it pays for.
struct SettleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Suggest the fewest transfers that settle every balance, explained by the bills they pay for.",
        discussion: "Record a transfer once made with `reckon pay TO AMOUNT`."
    )

    @Option(
        name: .customLong("in"),
        help: "One plan in the household's currency, every entry at the value it was written with."
    )
    var valuedIn: String?

    @OptionGroup var options: HouseholdOptions

    func run() async throws {
        let members = try await options.members()
        let args = SettleSuggestOp.Args(householdId: members.household.householdId, in: valuedIn)
        let plan = try await options.ledger.call(SettleSuggestOp.self, args)
        try options.ledger.print(typed: plan) { LedgerRendering.settlePlan($0, members) }
    }
}
