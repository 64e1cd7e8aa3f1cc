import ArgumentParser
import OrdersAPI
import Wire

/// `reckon cart`: create a cart and change its lines on the `orders` service.
struct CartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cart",
        abstract: "Create a cart, add items and bundle sales, change quantities and show it priced.",
        discussion: """
            Every command but `create` prints the cart: its items, its special items (bundles) apart, then the \
            unit count, subtotal, discount, total and when the cart expires.
            Example: CART=$(reckon cart create); reckon cart add "$CART" margherita --quantity 2
            """,
        subcommands: [Create.self, Show.self, Add.self, Sale.self, Increment.self, Decrement.self, Remove.self]
    )
}

/// The line a cart command acts on: `CART (ITEM | --sale SALE)`.
struct CartLineOptions: ParsableArguments {
    @Argument(help: "The cart id, from `reckon cart create`.")
    var cart: String

    @Argument(help: "The item id of an item line (or give --sale).")
    var item: String?

    @Option(help: "The sale id of a bundle line, instead of ITEM.")
    var sale: String?

    func validate() throws {
        guard (item == nil) != (sale == nil) else { throw ValidationError("give exactly one of ITEM and --sale SALE") }
    }

    /// The op's arguments.
    var args: CartLineArgs { CartLineArgs(cartId: cart, itemId: item, saleId: sale) }
}

extension ClientOptions {
    /// Calls a cart op and prints the cart it answers.
    func showCart<Op: OpContract>(_ op: Op.Type, _ args: Op.Args) async throws where Op.Result == CartView {
        try print(typed: try await call(op, args), text: OrdersRendering.cart)
    }
}
