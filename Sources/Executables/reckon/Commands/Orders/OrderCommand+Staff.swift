import ArgumentParser
import OrdersAPI

extension OrderCommand {
    /// `reckon order list (--phone P | --email E) [--limit N] [--cursor C]` (staff).
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Staff: list a customer's orders by phone or email, newest first, a page at a time.",
            discussion: StaffKeyOptions.helpText
        )

        @Option(help: "The customer's phone (normalized as at checkout).") var phone: String?
        @Option(help: "The customer's email (normalized as at checkout).") var email: String?
        @Option(help: "Orders per page (1 to 100; default 20).") var limit: Int?
        @Option(help: "The next page's cursor, printed under the previous page.") var cursor: String?

        @OptionGroup var staff: StaffKeyOptions
        @OptionGroup var client: ClientOptions

        func validate() throws {
            guard (phone == nil) != (email == nil) else {
                throw ValidationError("give exactly one of --phone and --email")
            }
        }

        func run() async throws {
            let page = try await client.call(
                OrderListOp.self,
                .init(phone: phone, email: email, limit: limit, cursor: cursor),
                token: try staff.token
            )
            try client.print(typed: page, text: OrdersRendering.orderList)
        }
    }

    /// `reckon order status ORDER STATUS` (staff).
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Staff: move an order to its next status, or cancel it before it is out for delivery.",
            discussion: StaffKeyOptions.helpText
        )

        @Argument(help: "The order id.")
        var order: String

        @Argument(help: "The new status: accepted, preparing, out_for_delivery, delivered or cancelled.")
        var status: String

        @OptionGroup var staff: StaffKeyOptions
        @OptionGroup var client: ClientOptions

        func run() async throws {
            let order = try await client.call(
                OrderUpdateStatusOp.self,
                .init(orderId: order, status: status),
                token: try staff.token
            )
            try client.print(typed: order, text: OrdersRendering.order)
        }
    }
}
