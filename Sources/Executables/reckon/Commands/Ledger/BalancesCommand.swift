import ArgumentParser
import LedgerAPI

/// `reckon balances [--convert-to EUR]`: who paid what, each share, and who owes whom.
struct BalancesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balances",
        abstract: "Show each member's paid, share, sent, received and net per currency, and who owes whom.",
        discussion: "A positive net is owed to the member; a negative one is what they owe."
    )

    @Option(help: "Also show the nets converted into this ISO 4217 currency, with the rates used.")
    var convertTo: String?

    @Option(
        name: .customLong("in"),
        help: "Everything in the household's currency, every entry at the value it was written with."
    )
    var valuedIn: String?

    @OptionGroup var options: HouseholdOptions

    func run() async throws {
        let members = try await options.members()
        let args = BalancesOp.Args(
            householdId: members.household.householdId,
            convertTo: convertTo,
            in: valuedIn
        )
        let balances = try await options.ledger.call(BalancesOp.self, args)
        try options.ledger.print(typed: balances) { LedgerRendering.balances($0, members) }
    }
}
