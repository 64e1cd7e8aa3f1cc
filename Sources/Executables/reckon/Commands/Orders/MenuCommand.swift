import ArgumentParser
import OrdersAPI
import Wire

/// `reckon menu`: the `orders` service's menu with what is available now.
struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "Show the menu: groups of items with prices and availability, special items and sales.",
        discussion: """
            Items show their id (for `reckon cart add`), kind (regular, discount or special), price, discount \
            price and whether they are available (with how many are left when stock is limited). Special items are \
            sold only in bundles: each bundle sale lists its items and its price against their list price; add one \
            with `reckon cart sale CART SALE`.
            """
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let menu = try await client.call(MenuOp.self, NoArgs())
        try client.print(typed: menu, text: OrdersRendering.menu)
    }
}
