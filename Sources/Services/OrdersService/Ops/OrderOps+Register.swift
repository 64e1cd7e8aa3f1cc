import CheckoutForm
import OrdersAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `order.place`, `order.get`, `order.cancel`, and the staff ops `order.list` and `order.updateStatus`.
    mutating func registerOrderOps(_ orders: Orders, _ scopes: OrdersScopes, events: OrderEvents) {
        let handlers = OrderHandlers(orders: orders, placement: OrderPlacement(orders: orders, events: events))
        register(OrderPlaceOp.self, in: scopes.batchedWrite, middleware: scopes.keyed, handler: handlers.place)
        register(OrderGetOp.self, in: scopes.read, handler: handlers.show)
        register(OrderCancelOp.self, in: scopes.write, handler: handlers.cancel)
        register(OrderUpdateStatusOp.self, in: scopes.write, middleware: scopes.staff, handler: handlers.updateStatus)
        register(OrderListOp.self, in: scopes.read, middleware: scopes.staff, handler: handlers.list)
    }
}

/// The order ops' handlers.
private struct OrderHandlers: Sendable {
    let orders: Orders
    let placement: OrderPlacement

    func place(_ args: OrderPlaceOp.Args, _ context: TransactionContext) async throws -> OrderPlaceOp.Result {
        let order = try await placement.place(args, in: context.db)
        return OrderPlaceOp.Result(orderId: order.orderId, total: order.total, status: order.status, order: order)
    }

    func show(_ args: OrderGetOp.Args, _ context: TransactionContext) async throws -> OrderGetOp.Result {
        try await orders.orders.load(args.orderId, in: context.db)
    }

    /// `order.cancel`: a customer may cancel only while the order is placed.
    func cancel(_ args: OrderCancelOp.Args, _ context: TransactionContext) async throws -> OrderCancelOp.Result {
        let order = try await orders.orders.load(args.orderId, in: context.db)
        guard order.status == OrderStore.Status.placed.rawValue else {
            throw WireError(
                .failedPrecondition,
                "order \(args.orderId) is \(order.status); a customer may cancel only while it is placed",
                field: "orderId"
            )
        }
        try await placement.move(args.orderId, from: .placed, to: .cancelled, in: context.db)
        return try await orders.orders.load(args.orderId, in: context.db)
    }

    /// `order.updateStatus`: staff move an order one step along its statuses.
    func updateStatus(
        _ args: OrderUpdateStatusOp.Args,
        _ context: TransactionContext
    ) async throws -> OrderUpdateStatusOp.Result {
        guard let target = OrderStore.Status(rawValue: args.status), target != .placed else {
            throw WireError(
                .invalidArgument,
                "status must be accepted, preparing, out_for_delivery, delivered or cancelled",
                field: "status"
            )
        }
        let order = try await orders.orders.load(args.orderId, in: context.db)
        guard let current = OrderStore.Status(rawValue: order.status), current.next.contains(target) else {
            throw WireError(
                .failedPrecondition,
                "order \(args.orderId) cannot move from \(order.status) to \(target.rawValue)",
                field: "status"
            )
        }
        try await placement.move(args.orderId, from: current, to: target, in: context.db)
        return try await orders.orders.load(args.orderId, in: context.db)
    }

    /// `order.list`: a customer's orders, newest first, a page at a time.
    func list(_ args: OrderListOp.Args, _ context: TransactionContext) async throws -> OrderListOp.Result {
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
            in: context.db
        )
        let next = page.count == limit ? page.last.map { OrderCursor.text($0.placedAt, $0.order.orderId) } : nil
        return OrderListOp.Result(orders: page.map(\.order), nextCursor: next)
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
