import ArgumentParser
import LedgerAPI

/// `reckon bill`: add, edit, delete and show one bill of a household.
struct BillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bill",
        abstract: "Add, edit, delete and show bills: who paid and how the amount is split.",
        discussion: """
            Members are named as me, a username or a user id. Amounts are decimal text in the currency's minor \
            digits, e.g. 84.30.
            Example: reckon bill add "Groceries" 84.30 --paid-by me --split equal
            """,
        subcommands: [Add.self, Edit.self, Delete.self, Show.self]
    )

    /// `reckon bill show BILL`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a bill with what each member paid and their share."
        )

        @Argument(help: "The bill id, from `reckon bills`.")
        var bill: String

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let shown = try await ledger.call(BillsGetOp.self, BillIDArgs(billId: bill))
            let members = try await ledger.members(of: shown.householdId)
            try ledger.print(typed: shown) { LedgerRendering.bill($0, members) }
        }
    }

    /// `reckon bill delete BILL [--version N]`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a bill; the activity log keeps it.",
            discussion: "With --version, a bill changed since that version is not deleted."
        )

        @Argument(help: "The bill id, from `reckon bills`.")
        var bill: String

        @Option(help: "The version you last read.")
        var version: Int?

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let done = try await ledger.call(BillsDeleteOp.self, BillRefArgs(billId: bill, version: version))
            try ledger.print(typed: done) { _ in "deleted bill \(bill)" }
        }
    }
}
