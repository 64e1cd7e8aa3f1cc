import Foundation
import Logging
import OrdersAPI
import OrdersService
import ReckonTesting
import Storage
import Wire
import WorkerRuntime

/// The `orders` service over a fresh test database, driven through its real ``OpDispatcher``.
struct OrdersHarness: DispatchingHarness {
    /// The staff key every harness is configured with (unless a test configures another).
    static let staffKey = "staff-key-for-tests"

    let database: any Database
    let dispatcher: OpDispatcher
    let menu: MenuHolder

    /// Runs `body` with the service prepared on a new database on `engine`.
    /// - Parameters:
    ///   - menuJSON: a menu file's text to serve instead of the bundled sample.
    ///   - configuration: the service configuration; by default the bundled defaults with ``staffKey``.
    static func with(
        _ engine: DatabaseEngine,
        menuJSON: String? = nil,
        configuration: OrdersService.Configuration = .init(staffKey: OrdersHarness.staffKey),
        _ body: @Sendable (OrdersHarness) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var file: String?
        if let menuJSON {
            let path = folder.appendingPathComponent("menu.json").path
            try Data(menuJSON.utf8).write(to: URL(fileURLWithPath: path))
            file = path
        }
        let menu = try MenuHolder(file: file)
        try await TestDatabase.with(engine) { database, _ in
            try await OrdersService.prepare(database: database, menu: menu)
            let registry = try OrdersService.makeRegistry(configuration: configuration, database: database, menu: menu)
            var logger = Logger(label: "reckon.test.orders")
            logger.logLevel = .error
            let dispatcher = OpDispatcher(
                service: OrdersService.name,
                registry: registry,
                requestTimeout: .seconds(60),
                logger: logger
            )
            try await body(OrdersHarness(database: database, dispatcher: dispatcher, menu: menu))
        }
    }

    /// Another worker over the same database and menu, with another configuration.
    func reconfigured(_ configuration: OrdersService.Configuration) throws -> OrdersHarness {
        let registry = try OrdersService.makeRegistry(configuration: configuration, database: database, menu: menu)
        var logger = Logger(label: "reckon.test.orders")
        logger.logLevel = .error
        let dispatcher = OpDispatcher(
            service: OrdersService.name,
            registry: registry,
            requestTimeout: .seconds(60),
            logger: logger
        )
        return OrdersHarness(database: database, dispatcher: dispatcher, menu: menu)
    }

    // MARK: - Shortcuts

    /// A new cart holding `items` (item id and quantity) and `sales` (sale id and quantity), in that order.
    func cart(items: [(String, Int)] = [], sales: [(String, Int)] = []) async throws -> CartView {
        var cart = try await call(CartCreateOp.self, NoArgs())
        for (item, quantity) in items {
            cart = try await call(CartAddOp.self, .init(cartId: cart.cartId, itemId: item, quantity: quantity))
        }
        for (sale, quantity) in sales {
            cart = try await call(CartAddSaleOp.self, .init(cartId: cart.cartId, saleId: sale, quantity: quantity))
        }
        return cart
    }

    /// Places a cart's order with `form` under idempotency key `key`.
    func place(_ cartID: String, form: CheckoutFormArgs = Forms.valid, key: String) async throws -> OrderPlaceOp.Result
    {
        try await call(OrderPlaceOp.self, .init(cartId: cartID, form: form), key: key)
    }

    // MARK: - Looking at the database

    /// How many rows `table` holds (optionally only those matching `condition`).
    func count(_ table: String, where condition: SQL = "1 = 1") async throws -> Int64 {
        try await database.read { db in
            try await db.query("SELECT COUNT(*) AS n FROM \(raw: table) WHERE \(condition)")[0].int("n")
        }
    }

    /// Units of a stock-limited item left, `nil` for an unlimited one.
    func stock(_ itemID: String) async throws -> Int64? {  // nil: unlimited (no row, or a null count)
        try await database.read { db in
            try await db.query("SELECT remaining FROM orders_stock WHERE item_id = \(itemID)").first?.optionalInt(
                "remaining"
            )
        }
    }

    /// How often a voucher was used in all.
    func voucherUses(_ code: String) async throws -> Int64 {
        try await database.read { db in
            try await db.query("SELECT used FROM orders_voucher_uses WHERE code = \(code)").first?.int("used") ?? 0
        }
    }

    /// How often one customer used a voucher.
    func voucherUses(_ code: String, customer: String) async throws -> Int64 {
        try await database.read { db in
            try await db.query(
                "SELECT used FROM orders_voucher_customer_uses WHERE code = \(code) AND customer_key = \(customer)"
            ).first?.int("used") ?? 0
        }
    }
}
