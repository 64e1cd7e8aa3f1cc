import ArgumentParser
import LedgerAPI

extension LedgerRecurringCommand {
    /// `reckon recurring add DESCRIPTION AMOUNT [--monthly | --weekly] [--every N] --start DATE [--end DATE] ...`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a bill that repeats every N weeks or months from a start date, until an end date.",
            discussion: "Payer and split options are those of `reckon bill add`."
        )

        /// How often the bill comes back.
        enum Frequency: String, EnumerableFlag {
            case monthly, weekly
        }

        @Argument(help: "What the bill is for.")
        var description: String

        @Argument(help: "The amount of each occurrence, e.g. 1800.00.")
        var amount: String

        @Flag(help: "Repeat monthly (the default) or weekly.")
        var frequency = Frequency.monthly

        @Option(help: "Every N months or weeks (default: 1).")
        var every: Int?

        @Option(help: "The first date, YYYY-MM-DD.")
        var start: String

        @Option(help: "The last possible date, YYYY-MM-DD (default: no end).")
        var end: String?

        @OptionGroup var bill: BillOptions
        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let members = try await options.members()
            let fields = try bill.fields(
                description: description,
                amount: amount,
                date: nil,
                adding: true,
                userId: members.userId
            )
            let args = RecurringAddOp.Args(
                householdId: members.household.householdId,
                bill: fields,
                frequency: frequency.rawValue,
                interval: every,
                start: start,
                end: end
            )
            let rule = try await options.ledger.call(RecurringAddOp.self, args)
            try options.ledger.print(typed: rule, text: LedgerRendering.rule)
        }
    }
}
