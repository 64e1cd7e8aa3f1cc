import ArgumentParser
import LedgerAPI
import Wire

/// `reckon export csv WHAT` and `reckon export json`: the household's data on standard output.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a household table as CSV, or the whole household as JSON, to standard output.",
        discussion: "Example: reckon export csv bills > bills.csv; reckon export json > backup.json",
        subcommands: [CSV.self, JSON.self]
    )

    /// `reckon export csv bills|payments|balances|inventory|shopping`.
    struct CSV: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract: "One table as RFC 4180 CSV with a header row and exact amounts."
        )

        @Argument(help: "bills, payments, balances, inventory or shopping.")
        var what: String

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = ExportCSVOp.Args(householdId: try await options.householdId(), what: what)
            let table = try await options.ledger.call(ExportCSVOp.self, args)
            print(table.csv, terminator: "")
        }
    }

    /// `reckon export json`.
    struct JSON: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "json",
            abstract: "The whole household (members, bills, payments, rules, events, balances, stock, list, activity)."
        )

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let document = try await options.ledger.call(
                ExportJSONOp.self,
                HouseholdArgs(householdId: try await options.householdId())
            )
            print(String(decoding: try JSONCoding.encode(document), as: UTF8.self))
        }
    }
}
