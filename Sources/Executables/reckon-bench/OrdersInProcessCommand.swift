import ArgumentParser
import Foundation
import Logging
import OrdersService
import StorageSQLite
import Wire
import WorkerRuntime

/// `reckon-bench orders-inprocess`: times whole `orders` ops (JSON in, transaction on a SQLite file, JSON out) inside
/// this process, no sockets: `cart.add` and `quote` with two vouchers.
struct OrdersInProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders-inprocess",
        abstract: "Time cart.add and quote as whole ops in-process on a fresh SQLite file; per-call percentiles."
    )

    @Option(help: "Calls per op.") var calls = 3000
    @Option(help: "SQLite synchronous pragma: FULL (the worker's default) or NORMAL.") var synchronous = "FULL"

    func validate() throws {
        guard calls > 0 else { throw ValidationError("--calls must be positive") }
    }

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reckon-bench-\(UUID.random().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logger = Logger(label: "reckon.bench")
        let database = try await SQLiteDatabase.open(
            .init(path: folder.appendingPathComponent("orders.sqlite").path, synchronous: synchronous),
            logger: logger
        )
        let menu = try MenuHolder(file: nil)
        try await OrdersService.prepare(database: database, menu: menu)
        let service = InProcessService(
            dispatcher: OpDispatcher(
                service: OrdersService.name,
                registry: try OrdersService.makeRegistry(configuration: .init(), database: database, menu: menu),
                logger: logger
            )
        )
        func call(_ op: String, _ args: JSONValue) async throws -> JSONValue { try await service.call(op, args) }
        func newCart() async throws -> JSONValue { try await call("cart.create", [:])["cartId"] ?? .null }

        // cart.add: one unit of an item; a line holds at most 999, so a fresh cart every 500 calls (made untimed).
        var carts: [JSONValue] = []
        for _ in 0..<(calls / 500 + 1) { carts.append(try await newCart()) }
        var addTimes: [Double] = []
        for index in 0..<calls {
            let args: JSONValue = ["cartId": carts[index / 500], "itemId": "poutine"]
            addTimes.append(try await InProcessService.timed { _ = try await call("cart.add", args) })
        }
        let quoted = try await newCart()
        _ = try await call("cart.add", ["cartId": quoted, "itemId": "poutine", "quantity": 2])
        _ = try await call("cart.add", ["cartId": quoted, "itemId": "calamari"])
        _ = try await call("cart.addSale", ["cartId": quoted, "saleId": "maritime-lunch"])
        let quoteArgs: JSONValue = ["cartId": quoted, "vouchers": ["MAINS5", "WELCOME10"]]
        var quoteTimes: [Double] = []
        for _ in 0..<calls {
            quoteTimes.append(try await InProcessService.timed { _ = try await call("quote", quoteArgs) })
        }
        await database.close()

        InProcessService.printPercentiles(
            "orders in-process on SQLite (synchronous=\(synchronous)), \(calls) calls each; per call, µs",
            [("cart.add", addTimes), ("quote", quoteTimes)]
        )
    }
}
