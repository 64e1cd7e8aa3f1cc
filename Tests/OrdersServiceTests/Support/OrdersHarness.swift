import Foundation
import Logging
import OrdersAPI
import OrdersService
import ReckonTesting
import Storage
import Wire
import WorkerRuntime

/// The `orders` service over a fresh test database, driven through its real ``OpDispatcher`` with JSON request
/// bodies exactly as a worker receives them: no sockets, no gateway.
struct OrdersHarness: Sendable {
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

    // MARK: - Raw requests

    /// Sends one request body and answers the whole reply envelope.
    func send(
        _ op: String,
        _ args: JSONValue? = nil,
        token: String? = nil,
        key: String? = nil,
        id: String? = nil
    ) async throws -> JSONValue {
        var request = JSONObject([("op", .string(op))])
        if let args { request["args"] = args }
        if let id { request["id"] = .string(id) }
        if let token { request["token"] = .string(token) }
        if let key { request["idempotencyKey"] = .string(key) }
        let reply = await dispatcher.handle([JSONValue.object(request).serialized])
        return try JSONValue(parsing: reply)
    }

    /// Sends one request and answers its result; a failed reply is thrown as its ``WireError``.
    func call(
        _ op: String,
        _ args: JSONValue? = nil,
        token: String? = nil,
        key: String? = nil
    ) async throws -> JSONValue {
        try await send(op, args, token: token, key: key).replyResult()
    }

    /// The error a request is answered with; throws ``UnexpectedSuccess`` when it succeeds.
    func failure(
        _ op: String,
        _ args: JSONValue? = nil,
        token: String? = nil,
        key: String? = nil
    ) async throws -> WireError {
        do {
            let result = try await call(op, args, token: token, key: key)
            throw UnexpectedSuccess(op: op, result: result.jsonText)
        } catch let error as WireError {
            return error
        }
    }

    // MARK: - Typed requests

    /// Calls an op through its contract, encoding the arguments and decoding the result.
    func call<Contract: OpContract>(
        _ contract: Contract.Type,
        _ args: Contract.Args,
        token: String? = nil,
        key: String? = nil
    ) async throws -> Contract.Result {
        let result = try await call(Contract.name, try Self.json(args), token: token, key: key)
        return try JSONValueDecoder.decode(Contract.Result.self, from: result)
    }

    /// The error an op answers through its contract; throws ``UnexpectedSuccess`` when it succeeds.
    func failure<Contract: OpContract>(
        _ contract: Contract.Type,
        _ args: Contract.Args,
        token: String? = nil,
        key: String? = nil
    ) async throws -> WireError {
        try await failure(Contract.name, try Self.json(args), token: token, key: key)
    }

    /// A value as JSON, through the wire's own encoder.
    static func json(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(parsing: try JSONCoding.encode(value))
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

/// A request that should have failed succeeded.
struct UnexpectedSuccess: Error, CustomStringConvertible {
    let op: String
    let result: String
    var description: String { "\(op) succeeded but a failure was expected: \(result)" }
}
