import ArgumentParser
import LedgerAPI

extension BillCommand {
    /// `reckon bill add DESCRIPTION AMOUNT [payer] [split] [--currency C] [--date D] [--category C]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a bill: who paid it (default: me) and how it is split (default: equally).",
            discussion: """
                Give at most one split: --split equal [--among alice,bob], --split-exact alice=10.00,bob=74.30, \
                --shares alice=2,bob=1, --percent alice=60,bob=40, or --item lines with optional --tax and --tip.
                Examples:
                  reckon bill add "Groceries" 84.30 --paid-by me --split equal
                  reckon bill add "Dinner" 43.50 --payer alice=30 --payer bob=13.50 \
                --item "Pizza=20.00:alice,bob" --item "Wine=15.00:bob" --tax 3.50 --tip 5.00
                """
        )

        @Argument(help: "What the bill is for.")
        var description: String

        @Argument(help: "The total, e.g. 84.30.")
        var amount: String

        @Option(help: "The bill's date, YYYY-MM-DD (default: today, UTC).")
        var date: String?

        @OptionGroup var bill: BillOptions
        @OptionGroup var value: GivenValueOptions
        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let members = try await options.members()
            let fields = try bill.fields(
                description: description,
                amount: amount,
                date: date,
                adding: true,
                userId: members.userId
            )
            let args = BillArgs(
                HouseholdArgs(householdId: members.household.householdId),
                bill: fields,
                value: value.given
            )
            let added = try await options.ledger.call(BillsAddOp.self, args)
            try options.ledger.print(typed: added) { LedgerRendering.bill($0, members) }
        }
    }
}
