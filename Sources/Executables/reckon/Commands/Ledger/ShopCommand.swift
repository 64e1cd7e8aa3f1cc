import ArgumentParser
import LedgerAPI

/// `reckon shop`: the household's shopping list.
struct ShopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop",
        abstract: "Add to, list and remove from the shopping list; mark items bought into the cupboard.",
        discussion: """
            Items are named by id or name. Quantities are decimals; units such as g, kg, mL and L convert when \
            items merge. Example: reckon shop add Milk 2 --unit L; reckon shop bought Milk --paid 5.49
            """,
        subcommands: [Add.self, List.self, Bought.self, Remove.self]
    )

    /// `reckon shop add NAME [QUANTITY] [--unit U] [--note N]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put an item on the list (joined to one of the same name and unit already there)."
        )

        @Argument(help: "What to buy.")
        var name: String

        @Argument(help: "How much (default 1).")
        var quantity: String?

        @Option(help: "The unit, e.g. kg, L, pcs (default pcs).")
        var unit: String?

        @Option(help: "A note, e.g. a brand.")
        var note: String?

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = ShoppingAddOp.Args(
                householdId: try await options.householdId(),
                name: name,
                quantity: quantity,
                unit: unit,
                note: note
            )
            let item = try await options.ledger.call(ShoppingAddOp.self, args)
            try options.ledger.print(typed: item) { LedgerRendering.shopping([$0]) }
        }
    }

    /// `reckon shop list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the shopping list.")

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let list = try await options.ledger.call(
                ShoppingListOp.self,
                HouseholdArgs(householdId: try await options.householdId())
            )
            try options.ledger.print(typed: list) { LedgerRendering.shopping($0.items) }
        }
    }

    /// `reckon shop bought ITEM [--quantity Q] [--location L] [--best-before D] [--paid AMOUNT [--paid-by WHO]]`.
    struct Bought: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move an item (or part of it) off the list into the cupboard, optionally with its bill.",
            discussion: "With --paid, a bill for the purchase is recorded in the same step, split equally."
        )

        @Argument(help: "The item's id or name.")
        var item: String

        @Option(help: "How much was bought, in the item's unit (default: all of it).")
        var quantity: String?

        @Option(help: "Where it goes, e.g. fridge.")
        var location: String?

        @Option(help: "Its best-before date, YYYY-MM-DD.")
        var bestBefore: String?

        @Option(help: "What it cost: records a bill split equally among every member.")
        var paid: String?

        @Option(help: "Who paid (default: me).")
        var paidBy = "me"

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let members = try await options.members()
            let bill = try paid.map { amount in
                BillFields(amount: amount, paidBy: try members.userId(paidBy), split: SplitSpec(kind: "equal"))
            }
            let args = ShoppingBoughtOp.Args(
                itemId: try await options.shoppingItemId(item),
                quantity: quantity,
                location: location,
                bestBefore: bestBefore,
                bill: bill
            )
            let result = try await options.ledger.call(ShoppingBoughtOp.self, args)
            try options.ledger.print(typed: result) { LedgerRendering.bought($0) }
        }
    }

    /// `reckon shop remove ITEM`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take an item off the list without buying it.")

        @Argument(help: "The item's id or name.")
        var item: String

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let done = try await options.ledger.call(
                ShoppingRemoveOp.self,
                ItemRefArgs(itemId: try await options.shoppingItemId(item))
            )
            try options.ledger.print(typed: done) { _ in "Removed \(item) from the list." }
        }
    }
}
