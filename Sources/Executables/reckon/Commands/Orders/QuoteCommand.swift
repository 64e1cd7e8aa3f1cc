import ArgumentParser
import OrdersAPI

/// `reckon quote CART [--voucher CODE ...]`: a cart priced with vouchers.
struct QuoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quote",
        abstract: "Price a cart with vouchers and say why any voucher is refused.",
        discussion: """
            Prints the cart, then each voucher's outcome: applied with its discount, or refused with a code \
            (not_found, expired, not_started, usage_limit_reached, min_spend, not_applicable, not_stackable), a \
            message and, for min_spend, how much more to spend; then the voucher discount and the total to pay. \
            Give --phone or --email to check per-customer voucher limits.
            Example: reckon quote "$CART" --voucher WELCOME10 --phone 4165550123
            """
    )

    @Argument(help: "The cart id, from `reckon cart create`.")
    var cart: String

    @Option(name: .customLong("voucher"), help: "A voucher code (repeatable).")
    var vouchers: [String] = []

    @Option(help: "The customer's phone, to check per-customer voucher limits.")
    var phone: String?

    @Option(help: "The customer's email, to check per-customer voucher limits without a phone.")
    var email: String?

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let quote = try await client.call(
            QuoteOp.self,
            .init(cartId: cart, vouchers: vouchers, phone: phone, email: email)
        )
        try client.print(typed: quote, text: OrdersRendering.quote)
    }
}
