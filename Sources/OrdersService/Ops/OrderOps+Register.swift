import CheckoutForm
import OrdersAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `order.place`, `order.get`, `order.cancel`, and the staff ops `order.list` and `order.updateStatus`.
    mutating func registerOrderOps(_ orders: Orders, _ chains: Chains) {
        let placement = OrderPlacement(orders: orders)
        register(OrderPlaceOp.self, middleware: chains.place) { args, context in
            let order = try await placement.place(args, in: try context.database())
            return OrderPlaceOp.Result(orderId: order.orderId, total: order.total, status: order.status, order: order)
        }
        register(OrderGetOp.self, middleware: chains.read) { args, context in
            try await orders.orders.load(args.orderId, in: try context.database())
        }
        register(OrderCancelOp.self, middleware: chains.write) { args, context in
            let db = try context.database()
            let order = try await orders.orders.load(args.orderId, in: db)
            guard order.status == OrderStore.Status.placed.rawValue else {
                throw WireError(
                    .failedPrecondition,
                    "order \(args.orderId) is \(order.status); a customer may cancel only while it is placed",
                    field: "orderId"
                )
            }
            try await placement.move(args.orderId, from: .placed, to: .cancelled, in: db)
            return try await orders.orders.load(args.orderId, in: db)
        }
        register(OrderUpdateStatusOp.self, middleware: chains.staffWrite) { args, context in
            let db = try context.database()
            guard let target = OrderStore.Status(rawValue: args.status), target != .placed else {
                throw WireError(
                    .invalidArgument,
                    "status must be accepted, preparing, out_for_delivery, delivered or cancelled",
                    field: "status"
                )
            }
            let order = try await orders.orders.load(args.orderId, in: db)
            guard let current = OrderStore.Status(rawValue: order.status), current.next.contains(target) else {
                throw WireError(
                    .failedPrecondition,
                    "order \(args.orderId) cannot move from \(order.status) to \(target.rawValue)",
                    field: "status"
                )
            }
            try await placement.move(args.orderId, from: current, to: target, in: db)
            return try await orders.orders.load(args.orderId, in: db)
        }
        register(OrderListOp.self, middleware: chains.staffRead) { args, context in
            guard let customer = try orders.customerKey(phone: args.phone, email: args.email) else {
                throw WireError(.invalidArgument, "give the customer's phone or email", field: "phone")
            }
            let limit = args.limit ?? 20
            guard (1...100).contains(limit) else {
                throw WireError(.invalidArgument, "limit must be between 1 and 100", field: "limit")
            }
            let page = try await orders.orders.list(
                customerKey: customer.rawValue,
                limit: limit,
                after: try args.cursor.map(OrderCursor.parse),
                in: try context.database()
            )
            let next = page.count == limit ? page.last.map { OrderCursor.text($0.placedAt, $0.order.orderId) } : nil
            return OrderListOp.Result(orders: page.map(\.order), nextCursor: next)
        }
    }
}

/// `order.list`'s page cursor: the last order's placement time and id, `MILLISECONDS:ID`.
enum OrderCursor {
    static func text(_ placedAt: Int64, _ id: String) -> String { "\(placedAt):\(id)" }

    static func parse(_ text: String) throws -> (placedAt: Int64, id: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let placedAt = Int64(parts[0]) else {
            throw WireError(.invalidArgument, "cursor is not one this service gave", field: "cursor")
        }
        return (placedAt, String(parts[1]))
    }
}
