import ArgumentParser
import OrdersAPI
import Wire

extension CartCommand {
    /// `reckon cart create`: a new, empty cart; prints its id.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an empty cart and print its id (the whole cart with --json)."
        )

        @OptionGroup var client: ClientOptions

        func run() async throws {
            let cart = try await client.call(CartCreateOp.self, NoArgs())
            try client.print(typed: cart, text: \.cartId)
        }
    }

    /// `reckon cart show CART`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a cart with its lines and prices.")

        @Argument(help: "The cart id, from `reckon cart create`.")
        var cart: String

        @OptionGroup var client: ClientOptions

        func run() async throws {
            try await client.showCart(CartGetOp.self, CartArgs(cartId: cart))
        }
    }

    /// `reckon cart add CART ITEM [--quantity N]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a regular or discount item to a cart, merging with its line."
        )

        @Argument(help: "The cart id, from `reckon cart create`.")
        var cart: String

        @Argument(help: "The item id, from `reckon menu`.")
        var item: String

        @Option(help: "How many to add (1 to 9999; default 1).")
        var quantity: Int?

        @OptionGroup var client: ClientOptions

        func run() async throws {
            try await client.showCart(CartAddOp.self, CartItemArgs(cartId: cart, itemId: item, quantity: quantity))
        }
    }

    /// `reckon cart sale CART SALE [--quantity N]`.
    struct Sale: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a bundle sale of special items to a cart, as a line of its own."
        )

        @Argument(help: "The cart id, from `reckon cart create`.")
        var cart: String

        @Argument(help: "The bundle's sale id, from `reckon menu`.")
        var sale: String

        @Option(help: "How many bundles to add (1 to 9999; default 1).")
        var quantity: Int?

        @OptionGroup var client: ClientOptions

        func run() async throws {
            try await client.showCart(CartAddSaleOp.self, CartSaleArgs(cartId: cart, saleId: sale, quantity: quantity))
        }
    }

    /// `reckon cart inc CART (ITEM | --sale SALE)`.
    struct Increment: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inc",
            abstract: "Add one more of a line already in a cart: an item, or a bundle with --sale."
        )

        @OptionGroup var line: CartLineOptions
        @OptionGroup var client: ClientOptions

        func run() async throws {
            try await client.showCart(CartIncrementOp.self, line.args)
        }
    }

    /// `reckon cart dec CART (ITEM | --sale SALE)`.
    struct Decrement: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dec",
            abstract: "Take one off a line of a cart (an item, or a bundle with --sale); at zero the line goes."
        )

        @OptionGroup var line: CartLineOptions
        @OptionGroup var client: ClientOptions

        func run() async throws {
            try await client.showCart(CartDecrementOp.self, line.args)
        }
    }

    /// `reckon cart remove CART (ITEM | --sale SALE)`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a line from a cart: an item, or a bundle with --sale."
        )

        @OptionGroup var line: CartLineOptions
        @OptionGroup var client: ClientOptions

        func run() async throws {
            try await client.showCart(CartRemoveOp.self, line.args)
        }
    }
}
