import ArgumentParser
import OrdersAPI

/// `reckon order`: place, follow and cancel orders; staff list them and move them along.
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Place a cart's order, show or cancel an order; staff: list orders, set a status, set stock.",
        discussion: """
            An order goes placed -> accepted -> preparing -> out_for_delivery -> delivered, or to cancelled before \
            it leaves. `list`, `status` and `stock` are for staff.
            \(StaffKeyOptions.helpText)
            """,
        subcommands: [Place.self, Show.self, Cancel.self, List.self, Status.self, Stock.self]
    )

    /// `reckon order show ORDER`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show an order with its lines, vouchers, totals, customer and status history."
        )

        @Argument(help: "The order id, from `reckon order place`.")
        var order: String

        @OptionGroup var client: ClientOptions

        func run() async throws {
            let order = try await client.call(OrderGetOp.self, OrderArgs(orderId: order))
            try client.print(typed: order, text: OrdersRendering.order)
        }
    }

    /// `reckon order cancel ORDER`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cancel an order that is still placed; its stock and voucher uses come back."
        )

        @Argument(help: "The order id, from `reckon order place`.")
        var order: String

        @OptionGroup var client: ClientOptions

        func run() async throws {
            let order = try await client.call(OrderCancelOp.self, OrderArgs(orderId: order))
            try client.print(typed: order, text: OrdersRendering.order)
        }
    }
}
