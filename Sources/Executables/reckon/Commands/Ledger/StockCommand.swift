import ArgumentParser
import Foundation
import LedgerAPI

/// `reckon stock`: what the household has in its cupboards.
struct StockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock",
        abstract: "Add to, list and use the household's stock; see what expires soon.",
        discussion: """
            Lines are named by id or name. A line added with --restock goes back on the shopping list when it runs \
            out. Example: reckon stock add Rice 2 --unit kg --location pantry; reckon stock use Rice 500 --unit g
            """,
        subcommands: [Add.self, List.self, Use.self, Expiring.self]
    )

    /// `reckon stock add NAME QUANTITY [--unit U] [--location L] [--best-before D] [--restock [--restock-quantity Q]]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add stock (joined to a line of the same name, location and unit)."
        )

        @Argument(help: "What it is.")
        var name: String

        @Argument(help: "How much.")
        var quantity: String

        @Option(help: "The unit, e.g. kg, L, pcs (default pcs).")
        var unit: String?

        @Option(help: "Where it is kept, e.g. pantry.")
        var location: String?

        @Option(help: "Its best-before date, YYYY-MM-DD.")
        var bestBefore: String?

        @Flag(help: "Put it back on the shopping list when it runs out.")
        var restock = false

        @Option(help: "How much to put on the list when it runs out (default 1).")
        var restockQuantity: String?

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = InventoryAddOp.Args(
                householdId: try await options.householdId(),
                name: name,
                quantity: quantity,
                unit: unit,
                location: location,
                bestBefore: bestBefore,
                restock: restock ? true : nil,
                restockQuantity: restockQuantity
            )
            let added = try await options.ledger.call(InventoryAddOp.self, args)
            try options.ledger.print(typed: added) { LedgerRendering.stock([$0.stock]) }
        }
    }

    /// `reckon stock list [--location L]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the household's stock.")

        @Option(help: "Only what is kept here.")
        var location: String?

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = InventoryListOp.Args(householdId: try await options.householdId(), location: location)
            let stock = try await options.ledger.call(InventoryListOp.self, args)
            try options.ledger.print(typed: stock) { LedgerRendering.stock($0.lines) }
        }
    }

    /// `reckon stock use ITEM QUANTITY [--unit U]`.
    struct Use: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take an amount out of a stock line.")

        @Argument(help: "The line's id or name.")
        var item: String

        @Argument(help: "How much.")
        var quantity: String

        @Option(help: "The unit of QUANTITY when not the line's, e.g. g for a line in kg.")
        var unit: String?

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = InventoryConsumeOp.Args(
                itemId: try await options.stockLineId(item),
                quantity: quantity,
                unit: unit
            )
            let change = try await options.ledger.call(InventoryConsumeOp.self, args)
            try options.ledger.print(typed: change) { LedgerRendering.stockChange($0) }
        }
    }

    /// `reckon stock expiring [--days N] [--time-zone Z]`.
    struct Expiring: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what is past or reaches its best-before date within some days."
        )

        @Option(help: "How many days ahead to look (default 3).")
        var days = 3

        @Option(help: "The time zone whose today counts, IANA name or offset (default: this computer's).")
        var timeZone = TimeZone.current.identifier

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = InventoryListOp.Args(
                householdId: try await options.householdId(),
                expiringWithinDays: days,
                timeZone: timeZone
            )
            let due = try await options.ledger.call(InventoryListOp.self, args)
            try options.ledger.print(typed: due) { LedgerRendering.expiring($0) }
        }
    }
}
