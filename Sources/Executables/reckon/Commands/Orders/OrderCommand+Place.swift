import ArgumentParser
import Foundation
import OrdersAPI

extension OrderCommand {
    /// `reckon order place CART --name N --phone P --street S --city C --postal-code Z ...`: places the order once.
    struct Place: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Place a cart's order: validate the form, price it, apply vouchers, and empty the cart.",
            discussion: """
                The order is placed exactly once per idempotency key. Without --idempotency-key the command \
                makes one (a UUID) and prints it on standard error before sending; if the reply is lost or times \
                out, run the same command again with --idempotency-key KEY and the order is not placed twice.
                A form with problems is refused with every field's problem listed.
                Example: reckon order place "$CART" --name "Ada Lovelace" --phone 4165550123 \
                --street "1 Main St" --city Toronto --postal-code "M5V 2T6" --country CA --voucher WELCOME10
                """
        )

        @Argument(help: "The cart id, from `reckon cart create`.")
        var cart: String

        @Option(help: "The customer's name.") var name: String
        @Option(help: "The customer's phone number.") var phone: String
        @Option(help: "The customer's email.") var email: String?
        @Option(help: "Delivery street address.") var street: String
        @Option(help: "Delivery city.") var city: String
        @Option(help: "Delivery postal code.") var postalCode: String
        @Option(help: "Country, ISO 3166 alpha-2 (default: the service's region).") var country: String?

        @Option(name: .customLong("voucher"), help: "A voucher code (repeatable).")
        var vouchers: [String] = []

        @Option(help: "The key that makes a retry safe (default: a new UUID, printed on standard error).")
        var idempotencyKey: String?

        @OptionGroup var client: ClientOptions

        func run() async throws {
            let key = idempotencyKey ?? UUID().uuidString
            if idempotencyKey == nil {
                FileHandle.standardError.write(
                    Data("idempotency key \(key) (to retry safely: --idempotency-key \(key))\n".utf8)
                )
            }
            let form = CheckoutFormArgs(
                name: name,
                phone: phone,
                email: email,
                address: .init(street: street, city: city, postalCode: postalCode, country: country),
                vouchers: vouchers.isEmpty ? nil : vouchers
            )
            let placed = try await client.call(
                OrderPlaceOp.self,
                .init(cartId: cart, form: form, idempotencyKey: key),
                idempotencyKey: key
            )
            try client.print(typed: placed) { OrdersRendering.order($0.order) }
        }
    }
}
