import Foundation
import OrdersAPI
import ReckonClient
import Synchronization
import Testing
import Wire

/// A bounded mixed load through several clients: `tasks` tasks, task `t` on `clients[t % clients.count]`, each
/// repeating a round of a calc sum with a known answer (sent without an idempotency key, so a sum caught on a host
/// that goes away fails with a typed error, counted), an order (cart, line and `order.place`) and a ledger bill (the
/// writes under keys of their own, sent again under them while the answer is transient). It keeps what it needs
/// to check every result afterwards: every sum right, every order and every bill landed exactly once.
struct MixedLoad: Sendable {
    let clients: [ReckonClient]
    /// The ledger household the bills go to.
    let bills: BillLoad
    var tasks = 8
    /// Rounds each task runs at least; while a fault runs, tasks go on up to ``maximumRounds``.
    var rounds = 5
    var maximumRounds = 60
    /// How long a keyed write is sent again while its answer is transient.
    var patience: Duration = .seconds(60)

    /// What a run saw.
    struct Counts: Sendable, CustomStringConvertible {
        /// Rounds finished, all tasks together.
        var rounds = 0
        /// Sums answered with the right value, and with another.
        var sumsRight = 0, sumsWrong = 0
        /// Sums answered with a transient error, by code.
        var sumsFailed: [String: Int] = [:]
        /// Orders placed, and of those, orders whose total is not their cart's.
        var orders = 0, ordersWithAnotherTotal = 0
        /// Bills added.
        var bills = 0
        /// Keyed writes sent again, by the transient code that made them.
        var resends: [String: Int] = [:]
        var description: String {
            "\(rounds) rounds: \(sumsRight) sums right, \(sumsWrong) wrong, \(sumsFailed.values.reduce(0, +)) failed "
                + "\(sumsFailed); \(orders) orders (\(ordersWithAnotherTotal) with another total), \(bills) bills; "
                + "keyed writes sent again \(resends)"
        }
    }

    /// A run's counts, and the orders it placed by phone.
    struct Outcome: Sendable {
        var counts: Counts
        var orders: [String: Set<String>]
    }

    /// Runs the load; `fault`, if given, starts once every task has finished a round, and the tasks go on until it
    /// returns (or they reach ``maximumRounds``).
    /// - Throws: the first error that is not transient, or a transient one of a keyed write past `patience`.
    func run(during fault: (@Sendable () async throws -> Void)? = nil) async throws -> Outcome {
        let state = LoadState(faultRunning: fault != nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var round = 0
                    while round < rounds || (state.faultRunning.load(ordering: .relaxed) && round < maximumRounds) {
                        try await self.round(round, of: task, state)
                        round += 1
                    }
                }
            }
            if let fault {
                group.addTask {
                    while state.outcome.withLock({ $0.counts.rounds }) < tasks {
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    defer { state.faultRunning.store(false, ordering: .relaxed) }
                    try await fault()
                }
            }
            try await group.waitForAll()
        }
        return state.outcome.withLock { $0 }
    }

    private func round(_ round: Int, of task: Int, _ state: LoadState) async throws {
        let client = clients[task % clients.count]
        let resent: (WireError.Code) -> Void = { code in
            state.outcome.withLock { $0.counts.resends[code.rawValue, default: 0] += 1 }
        }
        try await sum(task * 1000 + round, through: client, state)
        let key = "t\(task)-r\(round)"
        let cart = try await sendingAgain(for: patience, resent: resent) {
            try await client.call(CartCreateOp.self, NoArgs(), idempotencyKey: key + "-cart")
        }
        let line = CartItemArgs(cartId: cart.cartId, itemId: "poutine")
        let filled = try await sendingAgain(for: patience, resent: resent) {
            try await client.call(CartAddOp.self, line, idempotencyKey: key + "-add")
        }
        let place = OrderPlaceOp.Args(cartId: cart.cartId, form: Self.form(phone: Self.phone(of: task)))
        let order = try await sendingAgain(for: patience, resent: resent) {
            try await client.call(OrderPlaceOp.self, place, idempotencyKey: key + "-place")
        }
        try await bills.addBill(key, through: client, resent: resent)
        state.outcome.withLock {
            $0.orders[Self.phone(of: task), default: []].insert(order.orderId)
            $0.counts.orders += 1
            if order.total != filled.total { $0.counts.ordersWithAnotherTotal += 1 }
            $0.counts.bills += 1
            $0.counts.rounds += 1
        }
    }

    /// Asks calc for `value` as a sum, without an idempotency key.
    private func sum(_ value: Int, through client: ReckonClient, _ state: LoadState) async throws {
        do {
            let result = try await client.call(
                service: "calc",
                op: "evaluate",
                args: ["expression": .string("\(value / 1000)*1000+\(value % 1000)")],
                idempotencyKey: nil
            )
            let right = result["value"]?.stringValue == String(value)
            state.outcome.withLock { outcome in
                if right { outcome.counts.sumsRight += 1 } else { outcome.counts.sumsWrong += 1 }
            }
        } catch let error as WireError where [.unavailable, .deadlineExceeded].contains(error.code) {
            state.outcome.withLock { $0.counts.sumsFailed[error.code.rawValue, default: 0] += 1 }
        }
    }

    /// Task `task`'s customer phone number, so its orders can be listed apart.
    static func phone(of task: Int) -> String { "416-555-01\(10 + task)" }

    private static func form(phone: String) -> CheckoutFormArgs {
        CheckoutFormArgs(
            name: "Load Customer",
            phone: phone,
            address: .init(street: "12 King St W", city: "Toronto", postalCode: "M5H 1A1")
        )
    }

    /// Every sum was right and every order and bill the run placed is stored exactly once: each phone's orders
    /// (listed with the staff key) are the orders placed for it, and the bills as ``BillLoad/expectEveryBill(count:)``
    /// checks them.
    func expectEveryResult(of outcome: Outcome, staffKey: String) async throws {
        #expect(outcome.counts.sumsWrong == 0)
        #expect(outcome.counts.ordersWithAnotherTotal == 0)
        for task in 0..<tasks {
            let phone = Self.phone(of: task)
            let listed = try await clients[0].orderIDs(phone: phone, staffKey: staffKey)
            let placed = outcome.orders[phone] ?? []
            #expect(listed.count == placed.count && Set(listed) == placed, "orders for \(phone): \(listed) \(placed)")
        }
        try await bills.expectEveryBill(count: outcome.counts.bills)
    }
}

/// What the load's tasks share.
private final class LoadState: Sendable {
    let outcome = Mutex(MixedLoad.Outcome(counts: .init(), orders: [:]))
    let faultRunning: Atomic<Bool>
    init(faultRunning: Bool) { self.faultRunning = Atomic(faultRunning) }
}
