import Foundation
import ReckonTesting
import Testing

@testable import Ordering

@Suite struct VoucherPropertyTests {
    static let itemIDs = ["burger", "salmon", "wings", "soup", "cola"]
    static let instants = [
        Menus.date("2026-05-31T23:59:59Z"), Menus.june, Menus.date("2026-07-01T00:00:00Z"),
    ]

    @Test("allocations add up and totals never go negative", arguments: [1, 2, 3, 4] as [UInt64])
    func randomCheckouts(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let codes = Menus.shop.vouchers.map(\.code) + ["NOPE"]
        let engine = VoucherEngine(catalogue: Menus.shop)
        for _ in 0..<250 {
            var lines = Self.itemIDs.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)).map {
                CartLine.item(id: $0, quantity: Int.random(in: 1...6, using: &random))
            }
            if Bool.random(using: &random) {
                lines.append(.bundle(saleID: "feast", quantity: Int.random(in: 1...3, using: &random)))
            }
            let cart = try Menus.shop.price(lines)
            let requested = (0..<Int.random(in: 0...5, using: &random)).compactMap { _ in
                codes.randomElement(using: &random)
            }
            let usage = VoucherUsage(
                total: Int.random(in: 0...5, using: &random),
                byThisCustomer: Bool.random(using: &random) ? nil : Int.random(in: 0...1, using: &random)
            )
            let now = Self.instants.randomElement(using: &random) ?? Menus.june
            let quote = engine.apply(codes: requested, to: cart, now: now) { _ in usage }

            #expect(quote.vouchers.count == requested.count)
            var taken: [String: Int64] = [:]
            for outcome in quote.vouchers {
                #expect(outcome.allocations.reduce(0) { $0 + $1.amount } == outcome.discount, "\(requested)")
                #expect(outcome.allocations.allSatisfy { $0.amount > 0 })
                #expect(outcome.applied == (outcome.refusal == nil))
                if !outcome.applied { #expect(outcome.discount == 0) }
                for allocation in outcome.allocations {
                    taken["\(allocation.lineKind)/\(allocation.lineID)", default: 0] += allocation.amount
                }
            }
            for line in cart.lines { #expect(taken["\(line.kind)/\(line.id)", default: 0] <= line.total) }
            #expect(quote.total >= 0)
            #expect(quote.total == cart.total - quote.voucherDiscount)
            let applied = quote.vouchers.filter(\.applied).compactMap { Menus.shop.voucher(code: $0.code) }
            #expect(applied.allSatisfy(\.stackable) || applied.count == 1, "\(requested)")
        }
    }

    @Test("largest remainder spreads exactly, ties to the earlier line", arguments: [7, 8, 9] as [UInt64])
    func allocation(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<1000 {
            let weights = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Int64.random(in: 0...50_000, using: &random)
            }
            let total = weights.reduce(0, +)
            let amount = Int64.random(in: 0...total, using: &random)
            let parts = Discount.allocate(amount, over: weights)
            #expect(parts.reduce(0, +) == (total == 0 ? 0 : amount))
            #expect(zip(parts, weights).allSatisfy { $0 >= 0 && $0 <= $1 })
            for (part, weight) in zip(parts, weights) where total > 0 {
                let exact = Double(amount) * Double(weight) / Double(total)
                #expect(abs(Double(part) - exact) < 1)
            }
        }
        #expect(Discount.allocate(1, over: [500, 500]) == [1, 0])
        #expect(Discount.allocate(2, over: [100, 100, 100]) == [1, 1, 0])
        #expect(Discount.allocate(5, over: [1, 3, 0, 6]) == [1, 1, 0, 3])
    }

    @Test(
        "percent rounds half up",
        arguments: [
            (1000, 5, 1), (1250, 4, 1), (1250, 3, 0), (3333, 150, 50), (10_000, 999, 999), (1, 4999, 0), (1, 5000, 1),
            (10_000, Int64.max, Int64.max), (5000, Int64.max, Int64.max / 2 + 1),
        ] as [(Int64, Int64, Int64)]
    )
    func percent(basisPoints: Int64, base: Int64, expected: Int64) {
        #expect(Discount.percent(basisPoints, of: base) == expected)
    }
}
