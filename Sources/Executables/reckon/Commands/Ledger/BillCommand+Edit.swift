import ArgumentParser
import LedgerAPI

extension BillCommand {
    /// `reckon bill edit BILL --version N [--description D] [--amount A] [--date D] [payer] [split] ...`.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change some fields of a bill, given the version you last read.",
            discussion: """
                Only the fields given change; payer and split options are those of `reckon bill add`. A bill \
                changed since --version is refused with a conflict: show it again and retry.
                """
        )

        @Argument(help: "The bill id, from `reckon bills`.")
        var bill: String

        @Option(help: "The version you last read (from `reckon bill show` or `reckon bills`).")
        var version: Int

        @Option(help: "A new description.")
        var description: String?

        @Option(help: "A new total, e.g. 84.30.")
        var amount: String?

        @Option(help: "A new date, YYYY-MM-DD.")
        var date: String?

        @OptionGroup var changes: BillOptions
        @OptionGroup var value: GivenValueOptions
        @OptionGroup var ledger: LedgerOptions

        func validate() throws {
            let fields = try changes.fields(description: description, amount: amount, date: date, adding: false) { $0 }
            guard fields != BillFields() || !value.given.isEmpty else {
                throw ValidationError("nothing to change: give a field to change")
            }
        }

        func run() async throws {
            let current = try await ledger.call(BillsGetOp.self, BillIDArgs(billId: bill))
            let members = try await ledger.members(of: current.householdId)
            let fields = try changes.fields(
                description: description,
                amount: amount,
                date: date,
                adding: false,
                userId: members.userId
            )
            let edited = try await ledger.call(
                BillsEditOp.self,
                BillArgs(BillRefArgs(billId: bill, version: version), bill: fields, value: value.given)
            )
            try ledger.print(typed: edited) { LedgerRendering.bill($0, members) }
        }
    }
}
